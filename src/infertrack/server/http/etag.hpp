#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace infertrack::server::http {

// XXH64 of `data` with `seed` (libxxhash): fast (several GB/s), so hashing every answer for its ETag is cheap.
std::uint64_t xxh64(std::string_view data, std::uint64_t seed = 0);

// A strong entity tag for `body`: its XXH64 as 16 hex digits, in double quotes ("\"0123abcd...\"").
std::string strong_etag(std::string_view body);

// The tag of the gzip-encoded representation of the content tagged `etag`: a strong tag names exact
// bytes, so the compressed form needs its own ("\"ab\"" -> "\"ab-gzip\"").
std::string gzip_etag(std::string_view etag);

// Whether an If-None-Match `header_value` ("*" or a comma-separated list of tags) matches `etag`,
// comparing weakly as RFC 9110 requires (W/ prefixes ignored) and counting the gzip form of `etag`
// as a match too.
bool if_none_match_matches(std::string_view header_value, std::string_view etag);

}  // namespace infertrack::server::http

#pragma once

#include <string>
#include <string_view>

namespace infertrack::server::http {

// zlib's default trade of speed for size.
inline constexpr int k_default_gzip_level = 6;

// `data` deflated with a gzip header and trailer (RFC 1952), as sent with Content-Encoding: gzip.
// `level` is zlib's 1 (fastest) to 9 (smallest). Throws std::runtime_error only if zlib itself fails
// (out of memory).
std::string gzip_compress(std::string_view data, int level = k_default_gzip_level);

}  // namespace infertrack::server::http

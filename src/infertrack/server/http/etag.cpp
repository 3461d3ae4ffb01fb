#include "infertrack/server/http/etag.hpp"

#include "infertrack/util/ascii_text.hpp"

#include <xxhash.h>

namespace infertrack::server::http {

namespace {

constexpr std::string_view k_gzip_suffix = "-gzip";

std::string_view
without_weak_prefix(std::string_view tag)
{
  return tag.starts_with("W/") ? tag.substr(2) : tag;
}

}  // namespace

std::uint64_t
xxh64(std::string_view data, std::uint64_t seed)
{
  return XXH64(data.data(), data.size(), seed);
}

std::string
strong_etag(std::string_view body)
{
  static constexpr char k_hex[] = "0123456789abcdef";
  std::uint64_t hash = xxh64(body);
  std::string tag(18, '"');
  for (std::size_t i = 16; i > 0; --i, hash >>= 4) {
    tag[i] = k_hex[hash & 0xF];
  }
  return tag;
}

std::string
gzip_etag(std::string_view etag)
{
  if (!etag.ends_with('"')) {
    return std::string(etag);
  }
  std::string tag(etag.substr(0, etag.size() - 1));
  tag += k_gzip_suffix;
  tag += '"';
  return tag;
}

bool
if_none_match_matches(std::string_view header_value, std::string_view etag)
{
  const std::string_view wanted = without_weak_prefix(etag);
  const std::string gzip_wanted = gzip_etag(wanted);
  // Tags are quoted strings that cannot contain commas or quotes, so splitting on commas is exact.
  while (!header_value.empty()) {
    const auto comma = header_value.find(',');
    const std::string_view tag = without_weak_prefix(util::trim(header_value.substr(0, comma), util::k_spaces_and_tabs));
    header_value = comma == std::string_view::npos ? std::string_view() : header_value.substr(comma + 1);
    if (tag == "*" || tag == wanted || tag == gzip_wanted) {
      return true;
    }
  }
  return false;
}

}  // namespace infertrack::server::http

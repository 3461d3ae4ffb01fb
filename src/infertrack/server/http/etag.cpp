#include "infertrack/server/http/etag.hpp"

#include "infertrack/util/ascii_text.hpp"

#include <bit>
#include <cstring>

namespace infertrack::server::http {

namespace {

// XXH64's primes (xxHash specification, "XXH64 algorithm description").
constexpr std::uint64_t k_prime1 = 0x9E3779B185EBCA87ULL;
constexpr std::uint64_t k_prime2 = 0xC2B2AE3D27D4EB4FULL;
constexpr std::uint64_t k_prime3 = 0x165667B19E3779F9ULL;
constexpr std::uint64_t k_prime4 = 0x85EBCA77C2B2AE63ULL;
constexpr std::uint64_t k_prime5 = 0x27D4EB2F165667C5ULL;
constexpr std::size_t k_stripe = 32;

std::uint64_t
read64(const char* p)
{
  std::uint64_t value;
  std::memcpy(&value, p, sizeof value);
  return value;
}

std::uint32_t
read32(const char* p)
{
  std::uint32_t value;
  std::memcpy(&value, p, sizeof value);
  return value;
}

std::uint64_t
round(std::uint64_t accumulator, std::uint64_t input)
{
  accumulator += input * k_prime2;
  return std::rotl(accumulator, 31) * k_prime1;
}

std::uint64_t
merge_round(std::uint64_t hash, std::uint64_t accumulator)
{
  hash ^= round(0, accumulator);
  return hash * k_prime1 + k_prime4;
}

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
  const char* p = data.data();
  const char* const end = p + data.size();
  std::uint64_t hash;
  if (data.size() >= k_stripe) {
    std::uint64_t v1 = seed + k_prime1 + k_prime2;
    std::uint64_t v2 = seed + k_prime2;
    std::uint64_t v3 = seed;
    std::uint64_t v4 = seed - k_prime1;
    for (; end - p >= static_cast<std::ptrdiff_t>(k_stripe); p += k_stripe) {
      v1 = round(v1, read64(p));
      v2 = round(v2, read64(p + 8));
      v3 = round(v3, read64(p + 16));
      v4 = round(v4, read64(p + 24));
    }
    hash = std::rotl(v1, 1) + std::rotl(v2, 7) + std::rotl(v3, 12) + std::rotl(v4, 18);
    hash = merge_round(hash, v1);
    hash = merge_round(hash, v2);
    hash = merge_round(hash, v3);
    hash = merge_round(hash, v4);
  } else {
    hash = seed + k_prime5;
  }
  hash += data.size();

  for (; end - p >= 8; p += 8) {
    hash ^= round(0, read64(p));
    hash = std::rotl(hash, 27) * k_prime1 + k_prime4;
  }
  if (end - p >= 4) {
    hash ^= static_cast<std::uint64_t>(read32(p)) * k_prime1;
    hash = std::rotl(hash, 23) * k_prime2 + k_prime3;
    p += 4;
  }
  for (; p < end; ++p) {
    hash ^= static_cast<std::uint64_t>(static_cast<unsigned char>(*p)) * k_prime5;
    hash = std::rotl(hash, 11) * k_prime1;
  }

  // Avalanche, so that every input bit reaches every output bit.
  hash ^= hash >> 33;
  hash *= k_prime2;
  hash ^= hash >> 29;
  hash *= k_prime3;
  hash ^= hash >> 32;
  return hash;
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

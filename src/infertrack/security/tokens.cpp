#include "infertrack/security/tokens.hpp"

#include "infertrack/security/sodium_ready.hpp"

#include <sodium.h>

#include <array>

namespace infertrack::security {
namespace {

constexpr std::size_t k_token_bytes = 32;
constexpr std::size_t k_digest_bytes = 32;  // BLAKE2b-256
constexpr int k_base64_variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING;
// Public and fixed: it only separates CSRF tokens from token_hash values of the same token. The CSRF
// token's secrecy comes from the session token it is derived from.
constexpr std::string_view k_csrf_key = "infertrack csrf token key, v1 ..";
static_assert(k_csrf_key.size() >= crypto_generichash_KEYBYTES_MIN &&
              k_csrf_key.size() <= crypto_generichash_KEYBYTES_MAX);

std::string
hex_digest(std::string_view data, std::string_view key)
{
  ensure_sodium_ready();
  std::array<unsigned char, k_digest_bytes> digest{};
  crypto_generichash(digest.data(), digest.size(), reinterpret_cast<const unsigned char*>(data.data()),
                     data.size(), reinterpret_cast<const unsigned char*>(key.data()), key.size());
  std::array<char, k_digest_bytes * 2 + 1> hex{};
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  return std::string(hex.data(), k_digest_bytes * 2);
}

}  // namespace

std::string
new_token()
{
  ensure_sodium_ready();
  std::array<unsigned char, k_token_bytes> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  std::array<char, sodium_base64_ENCODED_LEN(k_token_bytes, k_base64_variant)> text{};
  sodium_bin2base64(text.data(), text.size(), bytes.data(), bytes.size(), k_base64_variant);
  sodium_memzero(bytes.data(), bytes.size());
  return std::string(text.data());
}

std::string
token_hash(std::string_view token)
{
  return hex_digest(token, {});
}

std::string
csrf_token_for(std::string_view token)
{
  return hex_digest(token, k_csrf_key);
}

bool
secrets_equal(std::string_view a, std::string_view b)
{
  ensure_sodium_ready();
  // Lengths are not secret (every token has the same length); only the contents are compared in fixed time.
  if (a.size() != b.size()) {
    return false;
  }
  return a.empty() || sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace infertrack::security

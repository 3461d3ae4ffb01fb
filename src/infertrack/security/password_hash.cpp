#include "infertrack/security/password_hash.hpp"

#include "infertrack/security/sodium_ready.hpp"

#include <sodium.h>

#include <stdexcept>

namespace infertrack::security {
namespace {

struct Limits
{
  unsigned long long ops;
  std::size_t memory;
};

Limits
limits_of(HashCost cost)
{
  switch (cost) {
  case HashCost::minimum:
    return {crypto_pwhash_argon2id_OPSLIMIT_MIN, crypto_pwhash_argon2id_MEMLIMIT_MIN};
  case HashCost::interactive:
    break;
  }
  return {crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE, crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE};
}

// libsodium reads hashes as C strings inside a buffer of crypto_pwhash_STRBYTES, so anything that would
// not fit (or holds a NUL that would cut it short) is malformed.
bool
fits_hash_buffer(std::string_view hash)
{
  return hash.size() < crypto_pwhash_STRBYTES && hash.find('\0') == std::string_view::npos;
}

}  // namespace

std::string
hash_password(std::string_view password, HashCost cost)
{
  ensure_sodium_ready();
  const Limits limits = limits_of(cost);
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), limits.ops, limits.memory,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("argon2id could not allocate the memory its limits ask for");
  }
  return std::string(out);
}

bool
verify_password(std::string_view hash, std::string_view password)
{
  ensure_sodium_ready();
  if (!fits_hash_buffer(hash)) {
    return false;
  }
  const std::string terminated(hash);
  return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

bool
needs_rehash(std::string_view hash, HashCost cost)
{
  ensure_sodium_ready();
  // An argon2i hash (libsodium's older default) verifies, but is moved to argon2id on the next sign-in.
  if (!fits_hash_buffer(hash) || !hash.starts_with(crypto_pwhash_argon2id_STRPREFIX)) {
    return true;
  }
  const Limits limits = limits_of(cost);
  const std::string terminated(hash);
  return crypto_pwhash_str_needs_rehash(terminated.c_str(), limits.ops, limits.memory) != 0;
}

}  // namespace infertrack::security

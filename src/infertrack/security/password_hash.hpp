#pragma once

#include <string>
#include <string_view>

namespace infertrack::security {

// How much work an argon2id hash costs: libsodium's interactive limits in production (about 64 MiB and a
// tenth of a second), its minimum limits in tests and benchmarks that create many accounts.
enum class HashCost
{
  interactive,
  minimum,
};

// The argon2id hash of `password` in libsodium's self-describing string form (salt and limits included).
// Throws std::runtime_error when libsodium cannot allocate the memory the limits ask for.
std::string hash_password(std::string_view password, HashCost cost);

// True when `password` matches `hash` (a string from hash_password); false for a mismatch or a malformed hash.
bool verify_password(std::string_view hash, std::string_view password);

// True when `hash` was made with other limits than `cost` asks for, so a successful sign-in should rehash.
bool needs_rehash(std::string_view hash, HashCost cost);

}  // namespace infertrack::security

#include "infertrack/security/password_hash.hpp"

#include <gtest/gtest.h>
#include <sodium.h>

#include <string>

namespace infertrack::security {
namespace {

TEST(hash_password, round_trips_with_minimum_cost)
{
  const std::string hash = hash_password("correct horse battery staple", HashCost::minimum);
  EXPECT_TRUE(hash.starts_with("$argon2id$"));
  EXPECT_TRUE(verify_password(hash, "correct horse battery staple"));
  EXPECT_FALSE(verify_password(hash, "correct horse battery stapl"));
  EXPECT_FALSE(verify_password(hash, ""));
}

TEST(hash_password, round_trips_with_interactive_cost)
{
  const std::string hash = hash_password("päßwörd with ünïcode", HashCost::interactive);
  EXPECT_TRUE(verify_password(hash, "päßwörd with ünïcode"));
  EXPECT_FALSE(verify_password(hash, "passwoerd with unicode"));
}

TEST(hash_password, salts_each_hash)
{
  EXPECT_NE(hash_password("same password", HashCost::minimum), hash_password("same password", HashCost::minimum));
}

TEST(verify_password, is_false_for_malformed_hashes)
{
  const std::string hash = hash_password("a password", HashCost::minimum);
  EXPECT_FALSE(verify_password("", "a password"));
  EXPECT_FALSE(verify_password("not a hash", "a password"));
  EXPECT_FALSE(verify_password(hash.substr(0, hash.size() - 5), "a password"));
  EXPECT_FALSE(verify_password(hash + std::string(200, 'A'), "a password"));
  EXPECT_FALSE(verify_password(hash.substr(0, 12) + std::string(1, '\0') + hash.substr(12), "a password"));
}

TEST(verify_password, handles_passwords_with_nul_bytes)
{
  const std::string with_nul("abc\0def", 7);
  const std::string hash = hash_password(with_nul, HashCost::minimum);
  EXPECT_TRUE(verify_password(hash, with_nul));
  EXPECT_FALSE(verify_password(hash, "abc"));
}

TEST(needs_rehash, compares_the_hash_limits_with_the_cost)
{
  const std::string minimum = hash_password("a password", HashCost::minimum);
  EXPECT_FALSE(needs_rehash(minimum, HashCost::minimum));
  EXPECT_TRUE(needs_rehash(minimum, HashCost::interactive));
  const std::string interactive = hash_password("a password", HashCost::interactive);
  EXPECT_FALSE(needs_rehash(interactive, HashCost::interactive));
  EXPECT_TRUE(needs_rehash(interactive, HashCost::minimum));
}

TEST(needs_rehash, is_true_for_malformed_and_argon2i_hashes)
{
  EXPECT_TRUE(needs_rehash("", HashCost::minimum));
  EXPECT_TRUE(needs_rehash("$argon2id$garbage", HashCost::minimum));

  char argon2i[crypto_pwhash_STRBYTES];
  ASSERT_EQ(crypto_pwhash_str_alg(argon2i, "pw", 2, crypto_pwhash_argon2i_OPSLIMIT_MIN,
                                  crypto_pwhash_argon2i_MEMLIMIT_MIN, crypto_pwhash_ALG_ARGON2I13),
            0);
  EXPECT_TRUE(verify_password(argon2i, "pw"));
  EXPECT_TRUE(needs_rehash(argon2i, HashCost::minimum));
}

}  // namespace
}  // namespace infertrack::security

#include "infertrack/security/tokens.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

namespace infertrack::security {
namespace {

bool
is_url_safe_base64(const std::string& text)
{
  return std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

bool
is_lower_hex(const std::string& text)
{
  return std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

TEST(new_token, is_43_url_safe_characters_and_unique)
{
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::string token = new_token();
    ASSERT_EQ(token.size(), 43u);
    ASSERT_TRUE(is_url_safe_base64(token)) << token;
    seen.insert(token);
  }
  EXPECT_EQ(seen.size(), 1000u);
}

TEST(token_hash, is_64_hex_characters_and_deterministic)
{
  const std::string token = new_token();
  const std::string hash = token_hash(token);
  EXPECT_EQ(hash.size(), 64u);
  EXPECT_TRUE(is_lower_hex(hash)) << hash;
  EXPECT_EQ(token_hash(token), hash);
  EXPECT_NE(token_hash(new_token()), hash);
  // BLAKE2b-256 of the empty input (RFC 7693 parameters, no key).
  EXPECT_EQ(token_hash(""), "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
}

TEST(csrf_token_for, differs_from_token_hash_and_is_deterministic)
{
  const std::string token = new_token();
  const std::string csrf = csrf_token_for(token);
  EXPECT_EQ(csrf.size(), 64u);
  EXPECT_TRUE(is_lower_hex(csrf)) << csrf;
  EXPECT_EQ(csrf_token_for(token), csrf);
  EXPECT_NE(csrf, token_hash(token));
  EXPECT_NE(csrf_token_for(new_token()), csrf);
}

TEST(secrets_equal, compares_contents_and_lengths)
{
  const std::string token = new_token();
  EXPECT_TRUE(secrets_equal(token, std::string(token)));
  EXPECT_TRUE(secrets_equal("", ""));
  std::string changed = token;
  changed.back() = changed.back() == 'A' ? 'B' : 'A';
  EXPECT_FALSE(secrets_equal(token, changed));
  EXPECT_FALSE(secrets_equal(token, token.substr(0, 42)));
  EXPECT_FALSE(secrets_equal(token + "x", token));
  EXPECT_FALSE(secrets_equal("", "a"));
}

}  // namespace
}  // namespace infertrack::security

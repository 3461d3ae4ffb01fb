#include "infertrack/security/common_passwords.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace infertrack::security {
namespace {

TEST(common_passwords, is_sorted_unique_and_lower_case)
{
  const domain::CommonPasswords list = common_passwords();
  ASSERT_GT(list.size(), 300u);
  EXPECT_TRUE(std::is_sorted(list.begin(), list.end()));
  EXPECT_EQ(std::adjacent_find(list.begin(), list.end()), list.end());
  for (const std::string_view password : list) {
    EXPECT_FALSE(password.empty());
    EXPECT_EQ(std::count_if(password.begin(), password.end(), [](char c) { return c >= 'A' && c <= 'Z'; }), 0)
      << password;
    EXPECT_EQ(password.find('\r'), std::string_view::npos) << password;
  }
}

TEST(common_passwords, holds_well_known_passwords_and_is_built_once)
{
  const domain::CommonPasswords list = common_passwords();
  for (const char* known : {"1234567890", "qwertyuiop", "password123", "iloveyou123", "1q2w3e4r5t"}) {
    EXPECT_TRUE(std::binary_search(list.begin(), list.end(), std::string_view(known))) << known;
  }
  EXPECT_EQ(common_passwords().data(), list.data());
}

TEST(common_passwords, makes_check_new_password_refuse_them)
{
  EXPECT_FALSE(domain::check_new_password("Password123", common_passwords()));
  EXPECT_FALSE(domain::check_new_password("QWERTYUIOP", common_passwords()));
  EXPECT_TRUE(domain::check_new_password("violet staircase mango", common_passwords()));
}

}  // namespace
}  // namespace infertrack::security

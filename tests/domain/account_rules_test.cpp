#include "infertrack/domain/account_rules.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>

namespace infertrack::domain {
namespace {

using namespace std::string_literals;

constexpr std::array<std::string_view, 3> k_common = {"1234567890", "password123", "qwertyuiop"};

std::string
error_of(const util::Result<std::string>& result)
{
  return result ? std::string("(accepted)") : result.error().to_string();
}

std::string
error_of(const util::Result<void>& result)
{
  return result ? std::string("(accepted)") : result.error().to_string();
}

TEST(check_new_password, refuses_nine_characters_and_accepts_ten)
{
  EXPECT_EQ(error_of(check_new_password("abcdefghi", k_common)),
            "password: must be at least 10 characters (got 9)");
  EXPECT_TRUE(check_new_password("abcdefghij", k_common));
}

TEST(check_new_password, counts_multi_byte_characters_as_one)
{
  // Nine characters in 18 bytes: still too short.
  const std::string nine_accented = "ééééééééé";
  ASSERT_EQ(nine_accented.size(), 18u);
  EXPECT_EQ(error_of(check_new_password(nine_accented, k_common)),
            "password: must be at least 10 characters (got 9)");
  EXPECT_TRUE(check_new_password(nine_accented + "é", k_common));
  EXPECT_TRUE(check_new_password("日本語のパスワードです", k_common));
}

TEST(check_new_password, refuses_a_common_password_ignoring_case)
{
  const std::string expected = "password: is one of the most common passwords; choose another";
  EXPECT_EQ(error_of(check_new_password("password123", k_common)), expected);
  EXPECT_EQ(error_of(check_new_password("QwertyUIOP", k_common)), expected);
  EXPECT_TRUE(check_new_password("password1234", k_common));
}

TEST(check_new_password, refuses_over_1024_bytes)
{
  EXPECT_TRUE(check_new_password(std::string(1024, 'x'), k_common));
  EXPECT_EQ(error_of(check_new_password(std::string(1025, 'x'), k_common)),
            "password: must be at most 1024 bytes (got 1025)");
}

TEST(check_new_password, refuses_invalid_utf8_without_quoting_it)
{
  EXPECT_EQ(error_of(check_new_password("abcdefghij\xff", k_common)), "password: must be valid UTF-8");
}

TEST(check_display_name, trims_and_keeps_inner_spaces)
{
  EXPECT_EQ(check_display_name("  Ada Lovelace \t").value(), "Ada Lovelace");
  EXPECT_EQ(check_display_name("Zoë").value(), "Zoë");
}

TEST(check_display_name, refuses_empty_long_control_and_invalid_names)
{
  EXPECT_EQ(error_of(check_display_name("   ")), "display_name: must not be empty");
  EXPECT_TRUE(check_display_name(std::string(60, 'a')));
  EXPECT_EQ(error_of(check_display_name(std::string(61, 'a'))),
            "display_name: must be at most 60 characters (got 61)");
  // 60 two-byte characters are 60 characters, not 120.
  std::string sixty_accented;
  for (int i = 0; i < 60; ++i) {
    sixty_accented += "é";
  }
  EXPECT_TRUE(check_display_name(sixty_accented));
  EXPECT_EQ(error_of(check_display_name("Ada\nLovelace")), "display_name: must not hold control characters");
  EXPECT_EQ(error_of(check_display_name("Ada\x7f")), "display_name: must not hold control characters");
  EXPECT_EQ(error_of(check_display_name("Ada\xc2\x85")), "display_name: must not hold control characters");
  EXPECT_EQ(error_of(check_display_name("Ada\xc0\xaf")), "display_name: must be valid UTF-8");
  for (const char* blank : {"\u00a0", "\u200b", "\u3000", "\ufeff", "\u3164"}) {
    EXPECT_EQ(error_of(check_display_name(blank)),
              "display_name: must show something: it holds only blank or invisible characters")
      << blank;
  }
  EXPECT_TRUE(check_display_name("Ada\u00a0Lovelace"));
  for (const char* turned : {"\u202eevil", "Ada\u2066x\u2069"}) {
    EXPECT_NE(error_of(check_display_name(turned)).find("bidirectional"), std::string::npos) << turned;
  }
  EXPECT_TRUE(check_display_name("\u05e9\u05dc\u05d5\u05dd")) << "right-to-left text itself is a name";
}

TEST(normalise_email, trims_and_lower_cases)
{
  EXPECT_EQ(normalise_email("  Ada@Example.ORG ").value(), "ada@example.org");
  EXPECT_EQ(normalise_email("a@b").value(), "a@b");
}

TEST(normalise_email, refuses_a_missing_or_repeated_at_and_empty_parts)
{
  const std::string expected = "email: must be one '@' between a name and a domain (like name@example.org)";
  for (const char* bad : {"@b", "a@", "a@@b", "a@b@c", "ab", "", "  "}) {
    EXPECT_EQ(error_of(normalise_email(bad)), expected) << bad;
  }
}

TEST(normalise_email, refuses_spaces_controls_and_long_addresses)
{
  const std::string expected = "email: must not hold spaces or control characters";
  EXPECT_EQ(error_of(normalise_email("a b@c")), expected);
  EXPECT_EQ(error_of(normalise_email("a@b\tc")), expected);
  EXPECT_EQ(error_of(normalise_email("a@b\x01")), expected);
  EXPECT_EQ(error_of(normalise_email("a@b\0c"s)), expected);
  EXPECT_EQ(error_of(normalise_email("a@b\xff")), "email: must be valid UTF-8");

  const std::string longest = std::string(250, 'a') + "@b.c";
  ASSERT_EQ(longest.size(), 254u);
  EXPECT_TRUE(normalise_email(longest));
  EXPECT_EQ(error_of(normalise_email("a" + longest)), "email: must be at most 254 bytes (got 255)");
}

TEST(is_valid_utf8, accepts_well_formed_text)
{
  EXPECT_TRUE(is_valid_utf8(""));
  EXPECT_TRUE(is_valid_utf8("plain ascii"));
  EXPECT_TRUE(is_valid_utf8("é日本\xf0\x9f\x98\x80"));  // 2, 3 and 4 bytes
  EXPECT_TRUE(is_valid_utf8("\xf4\x8f\xbf\xbf"));        // U+10FFFF, the last code point
  EXPECT_TRUE(is_valid_utf8("\xed\x9f\xbf"));            // U+D7FF, just below the surrogates
}

TEST(is_valid_utf8, refuses_overlong_surrogate_truncated_and_stray_bytes)
{
  EXPECT_FALSE(is_valid_utf8("\xc0\xaf"));          // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xc1\xbf"));          // overlong
  EXPECT_FALSE(is_valid_utf8("\xe0\x80\xaf"));      // overlong, 3 bytes
  EXPECT_FALSE(is_valid_utf8("\xf0\x80\x80\xaf"));  // overlong, 4 bytes
  EXPECT_FALSE(is_valid_utf8("\xed\xa0\x80"));      // U+D800, a surrogate
  EXPECT_FALSE(is_valid_utf8("\xed\xbf\xbf"));      // U+DFFF
  EXPECT_FALSE(is_valid_utf8("\xf4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(is_valid_utf8("abc\xe6\x97"));       // truncated at the end
  EXPECT_FALSE(is_valid_utf8("\xe6\x97x"));         // truncated in the middle
  EXPECT_FALSE(is_valid_utf8("\x80"));              // a lone continuation byte
  EXPECT_FALSE(is_valid_utf8("\xff"));
}

TEST(has_control_characters, finds_c0_del_and_c1_except_allowed)
{
  EXPECT_FALSE(has_control_characters("plain é"));
  EXPECT_TRUE(has_control_characters("a\tb"));
  EXPECT_FALSE(has_control_characters("a\tb\n", "\t\n"));
  EXPECT_TRUE(has_control_characters("a\x7f"));
  EXPECT_TRUE(has_control_characters("a\xc2\x9f"));
  EXPECT_FALSE(has_control_characters("a\xc2\xa0"));  // no-break space is not a control
}

}  // namespace
}  // namespace infertrack::domain

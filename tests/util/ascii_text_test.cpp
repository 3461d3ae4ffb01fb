#include "infertrack/util/ascii_text.hpp"

#include <gtest/gtest.h>

namespace infertrack::util {
namespace {

TEST(AsciiText, trim_removes_only_the_named_blanks)
{
  EXPECT_EQ(trim("  a b \t"), "a b");
  EXPECT_EQ(trim("\r\n x \n"), "x");
  EXPECT_EQ(trim(" \t "), "");
  EXPECT_EQ(trim(""), "");
  EXPECT_EQ(trim("\n x \n", k_spaces_and_tabs), "\n x \n");
  EXPECT_EQ(trim(" \tgzip ", k_spaces_and_tabs), "gzip");
}

TEST(AsciiText, lower_and_iequals_touch_ascii_letters_only)
{
  EXPECT_EQ(ascii_lower("Content-Type: GB200"), "content-type: gb200");
  EXPECT_EQ(ascii_lower("\xC3\x89T\xC3\x89"), "\xC3\x89t\xC3\x89") << "UTF-8 bytes are kept";
  EXPECT_TRUE(ascii_iequals("Transfer-Encoding", "transfer-encoding"));
  EXPECT_FALSE(ascii_iequals("connection", "connections"));
  EXPECT_FALSE(ascii_iequals("\xC3\x89", "\xC3\xA9"));
}

TEST(AsciiText, printable_text_writes_control_characters_as_escapes)
{
  EXPECT_EQ(printable_text("img\x1b[31m\nX\x7f"), "img\\u001b[31m\\u000aX\\u007f");
  EXPECT_EQ(printable_text(std::string_view("a\0b", 3)), "a\\u0000b");
  EXPECT_EQ(printable_text("Zo\u00eb \t"), "Zo\u00eb \\u0009") << "UTF-8 stays, a tab goes too";
  EXPECT_EQ(printable_text("a\u009b2Jb\u0085c\u00a0d"), "a\\u009b2Jb\\u0085c\u00a0d") << "C1 controls, not U+00A0";
  EXPECT_EQ(printable_text(""), "");
}

}  // namespace
}  // namespace infertrack::util

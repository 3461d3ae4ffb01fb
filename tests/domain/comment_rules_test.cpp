#include "infertrack/domain/comment_rules.hpp"

#include <gtest/gtest.h>

#include <string>

namespace infertrack::domain {
namespace {

template<typename T>
std::string
error_of(const util::Result<T>& result)
{
  return result ? std::string("(accepted)") : result.error().to_string();
}

TEST(parse_comment_subject, reads_page_and_point_keys)
{
  EXPECT_EQ(parse_comment_subject("page").value(), CommentSubject{});
  EXPECT_EQ(parse_comment_subject("page").value().key(), "page");
  const CommentSubject point = parse_comment_subject("point:r-42").value();
  EXPECT_EQ(point.point_id, "r-42");
  EXPECT_EQ(point.key(), "point:r-42");
  EXPECT_EQ(parse_comment_subject("point:a:b").value().point_id, "a:b");
}

TEST(parse_comment_subject, refuses_other_keys)
{
  EXPECT_EQ(error_of(parse_comment_subject("point:")),
            "subject: must be \"page\" or \"point:<result id>\" (got \"point:\")");
  for (const char* bad : {"", "Page", "pages", "point", "points:x", " page"}) {
    EXPECT_FALSE(parse_comment_subject(bad)) << bad;
  }
}

TEST(check_comment_body, removes_trailing_whitespace_only)
{
  EXPECT_EQ(check_comment_body("  Nice curve.\n\n  \t").value(), "  Nice curve.");
  EXPECT_EQ(check_comment_body("line one\r\n\tline two").value(), "line one\r\n\tline two");
}

TEST(check_comment_body, refuses_blank_bodies)
{
  EXPECT_EQ(error_of(check_comment_body("")), "body: must not be blank");
  EXPECT_EQ(error_of(check_comment_body(" \n\t\r\n")), "body: must not be blank");
  // Blank in Unicode's eyes too: no-break and ideographic spaces, zero-width characters, a byte-order mark.
  for (const char* blank : {"\u00a0", "\u200b", "\u3000 \u00a0\n", "\ufeff", "\u2060\u200d"}) {
    EXPECT_EQ(error_of(check_comment_body(blank)), "body: must not be blank") << blank;
  }
  EXPECT_EQ(check_comment_body("\u00a0ok").value(), "\u00a0ok");
}

TEST(check_comment_body, refuses_direction_overrides_and_keeps_right_to_left_marks)
{
  EXPECT_EQ(error_of(check_comment_body("run `ls \u202e-la`")),
            "body: must not hold bidirectional embedding, override or isolate characters (U+202A to U+202E, U+2066 to "
            "U+2069), which make text read otherwise than it is written");
  EXPECT_FALSE(check_comment_body("\u2067x\u2069"));
  EXPECT_EQ(check_comment_body("\u05e9\u05dc\u05d5\u05dd \u200e(1)").value(), "\u05e9\u05dc\u05d5\u05dd \u200e(1)");
}

TEST(check_comment_body, counts_characters_against_the_limit)
{
  EXPECT_TRUE(check_comment_body(std::string(5000, 'a')));
  EXPECT_TRUE(check_comment_body(std::string(5000, 'a') + "\n\n"));
  EXPECT_EQ(error_of(check_comment_body(std::string(5001, 'a'))),
            "body: must be at most 5000 characters (got 5001)");
  std::string accented;
  for (int i = 0; i < 5000; ++i) {
    accented += "é";
  }
  EXPECT_TRUE(check_comment_body(accented));
}

TEST(check_comment_body, refuses_invalid_utf8_and_control_characters)
{
  EXPECT_EQ(error_of(check_comment_body("bad \xed\xa0\x80 surrogate")), "body: must be valid UTF-8");
  const std::string controls = "body: must not hold control characters other than tab and newline";
  EXPECT_EQ(error_of(check_comment_body("bell\a")), controls);
  EXPECT_EQ(error_of(check_comment_body("escape \x1b[31m")), controls);
  EXPECT_EQ(error_of(check_comment_body("del\x7f")), controls);
  EXPECT_EQ(error_of(check_comment_body("c1 \xc2\x9b")), controls);
}

}  // namespace
}  // namespace infertrack::domain

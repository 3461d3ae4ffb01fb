#include "infertrack/util/diagnostic.hpp"
#include "infertrack/util/result.hpp"

#include <gtest/gtest.h>

namespace infertrack::util {
namespace {

TEST(Diagnostic, to_string_joins_the_known_parts)
{
  EXPECT_EQ((Diagnostic{"a.csv", "3", "concurrency", "not a number"}.to_string()),
            "a.csv:3:concurrency: not a number");
  EXPECT_EQ((Diagnostic{"", "3", "", "empty row"}.to_string()), "3: empty row");
  EXPECT_EQ((Diagnostic{"", "", "", "broken"}.to_string()), "broken");
}

TEST(Diagnostic, to_string_escapes_control_characters_of_the_place)
{
  // A key read from a file may hold a NUL or a terminal escape: the whole message must still be printed as text.
  const std::string key("model\0x\x1b[2J", 11);
  const std::string text = Diagnostic{"a.json", "points[0]", key, "duplicate field"}.to_string();
  EXPECT_EQ(text, "a.json:points[0]:model\\u0000x\\u001b[2J: duplicate field");
  EXPECT_EQ(text.find('\0'), std::string::npos);
}

Result<int> parse_positive(int value)
{
  if (value <= 0) {
    return fail("1", "value", "must be positive");
  }
  return value;
}

Result<int> doubled(int value)
{
  INFERTRACK_TRY_ASSIGN(checked, parse_positive(value));
  return checked * 2;
}

TEST(Result, try_assign_propagates_the_diagnostic)
{
  EXPECT_EQ(doubled(4).value(), 8);
  auto failed = doubled(-1);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().to_string(), "1:value: must be positive");
}

}  // namespace
}  // namespace infertrack::util

#include "infertrack/util/utf8_text.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace infertrack::util {
namespace {

TEST(utf8_length, counts_characters_not_bytes)
{
  EXPECT_EQ(utf8_length(""), 0u);
  EXPECT_EQ(utf8_length("abc"), 3u);
  EXPECT_EQ(utf8_length("\u00e9\u65e5\xf0\x9f\x98\x80"), 3u);
}

TEST(each_code_point, decodes_one_to_four_bytes_and_stops_when_asked)
{
  std::vector<std::uint32_t> seen;
  EXPECT_TRUE(each_code_point("a\u00e9\u65e5\U0001F600", [&](std::uint32_t c) {
    seen.push_back(c);
    return true;
  }));
  EXPECT_EQ(seen, (std::vector<std::uint32_t>{0x61, 0xE9, 0x65E5, 0x1F600}));
  seen.clear();
  EXPECT_FALSE(each_code_point("ab\u00e9", [&](std::uint32_t c) {
    seen.push_back(c);
    return c != 'b';
  }));
  EXPECT_EQ(seen, (std::vector<std::uint32_t>{'a', 'b'}));
}

}  // namespace
}  // namespace infertrack::util

#include "infertrack/domain/visible_text.hpp"

#include <gtest/gtest.h>

namespace infertrack::domain {
namespace {

TEST(looks_blank, white_space_and_invisible_characters_only)
{
  EXPECT_TRUE(looks_blank(""));
  EXPECT_TRUE(looks_blank(" \t\r\n"));
  EXPECT_TRUE(looks_blank("\u00a0\u1680\u2003\u202f\u205f\u3000"));  // spaces of every width
  EXPECT_TRUE(looks_blank("\u200b\u200c\u200d\u2060\ufeff\u00ad"));  // zero-width and soft hyphen
  EXPECT_TRUE(looks_blank("\u200e\u200f\u061c\u202e"));              // direction marks and controls
  EXPECT_TRUE(looks_blank("\u3164\uffa0\u115f\u2800"));              // fillers and the blank braille cell
  EXPECT_TRUE(looks_blank("\ufe0f\U000E0020\U000E0020\u034f\u17b4\u180b\U0001D173"));  // selectors and tags
  EXPECT_FALSE(looks_blank("a"));
  EXPECT_FALSE(looks_blank("\u00a0.\u00a0"));
  EXPECT_FALSE(looks_blank("\u00e9"));
  EXPECT_FALSE(looks_blank("\U0001F600"));  // four bytes, visible
  EXPECT_FALSE(looks_blank("\u2010"));      // a hyphen, just past the spaces
}

TEST(has_direction_controls, embeddings_overrides_and_isolates)
{
  for (const char* text : {"\u202a", "\u202b", "\u202c", "\u202d", "x\u202ey", "\u2066", "\u2067", "\u2068", "\u2069"}) {
    EXPECT_TRUE(has_direction_controls(text)) << text;
  }
  EXPECT_FALSE(has_direction_controls("plain"));
  EXPECT_FALSE(has_direction_controls("\u200e\u200f"));  // marks only steer neutral characters
  EXPECT_FALSE(has_direction_controls("\u05e9\u05dc\u05d5\u05dd"));
  EXPECT_FALSE(has_direction_controls("\u2029\u206a"));  // neighbours of the ranges
}

}  // namespace
}  // namespace infertrack::domain

#include "infertrack/server/http/etag.hpp"

#include <gtest/gtest.h>

namespace infertrack::server::http {
namespace {

// Reference values from libxxhash 0.8.1 (XXH64 with seed 0).
TEST(xxh64, matches_the_reference_implementation)
{
  EXPECT_EQ(xxh64(""), 0xEF46DB3751D8E999ULL);
  EXPECT_EQ(xxh64("a"), 0xD24EC4F1A98C6E5BULL);
  EXPECT_EQ(xxh64("abc"), 0x44BC2CF5AD770999ULL);
  EXPECT_EQ(xxh64("0123456789abcdef0123456789abcdef!"), 0x8AFFF4DAAC4E677EULL);
  EXPECT_EQ(xxh64("The quick brown fox jumps over the lazy dog"), 0x0B242D361FDA71BCULL);
}

TEST(strong_etag, is_the_quoted_hex_hash)
{
  EXPECT_EQ(strong_etag("abc"), "\"44bc2cf5ad770999\"");
  EXPECT_EQ(strong_etag("The quick brown fox jumps over the lazy dog"), "\"0b242d361fda71bc\"");
  EXPECT_NE(strong_etag("abc"), strong_etag("abd"));
}

TEST(gzip_etag, adds_a_suffix_inside_the_quotes)
{
  EXPECT_EQ(gzip_etag("\"ab\""), "\"ab-gzip\"");
  EXPECT_EQ(gzip_etag("W/\"ab\""), "W/\"ab-gzip\"");
}

TEST(if_none_match_matches, compares_weakly_and_accepts_the_gzip_form)
{
  EXPECT_TRUE(if_none_match_matches("\"ab\"", "\"ab\""));
  EXPECT_TRUE(if_none_match_matches("\"x\", W/\"ab\"", "\"ab\""));
  EXPECT_TRUE(if_none_match_matches(" \"ab-gzip\" ", "\"ab\""));
  EXPECT_TRUE(if_none_match_matches("*", "\"ab\""));
  EXPECT_FALSE(if_none_match_matches("\"abc\"", "\"ab\""));
  EXPECT_FALSE(if_none_match_matches("", "\"ab\""));
}

}  // namespace
}  // namespace infertrack::server::http

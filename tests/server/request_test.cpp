#include "infertrack/server/http/request.hpp"

#include <gtest/gtest.h>

namespace infertrack::server::http {
namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

TEST(decode_target, splits_path_and_query_in_order)
{
  const auto decoded = decode_target("/points?model=a&hardware=b&model=c");
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->path, "/points");
  EXPECT_EQ(decoded->query, (Pairs{{"model", "a"}, {"hardware", "b"}, {"model", "c"}}));
}

TEST(decode_target, percent_decodes_path_and_query)
{
  const auto decoded = decode_target("/points/a%20b+c?q=x%2By+z&empty=&flag&&%C3%A9=%e2%82%ac");
  ASSERT_TRUE(decoded);
  // '+' is literal in a path but a space in a query.
  EXPECT_EQ(decoded->path, "/points/a b+c");
  EXPECT_EQ(decoded->query,
            (Pairs{{"q", "x+y z"}, {"empty", ""}, {"flag", ""}, {"\xC3\xA9", "\xE2\x82\xAC"}}));
}

TEST(decode_target, accepts_absolute_form_and_drops_fragment)
{
  const auto absolute = decode_target("http://example.test:8080/a/b?x=1#frag");
  ASSERT_TRUE(absolute);
  EXPECT_EQ(absolute->path, "/a/b");
  EXPECT_EQ(absolute->query, (Pairs{{"x", "1"}}));

  const auto bare_host = decode_target("http://example.test");
  ASSERT_TRUE(bare_host);
  EXPECT_EQ(bare_host->path, "/");

  // "://" inside a query is not a scheme.
  const auto in_query = decode_target("/go?to=http://x/y");
  ASSERT_TRUE(in_query);
  EXPECT_EQ(in_query->path, "/go");
  EXPECT_EQ(in_query->query, (Pairs{{"to", "http://x/y"}}));
}

TEST(decode_target, refuses_malformed_escapes_with_a_message)
{
  const auto bad_hex = decode_target("/a%zzb");
  ASSERT_FALSE(bad_hex);
  EXPECT_EQ(bad_hex.error().to_string(),
            "target:path: malformed percent-escape (got \"%zz\", expected % and two hex digits)");

  const auto truncated = decode_target("/a?x=%4");
  ASSERT_FALSE(truncated);
  EXPECT_EQ(truncated.error().to_string(),
            "target:query: malformed percent-escape (got \"%4\", expected % and two hex digits)");

  const auto nul = decode_target("/a%00b");
  ASSERT_FALSE(nul);
  EXPECT_EQ(nul.error().to_string(), "target:path: encoded NUL (%00) is not allowed");
}

TEST(decode_target, takes_bytes_rfc3986_refuses_as_themselves)
{
  const auto decoded = decode_target("/a b|c{d}\xC3\xA9[e]?q=x y|z&=v&&k&b=1=2");
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->path, "/a b|c{d}\xC3\xA9[e]");
  EXPECT_EQ(decoded->query, (Pairs{{"q", "x y|z"}, {"", "v"}, {"k", ""}, {"b", "1=2"}}));

  const auto asterisk = decode_target("*");
  ASSERT_TRUE(asterisk);
  EXPECT_EQ(asterisk->path, "*");
  EXPECT_EQ(decode_target("?a=1")->path, "/");
  EXPECT_EQ(decode_target("//x/%2F")->path, "//x//");
}

TEST(decode_target, quotes_a_malformed_escape_within_its_name_or_value)
{
  EXPECT_EQ(decode_target("/a?x=%4&y=1").error().to_string(),
            "target:query: malformed percent-escape (got \"%4\", expected % and two hex digits)");
  EXPECT_EQ(decode_target("/a?x%=1").error().to_string(),
            "target:query: malformed percent-escape (got \"%\", expected % and two hex digits)");
  EXPECT_EQ(decode_target("/a?x=%=1").error().to_string(),
            "target:query: malformed percent-escape (got \"%=1\", expected % and two hex digits)");
  EXPECT_EQ(decode_target("/a%4?x=1").error().to_string(),
            "target:path: malformed percent-escape (got \"%4\", expected % and two hex digits)");
  EXPECT_EQ(decode_target("/a?x=1&%00").error().to_string(), "target:query: encoded NUL (%00) is not allowed");
}

TEST(Request, header_matches_names_in_any_case)
{
  Request request;
  request.headers = {{"accept-encoding", "gzip"}, {"x-twice", "1"}, {"x-twice", "2"}};
  EXPECT_EQ(request.header("Accept-Encoding"), "gzip");
  EXPECT_EQ(request.header("x-twice"), "1");
  EXPECT_FALSE(request.header("missing"));
}

TEST(Request, query_value_returns_the_first_match)
{
  Request request;
  request.query = {{"a", "1"}, {"a", "2"}, {"b", ""}};
  EXPECT_EQ(request.query_value("a"), "1");
  EXPECT_EQ(request.query_value("b"), "");
  EXPECT_FALSE(request.query_value("A"));
}

}  // namespace
}  // namespace infertrack::server::http

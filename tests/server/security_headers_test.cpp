#include "infertrack/server/http/security_headers.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::server::http {
namespace {

using testing::Contains;
using testing::Pair;

TEST(MissingSecurityHeaders, a_data_answer_gets_a_policy_that_allows_nothing_and_denies_framing)
{
  const auto missing = missing_security_headers(Response::json(200, "{}"));
  EXPECT_THAT(missing,
              Contains(Pair("Content-Security-Policy",
                            "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")));
  EXPECT_THAT(missing, Contains(Pair("X-Frame-Options", "DENY")));
  EXPECT_THAT(missing, Contains(Pair("Referrer-Policy", "same-origin")));
  EXPECT_EQ(missing.size(), 3U);
}

TEST(MissingSecurityHeaders, a_page_keeps_its_own_policy_and_an_embed_is_not_denied_framing)
{
  Response page = Response::text(200, "<p>");
  page.headers = {{"content-security-policy", "default-src 'self'; frame-ancestors 'none'"},
                  {"X-Frame-Options", "DENY"},
                  {"Referrer-Policy", "no-referrer"}};
  EXPECT_TRUE(missing_security_headers(page).empty());

  Response embed = Response::text(200, "<p>");
  embed.headers = {{"Content-Security-Policy", "default-src 'self'; frame-ancestors *"}};
  EXPECT_THAT(missing_security_headers(embed), testing::ElementsAre(Pair("Referrer-Policy", "same-origin")));
}

}  // namespace
}  // namespace infertrack::server::http

// The compare page and the embedded chart over real HTTP: what they show, and which pages other sites may frame
// (only /embed/*).
#include "http_test_support.hpp"

#include "infertrack/app/tracker_database.hpp"
#include "infertrack/server/tracker_handler.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>

#include <future>
#include <string>

namespace infertrack::server {
namespace {

using namespace http::test_support;
using testing::HasSubstr;
using testing::Not;

class EmbedPage : public testing::Test
{
protected:
  test_engine::TestDatabase database;
  std::shared_ptr<http::Metrics> metrics = std::make_shared<http::Metrics>();
  http::HttpServer server{test_options(), make_tracker_handler(app::open_tracker(database.locator()), metrics),
                          metrics};
  std::future<void> running = std::async(std::launch::async, [this] { server.run(); });

  ~EmbedPage() override
  {
    server.stop();
    running.wait();
  }

  WireResponse get(const std::string& target)
  {
    Client client(server.port());
    return client.get(target, {});
  }

  static std::string header(const WireResponse& response, const std::string& name)
  {
    return std::string(response[name]);
  }
};

TEST_F(EmbedPage, only_the_embed_may_be_framed_by_other_sites)
{
  const WireResponse embed = get("/embed/chart?v=1&model=DeepSeek-V4-Pro&hardware=mi355x");
  ASSERT_EQ(embed.result_int(), 200) << embed.body();
  EXPECT_THAT(header(embed, "Content-Security-Policy"), HasSubstr("frame-ancestors *"));
  EXPECT_THAT(header(embed, "Content-Security-Policy"), Not(HasSubstr("frame-ancestors 'none'")));
  EXPECT_EQ(embed.count("X-Frame-Options"), 0U);
  EXPECT_EQ(embed.count("Content-Security-Policy"), 1U);

  // Every other page, found or not, still refuses to be framed.
  for (const char* target : {"/", "/?model=DeepSeek-V4-Pro", "/points/444914", "/points/none", "/compare",
                             "/compare?a=dsv4+gb200&b=DeepSeek-V4-Pro+mi355x+sglang+fp4", "/compare?a=x&b=y",
                             "/embed", "/embed/other", "/embedded/chart", "/no-such-page"}) {
    const WireResponse page = get(target);
    EXPECT_THAT(header(page, "Content-Security-Policy"), HasSubstr("frame-ancestors 'none'")) << target;
    EXPECT_EQ(header(page, "X-Frame-Options"), "DENY") << target;
  }
}

TEST_F(EmbedPage, the_embed_is_the_chart_alone_with_the_share_link_filters)
{
  const WireResponse embed =
    get("/embed/chart?model=dsv4&hardware=mi355x&x=median&metric=output&log=1&runs=all&history_at=5&colour=red");
  ASSERT_EQ(embed.result_int(), 200);
  const std::string body = embed.body();
  EXPECT_THAT(body, HasSubstr("id=\"embed-chart\""));
  EXPECT_THAT(body, HasSubstr("data-frontier=\"model=DeepSeek-V4-Pro&amp;hardware=mi355x&amp;x=median&amp;metric=output\""));
  EXPECT_THAT(body, HasSubstr("data-log=\"1\""));
  EXPECT_THAT(body, HasSubstr("data-runs=\"all\""));
  EXPECT_THAT(body, HasSubstr("/assets/views."));
  // No page chrome: no header, navigation, footer, other sections or comments.
  for (const char* chrome : {"<header", "<nav", "<footer", "id=\"planner\"", "id=\"history\"", "comment"}) {
    EXPECT_THAT(body, Not(HasSubstr(chrome))) << chrome;
  }
  // A link back to the tracker with the same filters.
  EXPECT_THAT(body, HasSubstr("href=\"/?model=DeepSeek-V4-Pro&amp;hardware=mi355x&amp;x=median&amp;metric=output&amp;"
                              "log=1&amp;runs=all#chart\""));
}

TEST_F(EmbedPage, an_unknown_embed_version_is_refused)
{
  const WireResponse embed = get("/embed/chart?v=2&model=DeepSeek-V4-Pro");
  EXPECT_EQ(embed.result_int(), 400);
  EXPECT_THAT(embed.body(), HasSubstr("version 2"));
}

TEST_F(EmbedPage, the_compare_page_renders_the_table_plans_and_settings)
{
  const WireResponse page = get("/compare?a=DeepSeek-V4-Pro+mi355x+sglang+fp8+none+agg+8192/1024+2026-04-25"
                                "&b=DeepSeek-V4-Pro+mi355x+sglang+fp4&at=2&gpus_per_rack=mi355x%3D8&utm_source=x");
  ASSERT_EQ(page.result_int(), 200) << page.body();
  const std::string body = page.body();
  EXPECT_THAT(body, HasSubstr("id=\"compare-table\""));
  EXPECT_THAT(body, HasSubstr("≥ 91.73×"));
  EXPECT_THAT(body, HasSubstr("precision <span class=\"badge\">differs</span>"));
  EXPECT_THAT(body, HasSubstr("id=\"compare-plan-table\""));
  EXPECT_THAT(body, HasSubstr("format=csv"));
  // The permanent link spells out b's run date.
  EXPECT_THAT(body, HasSubstr("b=DeepSeek-V4-Pro%20mi355x%20sglang%20fp4%20none%20agg%208192%2F1024%202026-05-21"));

  const WireResponse unknown = get("/compare?a=DeepSeek-V4-Pro+h100&b=DeepSeek-V4-Pro+mi355x+sglang+fp4");
  EXPECT_EQ(unknown.result_int(), 404);
  EXPECT_THAT(unknown.body(), HasSubstr("a: no stored points for hardware &apos;h100&apos;"));
  const WireResponse ambiguous = get("/compare?a=dsv4+gb200&b=DeepSeek-V4-Pro+mi355x");
  EXPECT_EQ(ambiguous.result_int(), 400);
  EXPECT_THAT(ambiguous.body(), HasSubstr("b: &apos;DeepSeek-V4-Pro mi355x&apos; names 2 configurations"));
  EXPECT_EQ(get("/compare").result_int(), 200); // the form alone
}

}  // namespace
}  // namespace infertrack::server

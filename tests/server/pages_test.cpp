#include "infertrack/server/pages/page_routes.hpp"

#include "bundled_tracker_test_support.hpp"
#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/server/pages/headline_view.hpp"
#include "infertrack/server/pages/page_format.hpp"
#include "infertrack/server/pages/web_assets.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace infertrack::server::pages {
namespace {

// A tracker database of its own in a fresh directory, loaded with the bundled dataset on open.
class PagesTest : public testing::Test, protected test_support::BundledTracker
{
protected:
  static http::Request get(std::string path) { return test_support::route_request("GET", std::move(path)); }

  // Answers `request`, which must be one of the pages' routes.
  http::Response answer(const http::Request& request)
  {
    std::optional<http::Response> response = handle_page(request, *store);
    EXPECT_TRUE(response.has_value()) << request.path;
    return response.value_or(http::Response{});
  }

  // Stores a copy of bundled point 444914 whose text fields hold markup and a script URL.
  void store_hostile_point()
  {
    std::optional<domain::BenchmarkPoint> point = store->point("444914");
    ASSERT_TRUE(point.has_value());
    point->result_id = "hostile<b>\"1'";
    point->concurrency = 4096; // a natural key of its own
    point->run_url = "javascript:alert(1)";
    point->image = "\"><img src=x onerror=alert(2)>";
    point->notes = {{"notes", "<script>alert(3)</script> & more"}};
    domain::Dataset dataset;
    dataset.source = "hostile.json";
    dataset.notes = {"</script><script>alert(4)</script>"};
    dataset.points.push_back(*point);
    app::prepare_dataset(dataset);
    ASSERT_TRUE(store->ingest(dataset).has_value());
  }
};

TEST_F(PagesTest, handle_page_leaves_other_paths_alone)
{
  EXPECT_FALSE(handle_page(get("/api/v1/points"), *store).has_value());
  EXPECT_FALSE(handle_page(get("/metrics"), *store).has_value());
  EXPECT_FALSE(handle_page(get("/favicon.ico"), *store).has_value());
}

TEST_F(PagesTest, handle_page_shows_curve_findings_beside_the_values)
{
  test_support::ingest_curve_finding_data(*store);

  const std::string html = answer(get("/")).body;
  EXPECT_NE(html.find("<span class=\"badge finding-thin_frontier\">thin_frontier</span> 100 tok/s/user is "
                      "interpolated between results thin-slow"),
            std::string::npos);
  EXPECT_NE(html.find("<span class=\"badge finding-headline_outside_range\">headline_outside_range</span> "
                      "Headline Short is published at 100 tok/s/user, above the measured range"),
            std::string::npos);
  const std::string before = html.substr(0, html.find("thin-slow"));
  EXPECT_EQ(before.find("finding-thin_frontier"), std::string::npos); // no other configuration is thin
}

TEST_F(PagesTest, handle_page_renders_the_tracker_without_javascript)
{
  const http::Response response = answer(get("/"));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "text/html; charset=utf-8");
  EXPECT_EQ(response.cache_control, "no-cache");
  const std::string& html = response.body;
  // Headline cards with published and computed values and their brackets.
  EXPECT_NE(html.find("class=\"card headline\" data-model=\"DeepSeek-V4-Pro\""), std::string::npos);
  EXPECT_NE(html.find("class=\"card headline\" data-model=\"DeepSeek-V4.1-Flash\""), std::string::npos);
  EXPECT_NE(html.find("37,030"), std::string::npos); // Pro's published 37,029.643 tok/s/GPU
  EXPECT_NE(html.find("156,095"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"/points/444911\">444911</a> and <a href=\"/points/444914\">444914</a>"),
            std::string::npos);
  EXPECT_NE(html.find("extra disaggregation"), std::string::npos);
  // The points table is rendered on the server, for the default model.
  EXPECT_NE(html.find("<tr data-result-id=\"444914\">"), std::string::npos);
  EXPECT_EQ(html.find("<tr data-result-id=\"444210\">"), std::string::npos); // a Flash point
  // Caveats, timeline, glossary and the discussion placeholder.
  EXPECT_NE(html.find("id=\"caveats\""), std::string::npos);
  EXPECT_NE(html.find("2026-04-24"), std::string::npos);
  EXPECT_NE(html.find("<dt>KV cache</dt>"), std::string::npos);
  EXPECT_NE(html.find("id=\"comments\""), std::string::npos);
  // Hashed asset names only; the styles are inlined so that the first paint waits for no request.
  for (const char* name : {"app.js", "uplot.js", "uplot.css"}) {
    EXPECT_NE(html.find("/assets/" + std::string(find_asset(name)->hashed_name)), std::string::npos) << name;
  }
  EXPECT_NE(html.find("<style>" + std::string(find_asset("style.css")->content.substr(0, 40))), std::string::npos);
}

TEST_F(PagesTest, handle_page_offers_the_service_level_presets_in_the_planner_and_the_glance_table)
{
  http::Request request = get("/");
  request.query = {{"model", "DeepSeek-V4.1-Flash"}};
  const std::string html = answer(request).body;
  // The planner's presets come from the one list (domain/service_level_presets.cpp), values their limits.
  EXPECT_NE(html.find("<option value=\"interactivity&gt;=50,ttft_p99&lt;=2s\" data-key=\"chat\">Chat: "
                      "interactivity≥50, ttft_p99≤2s</option>"),
            std::string::npos);
  EXPECT_NE(html.find("data-key=\"batch\">Batch: interactivity≥10</option>"), std::string::npos);
  // The glance table: a column per preset after the targets; no latencies in the bundled data, so chat says why.
  EXPECT_NE(html.find("<th scope=\"col\" class=\"num slo\"><abbr title=\"Reasoning: interactivity&gt;=30,"
                      "e2el_p90&lt;=120s\">Reasoning</abbr></th>"),
            std::string::npos);
  EXPECT_NE(html.find("<td class=\"num slo state-unreachable\" data-slo=\"chat\" title=\"No operating point: its "
                      "run of 2026-10-26 reports no P99 time to first token"),
            std::string::npos);
  EXPECT_NE(html.find("<td class=\"num slo\" data-slo=\"batch\" title=\"Operating point, bound by "
                      "interactivity&gt;=10\">361,700</td>"),
            std::string::npos);
}

TEST_F(PagesTest, handle_page_filters_the_points_table_from_the_query)
{
  http::Request request = get("/");
  request.query = {{"model", "DeepSeek-V4.1-Flash"}};
  const std::string html = answer(request).body;
  EXPECT_NE(html.find("<tr data-result-id=\"444210\">"), std::string::npos);
  EXPECT_EQ(html.find("<tr data-result-id=\"444914\">"), std::string::npos);
  EXPECT_NE(html.find("<option value=\"DeepSeek-V4.1-Flash\" selected>"), std::string::npos);
}

// The table of every configuration on an as-of date is priced with the figures in force that day, as the API is.
TEST_F(PagesTest, handle_page_prices_an_as_of_table_with_the_figures_of_that_day)
{
  // Copies of the seed's Pro points as a run of 2026-05-01, when the April figures ($2.21, 2.10 kW) were in force.
  domain::Dataset dataset;
  dataset.source = "may.json";
  for (const char* id : {"444911", "444914"}) {
    std::optional<domain::BenchmarkPoint> point = store->point(id);
    ASSERT_TRUE(point.has_value());
    point->result_id = std::string("may-") + id;
    point->date = "2026-05-01";
    point->run_date.reset();
    dataset.points.push_back(*point);
  }
  app::prepare_dataset(dataset);
  ASSERT_TRUE(store->ingest(dataset).has_value());

  http::Request request = get("/");
  request.query = {{"as_of", "2026-05-15"}};
  const std::string html = answer(request).body;
  app::InterpolationQuery query;
  query.target = 100;
  query.filter.as_of = "2026-05-15";
  query.filter.hardware = "gb200";
  const std::vector<app::InterpolationRow> rows = app::interpolate(*store, query);
  ASSERT_EQ(rows.size(), 1u);
  ASSERT_TRUE(rows[0].cost && rows[0].efficiency);
  EXPECT_EQ(rows[0].cost->cost_per_gpu_hour, 2.21);
  const std::string priced = format_dollars(rows[0].efficiency->cost_per_million_tokens);
  EXPECT_NE(html.find("<td class=\"num\">" + priced + "</td>"), std::string::npos) << priced;
}

// A malformed as-of date in the address is left out, and the page says so beside the field, escaped.
TEST_F(PagesTest, handle_page_says_when_it_leaves_out_a_malformed_as_of_date)
{
  http::Request request = get("/");
  request.query = {{"as_of", "2026-13-45<b>"}};
  const std::string html = answer(request).body;
  EXPECT_NE(html.find("\"2026-13-45&lt;b&gt;\" from the address is not a date (YYYY-MM-DD): the page shows the "
                      "latest runs."),
            std::string::npos);
  EXPECT_EQ(html.find("2026-13-45<b>"), std::string::npos);
  request.query = {{"as_of", "2026-05-04"}};
  EXPECT_EQ(answer(request).body.find("from the address is not a date"), std::string::npos);
}

// A name in the address that no stored point has is left out, and the page says which and what is stored, escaped;
// the table then lists what the other filters choose rather than nothing.
TEST_F(PagesTest, handle_page_says_when_it_leaves_out_a_name_nothing_stored_has)
{
  http::Request request = get("/");
  request.query = {{"hardware", "h100<i>"}, {"precision", "fp4"}, {"model", "Llama"}};
  const std::string html = answer(request).body;
  EXPECT_NE(html.find("<li>From the address: no stored points for hardware &apos;h100&lt;i&gt;&apos; (stored: gb200, "
                      "mi355x); the page shows every hardware.</li>"),
            std::string::npos);
  EXPECT_NE(html.find("no stored points for model &apos;Llama&apos; (stored: DeepSeek-V4-Pro, DeepSeek-V4.1-Flash); "
                      "the page shows the default model."),
            std::string::npos);
  EXPECT_EQ(html.find("h100<i>"), std::string::npos);
  EXPECT_NE(html.find("<tr data-result-id=\"444914\">"), std::string::npos); // a Pro fp4 point
  request.query = {{"hardware", "gb200"}};
  EXPECT_EQ(answer(request).body.find("unstored-filters"), std::string::npos);
}

// A headline is about one run: before that run was measured, its card is hidden and the page says why.
TEST_F(PagesTest, handle_page_hides_headlines_about_runs_after_the_as_of_date)
{
  const auto card = [](const std::string& html, const std::string& model) {
    const std::size_t at = html.find("class=\"card headline\" data-model=\"" + model + "\"");
    return at == std::string::npos ? std::string() : html.substr(at, html.find('>', at) - at);
  };
  const std::string latest = answer(get("/")).body;
  EXPECT_EQ(card(latest, "DeepSeek-V4-Pro"), "class=\"card headline\" data-model=\"DeepSeek-V4-Pro\" data-run-date=\"2026-10-14\"");
  EXPECT_EQ(card(latest, "DeepSeek-V4.1-Flash"),
            "class=\"card headline\" data-model=\"DeepSeek-V4.1-Flash\" data-run-date=\"2026-10-07\"");
  EXPECT_NE(latest.find("<p id=\"headlines-after-as-of\" class=\"note\" hidden>"), std::string::npos);

  http::Request between = get("/");
  between.query = {{"as_of", "2026-10-10"}};
  const std::string html = answer(between).body;
  EXPECT_EQ(card(html, "DeepSeek-V4-Pro"),
            "class=\"card headline\" data-model=\"DeepSeek-V4-Pro\" data-run-date=\"2026-10-14\" hidden");
  EXPECT_EQ(card(html, "DeepSeek-V4.1-Flash"),
            "class=\"card headline\" data-model=\"DeepSeek-V4.1-Flash\" data-run-date=\"2026-10-07\"");
  EXPECT_NE(html.find("<p id=\"headlines-after-as-of\" class=\"note\">"), std::string::npos);
}

// The page takes the names the API takes: aliases and any case, shown as the stored name.
TEST_F(PagesTest, handle_page_filters_by_aliases_as_the_api_does)
{
  http::Request request = get("/");
  request.query = {{"model", "deepseek-v4-pro"}, {"hardware", "GB200"}};
  const std::string html = answer(request).body;
  EXPECT_NE(html.find("<tr data-result-id=\"444914\">"), std::string::npos);
  EXPECT_EQ(html.find("<tr data-result-id=\"444210\">"), std::string::npos);
  EXPECT_NE(html.find("<option value=\"DeepSeek-V4-Pro\" selected>"), std::string::npos);
  EXPECT_NE(html.find("<option value=\"gb200\" selected>"), std::string::npos);
}

// By default the table lists the latest run of each configuration, as the script lists them, so that nothing
// changes under the reader when the script takes over.
TEST_F(PagesTest, handle_page_lists_the_latest_runs_by_default)
{
  const std::string html = answer(get("/")).body;
  store::PointFilter pro;
  pro.model = "DeepSeek-V4-Pro";
  const std::vector<domain::BenchmarkPoint> latest = store->latest_points(pro);
  ASSERT_LT(latest.size(), store->points(pro).size());
  std::size_t rows = 0;
  for (std::size_t at = 0; (at = html.find("<tr data-result-id=\"", at)) != std::string::npos; ++at) {
    ++rows;
  }
  EXPECT_EQ(rows, latest.size());
  for (const domain::BenchmarkPoint& point : latest) {
    EXPECT_NE(html.find("<tr data-result-id=\"" + point.result_id + "\">"), std::string::npos) << point.result_id;
  }
  EXPECT_NE(html.find("<span id=\"points-count\">" + std::to_string(latest.size()) + "</span>"), std::string::npos);
  EXPECT_NE(html.find("<option value=\"all\">Every run date"), std::string::npos);
}

TEST_F(PagesTest, handle_page_lists_every_run_of_a_small_store_without_a_note)
{
  // The bundled data fits: every point of the default model, earlier runs included, as the API lists them.
  http::Request request = get("/");
  request.query = {{"runs", "all"}};
  const std::string html = answer(request).body;
  EXPECT_NE(html.find("<option value=\"all\" selected>Every run date"), std::string::npos);
  store::PointFilter pro;
  pro.model = "DeepSeek-V4-Pro";
  const std::vector<domain::BenchmarkPoint> every_run = store->points(pro);
  ASSERT_GT(every_run.size(), store->latest_points(pro).size());
  std::size_t at = 0;
  for (const domain::BenchmarkPoint& point : every_run) {
    // In the store's order.
    at = html.find("<tr data-result-id=\"" + point.result_id + "\">", at);
    EXPECT_NE(at, std::string::npos) << point.result_id;
  }
  EXPECT_NE(html.find("<span id=\"points-count\">" + std::to_string(every_run.size()) + "</span>"), std::string::npos);
  EXPECT_EQ(html.find("id=\"points-note\""), std::string::npos);
}

// Stores `runs` runs of `per_run` points each, one configuration, dated 2026-06-01 onwards.
void
store_runs(store::Store& store, int runs, int per_run)
{
  domain::Dataset dataset;
  dataset.source = "many.csv";
  for (int run = 0; run < runs; ++run) {
    for (int i = 0; i < per_run; ++i) {
      domain::BenchmarkPoint point;
      point.result_id = "many-" + std::to_string(run) + "-" + std::to_string(i);
      point.model = "Many-Model";
      point.hardware = "b200";
      point.framework = "vllm";
      point.precision = "fp8";
      point.workload = "8192/1024";
      point.concurrency = i + 1;
      point.total_allocated_gpus = 8;
      point.interactivity_median = 1000.0 / (i + 1);
      point.per_gpu_tps.total = 10.0 * (i + 1);
      point.date = "2026-06-" + std::string(run < 9 ? "0" : "") + std::to_string(run + 1);
      dataset.points.push_back(point);
    }
  }
  app::prepare_dataset(dataset);
  ASSERT_TRUE(store.ingest(dataset).has_value());
}

TEST_F(PagesTest, handle_page_caps_the_table_at_the_newest_runs_that_fit)
{
  store_runs(*store, 12, 150); // 1,800 points: the latest run and two earlier ones fit in 500 rows
  http::Request request = get("/");
  request.query = {{"model", "Many-Model"}, {"runs", "all"}};
  const std::string html = answer(request).body;
  EXPECT_NE(html.find("<span id=\"points-count\">450</span>"), std::string::npos);
  EXPECT_NE(html.find("<tr data-result-id=\"many-11-0\">"), std::string::npos);
  EXPECT_NE(html.find("<tr data-result-id=\"many-9-149\">"), std::string::npos);
  EXPECT_EQ(html.find("<tr data-result-id=\"many-8-0\">"), std::string::npos);
  // The oldest of the shown runs comes first, as the store lists them.
  EXPECT_LT(html.find("<tr data-result-id=\"many-9-0\">"), html.find("<tr data-result-id=\"many-11-0\">"));
  const auto note = html.find("id=\"points-note\"");
  ASSERT_NE(note, std::string::npos);
  EXPECT_NE(html.find("Showing 450 points: the latest run of each configuration (150 points)", note), std::string::npos);
  EXPECT_NE(html.find("href=\"/api/v1/points?model=Many-Model\"", note), std::string::npos);
  EXPECT_LT(html.rfind("<noscript>", note), note); // the script replaces the table with every point
}

TEST_F(PagesTest, handle_page_cuts_an_oversized_latest_run)
{
  store_runs(*store, 2, 600);
  http::Request request = get("/");
  request.query = {{"model", "Many-Model"}, {"hardware", "b200"}};
  const std::string html = answer(request).body;
  EXPECT_NE(html.find("<span id=\"points-count\">500</span>"), std::string::npos);
  EXPECT_NE(html.find("<tr data-result-id=\"many-1-0\">"), std::string::npos);
  EXPECT_EQ(html.find("<tr data-result-id=\"many-0-0\">"), std::string::npos);
  EXPECT_NE(html.find("Showing 500 of the 600 points of the latest run of each configuration"), std::string::npos);
  EXPECT_NE(html.find("href=\"/api/v1/points?model=Many-Model&amp;hardware=b200&amp;runs=latest\""), std::string::npos);
}

TEST_F(PagesTest, handle_page_escapes_hostile_text)
{
  store_hostile_point();
  const std::string tracker = answer(get("/")).body;
  EXPECT_EQ(tracker.find("<script>alert"), std::string::npos);
  EXPECT_EQ(tracker.find("</script><script>"), std::string::npos);
  EXPECT_NE(tracker.find("&lt;/script&gt;&lt;script&gt;alert(4)"), std::string::npos);
  EXPECT_NE(tracker.find("hostile&lt;b&gt;&quot;1&apos;"), std::string::npos);
  EXPECT_NE(tracker.find("href=\"/points/hostile%3Cb%3E%221%27\""), std::string::npos);

  const http::Response point = answer(get("/points/hostile<b>\"1'"));
  EXPECT_EQ(point.status, 200);
  EXPECT_EQ(point.body.find("<script>alert"), std::string::npos);
  EXPECT_EQ(point.body.find("<img src=x"), std::string::npos);
  EXPECT_NE(point.body.find("&lt;script&gt;alert(3)&lt;/script&gt; &amp; more"), std::string::npos);
  // A script URL is shown as text, never as a link.
  EXPECT_EQ(point.body.find("href=\"javascript:"), std::string::npos);
  EXPECT_NE(point.body.find("javascript:alert(1)"), std::string::npos);
}

TEST_F(PagesTest, handle_page_shows_a_point_with_its_provenance)
{
  const http::Response response = answer(get("/points/444914"));
  EXPECT_EQ(response.status, 200);
  EXPECT_NE(response.body.find("Result 444914"), std::string::npos);
  EXPECT_NE(response.body.find("href=\"https://github.com/SemiAnalysisAI/InferenceX/actions/runs/36425419107/attempts/3\""),
            std::string::npos);
  EXPECT_NE(response.body.find("vllm/vllm-openai:nightly-dev-arm64-cu13.0.1-20ebb28"), std::string::npos);
  EXPECT_NE(response.body.find("precision_note"), std::string::npos);
  EXPECT_NE(response.body.find("/assets/" + std::string(find_asset("style.css")->hashed_name)), std::string::npos);
  // The one script of a point page is its comment section's, loaded from our own hashed asset.
  const std::string comments_script = "<script defer src=\"/assets/" + std::string(find_asset("comments.js")->hashed_name);
  EXPECT_NE(response.body.find(comments_script), std::string::npos);
  EXPECT_EQ(response.body.find("<script", response.body.find(comments_script) + 1), std::string::npos);
  EXPECT_NE(response.body.find("data-subject=\"point:444914\""), std::string::npos);
  // Each measured value says what it measures; labels and empty fields have no unit.
  EXPECT_NE(response.body.find("<th scope=\"row\">tps_per_gpu.total</th><td>38655.26001 <span class=\"unit\">"
                               "tok/s/GPU</span></td>"),
            std::string::npos);
  EXPECT_NE(response.body.find("<th scope=\"row\">interactivity_p90</th><td>104.60251046025104 <span "
                               "class=\"unit\">tok/s/user</span></td>"),
            std::string::npos);
  EXPECT_NE(response.body.find("<th scope=\"row\">cache_hit_rates.gpu</th><td>0.26306 <span class=\"unit\">fraction"),
            std::string::npos);
  EXPECT_NE(response.body.find("<th scope=\"row\">prefill_gpus</th><td>8 <span class=\"unit\">GPUs</span></td>"),
            std::string::npos);
  EXPECT_NE(response.body.find("<th scope=\"row\">hardware</th><td>gb200</td>"), std::string::npos);
  EXPECT_NE(response.body.find("<th scope=\"row\">isl</th><td></td>"), std::string::npos);

  // A published point without a run link leads back to the page it was published on; one user is one user.
  const http::Response published = answer(get("/points/csv-7c0cb68f27fe101a"));
  ASSERT_EQ(published.status, 200);
  EXPECT_NE(published.body.find("<dt>Published at</dt><dd><a href=\"https://inferencex.semianalysis.com/blog/"),
            std::string::npos);
  EXPECT_NE(published.body.find(", 1 concurrent user, dated"), std::string::npos);
  EXPECT_EQ(published.body.find("<code>not given</code>"), std::string::npos);
}

TEST_F(PagesTest, handle_page_answers_404_for_an_unknown_point)
{
  for (const char* path : {"/points/999999999", "/points/", "/points/../../etc/passwd"}) {
    const http::Response response = answer(get(path));
    EXPECT_EQ(response.status, 404) << path;
    EXPECT_EQ(response.content_type, "text/html; charset=utf-8");
    EXPECT_NE(response.body.find("Not found"), std::string::npos);
  }
}

TEST_F(PagesTest, handle_page_serves_assets_by_hashed_name_only)
{
  const WebAsset* app = find_asset("app.js");
  ASSERT_NE(app, nullptr);
  const http::Response response = answer(get("/assets/" + std::string(app->hashed_name)));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(response.cache_control, "public, max-age=31536000, immutable");
  EXPECT_EQ(response.body, app->content);
  EXPECT_FALSE(response.etag.empty());
  EXPECT_NE(response.gzip_body, nullptr);

  EXPECT_EQ(answer(get("/assets/app.js")).status, 404);
  EXPECT_EQ(answer(get("/assets/nope.00000000.js")).status, 404);
  EXPECT_EQ(answer(get("/assets/nope.00000000.js")).cache_control, "no-store");
  EXPECT_EQ(answer(get("/assets/")).status, 404);
}

TEST_F(PagesTest, handle_page_refuses_path_traversal)
{
  // Request paths arrive percent-decoded: "/assets/%2e%2e%2fx" is "/assets/../x" by now, and both forms
  // must miss.
  for (const char* path : {"/assets/../../etc/passwd", "/assets/%2e%2e%2fx", "/assets/../x",
                           "/assets/..%2f..%2fetc%2fpasswd", "/assets//etc/passwd", "/assets/./app.js"}) {
    EXPECT_EQ(answer(get(path)).status, 404) << path;
  }
}

TEST_F(PagesTest, handle_page_refuses_other_methods)
{
  http::Request request = get("/");
  request.method = "POST";
  const http::Response response = answer(request);
  EXPECT_EQ(response.status, 405);
  ASSERT_FALSE(response.headers.empty());
  EXPECT_EQ(response.headers.front().first, "Allow");
}

// A lower bound on the throughput makes the price per million tokens an upper bound, and the table says so.
TEST(PageFormat, a_clamped_value_is_priced_as_at_most)
{
  app::InterpolationRow row;
  row.value.state = domain::InterpolationState::clamped_low;
  row.value.throughput = 85065.9;
  row.efficiency = domain::Efficiency{0.006074, 45489803, 0.02198};
  const auto table = interpolation_table({&row, 1});
  EXPECT_EQ(kainjow::mustache::mustache("{{#rows}}{{cost_per_million}}{{/rows}}").render({"rows", table}),
            "≤ $0.00607");
  row.value.state = domain::InterpolationState::interpolated;
  EXPECT_EQ(kainjow::mustache::mustache("{{#rows}}{{cost_per_million}}{{/rows}}")
              .render({"rows", interpolation_table({&row, 1})}),
            "$0.00607");
}

// A price per million tokens is the CLI's small figure (util::small_figure, tested there) in dollars: $0.001 would
// understate 0.001428.
TEST(PageFormat, format_dollars_writes_the_small_figure_in_dollars)
{
  EXPECT_EQ(format_dollars(0.001428), "$0.00143");
  EXPECT_EQ(format_dollars(658886.4), "$658,886.40");
  EXPECT_EQ(format_dollars(std::numeric_limits<double>::infinity()), "n/a");
}

TEST(PageFormat, format_number_groups_thousands)
{
  EXPECT_EQ(format_number(156095.303, 0), "156,095");
  EXPECT_EQ(format_number(1234567.891, 2), "1,234,567.89");
  EXPECT_EQ(format_number(-0.001, 1), "0.0");
  EXPECT_EQ(format_number(-1234, 0), "-1,234");
  // Halves round away from zero on the shortest decimal, as the page's script (Intl.NumberFormat) rounds them.
  EXPECT_EQ(format_number(198.5, 0), "199");
  EXPECT_EQ(format_number(21.65, 1), "21.7");
  EXPECT_EQ(format_number(-2.5, 0), "-3");
  EXPECT_EQ(format_number(999.96, 1), "1,000.0");
  EXPECT_EQ(format_number(99999.5, 0), "100,000");
  EXPECT_EQ(format_number(0.04, 1), "0.0");
  EXPECT_EQ(format_number(0.05, 1), "0.1");
  EXPECT_EQ(format_number(1e21, 0), "1,000,000,000,000,000,000,000");
  EXPECT_EQ(format_number(3, 2), "3.00");
  EXPECT_EQ(format_number(0.000001, 2), "0.00");
  EXPECT_EQ(format_signed(119065.66, 0), "+119,066");
}

TEST(PageFormat, safe_link_accepts_http_only)
{
  EXPECT_EQ(safe_link(std::string("https://example.org/a")), "https://example.org/a");
  EXPECT_FALSE(safe_link(std::string("javascript:alert(1)")).has_value());
  EXPECT_FALSE(safe_link(std::string("/relative")).has_value());
  EXPECT_FALSE(safe_link(std::string("https://a\" onmouseover=\"x")).has_value());
}

TEST(PageFormat, script_safe_json_cannot_close_the_script_element)
{
  const std::string text = script_safe_json({{"note", "</script><!-- & \u2028"}});
  EXPECT_EQ(text.find('<'), std::string::npos);
  EXPECT_EQ(text.find('>'), std::string::npos);
  EXPECT_EQ(text.find('&'), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(text)["note"], "</script><!-- & \u2028");
}

TEST(PageFormat, percent_encode_segment_keeps_ids_in_one_segment)
{
  EXPECT_EQ(percent_encode_segment("444914"), "444914");
  EXPECT_EQ(percent_encode_segment("a/b?c#d"), "a%2Fb%3Fc%23d");
  EXPECT_EQ(percent_encode_segment(".."), "%2E%2E");
}

}  // namespace
}  // namespace infertrack::server::pages

// The server's answers read only the latest run of each configuration (Store::latest_points) where they
// used to read every point and keep the latest run in C++: these tests check, on the bundled data plus
// several runs per configuration, that the answers are the ones every point gives.
#include "api_route_test_support.hpp"
#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/app/tracker_database.hpp"
#include "infertrack/domain/config_group.hpp"
#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/server/api/api_routes.hpp"
#include "infertrack/server/api/benchmark_rows.hpp"
#include "infertrack/server/api/query_params.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <set>

namespace infertrack::server {
namespace {

using domain::BenchmarkPoint;

// Three configurations of one model, run on several dates each with a concurrency ladder; one newest run
// measured fewer concurrencies than the run before it.
domain::Dataset
several_runs()
{
  domain::Dataset dataset;
  dataset.source = "runs.csv";
  const std::vector<std::pair<std::string, std::vector<std::string>>> configurations = {
    {"vllm", {"2026-06-01", "2026-06-05", "2026-06-20"}},
    {"sglang", {"2026-06-03", "2026-06-05"}},
    {"trt", {"2026-06-10"}},
  };
  int id = 0;
  for (const auto& [framework, dates] : configurations) {
    for (std::size_t d = 0; d < dates.size(); ++d) {
      const int rungs = d + 1 == dates.size() && framework == "vllm" ? 3 : 6;
      for (int rung = 0; rung < rungs; ++rung) {
        BenchmarkPoint point;
        point.result_id = "run-" + std::to_string(id++);
        point.model = "Runs-Model";
        point.hardware = "gb200";
        point.framework = framework;
        point.precision = "fp4";
        point.workload = "8192/1024";
        point.concurrency = std::int64_t{1} << rung;
        point.total_allocated_gpus = 8;
        const double speedup = 1.0 + 0.2 * static_cast<double>(d);
        point.interactivity_median = 200.0 / static_cast<double>(point.concurrency) * speedup;
        point.per_gpu_tps.total = 50.0 * static_cast<double>(point.concurrency) * speedup;
        point.date = dates[d];
        dataset.points.push_back(point);
      }
    }
  }
  return dataset;
}

class LatestRuns : public testing::Test
{
protected:
  void SetUp() override
  {
    domain::Dataset dataset = several_runs();
    app::prepare_dataset(dataset);
    ASSERT_TRUE(store->ingest(dataset).has_value());
  }

  // The interpolation as it was computed before: curves built from every point the filter selects.
  std::vector<domain::PerformanceCurve> curves_from_every_point(const app::InterpolationQuery& query)
  {
    return domain::build_curves(store->points(query.filter), query.curve);
  }

  nlohmann::json get_json(const std::string& path, test_support::Query query)
  {
    return test_support::api_get_json(*store, path, std::move(query));
  }

  test_engine::TestDatabase database;
  std::unique_ptr<store::Store> store = app::open_tracker(database.locator());
};

TEST_F(LatestRuns, interpolation_equals_the_curves_of_every_point)
{
  std::vector<app::InterpolationQuery> queries;
  for (const char* model : {"Runs-Model", "DeepSeek-V4-Pro", "DeepSeek-V4.1-Flash"}) {
    for (const std::optional<std::string>& as_of :
         {std::optional<std::string>(), std::optional<std::string>("2026-05-03"),
          std::optional<std::string>("2026-06-05"), std::optional<std::string>("2026-06-19")}) {
      for (const double target : {1.0, 20.0, 100.0}) {
        app::InterpolationQuery query;
        query.filter.model = model;
        query.filter.as_of = as_of;
        query.target = target;
        queries.push_back(query);
      }
    }
  }
  app::InterpolationQuery exact;
  exact.filter.model = "Runs-Model";
  exact.filter.date = "2026-06-05";
  queries.push_back(exact);
  app::InterpolationQuery curve_dates;
  curve_dates.filter.model = "Runs-Model";
  curve_dates.curve.as_of = "2026-06-04";
  curve_dates.curve.basis = domain::InteractivityBasis::median_tpot;
  queries.push_back(curve_dates);
  app::InterpolationQuery curve_exact;
  curve_exact.curve.date = "2026-06-05";
  queries.push_back(curve_exact);
  app::InterpolationQuery conflicting = exact;
  conflicting.curve.date = "2026-06-01";
  queries.push_back(conflicting);

  std::size_t rows_seen = 0;
  for (const app::InterpolationQuery& query : queries) {
    const std::vector<domain::PerformanceCurve> expected = curves_from_every_point(query);
    const std::vector<app::InterpolationRow> rows = app::interpolate(*store, query);
    ASSERT_EQ(rows.size(), expected.size()) << query.filter.model.value_or("any");
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const domain::PerformanceCurve& curve = rows[i].curve;
      EXPECT_EQ(curve.group, expected[i].group);
      EXPECT_EQ(curve.basis, expected[i].basis);
      EXPECT_EQ(curve.frontier, expected[i].frontier);
      EXPECT_EQ(curve.off_frontier_result_ids, expected[i].off_frontier_result_ids);
      EXPECT_EQ(curve.skipped_result_ids, expected[i].skipped_result_ids);
      const domain::InterpolatedThroughput value = domain::interpolate_curve(expected[i], query.target);
      EXPECT_EQ(rows[i].value.state, value.state);
      EXPECT_EQ(rows[i].value.throughput, value.throughput);
      EXPECT_EQ(rows[i].value.lower_result_id, value.lower_result_id);
      EXPECT_EQ(rows[i].value.upper_result_id, value.upper_result_id);
      ++rows_seen;
    }
  }
  EXPECT_GT(rows_seen, 30);
}

TEST_F(LatestRuns, headline_comparisons_equal_those_over_every_point)
{
  const std::vector<domain::HeadlineComparison> expected =
    domain::compare_headlines(store->headlines(), store->points({}));
  const std::vector<domain::HeadlineComparison> computed = app::headline_comparisons(*store);
  ASSERT_EQ(computed.size(), expected.size());
  ASSERT_FALSE(computed.empty());
  for (std::size_t i = 0; i < computed.size(); ++i) {
    EXPECT_EQ(computed[i].published, expected[i].published);
    EXPECT_EQ(computed[i].curve_label, expected[i].curve_label);
    EXPECT_EQ(computed[i].computed.state, expected[i].computed.state);
    EXPECT_EQ(computed[i].computed.throughput, expected[i].computed.throughput);
    EXPECT_EQ(computed[i].difference, expected[i].difference);
  }
}

TEST_F(LatestRuns, benchmarks_list_the_latest_run_of_each_configuration)
{
  const nlohmann::json rows = get_json("/api/v1/benchmarks", {{"model", "Runs-Model"}});
  std::map<std::string, std::set<std::string>> dates;
  for (const nlohmann::json& row : rows) {
    dates[row["framework"]].insert(row["date"]);
  }
  ASSERT_EQ(dates.size(), 3);
  EXPECT_EQ(dates["vllm"], std::set<std::string>{"2026-06-20"});
  EXPECT_EQ(dates["sglang"], std::set<std::string>{"2026-06-05"});
  EXPECT_EQ(dates["trt"], std::set<std::string>{"2026-06-10"});
  EXPECT_EQ(rows.size(), 3 + 6 + 6);

  const nlohmann::json as_of = get_json("/api/v1/benchmarks", {{"model", "Runs-Model"}, {"date", "2026-06-04"}});
  ASSERT_EQ(as_of.size(), 12);
  for (const nlohmann::json& row : as_of) {
    EXPECT_EQ(row["date"], row["framework"] == "vllm" ? "2026-06-01" : "2026-06-03");
  }
}

TEST_F(LatestRuns, frontier_draws_the_latest_run_or_the_run_of_a_date)
{
  const nlohmann::json latest = get_json("/api/v1/frontier", {{"model", "Runs-Model"}});
  std::map<std::string, std::string> run_dates;
  for (const nlohmann::json& curve : latest["curves"]) {
    run_dates[curve["framework"]] = curve["run_date"];
  }
  EXPECT_EQ(run_dates, (std::map<std::string, std::string>{
                         {"sglang", "2026-06-05"}, {"trt", "2026-06-10"}, {"vllm", "2026-06-20"}}));
  // The page's "every run date" mode: one request per date, each the runs of that date.
  const nlohmann::json dated = get_json("/api/v1/frontier", {{"model", "Runs-Model"}, {"date", "2026-06-05"}});
  ASSERT_EQ(dated["curves"].size(), 2);
  for (const nlohmann::json& curve : dated["curves"]) {
    EXPECT_EQ(curve["run_date"], "2026-06-05");
    EXPECT_EQ(curve["points"].size(), 6);
  }
}

// Every point one route lists, following its "next" cursor from page to page.
std::vector<std::string>
paged_ids(store::Store& store, std::vector<std::pair<std::string, std::string>> query, std::size_t& pages)
{
  std::vector<std::string> ids;
  pages = 0;
  std::optional<std::string> after;
  do {
    http::Request request;
    request.method = "GET";
    request.path = "/api/v1/points";
    request.target = request.path;
    request.query = query;
    if (after) {
      request.query.emplace_back("after", *after);
    }
    const http::Response response = test_support::documented_api(request, store).value_or(http::Response{});
    EXPECT_EQ(response.status, 200) << response.body;
    if (response.status != 200) {
      break;
    }
    const nlohmann::json page = nlohmann::json::parse(response.body);
    for (const nlohmann::json& point : page["points"]) {
      ids.push_back(point["result_id"]);
    }
    after = page["next"].is_null() ? std::nullopt : std::optional<std::string>(page["next"]);
    ++pages;
  } while (after && pages < 1000);
  return ids;
}

std::vector<std::string>
ids_of(const std::vector<BenchmarkPoint>& points)
{
  std::vector<std::string> ids;
  for (const BenchmarkPoint& point : points) {
    ids.push_back(point.result_id);
  }
  return ids;
}

TEST_F(LatestRuns, points_pages_list_every_point_once_in_listing_order)
{
  // One page holds what every point at once gives, byte for byte, when it fits; small pages followed by
  // their cursors add up to the same points, and runs=latest to the latest runs.
  const std::vector<std::vector<std::pair<std::string, std::string>>> queries = {
    {}, {{"model", "Runs-Model"}}, {{"model", "dsv4"}}, {{"hardware", "gb200"}}, {{"as_of", "2026-06-04"}},
    {{"model", "Runs-Model"}, {"date", "2026-06-05"}}, {{"model", "Runs-Model"}, {"framework", "dynamo-vllm"}},
  };
  for (const auto& query : queries) {
    http::Request request;
    request.method = "GET";
    request.path = "/api/v1/points";
    request.target = request.path;
    request.query = query;
    const http::Response response = test_support::documented_api(request, *store).value_or(http::Response{});
    ASSERT_EQ(response.status, 200) << response.body;
    EXPECT_EQ(response.route, "/api/v1/points");
    EXPECT_EQ(response.cache_control, "no-cache");
    EXPECT_EQ(response.content_type.rfind("application/json", 0), 0u);

    const store::PointFilter filter = api::QueryParams(request).filter().value();
    const std::vector<BenchmarkPoint> every_point = store->points(filter);
    ASSERT_LT(every_point.size(), 1000u);
    // Each point with its findings (the bundled GB200 points have some), as the point route gives them.
    nlohmann::json every = nlohmann::json::array();
    for (const BenchmarkPoint& point : every_point) {
      every.push_back(app::point_detail_json(point, store->findings(point.result_id)));
    }
    const std::string summary = app::filter_summary(filter);
    EXPECT_EQ(nlohmann::json::parse(response.body),
              nlohmann::json({{"points", every}, {"next", nullptr}, {"limit", 1000}, {"filter_summary", summary}}))
      << request.query.size();
    if (request.query.empty()) {
      EXPECT_NE(response.body.find("\"findings\":[{"), std::string::npos) << "no point of the listing has a finding";
    }
    EXPECT_EQ(response.body, "{\"points\":" + every.dump() + ",\"next\":null,\"limit\":1000,\"filter_summary\":" +
                               nlohmann::json(summary).dump() + "}");

    for (const std::string limit : {"1", "2", "5"}) {
      auto small = query;
      small.emplace_back("limit", limit);
      std::size_t pages = 0;
      EXPECT_EQ(paged_ids(*store, small, pages), ids_of(every_point)) << limit;
      const std::size_t per_page = std::stoul(limit);
      EXPECT_EQ(pages, std::max<std::size_t>(1, (every_point.size() + per_page - 1) / per_page)) << limit;

      small.emplace_back("runs", "latest");
      EXPECT_EQ(paged_ids(*store, small, pages), ids_of(store->latest_points(filter))) << limit;
    }

    request.path = "/api/v1/availability";
    request.target = request.path;
    const http::Response availability = test_support::documented_api(request, *store).value_or(http::Response{});
    ASSERT_EQ(availability.status, 200) << availability.body;
    // One row per run of the points the filter matches (each configuration and date), in listing order.
    const std::set<domain::ConfigGroupKey> runs_of_points = [&] {
      std::set<domain::ConfigGroupKey> runs;
      for (const BenchmarkPoint& point : every_point) {
        runs.insert(domain::config_group_of(point));
      }
      return runs;
    }();
    const std::vector<domain::ConfigGroupKey> runs(runs_of_points.begin(), runs_of_points.end());
    EXPECT_EQ(availability.body, api::availability_rows(runs).dump());
    EXPECT_EQ(nlohmann::json::parse(availability.body).size(), runs.size()) << "no two workloads share a sequence";
  }
}

TEST_F(LatestRuns, points_pages_keep_their_place_while_points_arrive)
{
  // The cursor is a point's place in listing order, not a count: a point ingested before it moves no page.
  std::size_t pages = 0;
  const std::vector<std::string> before = paged_ids(*store, {{"model", "Runs-Model"}, {"limit", "4"}}, pages);
  const nlohmann::json first = get_json("/api/v1/points", {{"model", "Runs-Model"}, {"limit", "4"}});
  domain::Dataset early;
  early.source = "early.csv";
  BenchmarkPoint point = store->points({}).front();
  point.result_id = "early-1";
  point.framework = "aaa-first";
  point.model = "Runs-Model";
  early.points.push_back(point);
  app::prepare_dataset(early);
  ASSERT_TRUE(store->ingest(early).has_value());
  const nlohmann::json second =
    get_json("/api/v1/points", {{"model", "Runs-Model"}, {"limit", "4"}, {"after", first["next"].get<std::string>()}});
  EXPECT_EQ(second["points"][0]["result_id"], before.at(4));
}

}  // namespace
}  // namespace infertrack::server

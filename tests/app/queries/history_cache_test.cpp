// History with kept run frontiers: the same rows as reading every point, for any target, filter and as-of
// date, and never rows of data that has changed since.
#include "infertrack/app/queries/history_cache.hpp"

#include "infertrack/app/queries/history_json.hpp"
#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/app/ingest/ingest.hpp"
#include "infertrack/app/tracker_database.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace infertrack::app {
namespace {

// Copies of bundled point 444914 spread over three hardware keys, two workloads and eight run dates, with
// runs of one to six points whose interactivities repeat (ties), some without P90.
domain::Dataset
varied_dataset(const domain::BenchmarkPoint& base)
{
  std::mt19937 random(20261130);
  std::uniform_int_distribution<int> run_size(1, 6);
  std::uniform_int_distribution<int> rung(0, 5);
  std::uniform_real_distribution<double> noise(0.7, 1.3);
  const std::vector<std::string> dates = {"2026-04-24", "2026-04-30", "2026-05-07", "2026-05-20",
                                          "2026-06-11", "2026-07-01", "2026-08-15", "2026-10-02"};
  domain::Dataset dataset;
  dataset.source = "varied.json";
  int id = 0;
  for (const std::string hardware : {"mi355x", "b200", "h200"}) {
    for (const bool agentic : {true, false}) {
      for (const std::string& date : dates) {
        const int size = run_size(random);
        for (int k = 0; k < size; ++k) {
          domain::BenchmarkPoint point = base;
          point.result_id = "varied-" + std::to_string(id++);
          point.hardware = hardware;
          point.date = date;
          point.run_url = "https://example.test/runs/" + hardware + "/" + date;
          point.concurrency = 1 << k;
          point.workload = agentic ? "agentic" : "8192/1024";
          if (!agentic) {
            point.isl = 8192;
            point.osl = 1024;
          }
          const double x = 2.5 * (1 + rung(random)) * (1 + 0.2 * static_cast<double>(&date - dates.data()));
          point.interactivity_median = x * 1.2;
          point.interactivity_p90 = (agentic || k % 3 != 0) ? std::optional<double>(x) : std::nullopt;
          const double gpus = static_cast<double>(point.total_allocated_gpus);
          point.per_gpu_tps = {2000 / x * noise(random), 300 / x * noise(random), 2300 / x * noise(random)};
          point.absolute_tps = {*point.per_gpu_tps.input * gpus, *point.per_gpu_tps.output * gpus,
                                *point.per_gpu_tps.total * gpus};
          dataset.points.push_back(std::move(point));
        }
      }
    }
  }
  prepare_dataset(dataset);
  return dataset;
}

class HistoryWithCache : public testing::Test
{
protected:
  void SetUp() override
  {
    const std::optional<domain::BenchmarkPoint> base = store->point("444914");
    ASSERT_TRUE(base.has_value());
    ASSERT_TRUE(store->ingest(varied_dataset(*base)).has_value());
  }

  static std::string json_of(const HistoryQuery& query, const HistoryAnswer& answer)
  {
    return history_json(query, answer);
  }

  test::TempDir dir;
  std::unique_ptr<store::Store> store = open_tracker(dir.file("history.db"));
  HistoryCache cache;
};

TEST_F(HistoryWithCache, gives_the_rows_of_every_point_for_any_target_filter_and_as_of)
{
  for (const std::optional<std::string>& as_of : {std::optional<std::string>{}, std::optional<std::string>("2026-04-23"),
                                                  std::optional<std::string>("2026-05-20"),
                                                  std::optional<std::string>("2026-09-01")}) {
    for (const std::optional<std::string>& hardware : {std::optional<std::string>{}, std::optional<std::string>("b200")}) {
      for (const auto basis : {std::optional<domain::InteractivityBasis>{},
                               std::optional(domain::InteractivityBasis::median_tpot)}) {
        for (const double target : {0.5, 2.5, 7.0, 12.5, 30.0, 100.0}) {
          HistoryQuery query;
          query.filter.model = "DeepSeek-V4-Pro";
          query.filter.hardware = hardware;
          query.filter.as_of = as_of;
          query.options.target = target;
          query.options.basis = basis;
          query.options.metric = target > 10 ? domain::ThroughputMetric::output : domain::ThroughputMetric::total;
          query.from = "2026-04-30";
          query.to = "2026-08-15";
          SCOPED_TRACE(as_of.value_or("latest") + " " + hardware.value_or("any") + " at " + std::to_string(target));
          const HistoryAnswer cached = history(*store, query, cache);
          const HistoryAnswer uncached = history(*store, query);
          EXPECT_EQ(json_of(query, cached), json_of(query, uncached));
          // And what build_history makes of every selected point at once, the way history was first built.
          HistoryAnswer whole;
          for (domain::HistorySeries& series : domain::build_history(store->points(query.filter), query.options)) {
            auto between = domain::improvement_between(series, *query.from, *query.to);
            whole.rows.push_back({std::move(series), std::move(between)});
          }
          whole.configurations = whole.rows.size();
          EXPECT_EQ(json_of(query, cached), json_of(query, whole));
          EXPECT_FALSE(cached.rows.empty() && !as_of);
        }
      }
    }
  }
}

TEST_F(HistoryWithCache, a_new_target_reuses_the_frontiers_of_the_same_query)
{
  HistoryQuery query;
  query.filter.model = "DeepSeek-V4-Pro";
  query.options.target = 5;
  const HistoryAnswer first = history(*store, query, cache);
  ASSERT_EQ(cache.entries(), 1u);
  const std::size_t bytes = cache.size_bytes();
  EXPECT_GT(bytes, 0u);
  query.options.target = 9;
  query.options.launch_date = "2026-05-01";
  const HistoryAnswer second = history(*store, query, cache);
  EXPECT_EQ(cache.entries(), 1u);
  EXPECT_EQ(cache.size_bytes(), bytes);
  EXPECT_EQ(json_of(query, second), json_of(query, history(*store, query)));
  query.filter.as_of = "2026-06-01"; // other runs: other frontiers
  history(*store, query, cache);
  EXPECT_EQ(cache.entries(), 2u);
}

TEST_F(HistoryWithCache, an_ingest_elsewhere_is_seen_at_once)
{
  HistoryQuery query;
  query.filter.model = "DeepSeek-V4-Pro";
  query.filter.hardware = "h200";
  query.options.target = 10;
  const std::string before = json_of(query, history(*store, query, cache));

  // A faster point on the latest h200 agentic run, stored through another connection as `infertrack ingest`
  // would while the server runs.
  auto other = open_tracker(dir.file("history.db"));
  std::optional<domain::BenchmarkPoint> point = other->point("444914");
  ASSERT_TRUE(point.has_value());
  point->result_id = "varied-late";
  point->hardware = "h200";
  point->date = "2026-10-02";
  point->run_url = "https://example.test/runs/h200/2026-10-02";
  point->interactivity_p90 = 500;
  point->interactivity_median = 600;
  domain::Dataset dataset;
  dataset.source = "later.json";
  dataset.points.push_back(*point);
  prepare_dataset(dataset);
  ASSERT_TRUE(other->ingest(dataset).has_value());

  const std::string after = json_of(query, history(*store, query, cache));
  EXPECT_NE(after, before);
  EXPECT_EQ(after, json_of(query, history(*store, query)));
  EXPECT_EQ(cache.entries(), 1u); // the old data's frontiers are gone
}

TEST(HistoryCache, keeps_one_set_per_query_and_data_version_within_its_budget)
{
  int builds = 0;
  const auto build = [&builds] {
    ++builds;
    return domain::HistoryFrontiers(std::nullopt, domain::ThroughputMetric::total);
  };
  const std::size_t one = domain::HistoryFrontiers(std::nullopt, domain::ThroughputMetric::total).size_bytes();
  HistoryCache cache(3 * (one + 400)); // three sets: each also pays its key and ~256 B of bookkeeping
  store::PointFilter a;
  a.model = "A";
  store::PointFilter b;
  b.model = "B";
  cache.frontiers(a, std::nullopt, domain::ThroughputMetric::total, 1, build);
  cache.frontiers(a, std::nullopt, domain::ThroughputMetric::total, 1, build);
  EXPECT_EQ(builds, 1);
  cache.frontiers(a, domain::InteractivityBasis::p90_itl, domain::ThroughputMetric::total, 1, build);
  cache.frontiers(a, std::nullopt, domain::ThroughputMetric::output, 1, build);
  cache.frontiers(b, std::nullopt, domain::ThroughputMetric::total, 1, build);
  EXPECT_EQ(builds, 4);
  EXPECT_LE(cache.size_bytes(), cache.budget_bytes());
  EXPECT_EQ(cache.entries(), 3u); // the least recently used (a, auto, total) made room
  cache.frontiers(b, std::nullopt, domain::ThroughputMetric::total, 1, build);
  EXPECT_EQ(builds, 4);
  cache.frontiers(b, std::nullopt, domain::ThroughputMetric::total, 2, build); // the data changed
  EXPECT_EQ(builds, 5);
  EXPECT_EQ(cache.entries(), 1u);

  HistoryCache tiny(16);
  const auto frontiers = tiny.frontiers(a, std::nullopt, domain::ThroughputMetric::total, 1, build);
  EXPECT_NE(frontiers, nullptr); // answered, not kept
  EXPECT_EQ(tiny.entries(), 0u);
  EXPECT_EQ(tiny.size_bytes(), 0u);
}

}  // namespace
}  // namespace infertrack::app

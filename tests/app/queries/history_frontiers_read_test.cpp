// app::history_frontiers reads the few columns of a history from a real SQLite store, in table order: the
// same series as build_history of every whole point the filter selects, in listing order.
#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/domain/history.hpp"
#include "infertrack/domain/history_frontiers.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"
#include "support/history_expectations.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace infertrack::app {
namespace {

using domain::BenchmarkPoint;

// Four models x two GPUs x two engines, aggregated and disaggregated, on six run dates (not every
// configuration on every date), runs of one to five points with repeated values (ties, and identical points
// whose result ids run against their concurrencies), some without P90 or a run link, two links in some runs.
// Ingested shuffled, so that the table's order is no listing order.
std::vector<BenchmarkPoint>
varied_points()
{
  std::mt19937 random(20261201);
  std::uniform_int_distribution<int> chance(0, 99);
  std::uniform_int_distribution<int> run_size(1, 5);
  std::uniform_int_distribution<int> rung(1, 6);
  const std::vector<std::string> dates = {"2026-04-24", "2026-04-30", "2026-05-07",
                                          "2026-06-11", "2026-08-15", "2026-10-02"};
  std::vector<BenchmarkPoint> points;
  int id = 100000;
  for (const char* model : {"DeepSeek-V4-Pro", "DeepSeek-V4.1-Flash", "DeepSeek-R1", "Kimi-K2"}) {
    for (const char* hardware : {"gb200", "mi355x"}) {
      for (const char* framework : {"sglang", "dynamo-vllm"}) {
        for (const bool disaggregated : {false, true}) {
          for (const std::string& date : dates) {
            if (chance(random) < 25) {
              continue; // not run that day
            }
            const int size = run_size(random);
            for (int k = 0; k < size; ++k) {
              BenchmarkPoint p;
              p.result_id = std::to_string(id--); // ids fall as concurrency rises
              p.model = model;
              p.hardware = hardware;
              p.framework = framework;
              p.precision = "fp4";
              p.disaggregated = disaggregated;
              p.workload = disaggregated ? "agentic" : "8192/1024";
              p.date = date;
              p.concurrency = 4 << k;
              p.total_allocated_gpus = 8;
              const double x = 10.0 * rung(random);
              p.interactivity_median = x * 1.25;
              if (disaggregated || chance(random) < 70) {
                p.interactivity_p90 = x;
              }
              p.per_gpu_tps = {5000 / x, 900 / x + chance(random), 5900 / x};
              if (k > 0 && chance(random) < 30) {
                const BenchmarkPoint& previous = points.back();
                p.interactivity_median = previous.interactivity_median; // identical to the previous point
                p.interactivity_p90 = previous.interactivity_p90;
                p.per_gpu_tps = previous.per_gpu_tps;
              }
              if (chance(random) >= 10) {
                p.run_url = "https://example.test/runs/" + std::string(model) + "/" + date +
                            (chance(random) < 15 ? "/retry" : "");
              }
              points.push_back(std::move(p));
            }
          }
        }
      }
    }
  }
  std::shuffle(points.begin(), points.end(), random);
  return points;
}

class HistoryFrontiersRead : public testing::Test
{
protected:
  void SetUp() override
  {
    domain::Dataset dataset;
    dataset.source = "varied.json";
    dataset.points = varied_points();
    ASSERT_TRUE(store->ingest(dataset).has_value());
  }

  test::TempDir dir;
  std::unique_ptr<store::Store> store = store::sqlite::open_store(dir.file("history.db"));
};

TEST_F(HistoryFrontiersRead, GivesTheSeriesOfBuildHistoryOverTheListedPoints)
{
  std::vector<store::PointFilter> filters(7);
  filters[1].model = "DeepSeek-V4.1-Flash";
  filters[2].hardware = "mi355x";
  filters[2].disaggregated = false;
  filters[3].as_of = "2026-05-07";
  filters[4].model = "Kimi-K2";
  filters[4].as_of = "2026-06-30";
  filters[5].date = "2026-08-15";
  filters[6].model = "Llama-3"; // nothing
  std::size_t series = 0;
  for (std::size_t f = 0; f < filters.size(); ++f) {
    for (const auto basis : {std::optional<domain::InteractivityBasis>{},
                             std::optional(domain::InteractivityBasis::median_tpot)}) {
      for (const domain::ThroughputMetric metric : {domain::ThroughputMetric::total, domain::ThroughputMetric::output}) {
        for (const double target : {5.0, 12.5, 31.0, 80.0}) {
          SCOPED_TRACE("filter " + std::to_string(f) + " at " + std::to_string(target));
          HistoryQuery query;
          query.filter = filters[f];
          query.options.target = target;
          query.options.basis = basis;
          query.options.metric = metric;
          const std::vector<domain::HistorySeries> read =
            domain::read_history(history_frontiers(*store, query), query.options);
          test::expect_same_history(read, domain::build_history(store->points(query.filter), query.options));
          series += read.size();
        }
      }
    }
  }
  EXPECT_GT(series, 0u);
}

}  // namespace
}  // namespace infertrack::app

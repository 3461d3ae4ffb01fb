// Performance over time at the scale: 1,000 configurations x 200 run dates (target: under 50 ms per
// request). build_history over the points in memory (store order and shuffled); the two halves it is made of
// (the target-free run frontiers, and reading them at a target); and a request through the app and the API
// route on a SQLite database of the same shape: the first one, which reads the history's columns of every
// point and keeps the frontiers (and, for comparison, the older read of every point whole), and later ones
// with a new target. Inputs come from fixed seeds. The database is generated once
// (about a minute) at $INFERTRACK_HISTORY_BENCH_DB, default /tmp/infertrack-history-bench.db.
#include "infertrack/app/queries/history_cache.hpp"
#include "infertrack/app/queries/history_json.hpp"
#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/app/queries/measured_runs.hpp"
#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/history.hpp"
#include "infertrack/domain/history_frontiers.hpp"
#include "infertrack/server/api/api_routes.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"
#include "synthetic_points.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using infertrack::domain::BenchmarkPoint;
using infertrack::domain::HistorySeries;

constexpr std::uint32_t k_seed = 20261129;
constexpr std::size_t k_configurations = 1000;
constexpr std::size_t k_dates = 200;
constexpr std::size_t k_points_per_run = 4; // a short concurrency ladder per run

// "2026-04-25" plus `days` (all within 2026-04-25 .. 2026-11-10).
std::string
run_date(std::size_t days)
{
  constexpr std::array<int, 8> k_month_days = {30, 31, 30, 31, 31, 30, 31, 30}; // April .. November
  int month = 4;
  int day = 25 + static_cast<int>(days);
  while (day > k_month_days[static_cast<std::size_t>(month - 4)]) {
    day -= k_month_days[static_cast<std::size_t>(month - 4)];
    ++month;
  }
  return "2026-" + std::string(month < 10 ? "0" : "") + std::to_string(month) + "-" + (day < 10 ? "0" : "")
         + std::to_string(day);
}

// 1,000 distinct configurations (4 models x 5 GPUs x 5 engines x 2 precisions x 5 spec methods), each run on
// 200 dates with a ladder whose interactivity rises over the dates, ordered as the store returns them.
std::vector<BenchmarkPoint>
make_points()
{
  const std::array<const char*, 4> models{"DeepSeek-V4-Pro", "DeepSeek-V4.1-Flash", "DeepSeek-R1", "Kimi-K2"};
  const std::array<const char*, 5> hardware{"gb200", "gb300", "b200", "h200", "mi355x"};
  const std::array<const char*, 5> frameworks{"vllm", "sglang", "trt", "dynamo-vllm", "dynamo-trt"};
  const std::array<const char*, 2> precisions{"fp4", "fp8"};
  const std::array<const char*, 5> spec_methods{"none", "mtp", "draft_model", "eagle", "ngram"};
  std::vector<std::string> dates;
  for (std::size_t d = 0; d < k_dates; ++d) {
    dates.push_back(run_date(d));
  }
  std::mt19937 random(k_seed);
  std::uniform_real_distribution<double> noise(0.8, 1.2);
  std::vector<BenchmarkPoint> points;
  points.reserve(k_configurations * k_dates * k_points_per_run);
  std::size_t id = 0;
  for (std::size_t g = 0; g < k_configurations; ++g) {
    BenchmarkPoint point;
    point.model = models[g % 4];
    point.hardware = hardware[(g / 4) % 5];
    point.framework = frameworks[(g / 20) % 5];
    point.precision = precisions[(g / 100) % 2];
    point.spec_method = spec_methods[(g / 200) % 5];
    point.workload = "8192/1024";
    point.total_allocated_gpus = 8;
    for (std::size_t d = 0; d < k_dates; ++d) {
      point.date = dates[d];
      point.run_url = "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/" + std::to_string(g * k_dates + d);
      const double speedup = 1.0 + 0.05 * static_cast<double>(d);
      for (std::size_t k = 0; k < k_points_per_run; ++k) {
        point.result_id = std::to_string(++id);
        const double x = speedup * 40.0 / static_cast<double>(1 << k) * noise(random);
        point.interactivity_median = x;
        point.per_gpu_tps.total = 2.0e5 / x * noise(random);
        points.push_back(point);
      }
    }
  }
  return points;
}

const std::vector<BenchmarkPoint>&
store_ordered_points()
{
  static const std::vector<BenchmarkPoint> points = make_points();
  return points;
}

void
run_history(benchmark::State& state, const std::vector<BenchmarkPoint>& points)
{
  infertrack::domain::HistoryOptions options;
  options.target = 25;
  std::size_t series = 0;
  for (auto _ : state) {
    const std::vector<HistorySeries> history = infertrack::domain::build_history(points, options);
    series = history.size();
    benchmark::DoNotOptimize(history.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * points.size()));
  state.counters["series"] = static_cast<double>(series);
  state.counters["runs"] = static_cast<double>(k_configurations * k_dates);
  state.counters["points"] = static_cast<double>(points.size());
}

void
history_store_order(benchmark::State& state)
{
  run_history(state, store_ordered_points());
}
BENCHMARK(history_store_order)->Unit(benchmark::kMillisecond);

void
history_shuffled(benchmark::State& state)
{
  static const std::vector<BenchmarkPoint> points = [] {
    std::vector<BenchmarkPoint> shuffled = store_ordered_points();
    std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(k_seed));
    return shuffled;
  }();
  run_history(state, points);
}
BENCHMARK(history_shuffled)->Unit(benchmark::kMillisecond);

// Targets that change every iteration, so that nothing target-dependent can be reused: 20.0 .. 69.5.
double
target_of(std::int64_t iteration)
{
  return 20.0 + 0.5 * static_cast<double>(iteration % 100);
}

// The target-free half: each run's frontier, from the points in store order.
void
history_frontiers_build(benchmark::State& state)
{
  const std::vector<BenchmarkPoint>& points = store_ordered_points();
  std::size_t bytes = 0;
  for (auto _ : state) {
    infertrack::domain::HistoryFrontiers frontiers(std::nullopt, infertrack::domain::ThroughputMetric::total);
    frontiers.add(points);
    bytes = frontiers.size_bytes();
    benchmark::DoNotOptimize(bytes);
  }
  state.counters["frontier_MB"] = static_cast<double>(bytes) / 1e6;
}
BENCHMARK(history_frontiers_build)->Unit(benchmark::kMillisecond);

// The other half, what a request with a new target costs once the frontiers are kept: 200,000 spline values.
void
history_read_new_target(benchmark::State& state)
{
  infertrack::domain::HistoryFrontiers frontiers(std::nullopt, infertrack::domain::ThroughputMetric::total);
  frontiers.add(store_ordered_points());
  frontiers.shrink_to_fit();
  infertrack::domain::HistoryOptions options;
  std::int64_t iteration = 0;
  for (auto _ : state) {
    options.target = target_of(iteration++);
    const std::vector<HistorySeries> history = infertrack::domain::read_history(frontiers, options);
    benchmark::DoNotOptimize(history.data());
  }
  state.counters["frontier_MB"] = static_cast<double>(frontiers.size_bytes()) / 1e6;
}
BENCHMARK(history_read_new_target)->Unit(benchmark::kMillisecond);

// synthetic_points' label lists give 1,000 groups only 342 distinct configurations; each group here gets
// its own (4 models x 5 GPUs x 5 engines x 2 precisions x 5 spec methods), the rest of each point as made.
std::vector<BenchmarkPoint>
database_points()
{
  const std::array<const char*, 4> models{"DeepSeek-V4-Pro", "DeepSeek-V4.1-Flash", "DeepSeek-R1", "Kimi-K2"};
  const std::array<const char*, 5> hardware{"gb200", "gb300", "b200", "h200", "mi355x"};
  const std::array<const char*, 5> frameworks{"vllm", "sglang", "trt", "dynamo-vllm", "dynamo-trt"};
  const std::array<const char*, 2> precisions{"fp4", "fp8"};
  const std::array<const char*, 5> spec_methods{"none", "mtp", "draft_model", "eagle", "ngram"};
  std::vector<BenchmarkPoint> points =
    infertrack::bench::synthetic_points({k_configurations * k_dates * k_points_per_run, k_configurations, k_dates});
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::size_t g = i % k_configurations; // synthetic_points' group of point i
    points[i].model = models[g % 4];
    points[i].hardware = hardware[(g / 4) % 5];
    points[i].framework = frameworks[(g / 20) % 5];
    points[i].precision = precisions[(g / 100) % 2];
    points[i].spec_method = spec_methods[(g / 200) % 5];
  }
  return points;
}

// The database, generated on first use and kept for later runs.
infertrack::store::Store&
database()
{
  static const std::unique_ptr<infertrack::store::Store> store = [] {
    const char* path = std::getenv("INFERTRACK_HISTORY_BENCH_DB");
    const std::filesystem::path file = path ? path : "/tmp/infertrack-history-bench.db";
    const auto expected = static_cast<std::int64_t>(k_configurations * k_dates * k_points_per_run);
    auto opened = infertrack::store::sqlite::open_store(file);
    if (opened->point_count() != expected) {
      opened.reset();
      std::filesystem::remove(file);
      std::filesystem::remove(file.string() + "-wal");
      std::filesystem::remove(file.string() + "-shm");
      opened = infertrack::store::sqlite::open_store(file);
      infertrack::domain::Dataset dataset;
      dataset.source = "history_bench";
      dataset.points = database_points();
      if (!opened->ingest(dataset)) {
        std::abort();
      }
    }
    return opened;
  }();
  return *store;
}

// What every request asks: every configuration of the database (no model), default basis and metric.
infertrack::app::HistoryQuery
whole_database_query(double target)
{
  infertrack::app::HistoryQuery query;
  query.options.target = target;
  return query;
}

// The first request's read before the narrow one, kept for comparison: every point whole (53 columns), one
// configuration group at a time in listing order (through an index: the table's pages out of order), into
// the same frontiers.
void
history_db_listing_read(benchmark::State& state)
{
  auto& store = database();
  std::size_t configurations = 0;
  for (auto _ : state) {
    infertrack::domain::HistoryFrontiers frontiers(std::nullopt, infertrack::domain::ThroughputMetric::total);
    infertrack::store::PointFilter group;
    for (const infertrack::domain::ConfigGroupKey& run : infertrack::app::measured_runs(store, {})) {
      if (group.model == run.model && group.hardware == run.hardware && group.framework == run.framework &&
          group.precision == run.precision && group.spec_method == run.spec_method &&
          group.disaggregated == run.disaggregated) {
        continue; // runs come in listing order: the group's other workloads and dates
      }
      group = {};
      group.model = run.model;
      group.hardware = run.hardware;
      group.framework = run.framework;
      group.precision = run.precision;
      group.spec_method = run.spec_method;
      group.disaggregated = run.disaggregated;
      frontiers.add(store.points(group));
    }
    configurations = frontiers.configuration_count();
  }
  state.counters["configurations"] = static_cast<double>(configurations);
}
BENCHMARK(history_db_listing_read)->Unit(benchmark::kMillisecond)->Iterations(2);

// The first request of a data version: the history's columns of every point, in table order
// (Store::frontier_samples), and the frontiers are kept.
void
history_db_first_request(benchmark::State& state)
{
  auto& store = database();
  std::size_t bytes = 0;
  for (auto _ : state) {
    infertrack::app::HistoryCache cache;
    benchmark::DoNotOptimize(infertrack::app::history(store, whole_database_query(target_of(0)), cache).rows.data());
    bytes = cache.size_bytes();
  }
  state.counters["cache_MB"] = static_cast<double>(bytes) / 1e6;
}
BENCHMARK(history_db_first_request)->Unit(benchmark::kMillisecond)->Iterations(2);

// Later requests with a new target: the rows only (`json` 0), or their JSON text as well (1).
void
history_db_new_target(benchmark::State& state)
{
  auto& store = database();
  infertrack::app::HistoryCache cache;
  infertrack::app::history(store, whole_database_query(target_of(0)), cache);
  const bool json = state.range(0) == 1;
  std::int64_t iteration = 1;
  std::size_t bytes = 0;
  for (auto _ : state) {
    const infertrack::app::HistoryQuery query = whole_database_query(target_of(iteration++));
    const infertrack::app::HistoryAnswer answer = infertrack::app::history(store, query, cache);
    if (json) {
      bytes = infertrack::app::history_json(query, answer).size();
    }
    benchmark::DoNotOptimize(answer.rows.data());
  }
  state.counters["cache_MB"] = static_cast<double>(cache.size_bytes()) / 1e6;
  state.counters["json_MB"] = static_cast<double>(bytes) / 1e6;
}
BENCHMARK(history_db_new_target)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// GET /api/v1/history?at=... through the API handler with its cache (no HTTP): every configuration (first
// argument 0), or one model's 250 (1); one page of the default size (second argument 0), or `limit` 1000; with
// precisions joined (third argument 1) or not (0).
void
history_route_new_target(benchmark::State& state)
{
  auto& store = database();
  infertrack::app::HistoryCache cache;
  const auto request_at = [&](double target) {
    infertrack::server::http::Request request;
    request.method = "GET";
    request.path = "/api/v1/history";
    request.query = {{"at", std::to_string(target)}};
    if (state.range(0) == 1) {
      request.query.emplace_back("model", "DeepSeek-V4-Pro");
    }
    if (state.range(1) > 0) {
      request.query.emplace_back("limit", std::to_string(state.range(1)));
    }
    if (state.range(2) == 1) {
      request.query.emplace_back("join_precisions", "true");
    }
    request.target = request.path;
    return infertrack::server::api::handle_api(request, store, &cache);
  };
  request_at(target_of(0)); // the first request of the data version, which keeps the frontiers
  std::int64_t iteration = 1;
  std::size_t bytes = 0;
  for (auto _ : state) {
    const auto response = request_at(target_of(iteration++));
    if (!response || response->status != 200) {
      state.SkipWithError("the history route did not answer 200");
      break;
    }
    bytes = response->body.size();
  }
  state.counters["json_MB"] = static_cast<double>(bytes) / 1e6;
  state.counters["cache_MB"] = static_cast<double>(cache.size_bytes()) / 1e6;
}
BENCHMARK(history_route_new_target)
  ->Args({0, 0, 0})
  ->Args({1, 0, 0})
  ->Args({0, 1000, 0})
  ->Args({1, 1000, 0})
  ->Args({0, 0, 1})
  ->Args({0, 1000, 1})
  ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

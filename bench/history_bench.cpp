// Performance over time: build_history over 1,000 configurations x 200 run dates (the target: under
// 50 ms per request), with points in store order and shuffled. Inputs come from a fixed seed.
#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/history.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
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

}  // namespace

BENCHMARK_MAIN();

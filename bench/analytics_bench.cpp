// Domain analytics throughput: single spline evaluations, and curves plus interpolation over a store-sized
// synthetic dataset (100,000 points in 1,000 configurations). Inputs come from fixed seeds, so runs compare.
#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/monotone_spline.hpp"
#include "infertrack/domain/performance_curve.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using infertrack::domain::BenchmarkPoint;
using infertrack::domain::MonotoneSpline;
using infertrack::domain::PerformanceCurve;

constexpr std::uint32_t k_seed = 20261102;
constexpr std::size_t k_configurations = 1000;
constexpr std::size_t k_points_per_configuration = 100;
constexpr double k_target_interactivity = 100;

// A frontier-like knot set: interactivity rising, throughput falling.
MonotoneSpline
make_spline(std::size_t knots)
{
  std::mt19937 random(k_seed);
  std::uniform_real_distribution<double> gap(1.0, 20.0);
  std::uniform_real_distribution<double> drop(100.0, 5000.0);
  std::vector<double> xs{10.0};
  std::vector<double> ys{400000.0};
  for (std::size_t i = 1; i < knots; ++i) {
    xs.push_back(xs.back() + gap(random));
    ys.push_back(ys.back() - drop(random));
  }
  return MonotoneSpline(std::move(xs), std::move(ys));
}

void
spline_evaluation(benchmark::State& state)
{
  const MonotoneSpline spline = make_spline(static_cast<std::size_t>(state.range(0)));
  std::mt19937 random(k_seed);
  std::uniform_real_distribution<double> where(spline.xs().front(), spline.xs().back());
  std::vector<double> targets(4096);
  std::generate(targets.begin(), targets.end(), [&] { return where(random); });

  std::size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(spline(targets[next]));
    next = (next + 1) % targets.size();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(spline_evaluation)->Arg(2)->Arg(16)->Arg(128);

// 1,000 distinct configurations (4 models x 5 GPUs x 5 engines x 2 precisions x 5 spec methods), 100 points
// each on one run date, shuffled as a store would return them.
const std::vector<BenchmarkPoint>&
synthetic_points()
{
  static const std::vector<BenchmarkPoint> points = [] {
    const std::array<const char*, 4> models{"DeepSeek-V4-Pro", "DeepSeek-V4.1-Flash", "DeepSeek-R1", "Kimi-K2"};
    const std::array<const char*, 5> hardware{"gb200", "gb300", "b200", "h200", "mi355x"};
    const std::array<const char*, 5> frameworks{"vllm", "sglang", "trt", "dynamo-vllm", "dynamo-trt"};
    const std::array<const char*, 2> precisions{"fp4", "fp8"};
    const std::array<const char*, 5> spec_methods{"none", "mtp", "draft_model", "eagle", "ngram"};
    std::mt19937 random(k_seed);
    std::uniform_real_distribution<double> interactivity(10.0, 300.0);
    std::uniform_real_distribution<double> noise(0.7, 1.3);

    std::vector<BenchmarkPoint> generated;
    generated.reserve(k_configurations * k_points_per_configuration);
    for (std::size_t g = 0; g < k_configurations; ++g) {
      BenchmarkPoint point;
      point.model = models[g % 4];
      point.hardware = hardware[(g / 4) % 5];
      point.framework = frameworks[(g / 20) % 5];
      point.precision = precisions[(g / 100) % 2];
      point.spec_method = spec_methods[(g / 200) % 5];
      point.workload = "agentic";
      point.date = "2026-10-" + std::to_string(10 + g % 20);
      point.total_allocated_gpus = 8;
      for (std::size_t k = 0; k < k_points_per_configuration; ++k) {
        point.result_id = std::to_string(g * k_points_per_configuration + k);
        const double x = interactivity(random);
        point.interactivity_p90 = x;
        point.interactivity_median = x * 1.1;
        const double total = 2.0e7 / x * noise(random);
        point.per_gpu_tps = {total * 0.99, total * 0.01, total};
        generated.push_back(point);
      }
    }
    std::shuffle(generated.begin(), generated.end(), random);
    return generated;
  }();
  return points;
}

void
build_curves_and_interpolate(benchmark::State& state)
{
  const std::vector<BenchmarkPoint>& points = synthetic_points();
  for (auto _ : state) {
    const std::vector<PerformanceCurve> curves = infertrack::domain::build_curves(points, {});
    double sum = 0;
    for (const PerformanceCurve& curve : curves) {
      sum += infertrack::domain::interpolate_curve(curve, k_target_interactivity).throughput.value_or(0);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * points.size()));
}
BENCHMARK(build_curves_and_interpolate)->Unit(benchmark::kMillisecond);

void
interpolate_curves(benchmark::State& state)
{
  const std::vector<PerformanceCurve> curves = infertrack::domain::build_curves(synthetic_points(), {});
  for (auto _ : state) {
    double sum = 0;
    for (const PerformanceCurve& curve : curves) {
      sum += infertrack::domain::interpolate_curve(curve, k_target_interactivity).throughput.value_or(0);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * curves.size()));
  state.counters["curves"] = static_cast<double>(curves.size());
}
BENCHMARK(interpolate_curves)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();

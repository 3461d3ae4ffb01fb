// Inverse capacity questions (domain/capacity_inverse) on a frontier of 16 knots with mixed group sizes, the size
// of a well-measured configuration. Each benchmark cycles through 64 questions whose answers fall across the curve,
// so that no one segment or piece is measured alone. Target: each solve under 1 ms.
#include "infertrack/domain/capacity_inverse.hpp"

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <vector>

namespace {

using namespace infertrack::domain;

constexpr std::size_t k_questions = 64;
constexpr RackHardware k_gb200{72, 1.86, 1.87};
constexpr double k_utilization = 0.6;

// Interactivity (tok/s/user) rising, total throughput per GPU falling, as a disaggregated and aggregated GB200
// frontier runs: small aggregated groups at the fast end, large P/D groups at the slow end.
const std::vector<double> k_interactivity{8,  14, 22,  31,  40,  52,  63,  75,
                                          88, 100, 114, 130, 150, 175, 205, 240};
const std::vector<double> k_throughput{410000, 372000, 331000, 290000, 254000, 215000, 183000, 158000,
                                       134000, 116000, 97000,  79000,  61000,  44000,  29000,  17000};
const std::vector<std::int64_t> k_gpus_per_group{72, 72, 48, 48, 32, 24, 20, 20, 16, 16, 16, 8, 8, 4, 4, 4};

FleetCurve
curve()
{
  return {k_interactivity, k_throughput, k_gpus_per_group};
}

// `k_questions` values spread evenly over [low, high].
std::array<double, k_questions>
spread(double low, double high)
{
  std::array<double, k_questions> values{};
  for (std::size_t i = 0; i < k_questions; ++i) {
    values[i] = low + (high - low) * static_cast<double>(i) / (k_questions - 1);
  }
  return values;
}

void
inverse_throughput(benchmark::State& state)
{
  const auto required = spread(18000, 400000);
  std::size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(highest_interactivity_for_throughput(curve(), required[next]));
    next = (next + 1) % k_questions;
  }
}
BENCHMARK(inverse_throughput);

void
inverse_cost_cap(benchmark::State& state)
{
  // $0.001 to $0.032 per million tokens: the slowest knot costs $0.00126, the fastest $0.0304.
  const auto caps = spread(0.001, 0.032);
  std::size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(highest_interactivity_under_cost(curve(), caps[next], k_gb200.cost_per_gpu_hour));
    next = (next + 1) % k_questions;
  }
}
BENCHMARK(inverse_cost_cap);

void
inverse_rack_budget(benchmark::State& state)
{
  const auto megawatts = spread(1, 500);
  std::size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(rack_budget({BudgetKind::power_mw, megawatts[next]}, k_gb200));
    next = (next + 1) % k_questions;
  }
}
BENCHMARK(inverse_rack_budget);

void
inverse_within_budget(benchmark::State& state)
{
  // 40T tokens a day on 2 to 90 MW: the slowest knot needs 3.6 MW, the fastest 84.8 MW.
  const auto megawatts = spread(2, 90);
  std::size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(highest_interactivity_within_budget(curve(), 40e12, k_utilization, k_gb200,
                                                                 {BudgetKind::power_mw, megawatts[next]}));
    next = (next + 1) % k_questions;
  }
}
BENCHMARK(inverse_within_budget);

void
inverse_largest_demand(benchmark::State& state)
{
  const auto targets = spread(5, 250); // below the slowest knot (clamped) to past the fastest (unreachable)
  std::size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(largest_demand_served(curve(), targets[next], k_utilization, k_gb200,
                                                   {BudgetKind::cost_per_day, 1e6}));
    next = (next + 1) % k_questions;
  }
}
BENCHMARK(inverse_largest_demand);

}  // namespace

BENCHMARK_MAIN();

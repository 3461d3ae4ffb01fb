// The best fleet for a demand under a service-level target over 1,000 configuration groups (11 points each): every
// limit read on its own curve, each configuration's deployment at its operating point, plans ranked by $/day with
// their uncertainty ranges. The domain's whole path behind `plan --slo`, without the store. Target: under 50 ms.
#include "synthetic_points.hpp"

#include "infertrack/domain/fleet_ranking.hpp"
#include "infertrack/domain/service_level.hpp"

#include <benchmark/benchmark.h>

#include <map>
#include <string_view>
#include <vector>

namespace {

using namespace infertrack;

std::vector<domain::BenchmarkPoint>
points_with_latencies()
{
  std::vector<domain::BenchmarkPoint> points =
    bench::synthetic_points({.points = 11'000, .groups = 1'000, .dates = 1, .seed = 0x5eed});
  for (domain::BenchmarkPoint& point : points) {
    // Latencies rise with concurrency as a request queue grows.
    const double concurrency = static_cast<double>(point.concurrency);
    const double interactivity = point.interactivity_p90.value_or(point.interactivity_median.value_or(1));
    point.latency.ttft = {0.15 + 0.004 * concurrency, 0.12 + 0.003 * concurrency, 0.2 + 0.006 * concurrency,
                          0.3 + 0.01 * concurrency};
    const double decode = 1024 / interactivity;
    point.latency.e2el = {decode + 0.15, decode + 0.12, 1.2 * decode + 0.2, 1.4 * decode + 0.3};
  }
  return points;
}

domain::HardwareCost
hardware_of(const std::string& key)
{
  return {key, key, 72, 1.5 + 0.1 * static_cast<double>(key.size()), 1.8, "2026-07-01", std::nullopt};
}

void
best_fleet(benchmark::State& state)
{
  const std::vector<domain::BenchmarkPoint> points = points_with_latencies();
  const auto target = domain::parse_service_level_target("interactivity>=20,ttft_p99<=3s,e2el_p90<=120s");
  domain::PlanRequest request;
  request.tokens_per_day = 40e12;
  std::size_t ranked = 0;
  for (auto _ : state) {
    const std::vector<domain::ServiceLevelAnswer> answers = domain::evaluate_service_level(points, *target, {});
    std::map<std::string_view, const domain::BenchmarkPoint*> by_id;
    for (const domain::BenchmarkPoint& point : points) {
      by_id.emplace(point.result_id, &point);
    }
    std::vector<domain::FleetCandidate> candidates;
    for (const domain::ServiceLevelAnswer& answer : answers) {
      if (!answer.binding) {
        continue;
      }
      const domain::InterpolatedThroughput& value = *answer.limits[*answer.binding].reading;
      const domain::BenchmarkPoint* lower = by_id.at(*value.lower_result_id);
      const domain::BenchmarkPoint* upper = value.upper_result_id ? by_id.at(*value.upper_result_id) : nullptr;
      auto candidate = domain::candidate_at_operating_point(*target, answer, *lower, upper);
      if (candidate) {
        candidate->hardware = hardware_of(answer.group.hardware);
        candidates.push_back(std::move(*candidate));
      }
    }
    const domain::FleetRanking ranking = domain::rank_fleets(candidates, request, domain::FleetRankBy::cost);
    ranked = ranking.ranked.size();
    benchmark::DoNotOptimize(ranking);
  }
  state.counters["configurations"] = 1000;
  state.counters["ranked"] = static_cast<double>(ranked);
}
BENCHMARK(best_fleet)->Unit(benchmark::kMillisecond);

// The ranking alone, on 1,000 candidates already at their operating points.
void
rank_only(benchmark::State& state)
{
  std::vector<domain::FleetCandidate> candidates;
  for (std::size_t i = 0; i < 1000; ++i) {
    const double total = 20'000 + 37.0 * static_cast<double>(i % 500);
    domain::DeploymentCapacity deployment;
    deployment.gpus_per_group = i % 3 == 0 ? 72 : 8;
    deployment.input_tps = total * 0.75;
    deployment.output_tps = total * 0.25;
    deployment.total_tps = total;
    candidates.push_back({std::to_string(i), deployment, deployment, deployment, hardware_of(std::to_string(i % 7))});
  }
  domain::PlanRequest request;
  request.tokens_per_day = 40e12;
  for (auto _ : state) {
    benchmark::DoNotOptimize(domain::rank_fleets(candidates, request, domain::FleetRankBy::cost));
  }
}
BENCHMARK(rank_only)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

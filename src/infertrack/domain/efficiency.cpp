#include "infertrack/domain/efficiency.hpp"

#include "infertrack/util/assertions.hpp"

#include <set>

namespace infertrack::domain {
namespace {

constexpr double k_seconds_per_hour = 3600;
constexpr double k_tokens_per_million = 1e6;
constexpr double k_kw_per_mw = 1000;
constexpr double k_joules_per_kj = 1000;

}  // namespace

Efficiency
efficiency_of(double tps_per_gpu, const HardwareCost& cost)
{
  INFERTRACK_ASSERT(tps_per_gpu > 0);
  const double million_tokens_per_gpu_hour = tps_per_gpu * k_seconds_per_hour / k_tokens_per_million;
  return Efficiency{
    cost.cost_per_gpu_hour / million_tokens_per_gpu_hour,
    tps_per_gpu * k_kw_per_mw / cost.kw_per_gpu,
    // kW is kJ/s, so kJ/s over tok/s is kJ per token.
    cost.kw_per_gpu * k_joules_per_kj / tps_per_gpu,
  };
}

std::optional<HardwareCost>
cost_in_force(std::span<const HardwareCost> costs,
              std::string_view hardware,
              std::optional<std::string_view> as_of)
{
  const HardwareCost* best = nullptr;
  for (const HardwareCost& cost : costs) {
    if (cost.hardware != hardware || (as_of && cost.effective_date > *as_of)) {
      continue;
    }
    if (!best || cost.effective_date >= best->effective_date) {
      best = &cost;
    }
  }
  return best ? std::optional<HardwareCost>(*best) : std::nullopt;
}

std::vector<HardwareCost>
costs_in_force(std::span<const HardwareCost> costs, std::optional<std::string_view> as_of)
{
  std::set<std::string_view> keys;
  for (const HardwareCost& cost : costs) {
    keys.insert(cost.hardware);
  }
  std::vector<HardwareCost> in_force;
  for (const std::string_view key : keys) {
    if (auto cost = cost_in_force(costs, key, as_of)) {
      in_force.push_back(*std::move(cost));
    }
  }
  return in_force;
}

}  // namespace infertrack::domain

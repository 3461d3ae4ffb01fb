#include "infertrack/domain/capacity_inverse.hpp"

#include "infertrack/domain/efficiency.hpp"
#include "infertrack/domain/hardware_cost.hpp"
#include "infertrack/domain/positive_figure.hpp"
#include "infertrack/util/assertions.hpp"

#include <fmt/core.h>

#include <cmath>
#include <limits>

namespace infertrack::domain {
namespace {

constexpr double k_seconds_per_day = 86400;
constexpr double k_hours_per_day = 24;
constexpr double k_kw_per_mw = 1000;
// plan_capacity refuses plans past this many provisioned GPUs; a budget buying more would answer nothing it sizes.
constexpr double k_max_budget_gpus = 1e15;

enum class Pieces
{
  segments,      // the answer depends on the throughput alone
  half_segments, // also on the group size, which changes at each segment's midpoint
};

// The knots' order and sizes are the frontier's invariants (asserted, as read_frontier does); their values come
// from measured data, so a bad one is refused.
util::Result<void>
check_curve(const FleetCurve& curve)
{
  const std::size_t n = curve.interactivity.size();
  INFERTRACK_ASSERT(n > 0);
  INFERTRACK_ASSERT(curve.throughput_per_gpu.size() == n);
  INFERTRACK_ASSERT(curve.gpus_per_group.empty() || curve.gpus_per_group.size() == n);
  for (std::size_t i = 0; i < n; ++i) {
    INFERTRACK_ASSERT(std::isfinite(curve.interactivity[i]));
    INFERTRACK_ASSERT(i == 0 || curve.interactivity[i] > curve.interactivity[i - 1]);
    if (!(std::isfinite(curve.throughput_per_gpu[i]) && curve.throughput_per_gpu[i] >= 0)) {
      return util::fail("", "curve", fmt::format("knot {} has throughput {} tok/s/GPU (expected finite, >= 0)", i,
                                                 curve.throughput_per_gpu[i]));
    }
    if (!curve.gpus_per_group.empty() && curve.gpus_per_group[i] <= 0) {
      return util::fail("", "curve", fmt::format("knot {} has {} GPUs per group (expected > 0)", i,
                                                 curve.gpus_per_group[i]));
    }
  }
  return {};
}

util::Result<void>
check_hardware(const RackHardware& hardware)
{
  if (hardware.gpus_per_rack <= 0 || hardware.gpus_per_rack > k_max_gpus_per_rack) {
    return util::fail("", "gpus_per_rack",
                      fmt::format("must be 1 to {} (got {})", k_max_gpus_per_rack, hardware.gpus_per_rack));
  }
  INFERTRACK_TRY(check_positive("cost_per_gpu_hour", hardware.cost_per_gpu_hour));
  INFERTRACK_TRY(check_positive("kw_per_gpu", hardware.kw_per_gpu));
  return {};
}

// interpolated_capacity's sizing between two brackets: the nearer one's group, an exact tie keeping the lower.
bool
nearer_upper(double low, double high, double x)
{
  return std::abs(high - x) < std::abs(x - low);
}

// The largest x in [low, high] still sized like `low`. Rounding is monotone, so nearer_upper flips once.
double
last_sized_like_lower(double low, double high)
{
  double x = low + (high - low) / 2;
  while (x > low && nearer_upper(low, high, x)) {
    x = std::nextafter(x, low);
  }
  while (x < high && !nearer_upper(low, high, std::nextafter(x, high))) {
    x = std::nextafter(x, high);
  }
  return x;
}

// What the forward path reads at `x`, which must be inside the curve or below it.
CurvePosition
position_at(const FleetCurve& curve, double x)
{
  const FrontierReading reading = read_frontier(curve.interactivity, curve.throughput_per_gpu, x);
  INFERTRACK_ASSERT(reading.throughput);
  CurvePosition position{x, *reading.throughput, reading.state, reading.lower, reading.upper, std::nullopt};
  if (!curve.gpus_per_group.empty()) {
    const bool upper = reading.upper &&
                       nearer_upper(curve.interactivity[reading.lower], curve.interactivity[*reading.upper], x);
    position.gpus_per_group = curve.gpus_per_group[upper ? *reading.upper : reading.lower];
  }
  return position;
}

// The flip of `feasible` in [lo, hi] (feasible at lo, not at hi) to the last bit: stops when no double is left
// between them.
template<typename Feasible>
double
bisect(double lo, double hi, const Feasible& feasible)
{
  for (;;) {
    const double mid = lo + (hi - lo) / 2;
    if (!(mid > lo && mid < hi)) {
      return lo;
    }
    (feasible(mid) ? lo : hi) = mid;
  }
}

// The largest x in [x_0, x_last] where `feasible(x)` holds. Between knots a Steffen spline is monotone and the
// group size constant on each half segment, so on each piece feasibility flips at most once: pieces are tried from
// the fastest down, by their ends, and only the first feasible one is bisected.
template<typename Feasible>
std::optional<double>
highest_feasible(const FleetCurve& curve, Pieces pieces, const Feasible& feasible)
{
  const std::span<const double> xs = curve.interactivity;
  if (feasible(xs.back())) {
    return xs.back();
  }
  // Invariant: xs[i + 1] is not feasible.
  for (std::size_t i = xs.size() - 1; i-- > 0;) {
    const double low = xs[i];
    const double high = xs[i + 1];
    const double split = pieces == Pieces::half_segments ? last_sized_like_lower(low, high) : high;
    if (split < high) {
      const double above_split = std::nextafter(split, high);
      if (above_split < high && feasible(above_split)) {
        return bisect(above_split, high, feasible);
      }
      if (feasible(split)) {
        return split;
      }
    }
    if (feasible(low)) {
      return bisect(low, split, feasible);
    }
  }
  return std::nullopt;
}

InteractivityAnswer
answer_at(const FleetCurve& curve, std::optional<double> x, NoAnswerReason otherwise)
{
  if (!x) {
    return {std::nullopt, otherwise, std::nullopt};
  }
  CurvePosition position = position_at(curve, *x);
  if (position.state == InterpolationState::exact) {
    // read_frontier reads a knot's value up to 1e-12 (relative) past it: the answer there is the knot itself.
    position.interactivity = curve.interactivity[position.lower];
  }
  return {position, NoAnswerReason::none, std::nullopt};
}

// The deployment interpolated_capacity describes at `position`, without an input/output split: sized on total tokens.
DeploymentCapacity
deployment_at(const CurvePosition& position)
{
  DeploymentCapacity deployment;
  deployment.gpus_per_group = *position.gpus_per_group;
  deployment.total_tps = position.throughput_per_gpu * static_cast<double>(deployment.gpus_per_group);
  return deployment;
}

}  // namespace

const char*
to_string(NoAnswerReason reason)
{
  switch (reason) {
  case NoAnswerReason::none:
    return "none";
  case NoAnswerReason::throughput_out_of_reach:
    return "throughput_out_of_reach";
  case NoAnswerReason::cost_out_of_reach:
    return "cost_out_of_reach";
  case NoAnswerReason::budget_below_one_rack:
    return "budget_below_one_rack";
  case NoAnswerReason::budget_below_one_group:
    return "budget_below_one_group";
  case NoAnswerReason::demand_out_of_reach:
    return "demand_out_of_reach";
  case NoAnswerReason::target_unreachable:
    return "target_unreachable";
  case NoAnswerReason::target_serves_nothing:
    return "target_serves_nothing";
  }
  return "unknown";
}

util::Result<InteractivityAnswer>
highest_interactivity_for_throughput(const FleetCurve& curve, double required_tps_per_gpu)
{
  INFERTRACK_TRY(check_curve(curve));
  INFERTRACK_TRY(check_positive("throughput", required_tps_per_gpu));
  const auto x = highest_feasible(curve, Pieces::segments, [&](double at) {
    return position_at(curve, at).throughput_per_gpu >= required_tps_per_gpu;
  });
  return answer_at(curve, x, NoAnswerReason::throughput_out_of_reach);
}

util::Result<InteractivityAnswer>
highest_interactivity_under_cost(const FleetCurve& curve, double max_cost_per_million_tokens, double cost_per_gpu_hour)
{
  INFERTRACK_TRY(check_curve(curve));
  INFERTRACK_TRY(check_positive("max_cost_per_million_tokens", max_cost_per_million_tokens));
  INFERTRACK_TRY(check_positive("cost_per_gpu_hour", cost_per_gpu_hour));
  // efficiency_of prices the throughput, so the cap is met exactly where the tracker shows the cost within it.
  HardwareCost cost;
  cost.cost_per_gpu_hour = cost_per_gpu_hour;
  cost.kw_per_gpu = 1; // only the cost is read
  const auto x = highest_feasible(curve, Pieces::segments, [&](double at) {
    const double tps = position_at(curve, at).throughput_per_gpu;
    return tps > 0 && efficiency_of(tps, cost).cost_per_million_tokens <= max_cost_per_million_tokens;
  });
  return answer_at(curve, x, NoAnswerReason::cost_out_of_reach);
}

util::Result<RackBudget>
rack_budget(const FleetBudget& budget, const RackHardware& hardware)
{
  INFERTRACK_TRY(check_hardware(hardware));
  INFERTRACK_TRY(check_positive("budget", budget.amount));
  const bool by_cost = budget.kind == BudgetKind::cost_per_day;
  // The cost and power of n GPUs, multiplied in plan_capacity's order so that the budget holds to the last bit.
  const auto within = [&](std::int64_t gpus) {
    const auto n = static_cast<double>(gpus);
    return by_cost ? n * hardware.cost_per_gpu_hour * k_hours_per_day <= budget.amount
                   : n * hardware.kw_per_gpu / k_kw_per_mw <= budget.amount;
  };
  const double estimate = std::floor(by_cost ? budget.amount / (hardware.cost_per_gpu_hour * k_hours_per_day)
                                             : budget.amount * k_kw_per_mw / hardware.kw_per_gpu);
  if (!(estimate <= k_max_budget_gpus)) {
    return util::fail("", "budget",
                      fmt::format("buys {:.3g} GPUs, more than the planner sizes ({:.0e}) (got {})", estimate,
                                  k_max_budget_gpus, budget.amount));
  }
  // The quotient may round across a whole GPU; the products decide.
  auto gpus = static_cast<std::int64_t>(estimate);
  while (gpus > 0 && !within(gpus)) {
    --gpus;
  }
  while (within(gpus + 1)) {
    ++gpus;
  }
  RackBudget bought;
  bought.budget_gpus = gpus;
  bought.racks = gpus / hardware.gpus_per_rack;
  bought.provisioned_gpus = bought.racks * hardware.gpus_per_rack;
  const auto provisioned = static_cast<double>(bought.provisioned_gpus);
  bought.cost_per_day = provisioned * hardware.cost_per_gpu_hour * k_hours_per_day;
  bought.power_mw = provisioned * hardware.kw_per_gpu / k_kw_per_mw;
  return bought;
}

std::int64_t
groups_in_racks(std::int64_t racks, std::int64_t gpus_per_group, std::int64_t rack_gpus)
{
  INFERTRACK_ASSERT(racks >= 0 && racks <= std::numeric_limits<std::int64_t>::max() / rack_gpus);
  const RackPacking packing = pack_rack(gpus_per_group, rack_gpus);
  return packing.groups_per_rack > 0 ? racks * packing.groups_per_rack : racks / packing.racks_per_group;
}

util::Result<InteractivityAnswer>
highest_interactivity_within_budget(const FleetCurve& curve,
                                    double tokens_per_day,
                                    double utilization,
                                    const RackHardware& hardware,
                                    const FleetBudget& budget)
{
  INFERTRACK_ASSERT(!curve.gpus_per_group.empty());
  INFERTRACK_TRY(check_curve(curve));
  const PlanRequest request{tokens_per_day, utilization, std::nullopt, hardware.gpus_per_rack,
                            hardware.cost_per_gpu_hour, hardware.kw_per_gpu};
  INFERTRACK_TRY(check_plan_request(request));
  INFERTRACK_TRY_ASSIGN(bought, rack_budget(budget, hardware));
  if (bought.racks == 0) {
    return InteractivityAnswer{std::nullopt, NoAnswerReason::budget_below_one_rack, std::nullopt};
  }
  // The forward question itself: plan_capacity's plan at x, in racks. It fails only past what it sizes (or on a
  // curve reading 0 tok/s/GPU), which no budget holds either.
  const auto plan_at = [&](double at) { return plan_capacity(deployment_at(position_at(curve, at)), request); };
  const auto x = highest_feasible(curve, Pieces::half_segments, [&](double at) {
    const auto plan = plan_at(at);
    return plan && plan->racks <= bought.racks;
  });
  if (!x) {
    bool holds_a_group = false;
    for (const std::int64_t gpus : curve.gpus_per_group) {
      holds_a_group = holds_a_group || groups_in_racks(bought.racks, gpus, hardware.gpus_per_rack) > 0;
    }
    return InteractivityAnswer{std::nullopt,
                               holds_a_group ? NoAnswerReason::demand_out_of_reach
                                             : NoAnswerReason::budget_below_one_group,
                               std::nullopt};
  }
  InteractivityAnswer answer = answer_at(curve, x, NoAnswerReason::none);
  answer.plan = *plan_at(*x);
  return answer;
}

util::Result<ServedDemand>
largest_demand_served(const FleetCurve& curve,
                      double target,
                      double utilization,
                      const RackHardware& hardware,
                      const FleetBudget& budget)
{
  INFERTRACK_ASSERT(!curve.gpus_per_group.empty());
  INFERTRACK_TRY(check_curve(curve));
  INFERTRACK_TRY(check_positive("at", target));
  if (!(utilization > 0 && utilization <= 1)) {
    return util::fail("", "utilization", fmt::format("must be in (0, 1] (got {})", utilization));
  }
  ServedDemand served;
  INFERTRACK_TRY_ASSIGN(bought, rack_budget(budget, hardware));
  served.budget = bought;
  const FrontierReading reading = read_frontier(curve.interactivity, curve.throughput_per_gpu, target);
  if (reading.state == InterpolationState::unreachable) {
    served.reason = NoAnswerReason::target_unreachable;
    return served;
  }
  served.position = position_at(curve, target);
  const CurvePosition& position = *served.position;
  if (bought.racks == 0) {
    served.reason = NoAnswerReason::budget_below_one_rack;
    return served;
  }
  const std::int64_t gpus_per_group = *position.gpus_per_group;
  const std::int64_t groups = groups_in_racks(bought.racks, gpus_per_group, hardware.gpus_per_rack);
  if (groups == 0) {
    served.reason = NoAnswerReason::budget_below_one_group;
    return served;
  }
  if (position.throughput_per_gpu <= 0) {
    served.reason = NoAnswerReason::target_serves_nothing;
    return served;
  }
  served.tokens_per_day = static_cast<double>(groups) * static_cast<double>(gpus_per_group) *
                          position.throughput_per_gpu * utilization * k_seconds_per_day;
  // The fleet is plan_capacity's for that demand: the same groups, since the demand is exactly their capacity
  // (its boundary tolerance absorbs the round trip through /86400 and /u).
  const PlanRequest request{served.tokens_per_day, utilization, std::nullopt, hardware.gpus_per_rack,
                            hardware.cost_per_gpu_hour, hardware.kw_per_gpu};
  INFERTRACK_TRY_ASSIGN(plan, plan_capacity(deployment_at(position), request));
  served.plan = plan;
  return served;
}

}  // namespace infertrack::domain

#pragma once

#include "infertrack/domain/capacity_plan.hpp"
#include "infertrack/domain/interpolation.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace infertrack::domain {

// One configuration's frontier with the group size each knot's benchmark ran: the curve the inverse questions
// search. Spans, so that a caller keeping coordinates apart from result ids (as read_frontier) allocates nothing;
// answers name knots by index into them.
struct FleetCurve
{
  std::span<const double> interactivity;        // tok/s/user, non-empty, strictly increasing
  std::span<const double> throughput_per_gpu;   // total tok/s/GPU, same size, finite and >= 0
  std::span<const std::int64_t> gpus_per_group; // each knot's allocated GPUs (> 0), same size; empty for the
                                                // questions that do not size groups
};

// Why an inverse question has no answer; `none` when it has one.
enum class NoAnswerReason
{
  none,
  throughput_out_of_reach, // the curve's best throughput per GPU (its slowest knot on a frontier) is below the need
  cost_out_of_reach,       // even the cheapest point of the curve costs more per million tokens than the cap
  budget_below_one_rack,   // the budget does not pay for or power one whole rack
  budget_below_one_group,  // it buys racks, but fewer than one group of the knots spans
  demand_out_of_reach,     // the groups it holds serve less than the demand even at the slowest knot
  target_unreachable,      // the target is faster than the fastest knot: no throughput there
  target_serves_nothing,   // the curve reads 0 tok/s/GPU at the target
};
const char* to_string(NoAnswerReason reason);

// A place on the curve: what read_frontier reads there and the group size a plan takes (the nearer bracket's,
// an exact tie keeping the lower, as interpolated_capacity sizes).
struct CurvePosition
{
  double interactivity = 0;
  double throughput_per_gpu = 0;
  InterpolationState state = InterpolationState::exact;
  std::size_t lower = 0;            // the knot read_frontier names as lower
  std::optional<std::size_t> upper; // interpolated: the bracket above
  std::optional<std::int64_t> gpus_per_group; // empty when the curve carries no group sizes
};

// The highest interactivity meeting a condition, where it is, and the plan there when one was sized.
struct InteractivityAnswer
{
  std::optional<CurvePosition> position; // empty when nothing qualifies: see `reason`
  NoAnswerReason reason = NoAnswerReason::none;
  std::optional<RackPlan> plan;          // highest_interactivity_within_budget: the plan at `position`
};

// The largest x in [x_0, x_last] of `curve` whose throughput per GPU is >= `required_tps_per_gpu` (> 0),
// exact to the last bit of the spline by bisection on its monotone segments. Below x_0 the curve reads knot 0,
// so an answer, when there is one, is never below x_0.
util::Result<InteractivityAnswer> highest_interactivity_for_throughput(const FleetCurve& curve,
                                                                       double required_tps_per_gpu);

// The largest x at which `cost_per_gpu_hour` over the throughput read there (efficiency_of's $ per million
// tokens, DOMAIN.md section 6) stays <= `max_cost_per_million_tokens`. Both > 0.
util::Result<InteractivityAnswer> highest_interactivity_under_cost(const FleetCurve& curve,
                                                                   double max_cost_per_million_tokens,
                                                                   double cost_per_gpu_hour);

// What one GPU of the racks costs and draws, and how many a rack holds.
struct RackHardware
{
  std::int64_t gpus_per_rack = 0; // 1 to k_max_gpus_per_rack
  double cost_per_gpu_hour = 0;   // US dollars
  double kw_per_gpu = 0;          // all-in
};

enum class BudgetKind
{
  cost_per_day, // US dollars a day
  power_mw,     // all-in megawatts
};

struct FleetBudget
{
  BudgetKind kind = BudgetKind::cost_per_day;
  double amount = 0; // > 0
};

// What a budget buys: whole racks only, since a plan provisions whole racks.
struct RackBudget
{
  // GPUs it pays for or powers one by one: floor($/day / ($/GPU-hr x 24)) or floor(MW x 1000 / kW per GPU).
  std::int64_t budget_gpus = 0;
  std::int64_t racks = 0;            // floor(budget_gpus / rack size)
  std::int64_t provisioned_gpus = 0; // racks x rack size
  double cost_per_day = 0;           // of the provisioned GPUs, as plan_capacity prices them
  double power_mw = 0;
};

// The racks `budget` buys on `hardware`: the most whose plan_capacity cost (or power) stays within it.
util::Result<RackBudget> rack_budget(const FleetBudget& budget, const RackHardware& hardware);

// The most groups of `gpus_per_group` GPUs that `racks` (>= 0) whole racks of `rack_gpus` hold, packed as pack_rack
// packs them: groups_per_rack to a rack, or one group across racks_per_group racks.
std::int64_t groups_in_racks(std::int64_t racks, std::int64_t gpus_per_group, std::int64_t rack_gpus);

// The largest x whose plan_capacity plan for `tokens_per_day` at `utilization` needs no more racks than `budget`
// buys. Sized on total tokens (the deployment's own mix), as plan_capacity sizes a deployment with no split.
// The group size is constant between a knot and the midpoint to its neighbour, so each half segment is solved
// on its own. `curve` must carry group sizes (asserted).
util::Result<InteractivityAnswer> highest_interactivity_within_budget(const FleetCurve& curve,
                                                                      double tokens_per_day,
                                                                      double utilization,
                                                                      const RackHardware& hardware,
                                                                      const FleetBudget& budget);

// The largest demand the racks of a budget serve at one interactivity, and the fleet serving it.
struct ServedDemand
{
  RackBudget budget;
  std::optional<CurvePosition> position; // the reading at the target; empty when unreachable
  NoAnswerReason reason = NoAnswerReason::none;
  double tokens_per_day = 0; // groups x gpus_per_group x tok/s/GPU x utilization x 86400
  RackPlan plan;             // the fleet: what plan_capacity gives for `tokens_per_day` (zero without an answer)
};

// The most tokens a day the racks `budget` buys serve at `target` tok/s/user (> 0; below x_0 the slowest knot,
// a lower bound) with `utilization` in (0, 1]. `curve` must carry group sizes (asserted).
util::Result<ServedDemand> largest_demand_served(const FleetCurve& curve,
                                                 double target,
                                                 double utilization,
                                                 const RackHardware& hardware,
                                                 const FleetBudget& budget);

}  // namespace infertrack::domain

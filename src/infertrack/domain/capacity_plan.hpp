#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/interpolation.hpp"
#include "infertrack/util/result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace infertrack::domain {

// What one deployment (one benchmark group of GPUs) serves: the unit the planner replicates.
struct DeploymentCapacity
{
  std::string basis;                 // "point 444914" or "interpolated at 100 tok/s/user between A and B"
  std::int64_t gpus_per_group = 0;   // allocated physical GPUs of one group
  std::optional<double> input_tps;   // logical tokens/s of the whole group
  std::optional<double> output_tps;
  double total_tps = 0;
  // Interpolated between brackets that ran groups of different sizes: which size was taken, since racks depend on it.
  std::optional<std::string> sizing_note;
};

// Input : output proportions of the demand (only the ratio matters).
struct TokenMix
{
  double input = 0;
  double output = 0;
};

enum class BindingSide
{
  input,
  output,
  both,  // input and output load the deployment alike (its own mix, to rounding)
  total, // the deployment's split was unknown: sized on total tokens
};
const char* to_string(BindingSide side);

// Far beyond any rack (the largest hold a few hundred GPUs), and small enough that whole racks stay countable.
inline constexpr std::int64_t k_max_gpus_per_rack = 100'000;

struct PlanRequest
{
  double tokens_per_day = 0;    // logical tokens
  double utilization = 0.6;     // usable fraction of capacity, in (0, 1]
  std::optional<TokenMix> mix;  // default: the deployment's own input:output replay mix
  std::int64_t gpus_per_rack = 0;
  double cost_per_gpu_hour = 0;
  double kw_per_gpu = 0;
};

// How same-size groups fill whole racks: several groups per rack, or several racks per group.
struct RackPacking
{
  std::int64_t groups_per_rack = 0; // floor(rack / group); 0 when a group is larger than a rack
  std::int64_t racks_per_group = 0; // ceil(group / rack); 1 when a group fits in one rack
  std::int64_t allocated_gpus = 0;  // GPUs the groups use, in one rack (in one group's racks when larger)
  std::int64_t unused_gpus = 0;     // GPUs left idle there
};

// Same-group packing of `gpus_per_group` GPUs into racks of `rack_gpus` (both > 0): the rule plan_capacity
// uses and the seed's `hypothetical_same_group_rack_packing` shows.
RackPacking pack_rack(std::int64_t gpus_per_group, std::int64_t rack_gpus);

// The whole-rack answer to "what does this demand take?".
struct RackPlan
{
  TokenMix mix_used; // {0, 0} when neither the request nor the deployment split the tokens
  double demand_input_per_s = 0;
  double demand_output_per_s = 0;
  BindingSide binding = BindingSide::output;
  std::int64_t groups = 0;
  std::int64_t gpus_per_group = 0;
  std::int64_t allocated_gpus = 0;
  std::int64_t groups_per_rack = 0; // 0 when a group is larger than a rack
  std::int64_t racks_per_group = 0; // ceil(group / rack): 1 when a group fits, > 1 when it is larger
  std::int64_t racks = 0;
  std::int64_t provisioned_gpus = 0;
  std::int64_t idle_gpus = 0;
  double cost_per_day = 0;            // provisioned GPUs x $/GPU-hr x 24
  double power_mw = 0;                // provisioned GPUs x all-in kW
  double cost_per_million_tokens = 0; // per million logical tokens of the demand
};

// Sizes `request` on `deployment` (DOMAIN.md section 7). Fails with a diagnostic naming the offending
// input: non-positive demand, utilization outside (0, 1], a mix with no tokens, a deployment that cannot
// serve the side the mix asks for, a non-positive rack size, cost or power.
util::Result<RackPlan> plan_capacity(const DeploymentCapacity& deployment, const PlanRequest& request);

// The request's own checks of plan_capacity, which do not depend on a deployment: demand, utilization, mix, rack
// size, cost and power.
util::Result<void> check_plan_request(const PlanRequest& request);

// The deployment a measured point describes.
DeploymentCapacity capacity_of(const BenchmarkPoint& point);

// The deployment at an interpolated throughput: per-GPU total from `value`, split input/output by the
// brackets' shares (linear in interactivity), sized like the bracket nearest to `target`. `basis` is the curve's,
// on which `target` was read.
util::Result<DeploymentCapacity> interpolated_capacity(const InterpolatedThroughput& value,
                                                       const BenchmarkPoint& lower,
                                                       const BenchmarkPoint* upper,
                                                       InteractivityBasis basis,
                                                       double target);

// Where on a curve a value was read, for a curve whose x is not interactivity: the brackets' x and the target in
// one unit, and the target as a basis names it ("P99 time to first token 2 s").
struct CurvePlace
{
  std::optional<std::pair<double, double>> brackets; // lower, upper; unset: the shares are not interpolated
  double target = 0;
  std::string target_text;
};

// interpolated_capacity at a place of any curve.
util::Result<DeploymentCapacity> interpolated_capacity(const InterpolatedThroughput& value,
                                                       const BenchmarkPoint& lower,
                                                       const BenchmarkPoint* upper,
                                                       const CurvePlace& place);

// "40T", "1.5B", "500M", "2e12": logical tokens per day (T = 1e12, B = 1e9, M = 1e6).
util::Result<double> parse_token_demand(std::string_view text);
// "IN:OUT" with non-negative numbers, not both zero, e.g. "3:1".
util::Result<TokenMix> parse_token_mix(std::string_view text);

}  // namespace infertrack::domain

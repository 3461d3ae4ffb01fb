#include "infertrack/domain/capacity_plan.hpp"

#include "infertrack/domain/positive_figure.hpp"
#include "infertrack/util/ascii_text.hpp"
#include "infertrack/util/assertions.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <system_error>
#include <utility>

namespace infertrack::domain {
namespace {

constexpr double k_seconds_per_day = 86400;
constexpr double k_hours_per_day = 24;
constexpr double k_kw_per_mw = 1000;
constexpr double k_tokens_per_million = 1e6;
// Demand of exactly n groups' capacity goes through /86400, a split and /u and can land a few ulps above n:
// ~4500 ulps of slack absorb that yet stay under a thousandth of a group below a billion groups.
constexpr double k_boundary_tolerance = 1e-12;
// Past this a plan is a typo (or a utilization of ~0), and the GPU counts would overflow int64 arithmetic.
constexpr double k_max_provisioned_gpus = 1e15;
constexpr const char* k_demand_examples = "tokens per day such as 40T, 1.5B, 500M or 2e12";

bool
usable_rate(const std::optional<double>& tps)
{
  return !tps || (std::isfinite(*tps) && *tps >= 0);
}

// A plain decimal or scientific number filling all of `text`, or nothing.
std::optional<double>
whole_number(std::string_view text)
{
  if (text.empty()) {
    return std::nullopt;
  }
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end != text.data() + text.size()) {
    return std::nullopt;
  }
  if (error == std::errc::result_out_of_range) {
    // from_chars leaves `value` alone here; strtod gives the signed overflow or the underflow to refuse.
    return std::strtod(std::string(text).c_str(), nullptr);
  }
  if (error != std::errc{}) {
    return std::nullopt;
  }
  return value;
}

util::Result<TokenMix>
checked_mix(TokenMix mix, const std::string& shown)
{
  if (!std::isfinite(mix.input) || !std::isfinite(mix.output)) {
    return util::fail("", "mix", fmt::format("must be finite (got {})", shown));
  }
  if (mix.input < 0 || mix.output < 0) {
    return util::fail("", "mix", fmt::format("must be >= 0 on both sides (got {})", shown));
  }
  if (mix.input == 0 && mix.output == 0) {
    return util::fail("", "mix", fmt::format("must have input or output tokens (got {})", shown));
  }
  return mix;
}

// Refuses a deployment that cannot be replicated: bad data behind it, not the user's flags.
util::Result<void>
check_deployment(const DeploymentCapacity& deployment)
{
  if (deployment.gpus_per_group <= 0) {
    return util::fail("", "deployment",
                      fmt::format("{} has no GPUs (got gpus_per_group {})", deployment.basis,
                                  deployment.gpus_per_group));
  }
  if (!usable_rate(deployment.input_tps) || !usable_rate(deployment.output_tps) ||
      !usable_rate(deployment.total_tps)) {
    return util::fail("", "deployment",
                      fmt::format("{} has a negative or non-finite throughput", deployment.basis));
  }
  return {};
}

// Groups for `load` (demand over one group's capacity) at usable fraction `utilization`.
double
groups_needed(double load, double utilization)
{
  const double need = load / utilization;
  return std::ceil(need - need * k_boundary_tolerance);
}

std::optional<double>
share_of_input(const DeploymentCapacity& capacity)
{
  if (!capacity.input_tps || !capacity.output_tps || *capacity.input_tps + *capacity.output_tps <= 0) {
    return std::nullopt;
  }
  return *capacity.input_tps / (*capacity.input_tps + *capacity.output_tps);
}

// The brackets' interactivity on the curve's basis, the one the target was read on.
std::optional<std::pair<double, double>>
bracket_interactivity(const BenchmarkPoint& lower, const BenchmarkPoint& upper, InteractivityBasis basis)
{
  if (const auto low = lower.interactivity(basis), high = upper.interactivity(basis); low && high) {
    return std::pair{*low, *high};
  }
  return std::nullopt;
}

}  // namespace

const char*
to_string(BindingSide side)
{
  switch (side) {
  case BindingSide::input:
    return "input";
  case BindingSide::output:
    return "output";
  case BindingSide::both:
    return "both";
  case BindingSide::total:
    return "total";
  }
  return "unknown";
}

RackPacking
pack_rack(std::int64_t gpus_per_group, std::int64_t rack_gpus)
{
  INFERTRACK_ASSERT(gpus_per_group > 0 && rack_gpus > 0);
  RackPacking packing;
  packing.groups_per_rack = rack_gpus / gpus_per_group;
  packing.racks_per_group = gpus_per_group / rack_gpus + (gpus_per_group % rack_gpus != 0 ? 1 : 0);
  if (packing.groups_per_rack > 0) {
    packing.allocated_gpus = packing.groups_per_rack * gpus_per_group;
    packing.unused_gpus = rack_gpus - packing.allocated_gpus;
  } else {
    packing.allocated_gpus = gpus_per_group;
    packing.unused_gpus = packing.racks_per_group * rack_gpus - gpus_per_group;
  }
  return packing;
}

util::Result<void>
check_plan_request(const PlanRequest& request)
{
  INFERTRACK_TRY(check_positive("demand", request.tokens_per_day));
  if (request.tokens_per_day < 1) {
    // Less than a token a day prices a whole rack's day by a fraction of a token: figures of 1e18 $/M tokens.
    return util::fail("", "demand", fmt::format("must be at least 1 token a day (got {:.6g})", request.tokens_per_day));
  }
  if (!(request.utilization > 0 && request.utilization <= 1)) {
    return util::fail("", "utilization", fmt::format("must be in (0, 1] (got {})", request.utilization));
  }
  if (request.mix) {
    INFERTRACK_TRY(checked_mix(*request.mix, fmt::format("{}:{}", request.mix->input, request.mix->output)));
  }
  if (request.gpus_per_rack <= 0 || request.gpus_per_rack > k_max_gpus_per_rack) {
    return util::fail("", "gpus_per_rack",
                      fmt::format("must be 1 to {} (got {})", k_max_gpus_per_rack, request.gpus_per_rack));
  }
  INFERTRACK_TRY(check_positive("cost_per_gpu_hour", request.cost_per_gpu_hour));
  INFERTRACK_TRY(check_positive("kw_per_gpu", request.kw_per_gpu));
  return {};
}

util::Result<RackPlan>
plan_capacity(const DeploymentCapacity& deployment, const PlanRequest& request)
{
  INFERTRACK_TRY(check_plan_request(request));
  INFERTRACK_TRY(check_deployment(deployment));

  RackPlan plan;
  const bool split_known = deployment.input_tps && deployment.output_tps;
  if (request.mix) {
    plan.mix_used = *request.mix;
  } else if (split_known) {
    plan.mix_used = {*deployment.input_tps, *deployment.output_tps};
  }
  const double demand_per_s = request.tokens_per_day / k_seconds_per_day;
  const double mix_total = plan.mix_used.input + plan.mix_used.output;
  if (mix_total > 0) {
    plan.demand_input_per_s = demand_per_s * plan.mix_used.input / mix_total;
    plan.demand_output_per_s = demand_per_s * plan.mix_used.output / mix_total;
  }

  double load = 0; // demand over one group's capacity on the binding side
  if (!split_known) {
    if (deployment.total_tps <= 0) {
      return util::fail("", "deployment",
                        fmt::format("{} serves no tokens (got total_tps {})", deployment.basis,
                                    deployment.total_tps));
    }
    plan.binding = BindingSide::total;
    load = demand_per_s / deployment.total_tps;
  } else {
    const double input_tps = *deployment.input_tps;
    const double output_tps = *deployment.output_tps;
    if (input_tps <= 0 && output_tps <= 0) {
      return util::fail("", "deployment",
                        fmt::format("{} serves no tokens (got input_tps 0, output_tps 0)", deployment.basis));
    }
    if (plan.demand_input_per_s > 0 && input_tps <= 0) {
      return util::fail("", "mix",
                        fmt::format("asks for input tokens but {} serves none (input_tps 0)", deployment.basis));
    }
    if (plan.demand_output_per_s > 0 && output_tps <= 0) {
      return util::fail("", "mix",
                        fmt::format("asks for output tokens but {} serves none (output_tps 0)", deployment.basis));
    }
    const double input_load = plan.demand_input_per_s > 0 ? plan.demand_input_per_s / input_tps : 0;
    const double output_load = plan.demand_output_per_s > 0 ? plan.demand_output_per_s / output_tps : 0;
    // The deployment's own mix loads both sides equally: a tie (to rounding) is said as one, not as either side.
    const bool input_binds = input_load > output_load * (1 + k_boundary_tolerance);
    const bool output_binds = output_load > input_load * (1 + k_boundary_tolerance);
    plan.binding = input_binds    ? BindingSide::input
                   : output_binds ? BindingSide::output
                                  : BindingSide::both;
    load = std::max(input_load, output_load);
  }

  const RackPacking packing = pack_rack(deployment.gpus_per_group, request.gpus_per_rack);
  const double groups = groups_needed(load, request.utilization);
  const double racks = packing.groups_per_rack > 0
                         ? std::ceil(groups / static_cast<double>(packing.groups_per_rack))
                         : groups * static_cast<double>(packing.racks_per_group);
  const double provisioned = racks * static_cast<double>(request.gpus_per_rack);
  if (!(provisioned <= k_max_provisioned_gpus)) {
    return util::fail("", "demand",
                      fmt::format("needs {:.3g} GPUs, more than the planner sizes ({:.0e}) (got {} tokens/day "
                                  "at utilization {})",
                                  provisioned, k_max_provisioned_gpus, request.tokens_per_day,
                                  request.utilization));
  }

  plan.gpus_per_group = deployment.gpus_per_group;
  plan.groups = static_cast<std::int64_t>(groups);
  plan.groups_per_rack = packing.groups_per_rack;
  plan.racks_per_group = packing.racks_per_group;
  plan.racks = packing.groups_per_rack > 0
                 ? (plan.groups + packing.groups_per_rack - 1) / packing.groups_per_rack
                 : plan.groups * packing.racks_per_group;
  plan.allocated_gpus = plan.groups * plan.gpus_per_group;
  plan.provisioned_gpus = plan.racks * request.gpus_per_rack;
  plan.idle_gpus = plan.provisioned_gpus - plan.allocated_gpus;
  const auto provisioned_gpus = static_cast<double>(plan.provisioned_gpus);
  plan.cost_per_day = provisioned_gpus * request.cost_per_gpu_hour * k_hours_per_day;
  plan.power_mw = provisioned_gpus * request.kw_per_gpu / k_kw_per_mw;
  plan.cost_per_million_tokens = plan.cost_per_day / (request.tokens_per_day / k_tokens_per_million);
  // Each figure is finite on its own; a product of large ones may not be, and "$inf/day" answers nothing.
  if (!std::isfinite(plan.cost_per_million_tokens) && std::isfinite(plan.cost_per_day)) {
    return util::fail("", "demand", fmt::format("too small: a cost per million tokens overflows (got {} tokens/day)",
                                                request.tokens_per_day));
  }
  if (!std::isfinite(plan.cost_per_day)) {
    return util::fail("", "cost_per_gpu_hour",
                      fmt::format("too large: the cost of {} GPUs overflows (got {} per GPU-hour)",
                                  plan.provisioned_gpus, request.cost_per_gpu_hour));
  }
  if (!std::isfinite(plan.power_mw)) {
    return util::fail("", "kw_per_gpu", fmt::format("too large: the power of {} GPUs overflows (got {} kW per GPU)",
                                                    plan.provisioned_gpus, request.kw_per_gpu));
  }
  return plan;
}

DeploymentCapacity
capacity_of(const BenchmarkPoint& point)
{
  DeploymentCapacity capacity;
  capacity.basis = "point " + point.result_id;
  if (point.disaggregated && point.prefill_gpus && point.decode_gpus) {
    capacity.gpus_per_group = *point.prefill_gpus + *point.decode_gpus;
  } else if (!point.disaggregated && point.aggregate_engine_gpus) {
    // Aggregated rows may mirror the engine's count into both P/D columns: never sum those.
    capacity.gpus_per_group = *point.aggregate_engine_gpus;
  } else {
    capacity.gpus_per_group = point.total_allocated_gpus;
  }
  // Role-local per-GPU values were divided by different pools, so only all-allocated ones scale back up.
  const auto absolute = [&point](const std::optional<double>& value,
                                 const std::optional<double>& per_gpu) -> std::optional<double> {
    if (value) {
      return value;
    }
    if (per_gpu && point.per_gpu_basis == PerGpuBasis::all_allocated) {
      return *per_gpu * static_cast<double>(point.total_allocated_gpus);
    }
    return std::nullopt;
  };
  capacity.input_tps = absolute(point.absolute_tps.input, point.per_gpu_tps.input);
  capacity.output_tps = absolute(point.absolute_tps.output, point.per_gpu_tps.output);
  const auto total = absolute(point.absolute_tps.total, point.per_gpu_tps.total);
  if (total) {
    capacity.total_tps = *total;
  } else if (capacity.input_tps && capacity.output_tps) {
    capacity.total_tps = *capacity.input_tps + *capacity.output_tps;
  }
  return capacity;
}

util::Result<DeploymentCapacity>
interpolated_capacity(const InterpolatedThroughput& value,
                      const BenchmarkPoint& lower,
                      const BenchmarkPoint* upper,
                      const CurvePlace& place)
{
  const double target = place.target;
  const std::string lower_id = value.lower_result_id.value_or(lower.result_id);
  if (value.state == InterpolationState::unreachable || !value.throughput) {
    return util::fail("", "at",
                      fmt::format("no throughput at {}: faster than the fastest measured point "
                                  "({}), unreachable",
                                  place.target_text, lower_id));
  }
  const DeploymentCapacity low = capacity_of(lower);
  DeploymentCapacity capacity;
  capacity.gpus_per_group = low.gpus_per_group;
  std::optional<double> input_share = share_of_input(low);
  if (value.state == InterpolationState::interpolated && upper) {
    const DeploymentCapacity high = capacity_of(*upper);
    const std::optional<double> high_share = share_of_input(high);
    const auto& x = place.brackets;
    if (x && x->second != x->first) {
      const double t = std::clamp((target - x->first) / (x->second - x->first), 0.0, 1.0);
      input_share = input_share && high_share
                      ? std::optional<double>(*input_share + t * (*high_share - *input_share))
                      : std::nullopt;
      // Size like the nearer bracket; an exact tie keeps the lower one.
      const bool nearer_high = std::abs(x->second - target) < std::abs(target - x->first);
      if (nearer_high) {
        capacity.gpus_per_group = high.gpus_per_group;
      }
      if (low.gpus_per_group != high.gpus_per_group) {
        const BenchmarkPoint& taken = nearer_high ? *upper : lower;
        const BenchmarkPoint& other = nearer_high ? lower : *upper;
        capacity.sizing_note = fmt::format(
          "The brackets ran groups of different sizes: groups of {} GPUs are planned, as {} (the nearer bracket) ran; "
          "{} ran {}, and whole racks and idle GPUs would differ with groups of that size.",
          capacity.gpus_per_group, taken.result_id, other.result_id,
          nearer_high ? low.gpus_per_group : high.gpus_per_group);
      }
    }
    capacity.basis = fmt::format("interpolated at {} between {} and {}", place.target_text, lower_id,
                                 value.upper_result_id.value_or(upper->result_id));
  } else if (value.state == InterpolationState::clamped_low) {
    capacity.basis = fmt::format("clamped at {} to point {} (a lower bound)", place.target_text, lower_id);
  } else {
    capacity.basis = fmt::format("measured at {}: point {}", place.target_text, lower_id);
  }
  capacity.total_tps = *value.throughput * static_cast<double>(capacity.gpus_per_group);
  if (input_share) {
    const double share = input_share.value();
    capacity.input_tps = capacity.total_tps * share;
    capacity.output_tps = capacity.total_tps - *capacity.input_tps;
  }
  return capacity;
}

util::Result<DeploymentCapacity>
interpolated_capacity(const InterpolatedThroughput& value,
                      const BenchmarkPoint& lower,
                      const BenchmarkPoint* upper,
                      InteractivityBasis basis,
                      double target)
{
  CurvePlace place{std::nullopt, target, fmt::format("{} tok/s/user", target)};
  if (upper) {
    place.brackets = bracket_interactivity(lower, *upper, basis);
  }
  return interpolated_capacity(value, lower, upper, place);
}

util::Result<double>
parse_token_demand(std::string_view text)
{
  const std::string_view shown = util::trim(text);
  std::optional<double> number = whole_number(shown); // "2e12", and "inf" or "nan" to be refused below
  double scale = 1;
  if (!number && !shown.empty() && std::isalpha(static_cast<unsigned char>(shown.back()))) {
    const char suffix = static_cast<char>(std::toupper(static_cast<unsigned char>(shown.back())));
    scale = suffix == 'T' ? 1e12 : suffix == 'B' ? 1e9 : suffix == 'M' ? 1e6 : 0;
    const std::string_view digits = shown.substr(0, shown.size() - 1);
    // A letter straight after a number is meant as a suffix; after anything else the text is no number.
    const bool after_number =
      !digits.empty() && (std::isdigit(static_cast<unsigned char>(digits.back())) || digits.back() == '.');
    if (scale == 0 && after_number) {
      return util::fail("", "demand",
                        fmt::format("unknown suffix \"{}\": use T, B or M (got \"{}\")", shown.back(), shown));
    }
    number = scale == 0 ? std::nullopt : whole_number(digits);
  }
  if (!number) {
    return util::fail("", "demand", fmt::format("expected {} (got \"{}\")", k_demand_examples, shown));
  }
  const double tokens = *number * scale;
  if (!std::isfinite(tokens)) {
    return util::fail("", "demand", fmt::format("must be finite (got \"{}\")", shown));
  }
  if (tokens <= 0) {
    return util::fail("", "demand", fmt::format("must be > 0 (got \"{}\")", shown));
  }
  return tokens;
}

util::Result<TokenMix>
parse_token_mix(std::string_view text)
{
  const std::string_view shown = util::trim(text);
  const auto colon = shown.find(':');
  const std::optional<double> input =
    colon == std::string_view::npos ? std::nullopt : whole_number(util::trim(shown.substr(0, colon)));
  const std::optional<double> output =
    colon == std::string_view::npos ? std::nullopt : whole_number(util::trim(shown.substr(colon + 1)));
  if (!input || !output) {
    return util::fail("", "mix", fmt::format("expected IN:OUT such as 3:1 (got \"{}\")", shown));
  }
  return checked_mix({*input, *output}, fmt::format("\"{}\"", shown));
}

}  // namespace infertrack::domain

#include "infertrack/domain/fleet_ranking.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <tuple>

namespace infertrack::domain {
namespace {

constexpr double k_seconds_per_day = 86'400;

PlanRequest
request_on(const PlanRequest& request, const HardwareCost& hardware)
{
  PlanRequest on = request;
  on.cost_per_gpu_hour = hardware.cost_per_gpu_hour;
  on.kw_per_gpu = hardware.kw_per_gpu;
  on.gpus_per_rack = hardware.gpus_per_rack.value_or(0);
  return on;
}

void
widen(FigureRange& range, double value, bool first)
{
  range.low = first ? value : std::min(range.low, value);
  range.high = first ? value : std::max(range.high, value);
}

void
widen(PlanSpread& spread, const RackPlan& plan, bool first)
{
  widen(spread.groups, static_cast<double>(plan.groups), first);
  widen(spread.racks, static_cast<double>(plan.racks), first);
  widen(spread.cost_per_day, plan.cost_per_day, first);
  widen(spread.power_mw, plan.power_mw, first);
}

std::optional<RackPlan>
plan_on(const std::optional<DeploymentCapacity>& deployment, const PlanRequest& request)
{
  if (!deployment) {
    return std::nullopt;
  }
  util::Result<RackPlan> plan = plan_capacity(*deployment, request);
  return plan ? std::optional<RackPlan>(std::move(*plan)) : std::nullopt;
}

}  // namespace

PlanUncertainty
plan_uncertainty(const DeploymentCapacity& deployment,
                 const std::optional<DeploymentCapacity>& lower_bracket,
                 const std::optional<DeploymentCapacity>& upper_bracket,
                 const PlanRequest& request,
                 const RackPlan& plan)
{
  PlanUncertainty uncertainty;
  uncertainty.lower_bracket_alone = plan_on(lower_bracket, request);
  uncertainty.upper_bracket_alone = plan_on(upper_bracket, request);
  widen(uncertainty.brackets, plan, true);
  for (const auto& alone : {uncertainty.lower_bracket_alone, uncertainty.upper_bracket_alone}) {
    if (alone) {
      widen(uncertainty.brackets, *alone, false);
    }
  }
  bool first = true;
  for (const double utilization : k_utilization_sweep) {
    PlanRequest swept = request;
    swept.utilization = utilization;
    if (util::Result<RackPlan> at = plan_capacity(deployment, swept)) {
      widen(uncertainty.utilization, *at, first);
      first = false;
    }
  }
  return uncertainty;
}

namespace {

std::optional<double>
cost_per_million(double cost_per_day, double tokens_per_s)
{
  if (tokens_per_s <= 0) {
    return std::nullopt;
  }
  return cost_per_day / (tokens_per_s * k_seconds_per_day / 1e6);
}

double
figure(const RackPlan& plan, FleetRankBy rank)
{
  switch (rank) {
    case FleetRankBy::cost:
      return plan.cost_per_day;
    case FleetRankBy::power:
      return plan.power_mw;
    case FleetRankBy::gpus:
      return static_cast<double>(plan.provisioned_gpus);
  }
  return plan.cost_per_day;
}

}  // namespace

const char*
to_string(FleetRankBy rank)
{
  switch (rank) {
    case FleetRankBy::cost:
      return "cost";
    case FleetRankBy::power:
      return "power";
    case FleetRankBy::gpus:
      return "gpus";
  }
  return "cost";
}

std::optional<FleetRankBy>
parse_fleet_rank(std::string_view text)
{
  if (text == "mw") {
    return FleetRankBy::power;
  }
  for (const FleetRankBy rank : {FleetRankBy::cost, FleetRankBy::power, FleetRankBy::gpus}) {
    if (text == to_string(rank)) {
      return rank;
    }
  }
  return std::nullopt;
}

util::Result<FleetCandidate>
candidate_at_operating_point(const ServiceLevelTarget& target,
                             const ServiceLevelAnswer& answer,
                             const BenchmarkPoint& lower,
                             const BenchmarkPoint* upper)
{
  const LimitReading& binding = answer.limits[*answer.binding];
  const ServiceLimit& limit = target.limits[binding.limit];
  const InterpolatedThroughput& value = *binding.reading;
  CurvePlace place{std::nullopt, limit.value,
                   limit.latency ? fmt::format("{} {} s", latency_phrase(*limit.latency), limit.value)
                                 : fmt::format("{} tok/s/user", limit.value)};
  if (binding.lower_x && binding.upper_x) {
    place.brackets = std::pair{*binding.lower_x, *binding.upper_x};
  }
  INFERTRACK_TRY_ASSIGN(deployment, interpolated_capacity(value, lower, upper, place));
  FleetCandidate candidate;
  candidate.configuration = answer.group.label();
  candidate.deployment = std::move(deployment);
  if (value.state == InterpolationState::interpolated && upper != nullptr) {
    candidate.lower_bracket = capacity_of(lower);
    candidate.upper_bracket = capacity_of(*upper);
  }
  return candidate;
}

FleetRanking
rank_fleets(std::span<const FleetCandidate> candidates, const PlanRequest& request, FleetRankBy rank_by)
{
  FleetRanking ranking;
  ranking.ranked.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const FleetCandidate& candidate = candidates[i];
    if (!candidate.hardware.gpus_per_rack) {
      ranking.unplanned.push_back(
        {i, fmt::format("no rack size is known for {}: give one (gpus_per_rack)", candidate.hardware.hardware)});
      continue;
    }
    const PlanRequest on = request_on(request, candidate.hardware);
    util::Result<RackPlan> plan = plan_capacity(candidate.deployment, on);
    if (!plan) {
      ranking.unplanned.push_back({i, plan.error().message});
      continue;
    }
    FleetPlan fleet{i, std::move(*plan)};
    fleet.cost_per_million_input = cost_per_million(fleet.plan.cost_per_day, fleet.plan.demand_input_per_s);
    fleet.cost_per_million_output = cost_per_million(fleet.plan.cost_per_day, fleet.plan.demand_output_per_s);
    fleet.uncertainty =
      plan_uncertainty(candidate.deployment, candidate.lower_bracket, candidate.upper_bracket, on, fleet.plan);
    ranking.ranked.push_back(std::move(fleet));
  }
  const auto key = [&](const FleetPlan& fleet) {
    return std::tuple{figure(fleet.plan, rank_by), fleet.plan.cost_per_day, fleet.plan.power_mw,
                      fleet.plan.provisioned_gpus, std::string_view(candidates[fleet.candidate].configuration)};
  };
  std::sort(ranking.ranked.begin(), ranking.ranked.end(),
            [&](const FleetPlan& a, const FleetPlan& b) { return key(a) < key(b); });
  return ranking;
}

}  // namespace infertrack::domain

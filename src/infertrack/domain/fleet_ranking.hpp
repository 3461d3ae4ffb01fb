#pragma once

#include "infertrack/domain/capacity_plan.hpp"
#include "infertrack/domain/hardware_cost.hpp"
#include "infertrack/domain/service_level.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::domain {

// What a best-fleet ranking orders by, cheapest first.
enum class FleetRankBy
{
  cost,  // $/day
  power, // MW
  gpus,  // provisioned GPUs
};
const char* to_string(FleetRankBy rank);
// "cost", "power" (or "mw"), "gpus".
std::optional<FleetRankBy> parse_fleet_rank(std::string_view text);
inline constexpr std::string_view k_fleet_rank_choices = "cost, power (or mw) or gpus";

// One configuration that could serve the whole demand alone: its deployment at the operating point, and each
// bracket of that point as a deployment of its own (the range the interpolation could move the answer over).
struct FleetCandidate
{
  std::string configuration;
  DeploymentCapacity deployment;
  std::optional<DeploymentCapacity> lower_bracket;
  std::optional<DeploymentCapacity> upper_bracket;
  HardwareCost hardware; // the figures to plan with, overrides applied
};

// The candidate a configuration offers at its service-level operating point (`answer` has one: a binding limit):
// read on the binding limit's curve between `lower` and `upper` (the reading's brackets, `upper` null when it
// names none), each bracket also standing alone. Its hardware figures are left for the caller to give.
util::Result<FleetCandidate> candidate_at_operating_point(const ServiceLevelTarget& target,
                                                          const ServiceLevelAnswer& answer,
                                                          const BenchmarkPoint& lower,
                                                          const BenchmarkPoint* upper);

// The smallest and largest value a figure takes over some plans.
struct FigureRange
{
  double low = 0;
  double high = 0;
};

// How far groups, racks, $/day and MW move over some plans.
struct PlanSpread
{
  FigureRange groups;
  FigureRange racks;
  FigureRange cost_per_day;
  FigureRange power_mw;
};

// The utilisations a plan is also sized at, to show what the assumption moves.
inline constexpr std::array<double, 6> k_utilization_sweep = {0.4, 0.5, 0.6, 0.7, 0.8, 0.9};

struct PlanUncertainty
{
  std::optional<RackPlan> lower_bracket_alone; // sized on the lower bracket's measurement alone
  std::optional<RackPlan> upper_bracket_alone;
  PlanSpread brackets;    // over the plan and each bracket alone
  PlanSpread utilization; // over k_utilization_sweep
};

// How far `plan`, sized for `request` on `deployment`, moves when it is sized on either measured bracket alone
// (when given) and over k_utilization_sweep.
PlanUncertainty plan_uncertainty(const DeploymentCapacity& deployment,
                                 const std::optional<DeploymentCapacity>& lower_bracket,
                                 const std::optional<DeploymentCapacity>& upper_bracket,
                                 const PlanRequest& request,
                                 const RackPlan& plan);

struct FleetPlan
{
  std::size_t candidate = 0; // index in the candidates
  RackPlan plan;
  // The whole fleet's cost charged to one kind of token (the seed's per-side $/M): the two do not add up.
  std::optional<double> cost_per_million_input;
  std::optional<double> cost_per_million_output;
  PlanUncertainty uncertainty;
};

struct UnplannedCandidate
{
  std::size_t candidate = 0;
  std::string reason;
};

struct FleetRanking
{
  std::vector<FleetPlan> ranked; // best first
  std::vector<UnplannedCandidate> unplanned;
};

// Plans `request` (its cost, power and rack size ignored: each candidate's hardware gives them) on every candidate
// and ranks the plans by `rank_by`, ties broken by the other two figures and then the configuration. A fleet is one
// configuration: mixed fleets are not planned.
FleetRanking rank_fleets(std::span<const FleetCandidate> candidates, const PlanRequest& request, FleetRankBy rank_by);

}  // namespace infertrack::domain

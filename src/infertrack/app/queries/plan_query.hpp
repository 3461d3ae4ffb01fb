#pragma once

#include "infertrack/app/queries/fleet_answer.hpp"
#include "infertrack/app/queries/hardware_override.hpp"
#include "infertrack/domain/capacity_plan.hpp"
#include "infertrack/domain/demand_preset.hpp"
#include "infertrack/domain/hardware_cost.hpp"
#include "infertrack/store/store.hpp"
#include "infertrack/util/result.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace infertrack::app {

inline constexpr double k_default_utilization = 0.6;

// A capacity question as the CLI flags and API parameters ask it (the field names follow the flags).
struct PlanQuery
{
  std::optional<std::string> point;  // a measured result id, or
  std::optional<double> at;          // a target interactivity read off each matching curve
  store::PointFilter filter;         // model and group filters for `at`
  std::optional<std::string> demand; // "40T"
  std::optional<std::string> preset; // a preset key
  double utilization = k_default_utilization;
  std::optional<std::string> mix;    // "IN:OUT"
  FigureOverride cost_per_gpu_hour;
  FigureOverride kw_per_gpu;
  RackSizeOverride gpus_per_rack;
  std::optional<std::string> slo;                         // a service-level target: plan the best fleet under it
  domain::FleetRankBy rank_by = domain::FleetRankBy::cost; // with `slo`
};

// The plan for one configuration, or why it has none (e.g. the target is unreachable on its curve).
struct PlanAnswer
{
  std::string configuration; // the config group label
  domain::DeploymentCapacity deployment;
  std::optional<domain::InterpolatedThroughput> interpolation; // with `at`
  domain::HardwareCost hardware;                               // the figures used, overrides applied
  bool cost_overridden = false;
  bool power_overridden = false;
  bool rack_overridden = false;
  double tokens_per_day = 0;
  std::optional<domain::DemandPreset> preset;
  double utilization = 0;
  std::optional<domain::RackPlan> plan;
  // With `plan`: the range it takes on each interpolation bracket alone and over utilisation 0.4-0.9.
  std::optional<domain::PlanUncertainty> uncertainty;
  std::optional<std::string> unavailable; // why `plan` is empty
  std::vector<std::string> caveats;
};

// Reads the overrides as given (unset: not given; each "N" or "hardware=N" pairs) into `query`, for the CLI's flags
// and the API's parameters alike. Fails naming the parameter (cost_per_gpu_hour, ...) of a malformed one.
util::Result<void> read_plan_figures(PlanQuery& query,
                                     const std::optional<std::string>& cost_per_gpu_hour,
                                     const std::optional<std::string>& kw_per_gpu,
                                     const std::optional<std::string>& gpus_per_rack);

// Plans `query` on the stored data: one answer for a point, one per matching configuration for `at`.
// Fails with a diagnostic whose field names the offending flag (point, at, demand, preset, ...).
util::Result<std::vector<PlanAnswer>> plan(store::Store& store, const PlanQuery& query);

// The demand `query` asks (a demand, or a preset's own), as plan() reads it.
struct PlanDemand
{
  double tokens_per_day = 0;
  std::optional<domain::DemandPreset> preset;
};
util::Result<PlanDemand> plan_demand(store::Store& store, const PlanQuery& query);

// The cost, power and rack figures a plan on `hardware` uses: those stored in force on the query's as-of date, with
// the query's overrides; fails naming the first figure missing.
util::Result<domain::HardwareCost>
plan_hardware(std::span<const domain::HardwareCost> costs, const std::string& hardware, const PlanQuery& query);

// The best fleet for `query`'s demand under its service-level target (`slo`, required, with a model filter and
// neither a point nor a target interactivity): every configuration of the model sized alone at its operating
// point, ranked by `rank_by`, each with its uncertainty ranges; the others with the reason they are not ranked.
util::Result<FleetAnswer> plan_fleet(store::Store& store, const PlanQuery& query);

}  // namespace infertrack::app

#pragma once

#include "infertrack/domain/demand_preset.hpp"
#include "infertrack/domain/fleet_ranking.hpp"
#include "infertrack/domain/service_level.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace infertrack::app {

// One configuration of a best-fleet answer: where it meets the service-level target, and the fleet it takes.
struct FleetEntry
{
  domain::ServiceLevelAnswer service_level;
  domain::FleetCandidate candidate;
  domain::FleetPlan fleet;
  std::vector<std::string> caveats;
};

// A configuration of the model that is not ranked, and why.
struct UnrankedConfiguration
{
  std::string configuration;
  std::string reason;
};

// "Which single-configuration fleet serves this demand under this service-level target, cheapest first?"
struct FleetAnswer
{
  domain::ServiceLevelTarget target;
  domain::FleetRankBy rank_by = domain::FleetRankBy::cost;
  double tokens_per_day = 0;
  std::optional<domain::DemandPreset> preset;
  double utilization = 0;
  std::vector<FleetEntry> ranked; // best first
  std::vector<UnrankedConfiguration> unranked;
  std::vector<std::string> caveats; // of the whole answer
};

nlohmann::json to_json(const FleetAnswer& answer);
// {lower_bracket_alone, upper_bracket_alone (plans or null), over_brackets, over_utilization ({groups, racks,
// cost_per_day, power_mw} each {low, high}), utilization_sweep}.
nlohmann::json to_json(const domain::PlanUncertainty& uncertainty);
// One row per ranked configuration (rank, figures, uncertainty ranges), then one per unranked one with its reason.
std::string fleet_csv(const FleetAnswer& answer);

}  // namespace infertrack::app

#include "infertrack/app/queries/fleet_answer.hpp"

#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/service_level_query.hpp"
#include "infertrack/util/csv_field.hpp"

#include <fmt/core.h>

namespace infertrack::app {
namespace {

nlohmann::json
range_json(const domain::FigureRange& range)
{
  return {{"low", range.low}, {"high", range.high}};
}

nlohmann::json
spread_json(const domain::PlanSpread& spread)
{
  return {{"groups", range_json(spread.groups)},
          {"racks", range_json(spread.racks)},
          {"cost_per_day", range_json(spread.cost_per_day)},
          {"power_mw", range_json(spread.power_mw)}};
}

nlohmann::json
optional_plan_json(const std::optional<domain::RackPlan>& plan)
{
  return plan ? to_json(*plan) : nlohmann::json(nullptr);
}

std::string
number_text(const std::optional<double>& value)
{
  return value ? fmt::format("{}", *value) : std::string();
}

}  // namespace

nlohmann::json
to_json(const domain::PlanUncertainty& uncertainty)
{
  return {{"lower_bracket_alone", optional_plan_json(uncertainty.lower_bracket_alone)},
          {"upper_bracket_alone", optional_plan_json(uncertainty.upper_bracket_alone)},
          {"over_brackets", spread_json(uncertainty.brackets)},
          {"over_utilization", spread_json(uncertainty.utilization)},
          {"utilization_sweep", domain::k_utilization_sweep}};
}

nlohmann::json
to_json(const FleetAnswer& answer)
{
  nlohmann::json ranked = nlohmann::json::array();
  std::size_t rank = 0;
  for (const FleetEntry& entry : answer.ranked) {
    const domain::FleetPlan& fleet = entry.fleet;
    const domain::PlanUncertainty& uncertainty = fleet.uncertainty;
    ranked.push_back({{"rank", ++rank},
                      {"configuration", entry.candidate.configuration},
                      {"service_level", to_json(answer.target, entry.service_level)},
                      {"basis", entry.candidate.deployment.basis},
                      {"deployment",
                       {{"gpus_per_group", entry.candidate.deployment.gpus_per_group},
                        {"input_tps", optional_json(entry.candidate.deployment.input_tps)},
                        {"output_tps", optional_json(entry.candidate.deployment.output_tps)},
                        {"total_tps", entry.candidate.deployment.total_tps}}},
                      {"hardware", to_json(entry.candidate.hardware)},
                      {"plan", to_json(fleet.plan)},
                      {"cost_per_million_input_tokens", optional_json(fleet.cost_per_million_input)},
                      {"cost_per_million_output_tokens", optional_json(fleet.cost_per_million_output)},
                      {"uncertainty", to_json(uncertainty)},
                      {"caveats", entry.caveats}});
  }
  nlohmann::json unranked = nlohmann::json::array();
  for (const UnrankedConfiguration& configuration : answer.unranked) {
    unranked.push_back({{"configuration", configuration.configuration}, {"reason", configuration.reason}});
  }
  return {{"slo", answer.target.text()},
          {"rank_by", domain::to_string(answer.rank_by)},
          {"tokens_per_day", answer.tokens_per_day},
          {"preset", answer.preset ? to_json(*answer.preset) : nlohmann::json(nullptr)},
          {"utilization", answer.utilization},
          {"ranked", std::move(ranked)},
          {"unranked", std::move(unranked)},
          {"caveats", answer.caveats}};
}

std::string
fleet_csv(const FleetAnswer& answer)
{
  std::string text =
    "rank,configuration,slo,binding_limit,tps_per_gpu,gpus_per_group,groups,racks,provisioned_gpus,cost_per_day,"
    "power_mw,cost_per_million_tokens,cost_per_million_input_tokens,cost_per_million_output_tokens,"
    "cost_per_day_low_brackets,cost_per_day_high_brackets,cost_per_day_low_utilization,"
    "cost_per_day_high_utilization,reason\n";
  const std::string slo = util::csv_field(answer.target.text());
  std::size_t rank = 0;
  for (const FleetEntry& entry : answer.ranked) {
    const domain::RackPlan& plan = entry.fleet.plan;
    const domain::PlanUncertainty& uncertainty = entry.fleet.uncertainty;
    const auto& binding = entry.service_level.binding;
    text += fmt::format(
      "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},\n", ++rank, util::csv_field(entry.candidate.configuration),
      slo, binding ? util::csv_field(answer.target.limits[*binding].text) : "",
      number_text(entry.service_level.throughput), plan.gpus_per_group, plan.groups, plan.racks, plan.provisioned_gpus,
      plan.cost_per_day, plan.power_mw, plan.cost_per_million_tokens, number_text(entry.fleet.cost_per_million_input),
      number_text(entry.fleet.cost_per_million_output), uncertainty.brackets.cost_per_day.low,
      uncertainty.brackets.cost_per_day.high, uncertainty.utilization.cost_per_day.low,
      uncertainty.utilization.cost_per_day.high);
  }
  for (const UnrankedConfiguration& configuration : answer.unranked) {
    text += fmt::format(",{},{},,,,,,,,,,,,,,,,{}\n", util::csv_field(configuration.configuration), slo,
                        util::csv_field(configuration.reason));
  }
  return text;
}

}  // namespace infertrack::app

#include "infertrack/app/queries/export_csv.hpp"

#include "infertrack/app/queries/curve_csv.hpp"
#include "infertrack/app/queries/history_json.hpp"
#include "infertrack/util/csv_field.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <string>
#include <vector>

namespace infertrack::app {
namespace {

// Shortest round-trip text of a number, empty when there is none.
std::string
number(const std::optional<double>& value)
{
  return value ? fmt::format("{}", *value) : "";
}

// The number `field` of an optional record, empty when there is no record (or no number).
template <typename Record, typename Field>
std::string
number(const std::optional<Record>& record, Field Record::*field)
{
  return record ? number((*record).*field) : "";
}

// The state, tps_per_gpu, lower_result_id and upper_result_id cells of `value`, comma-separated.
std::string
value_cells(const domain::InterpolatedThroughput& value)
{
  return fmt::format("{},{},{},{}",
                     domain::to_string(value.state),
                     number(value.throughput),
                     util::csv_field(value.lower_result_id.value_or("")),
                     util::csv_field(value.upper_result_id.value_or("")));
}

// Texts joined into one cell as "a | b", as the points CSV joins notes.
std::string
joined(std::span<const std::string> texts)
{
  std::string cell;
  for (const std::string& text : texts) {
    cell += cell.empty() ? text : " | " + text;
  }
  return util::csv_field(cell);
}

// The factor and bound cells of an optional improvement, empty when there is no factor.
std::string
factor_cells(const std::optional<domain::ImprovementFactor>& improvement)
{
  const bool has_factor = improvement && improvement->factor;
  return fmt::format("{},{}", number(improvement, &domain::ImprovementFactor::factor),
                     has_factor ? domain::to_string(improvement->bound) : "");
}

}  // namespace

std::string
frontiers_csv(const FrontierAnswer& answer)
{
  std::string text = std::string(k_curve_csv_columns) + ",knot,result_id,interactivity,tps_per_gpu\n";
  for (const domain::PerformanceCurve& curve : answer.curves) {
    for (std::size_t i = 0; i < curve.frontier.size(); ++i) {
      const domain::FrontierKnot& knot = curve.frontier[i];
      append_curve_csv_columns(text, curve.group.label(), curve);
      text += fmt::format(",{},{},{},{}\n", i + 1, util::csv_field(knot.result_id), knot.interactivity,
                          knot.throughput);
    }
  }
  return text;
}

std::string
interpolations_csv(std::span<const InterpolationRow> rows, std::span<const LeftOutConfiguration> left_out)
{
  // The spread's columns come when it was asked for (interpolate --spread).
  const bool spread =
    std::any_of(rows.begin(), rows.end(), [](const InterpolationRow& row) { return row.spread.has_value(); });
  std::string text = "configuration,run_date,basis,metric,state,tps_per_gpu,lower_result_id,upper_result_id,"
                     "cost_per_million_tokens,tokens_per_s_per_mw,joules_per_token,findings";
  text += spread ? ",spread_runs,spread_min,spread_max\n" : "\n";
  for (const InterpolationRow& row : rows) {
    std::vector<std::string> findings;
    for (const domain::DataFinding& finding : row.findings) {
      findings.push_back(std::string(domain::to_string(finding.kind)) + ": " + finding.detail);
    }
    text += fmt::format("{},{},{},{},{},{},{},{},{}",
                        util::csv_field(row.curve.group.label()),
                        row.curve.group.date,
                        domain::to_string(row.curve.basis),
                        domain::to_string(row.curve.metric),
                        value_cells(row.value),
                        number(row.efficiency, &domain::Efficiency::cost_per_million_tokens),
                        number(row.efficiency, &domain::Efficiency::tokens_per_s_per_mw),
                        number(row.efficiency, &domain::Efficiency::joules_per_token),
                        joined(findings));
    if (spread) {
      const domain::ValueSpread none;
      const domain::ValueSpread& of_row = row.spread ? *row.spread : none;
      text += fmt::format(",{},{},{}", of_row.runs, number(of_row.min), number(of_row.max));
    }
    text += "\n";
  }
  // A configuration without a curve at the asked basis and metric is a row too, its reason where findings go.
  for (const LeftOutConfiguration& configuration : left_out) {
    text += fmt::format("{},,,,left_out,,,,,,,{}{}\n", util::csv_field(configuration.configuration),
                        util::csv_field(configuration.reason), spread ? ",,," : "");
  }
  return text;
}

std::string
history_csv(const HistoryQuery& query, std::span<const HistoryRow> rows)
{
  // The between columns repeat on each line of a configuration: its factor from `from` to `to`, when asked.
  std::string text = "configuration,date,precision,days_since_launch,basis,metric,state,tps_per_gpu,lower_result_id,"
                     "upper_result_id,"
                     "since_first_factor,since_first_bound,gap_reason,between_from,between_to,between_factor,"
                     "between_bound\n";
  for (const HistoryRow& row : rows) {
    for (const domain::HistoryPoint& point : row.series.points) {
      text += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}\n",
                          util::csv_field(row.series.configuration.label()),
                          point.date,
                          util::csv_field(point.precision),
                          point.days_since_launch,
                          domain::to_string(row.series.basis),
                          domain::to_string(query.options.metric),
                          value_cells(point.value),
                          factor_cells(point.since_first),
                          util::csv_field(gap_reason(row.series, point, query.options.target).value_or("")),
                          query.from.value_or(""),
                          query.to.value_or(""),
                          factor_cells(row.between));
    }
  }
  return text;
}

std::string
plans_csv(std::span<const PlanAnswer> answers)
{
  std::string text = "configuration,basis,tokens_per_day,utilization,binding,groups,gpus_per_group,allocated_gpus,"
                     "groups_per_rack,racks_per_group,racks,provisioned_gpus,idle_gpus,cost_per_day,power_mw,"
                     "cost_per_million_tokens,cost_per_gpu_hour,kw_per_gpu,gpus_per_rack,figures_of,overridden,"
                     "unavailable,caveats\n";
  for (const PlanAnswer& answer : answers) {
    // binding through overridden: seventeen cells, empty when the configuration has no plan.
    std::string plan_cells(16, ',');
    if (const auto& plan = answer.plan) {
      // The figures it was priced with (they change over time), and which of them the query gave.
      std::vector<std::string> overridden;
      for (const auto& [given, name] : {std::pair{answer.cost_overridden, "cost_per_gpu_hour"},
                                        std::pair{answer.power_overridden, "kw_per_gpu"},
                                        std::pair{answer.rack_overridden, "gpus_per_rack"}}) {
        if (given) {
          overridden.emplace_back(name);
        }
      }
      plan_cells = fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                               domain::to_string(plan->binding),
                               plan->groups,
                               plan->gpus_per_group,
                               plan->allocated_gpus,
                               plan->groups_per_rack,
                               plan->racks_per_group,
                               plan->racks,
                               plan->provisioned_gpus,
                               plan->idle_gpus,
                               plan->cost_per_day,
                               plan->power_mw,
                               plan->cost_per_million_tokens,
                               answer.hardware.cost_per_gpu_hour,
                               answer.hardware.kw_per_gpu,
                               answer.hardware.gpus_per_rack.value_or(0), // set for every plan
                               answer.hardware.effective_date,
                               joined(overridden));
    }
    text += fmt::format("{},{},{},{},{},{},{}\n",
                        util::csv_field(answer.configuration),
                        util::csv_field(answer.deployment.basis),
                        answer.tokens_per_day,
                        answer.utilization,
                        plan_cells,
                        util::csv_field(answer.unavailable.value_or("")),
                        joined(answer.caveats));
  }
  return text;
}

}  // namespace infertrack::app

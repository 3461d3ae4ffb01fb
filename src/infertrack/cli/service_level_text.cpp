#include "infertrack/cli/service_level_text.hpp"

#include "infertrack/util/text_table.hpp"

#include <fmt/core.h>

namespace infertrack::cli {
namespace {

using util::group_thousands;
using util::small_figure;
using util::TextTable;

std::string
range_text(const domain::FigureRange& range, bool money)
{
  const auto text = [&](double value) { return money ? small_figure(value) : group_thousands(value); };
  return range.low == range.high ? text(range.low) : text(range.low) + "-" + text(range.high);
}

std::string
optional_money(const std::optional<double>& value)
{
  return value ? small_figure(*value) : "-";
}

}  // namespace

std::string
service_level_text(const domain::ServiceLevelTarget& target, std::span<const domain::ServiceLevelAnswer> answers)
{
  TextTable table({{"configuration"},
                   {"tok/s/gpu", TextTable::Align::right},
                   {"binding limit"},
                   {"best measured"},
                   {"measured tok/s/gpu", TextTable::Align::right},
                   {"goodput >=", TextTable::Align::right}});
  std::string none;
  for (const domain::ServiceLevelAnswer& answer : answers) {
    if (answer.none_reason) {
      none += fmt::format("  {}: {}\n", answer.group.label(), *answer.none_reason);
    }
    const auto& measured = answer.measured;
    const auto goodput = measured ? measured->goodput : std::nullopt;
    table.add_row({answer.group.label(),
                   answer.throughput ? group_thousands(*answer.throughput, 1) : "-",
                   answer.binding ? target.limits[*answer.binding].text : "-",
                   measured ? measured->result_id : "-",
                   measured ? group_thousands(measured->throughput, 1) : "-",
                   goodput ? fmt::format("{} ({:.0f}%)", group_thousands(goodput->throughput, 1), goodput->share * 100)
                           : "-"});
  }
  std::string text = fmt::format("Service-level target: {}\n", target.text()) + table.render();
  if (!none.empty()) {
    text += "No operating point:\n" + none;
  }
  text += "Each limit is read on the configuration's own curve for its statistic; the lowest throughput a limit "
          "allows binds. Goodput is a lower bound from percentiles (no per-request data is stored).\n";
  return text;
}

std::string
fleet_text(const app::FleetAnswer& answer)
{
  TextTable table({{"#", TextTable::Align::right},
                   {"configuration"},
                   {"binding limit"},
                   {"groups", TextTable::Align::right},
                   {"racks", TextTable::Align::right},
                   {"GPUs", TextTable::Align::right},
                   {"$/day", TextTable::Align::right},
                   {"MW", TextTable::Align::right},
                   {"$/M in", TextTable::Align::right},
                   {"$/M out", TextTable::Align::right},
                   {"$/day, brackets alone", TextTable::Align::right},
                   {"$/day, utilisation 0.4-0.9", TextTable::Align::right}});
  std::size_t rank = 0;
  for (const app::FleetEntry& entry : answer.ranked) {
    const domain::RackPlan& plan = entry.fleet.plan;
    const auto& binding = entry.service_level.binding;
    table.add_row({std::to_string(++rank),
                   entry.candidate.configuration,
                   binding ? answer.target.limits[*binding].text : "-",
                   group_thousands(static_cast<double>(plan.groups)),
                   group_thousands(static_cast<double>(plan.racks)),
                   group_thousands(static_cast<double>(plan.provisioned_gpus)),
                   group_thousands(plan.cost_per_day),
                   small_figure(plan.power_mw),
                   optional_money(entry.fleet.cost_per_million_input),
                   optional_money(entry.fleet.cost_per_million_output),
                   range_text(entry.fleet.uncertainty.brackets.cost_per_day, false),
                   range_text(entry.fleet.uncertainty.utilization.cost_per_day, false)});
  }
  std::string text = fmt::format("Best fleet for {} tokens/day under {} at utilisation {}, ranked by {}\n",
                                 group_thousands(answer.tokens_per_day), answer.target.text(), answer.utilization,
                                 domain::to_string(answer.rank_by));
  text += table.render();
  if (!answer.unranked.empty()) {
    text += "Not ranked:\n";
    for (const app::UnrankedConfiguration& configuration : answer.unranked) {
      text += fmt::format("  {}: {}\n", configuration.configuration, configuration.reason);
    }
  }
  for (const std::string& caveat : answer.caveats) {
    text += "Note: " + caveat + "\n";
  }
  return text;
}

}  // namespace infertrack::cli

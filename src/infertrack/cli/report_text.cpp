#include "infertrack/cli/report_text.hpp"

#include "infertrack/util/ascii_text.hpp"
#include "infertrack/util/text_table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

namespace infertrack::cli {
namespace {

// "bound by input and output alike": the deployment's own mix loads both sides at once.
std::string_view
binding_words(domain::BindingSide side)
{
  switch (side) {
  case domain::BindingSide::both:
    return "input and output alike";
  case domain::BindingSide::total:
    return "total tokens";
  default:
    return domain::to_string(side);
  }
}


using util::group_thousands;
using util::small_figure;
using util::TextTable;

std::string
brackets(const domain::InterpolatedThroughput& value)
{
  if (value.upper_result_id) {
    return value.lower_result_id.value_or("?") + " .. " + *value.upper_result_id;
  }
  return value.lower_result_id.value_or("-");
}

// A figure derived from `row`'s value after `bound` ("<= ", ">= ") when that value is only a lower bound on the
// throughput (clamped_low): cost and energy per token are then at most, tokens per MW at least, the figure.
std::string
bounded(const app::InterpolationRow& row, std::string_view bound, std::string figure)
{
  return row.value.state == domain::InterpolationState::clamped_low ? std::string(bound) + figure : figure;
}

// "1,200.0-1,350.5 (3 runs)"; a band needs two runs, so one run is said as such, never as a band of zero width.
std::string
spread_text(const std::optional<domain::ValueSpread>& spread)
{
  if (!spread || spread->runs == 0) {
    return "-";
  }
  if (!spread->min || !spread->max) {
    return fmt::format("{} run", spread->runs);
  }
  return fmt::format("{}-{} ({} runs)", group_thousands(*spread->min, 1), group_thousands(*spread->max, 1),
                     spread->runs);
}

// Large token counts the way the planner's users say them: 40T, 1.5B.
std::string
token_count(double tokens)
{
  if (tokens >= 1e12) {
    return fmt::format("{:g}T", tokens / 1e12);
  }
  if (tokens >= 1e9) {
    return fmt::format("{:g}B", tokens / 1e9);
  }
  if (tokens < 1000) {
    return fmt::format("{:g}", tokens); // as given: whole-number grouping would round 0.0001 to 0
  }
  return group_thousands(tokens);
}

// The findings about the values of a table, listed under it with the configuration or headline they concern.
std::string
finding_lines(const std::string& subject, std::span<const domain::DataFinding> findings)
{
  std::string lines;
  for (const domain::DataFinding& finding : findings) {
    lines += fmt::format("  {}: [{}] {}\n", util::printable_text(subject), domain::to_string(finding.kind),
                         util::printable_text(finding.detail));
  }
  return lines;
}

}  // namespace

std::string
throughput_title(domain::ThroughputMetric metric)
{
  switch (metric) {
    case domain::ThroughputMetric::input:
      return "Input-token throughput";
    case domain::ThroughputMetric::output:
      return "Output-token throughput";
    case domain::ThroughputMetric::total:
      break;
  }
  return "Throughput";
}

std::string
interpolation_table(std::span<const app::InterpolationRow> rows, double target)
{
  std::vector<TextTable::Column> columns{{"configuration"},
                                         {"run"},
                                         {"basis"},
                                         {"state"},
                                         {"tok/s/gpu", TextTable::Align::right},
                                         {"brackets"},
                                         {"$/M tok", TextTable::Align::right},
                                         {"tok/s/MW", TextTable::Align::right},
                                         {"J/tok", TextTable::Align::right}};
  const bool spread = std::any_of(rows.begin(), rows.end(), [](const app::InterpolationRow& row) {
    return row.spread.has_value();
  });
  if (spread) {
    columns.push_back({"run-to-run spread"});
  }
  TextTable table(std::move(columns));
  for (const app::InterpolationRow& row : rows) {
    const domain::ConfigGroupKey& group = row.curve.group;
    domain::ConfigGroupKey undated = group; // the run date has a column of its own
    undated.date.clear();
    std::vector<std::string> cells{
      undated.label(),
      group.date,
      row.curve.latency ? domain::to_string(*row.curve.latency) : domain::to_string(row.curve.basis),
      domain::to_string(row.value.state),
      row.value.throughput ? group_thousands(*row.value.throughput, 1) : "-",
      brackets(row.value),
      row.efficiency ? bounded(row, "<= ", small_figure(row.efficiency->cost_per_million_tokens)) : "-",
      row.efficiency ? bounded(row, ">= ", group_thousands(row.efficiency->tokens_per_s_per_mw)) : "-",
      row.efficiency ? bounded(row, "<= ", small_figure(row.efficiency->joules_per_token)) : "-"};
    if (spread) {
      cells.push_back(spread_text(row.spread));
    }
    table.add_row(std::move(cells));
  }
  std::string findings;
  for (const app::InterpolationRow& row : rows) {
    findings += finding_lines(row.curve.group.label(), row.findings);
  }
  // Which dated figures the $/M tok, tok/s/MW and J/tok columns use (they change over time), once per hardware.
  std::string priced;
  std::vector<std::string_view> listed;
  for (const app::InterpolationRow& row : rows) {
    const std::string& hardware = row.curve.group.hardware;
    if (std::find(listed.begin(), listed.end(), hardware) != listed.end()) {
      continue;
    }
    listed.push_back(hardware);
    if (!row.cost) {
      // Its columns are empty: say why rather than leave a blank.
      priced += fmt::format("  {}: no cost and power figures in force (none stored, or none yet on the as-of date; "
                            "see infertrack hardware)\n",
                            hardware);
      continue;
    }
    priced += fmt::format("  {}: {} at ${}/GPU-hr, {} kW/GPU all-in (figures of {})\n",
                          row.cost->hardware,
                          row.cost->name,
                          small_figure(row.cost->cost_per_gpu_hour),
                          small_figure(row.cost->kw_per_gpu),
                          row.cost->effective_date);
  }
  const auto metric = rows.empty() ? domain::ThroughputMetric::total : rows.front().curve.metric;
  return fmt::format("{} at {:g} tok/s/user (interpolated values are read off the Pareto frontier, "
                     "not measured)\n{}{}{}",
                     throughput_title(metric),
                     target,
                     table.render(),
                     priced.empty() ? "" : "Priced with:\n" + priced,
                     findings.empty() ? "" : "Findings:\n" + findings);
}

std::string
headline_text(std::span<const domain::HeadlineComparison> headlines)
{
  TextTable table({{"headline"},
                   {"at", TextTable::Align::right},
                   {"published tok/s/gpu", TextTable::Align::right},
                   {"computed tok/s/gpu", TextTable::Align::right},
                   {"difference", TextTable::Align::right},
                   {"state"},
                   {"brackets"},
                   {"flags"}});
  for (const domain::HeadlineComparison& comparison : headlines) {
    const domain::PublishedHeadline& published = comparison.published;
    std::string flags = published.interpolated ? "interpolated" : "measured";
    if (published.extra_disagg_factor_in_overview) {
      flags += ", extra P/D division in the source's overview";
    }
    table.add_row({published.model,
                   fmt::format("{:g}", published.target_interactivity),
                   group_thousands(published.total_tps_per_gpu, 1),
                   comparison.computed.throughput ? group_thousands(*comparison.computed.throughput, 1) : "-",
                   comparison.relative_difference ? fmt::format("{:+.1f}%", *comparison.relative_difference * 100)
                                                  : "-",
                   domain::to_string(comparison.computed.state),
                   brackets(comparison.computed),
                   flags});
  }
  std::string findings;
  for (const domain::HeadlineComparison& comparison : headlines) {
    findings += finding_lines(comparison.published.label, comparison.findings);
  }
  return "Published headlines beside the tracker's own value (neither replaces the other)\n" + table.render()
         + (findings.empty() ? "" : "Findings:\n" + findings);
}

std::string
plan_text(std::span<const app::PlanAnswer> answers)
{
  std::string text;
  for (const app::PlanAnswer& answer : answers) {
    text += fmt::format("{}\n  demand {} tokens/day{}, utilization {:g}\n",
                        answer.configuration,
                        token_count(answer.tokens_per_day),
                        answer.preset ? " (" + answer.preset->label + ")" : "",
                        answer.utilization);
    if (!answer.plan) {
      text += "  no plan: " + answer.unavailable.value_or("unavailable") + "\n\n";
      continue;
    }
    text += fmt::format("  deployment: {} ({} GPUs per group)\n",
                        answer.deployment.basis,
                        answer.deployment.gpus_per_group);
    const domain::RackPlan& plan = *answer.plan;
    text += fmt::format(
      "  hardware: {} at ${}/GPU-hr{}, {} kW/GPU all-in{}, {} GPUs/rack{} (figures of {})\n",
      answer.hardware.name,
      small_figure(answer.hardware.cost_per_gpu_hour),
      answer.cost_overridden ? " (override)" : "",
      small_figure(answer.hardware.kw_per_gpu),
      answer.power_overridden ? " (override)" : "",
      answer.hardware.gpus_per_rack.value_or(0), // set for every plan (app::plan refuses one without)
      answer.rack_overridden ? " (override)" : "",
      answer.hardware.effective_date.empty() ? "the command line" : answer.hardware.effective_date);
    // A group larger than a rack spans several racks: say that, rather than "0 groups per rack".
    const std::string packing = plan.groups_per_rack > 0 ? fmt::format("groups/rack {}", plan.groups_per_rack)
                                                         : fmt::format("racks/group {}", plan.racks_per_group);
    text += fmt::format("  groups {}  allocated GPUs {}  {}  racks {}  provisioned GPUs {}  idle GPUs {}\n",
                        group_thousands(static_cast<double>(plan.groups)),
                        group_thousands(static_cast<double>(plan.allocated_gpus)),
                        packing,
                        group_thousands(static_cast<double>(plan.racks)),
                        group_thousands(static_cast<double>(plan.provisioned_gpus)),
                        group_thousands(static_cast<double>(plan.idle_gpus)));
    text += fmt::format("  ${}/day  {} MW all-in  ${} per million logical tokens  bound by {}\n",
                        plan.cost_per_day >= 1 ? group_thousands(plan.cost_per_day) : small_figure(plan.cost_per_day),
                        small_figure(plan.power_mw),
                        small_figure(plan.cost_per_million_tokens),
                        binding_words(plan.binding));
    if (answer.uncertainty) {
      const auto range = [](const domain::FigureRange& figures) {
        return figures.low == figures.high ? group_thousands(figures.low)
                                           : group_thousands(figures.low) + "-" + group_thousands(figures.high);
      };
      const domain::PlanUncertainty& uncertainty = *answer.uncertainty;
      text += fmt::format("  range: ${}/day, {} racks with either bracket alone; ${}/day, {} racks at utilization "
                          "0.4-0.9\n",
                          range(uncertainty.brackets.cost_per_day), range(uncertainty.brackets.racks),
                          range(uncertainty.utilization.cost_per_day), range(uncertainty.utilization.racks));
    }
    for (const std::string& caveat : answer.caveats) {
      text += "  * " + util::printable_text(caveat) + "\n";
    }
    text += "\n";
  }
  return text;
}

}  // namespace infertrack::cli

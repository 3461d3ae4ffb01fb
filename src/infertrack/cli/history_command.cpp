#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/query_flags.hpp"
#include "infertrack/cli/report_text.hpp"

#include "infertrack/app/queries/export_csv.hpp"
#include "infertrack/app/queries/history_json.hpp"
#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/util/iso_date.hpp"
#include "infertrack/util/text_table.hpp"

#include <fmt/core.h>

#include <algorithm>

#include <cmath>
#include <memory>

namespace infertrack::cli {
namespace {

using util::TextTable;

std::string
brackets(const domain::HistoryPoint& point)
{
  if (point.value.upper_result_id) {
    return point.value.lower_result_id.value_or("?") + " .. " + *point.value.upper_result_id;
  }
  return point.value.lower_result_id.value_or("-");
}

// "6.09x", ">= 6.09x" or "<= 6.09x" (a clamped_low end makes the factor a bound), "-" without a value.
std::string
factor_text(const std::optional<domain::ImprovementFactor>& factor)
{
  if (!factor || !factor->factor) {
    return "-";
  }
  const char* prefix = "";
  switch (factor->bound) {
    case domain::FactorBound::exact:
      break;
    case domain::FactorBound::at_least:
      prefix = ">= ";
      break;
    case domain::FactorBound::at_most:
      prefix = "<= ";
      break;
    case domain::FactorBound::indeterminate:
      prefix = "~ ";
      break;
  }
  return fmt::format("{}{:.2f}x", prefix, *factor->factor);
}

// The factor between --from and --to, or why there is none: a date without a run, or a run without a value.
std::string
between_text(const app::HistoryQuery& query, const app::HistoryRow& row)
{
  if (!row.between) {
    const auto has_run = [&](const std::string& date) {
      return std::any_of(row.series.points.begin(), row.series.points.end(),
                         [&](const domain::HistoryPoint& point) { return point.date == date; });
    };
    const bool from_run = has_run(*query.from);
    const bool to_run = has_run(*query.to);
    if (!from_run && !to_run && *query.from != *query.to) {
      return fmt::format("no run on {} nor on {}", *query.from, *query.to);
    }
    return fmt::format("no run on {}", from_run ? *query.to : *query.from);
  }
  if (row.between->factor) {
    return factor_text(row.between);
  }
  const domain::ImprovementFactor& between = *row.between;
  const bool from_gap = between.from_state == domain::InterpolationState::unreachable;
  const bool to_gap = between.to_state == domain::InterpolationState::unreachable;
  if (from_gap || to_gap) {
    return fmt::format("no value on {} (a gap)", from_gap && to_gap ? between.from_date + " and " + between.to_date
                                                 : from_gap        ? between.from_date
                                                                   : between.to_date);
  }
  return "no factor (the earlier value is 0)";
}

std::string
history_text(const app::HistoryQuery& query, std::span<const app::HistoryRow> rows)
{
  std::string text = fmt::format("{} per GPU at {:g} tok/s/user over time, each run its own curve "
                                 "(days since launch {}; >= / <= : a clamped_low end makes the factor a bound; ~ : both "
                                 "ends are clamped_low lower bounds, so the factor bounds nothing)\n",
                                 throughput_title(query.options.metric),
                                 query.options.target,
                                 query.options.launch_date);
  for (const app::HistoryRow& row : rows) {
    // With precisions joined, each date says which precision's run it read.
    std::vector<TextTable::Column> columns = {{"date"}, {"day", TextTable::Align::right}};
    if (query.join_precisions) {
      columns.push_back({"precision"});
    }
    columns.insert(columns.end(), {{"state"},
                                   {"tok/s/gpu", TextTable::Align::right},
                                   {"brackets"},
                                   {"vs first", TextTable::Align::right},
                                   {"note"}});
    TextTable table(std::move(columns));
    for (const domain::HistoryPoint& point : row.series.points) {
      std::vector<std::string> cells = {point.date, std::to_string(point.days_since_launch)};
      if (query.join_precisions) {
        cells.push_back(point.precision);
      }
      cells.insert(cells.end(), {domain::to_string(point.value.state),
                                 point.value.throughput ? util::group_thousands(*point.value.throughput, 1) : "-",
                                 brackets(point),
                                 factor_text(point.since_first),
                                 app::gap_reason(row.series, point, query.options.target).value_or("")});
      table.add_row(std::move(cells));
    }
    text += fmt::format("\n{} ({}, {} tok/s/GPU)\n{}",
                        row.series.configuration.label(),
                        domain::to_string(row.series.basis),
                        domain::to_string(row.series.metric),
                        table.render());
    if (query.from && query.to) {
      text += fmt::format("{} -> {}: {}\n", *query.from, *query.to, between_text(query, row));
    }
  }
  return text;
}

void
run_history(const GlobalOptions& options, const HistoryFlags& flags)
{
  const OutputFormat format = options.format();
  const app::HistoryQuery query = to_query(flags);
  auto store = open_database(options);
  const app::HistoryAnswer answer = app::history(*store, query);
  if (answer.configurations == 0) {
    require_stored_names(*store, query.filter);
  }
  const std::vector<app::HistoryRow>& rows = answer.rows;
  if (format == OutputFormat::json) {
    // Indented like the other commands' JSON; the text is the API's.
    fmt::print("{}", app::history_json(query, answer, 2));
  } else if (format == OutputFormat::csv) {
    fmt::print("{}", app::history_csv(query, rows));
  } else {
    fmt::print("{}", history_text(query, rows));
  }
}

}  // namespace

void
add_history_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<HistoryFlags>();
  CLI::App* command = app.add_subcommand(
    "history", "Each configuration's throughput per GPU at a target interactivity, run date by run date");
  add_filter_options(*command, flags->filters, ModelFlag::required);
  // Left unset when not given: the query applies its default, which the help names.
  command->add_option("--at", flags->at, "Target interactivity in tok/s/user")->default_str("100");
  command->add_flag("--join-precisions", flags->join_precisions,
                    "One series for configurations that differ only in precision (each date: its best run's value)");
  command->add_option("--basis", flags->basis, basis_help(""));
  command->add_option("--metric", flags->metric, "Throughput: total, input or output")->capture_default_str();
  command->add_option("--from", flags->from, "With --to: the improvement between these two run dates");
  command->add_option("--to", flags->to, "With --from: the later run date");
  command->add_option("--launch-date", flags->launch_date, "Day 0 of 'days since launch' (YYYY-MM-DD)")
    ->capture_default_str();
  command->callback([&options, flags] { run_history(options, *flags); });
}

}  // namespace infertrack::cli

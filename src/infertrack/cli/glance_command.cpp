#include "infertrack/cli/command_context.hpp"
#include "infertrack/cli/filter_options.hpp"
#include "infertrack/cli/query_flags.hpp"
#include "infertrack/cli/report_text.hpp"

#include "infertrack/app/queries/glance_query.hpp"
#include "infertrack/util/text_table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>

namespace infertrack::cli {
namespace {

using util::TextTable;

constexpr std::string_view k_target_unit = " tok/s/user";

struct GlanceFlags
{
  FilterFlags filters;
  std::optional<std::string> basis;
  std::string metric = "total";
};

// A column's heading: a plain target by its number alone (the title gives the unit), any other column by its label.
std::string
heading(const domain::GlanceColumn& column)
{
  std::string_view label = column.label;
  if (label.ends_with(k_target_unit)) {
    label.remove_suffix(k_target_unit.size());
  }
  return std::string(label);
}

// A value as the table shows it: interpolated values bare, the others marked (see the legend under the table).
std::string
cell_text(const domain::InterpolatedThroughput& cell)
{
  switch (cell.state) {
    case domain::InterpolationState::exact:
      return util::group_thousands(*cell.throughput) + " m";
    case domain::InterpolationState::interpolated:
      return util::group_thousands(*cell.throughput);
    case domain::InterpolationState::clamped_low:
      return ">= " + util::group_thousands(*cell.throughput);
    case domain::InterpolationState::unreachable:
      return "-";
  }
  return "?";
}

// An operating point as the table shows it: its value and the measure of the limit that binds it, or "-".
std::string
slo_cell_text(const domain::GlanceServiceLevelColumn& column, const domain::GlanceServiceLevelCell& cell)
{
  if (!cell.throughput) {
    return "-";
  }
  std::string text = util::group_thousands(*cell.throughput);
  if (cell.binding) {
    // The measure alone ("ttft_p99"): the legend under the table gives each preset's limits.
    const std::string& limit = column.target.limits[*cell.binding].text;
    text += " (" + limit.substr(0, limit.find_first_of("<>")) + ")";
  }
  return text;
}

std::string
glance_text(const app::GlanceAnswer& answer, domain::ThroughputMetric metric)
{
  const domain::GlanceTable& table = answer.table;
  std::vector<TextTable::Column> columns = {{"configuration"}, {"run"}, {"basis"}};
  for (const domain::GlanceColumn& column : table.columns) {
    columns.push_back({heading(column), TextTable::Align::right});
  }
  for (const domain::GlanceServiceLevelColumn& column : table.slo_columns) {
    columns.push_back({column.key, TextTable::Align::right});
  }
  TextTable text_table(std::move(columns));
  for (const domain::GlanceRow& row : table.rows) {
    std::vector<std::string> cells = {
      row.curve.group.without_date().label(), row.curve.group.date, domain::to_string(row.curve.basis)};
    for (const domain::InterpolatedThroughput& cell : row.cells) {
      cells.push_back(cell_text(cell));
    }
    for (std::size_t i = 0; i < row.slo_cells.size(); ++i) {
      cells.push_back(slo_cell_text(table.slo_columns[i], row.slo_cells[i]));
    }
    text_table.add_row(std::move(cells));
  }
  std::string text = fmt::format("{} per GPU at every {:g} tok/s/user measured (columns: tok/s/user)\n",
                                 throughput_title(metric), domain::k_glance_step);
  if (table.rows.empty()) {
    return text + "No configuration has a curve.\n";
  }
  if (table.columns.empty()) {
    text += fmt::format("No multiple of {:g} tok/s/user lies within the measured range.\n", domain::k_glance_step);
  }
  text += text_table.render();
  text += "Values are read off each configuration's Pareto frontier (interpolated, not measured) unless marked:\n"
          "  m  measured at that target;  >=  a lower bound, below the slowest measured point;  -  never measured "
          "that fast.\n";
  if (!table.slo_columns.empty()) {
    text += "After the targets, each configuration's operating point under a service-level preset (its binding limit "
            "after it; - none, --json says why):\n";
    std::size_t width = 0;
    for (const domain::GlanceServiceLevelColumn& column : table.slo_columns) {
      width = std::max(width, column.key.size());
    }
    for (const domain::GlanceServiceLevelColumn& column : table.slo_columns) {
      text += fmt::format("  {:<{}}  {}\n", column.key, width, column.target.text());
    }
  }
  if (table.targets_left_out > 0) {
    text += fmt::format("{} more targets of the measured range are left out (at most {} columns).\n",
                        table.targets_left_out, domain::k_glance_max_targets);
  }
  return text;
}

void
run_glance(const GlobalOptions& options, const GlanceFlags& flags)
{
  const OutputFormat format = options.format();
  if (!flags.filters.model) {
    throw UsageError("--model is required, e.g. --model DeepSeek-V4-Pro");
  }
  app::GlanceQuery query;
  query.filter = flags.filters.to_filter();
  query.curve.basis = basis_flag(flags.basis);
  query.curve.metric = metric_flag(flags.metric);
  auto store = open_database(options);
  require_stored_names(*store, query.filter);
  const app::GlanceAnswer answer = app::glance(*store, query);
  if (format == OutputFormat::json) {
    fmt::print("{}\n", app::glance_json(answer).dump(2));
    return;
  }
  if (format == OutputFormat::csv) {
    fmt::print("{}", app::glance_csv(answer, app::CsvProvenance::left_out));
    return;
  }
  fmt::print("{}", glance_text(answer, query.curve.metric));
  if (!answer.left_out.empty()) {
    fmt::print("Left out:\n");
    for (const app::LeftOutConfiguration& configuration : answer.left_out) {
      fmt::print("  {}: {}\n", configuration.configuration, configuration.reason);
    }
  }
}

}  // namespace

void
add_glance_command(CLI::App& app, const GlobalOptions& options)
{
  auto flags = std::make_shared<GlanceFlags>();
  CLI::App* command = app.add_subcommand(
    "glance", "Throughput per GPU of each configuration at every 10 tok/s/user across the measured range");
  add_filter_options(*command, flags->filters, ModelFlag::required);
  command->add_option("--basis", flags->basis, basis_help(""));
  command->add_option("--metric", flags->metric, "Throughput: total, input or output")->capture_default_str();
  command->callback([&options, flags] { run_glance(options, *flags); });
}

}  // namespace infertrack::cli

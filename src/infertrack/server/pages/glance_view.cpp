#include "infertrack/server/pages/glance_view.hpp"

#include "infertrack/app/queries/glance_query.hpp"
#include "infertrack/server/pages/headline_view.hpp"
#include "infertrack/server/pages/page_format.hpp"

#include <fmt/core.h>

#include <string_view>

namespace infertrack::server::pages {
namespace {

using kainjow::mustache::data;

constexpr std::string_view k_target_unit = " tok/s/user";

// A column's heading: a plain target by its number (the caption gives the unit), any other column by its label.
std::string
heading(const domain::GlanceColumn& column)
{
  std::string_view label = column.label;
  if (label.ends_with(k_target_unit)) {
    label.remove_suffix(k_target_unit.size());
  }
  return std::string(label);
}

// What a pointer over the cell tells: its state and the results it is read between.
std::string
cell_title(const domain::InterpolatedThroughput& cell)
{
  std::string title = state_label(cell.state);
  if (cell.state == domain::InterpolationState::unreachable) {
    return title + ": never measured this fast";
  }
  if (cell.lower_result_id) {
    title += (cell.upper_result_id ? ", between results " : ", result ") + *cell.lower_result_id;
  }
  if (cell.upper_result_id) {
    title += " and " + *cell.upper_result_id;
  }
  return title;
}

// A service-level column's full name: "Chat: interactivity>=50,ttft_p99<=2s".
std::string
slo_column_title(const domain::GlanceServiceLevelColumn& column)
{
  return column.label + ": " + column.target.text();
}

// What a pointer over a service-level cell tells: the limit that binds the operating point, or why there is none.
std::string
slo_cell_title(const domain::GlanceServiceLevelColumn& column, const domain::GlanceServiceLevelCell& cell)
{
  if (!cell.throughput) {
    return "No operating point: " + cell.none_reason.value_or("none meets every limit");
  }
  return cell.binding ? "Operating point, bound by " + column.target.limits[*cell.binding].text : "Operating point";
}

std::string
csv_url(const std::string& model, const std::optional<std::string>& as_of)
{
  std::string url = "/api/v1/glance?model=" + percent_encode_segment(model);
  if (as_of) {
    url += "&as_of=" + percent_encode_segment(*as_of);
  }
  return url + "&format=csv";
}

}  // namespace

std::string
glance_cell_text(const domain::InterpolatedThroughput& cell)
{
  switch (cell.state) {
    case domain::InterpolationState::exact:
      return format_throughput(*cell.throughput) + " measured";
    case domain::InterpolationState::interpolated:
      return format_throughput(*cell.throughput);
    case domain::InterpolationState::clamped_low:
      return "≥ " + format_throughput(*cell.throughput);
    case domain::InterpolationState::unreachable:
      return "—";
  }
  return "";
}

data
glance_section(store::Store& store, const std::optional<std::string>& model, const std::optional<std::string>& as_of)
{
  data section;
  section.set("has_model", model.has_value());
  section.set("model", model.value_or(""));
  if (!model) {
    section.set("has_rows", false);
    return section;
  }
  app::GlanceQuery query;
  query.filter.model = model;
  query.filter.as_of = as_of;
  const app::GlanceAnswer answer = app::glance(store, query);
  const domain::GlanceTable& table = answer.table;

  data columns{data::type::list};
  for (const domain::GlanceColumn& column : table.columns) {
    data item;
    item.set("label", column.label);
    item.set("heading", heading(column));
    columns.push_back(item);
  }
  data slo_columns{data::type::list};
  for (const domain::GlanceServiceLevelColumn& column : table.slo_columns) {
    data item;
    item.set("title", slo_column_title(column));
    item.set("heading", column.label);
    slo_columns.push_back(item);
  }
  data rows{data::type::list};
  for (const domain::GlanceRow& row : table.rows) {
    data item;
    item.set("configuration", row.curve.group.without_date().label());
    item.set("run_date", row.curve.group.date);
    data cells{data::type::list};
    for (const domain::InterpolatedThroughput& cell : row.cells) {
      data cell_item;
      cell_item.set("text", glance_cell_text(cell));
      cell_item.set("state", domain::to_string(cell.state));
      cell_item.set("title", cell_title(cell));
      cells.push_back(cell_item);
    }
    item.set("cells", cells);
    data slo_cells{data::type::list};
    for (std::size_t i = 0; i < row.slo_cells.size(); ++i) {
      const domain::GlanceServiceLevelColumn& column = table.slo_columns[i];
      const domain::GlanceServiceLevelCell& cell = row.slo_cells[i];
      data cell_item;
      cell_item.set("class", cell.throughput ? "num slo" : "num slo state-unreachable");
      cell_item.set("key", column.key);
      cell_item.set("text", cell.throughput ? format_throughput(*cell.throughput) : "—");
      cell_item.set("title", slo_cell_title(column, cell));
      slo_cells.push_back(cell_item);
    }
    item.set("slo_cells", slo_cells);
    rows.push_back(item);
  }
  section.set("columns", columns);
  section.set("slo_columns", slo_columns);
  section.set("rows", rows);
  section.set("has_rows", !table.rows.empty());
  section.set("has_columns", !table.columns.empty());
  section.set("csv_url", csv_url(*model, as_of));
  section.set("has_targets_left_out", table.targets_left_out > 0);
  section.set("targets_left_out", fmt::format("{}", table.targets_left_out));
  return section;
}

}  // namespace infertrack::server::pages

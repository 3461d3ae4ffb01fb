#include "infertrack/app/queries/glance_query.hpp"

#include "infertrack/app/queries/curve_csv.hpp"
#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/app/tracker_version.hpp"
#include "infertrack/util/csv_field.hpp"
#include "infertrack/util/unix_time.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <set>
#include <utility>

namespace infertrack::app {
namespace {

constexpr std::size_t k_file_name_bytes = 200; // file systems take 255

// A configuration's label without its run date, which provenance and the tables give apart.
std::string
undated_label(const domain::ConfigGroupKey& group)
{
  return group.without_date().label();
}

Provenance
glance_provenance(const GlanceQuery& query, const domain::GlanceTable& table)
{
  Provenance provenance;
  provenance.kind = "glance";
  provenance.tracker_version = std::string(k_tracker_version);
  provenance.generated_at = util::iso_utc(static_cast<std::int64_t>(std::time(nullptr)));
  // An exact date picks the runs of that day; only an as-of date is a past state of the tracker (as exports say).
  provenance.as_of = query.filter.as_of.value_or("latest");
  provenance.query = filter_json(query.filter);
  provenance.query["x"] = query.curve.basis ? domain::to_string(*query.curve.basis) : "auto";
  provenance.query["metric"] = domain::to_string(query.curve.metric);
  provenance.query["step"] = domain::k_glance_step;
  // Every knot of each run: the brackets of every cell are among them (each JSON cell names its own), and the
  // spline's slopes at a bracket come from its neighbours too.
  for (const domain::GlanceRow& row : table.rows) {
    provenance.runs.push_back({undated_label(row.curve.group), row.curve.group.date, row.curve.frontier});
  }
  return provenance;
}

std::string
number(const std::optional<double>& value)
{
  return value ? fmt::format("{}", *value) : "";
}

// The limit that binds a service-level cell, as GET /api/v1/slo names it ("ttft_p99<=2s").
std::optional<std::string>
binding_text(const domain::GlanceServiceLevelColumn& column, const domain::GlanceServiceLevelCell& cell)
{
  return cell.binding ? std::optional(column.target.limits[*cell.binding].text) : std::nullopt;
}

}  // namespace

GlanceAnswer
glance(store::Store& store, const GlanceQuery& query)
{
  FrontierAnswer curves = frontiers(store, FrontierQuery{query.filter, query.curve});
  GlanceAnswer answer;
  answer.table = domain::glance_table(std::move(curves.curves));
  domain::add_service_level_columns(answer.table, curves.points, domain::preset_columns(), query.curve);
  answer.left_out = std::move(curves.left_out);
  answer.provenance = glance_provenance(query, answer.table);
  return answer;
}

nlohmann::json
glance_json(const GlanceAnswer& answer)
{
  const domain::GlanceTable& table = answer.table;
  nlohmann::json columns = nlohmann::json::array();
  for (const domain::GlanceColumn& column : table.columns) {
    columns.push_back({{"label", column.label}, {"interactivity", column.interactivity}});
  }
  nlohmann::json slo_columns = nlohmann::json::array();
  for (const domain::GlanceServiceLevelColumn& column : table.slo_columns) {
    slo_columns.push_back({{"key", column.key}, {"label", column.label}, {"slo", column.target.text()}});
  }
  nlohmann::json rows = nlohmann::json::array();
  for (const domain::GlanceRow& row : table.rows) {
    const domain::PerformanceCurve& curve = row.curve;
    nlohmann::json cells = nlohmann::json::array();
    for (const domain::InterpolatedThroughput& cell : row.cells) {
      cells.push_back(to_json(cell));
    }
    nlohmann::json slo_cells = nlohmann::json::array();
    for (std::size_t i = 0; i < row.slo_cells.size(); ++i) {
      const domain::GlanceServiceLevelCell& cell = row.slo_cells[i];
      slo_cells.push_back({{"tps_per_gpu", optional_json(cell.throughput)},
                           {"binding_limit", optional_json(binding_text(table.slo_columns[i], cell))},
                           {"none_reason", optional_json(cell.none_reason)}});
    }
    nlohmann::json json = to_json(curve.group);
    json.update({{"run_date", curve.group.date},
                 {"interactivity_basis", domain::to_string(curve.basis)},
                 {"metric", domain::to_string(curve.metric)},
                 {"range",
                  {{"lowest", curve.frontier.front().interactivity}, {"highest", curve.frontier.back().interactivity}}},
                 {"cells", std::move(cells)},
                 {"slo_cells", std::move(slo_cells)}});
    rows.push_back(std::move(json));
  }
  const nlohmann::json& query = answer.provenance.query;
  return {{"provenance", to_json(answer.provenance)},
          {"model", query.value("model", std::string())},
          {"x", query["x"]},
          {"metric", query["metric"]},
          {"step", domain::k_glance_step},
          {"columns", std::move(columns)},
          {"targets_left_out", table.targets_left_out},
          {"slo_columns", std::move(slo_columns)},
          {"rows", std::move(rows)},
          {"left_out", left_out_json(answer.left_out)}};
}

std::string
glance_csv(const GlanceAnswer& answer, CsvProvenance provenance)
{
  std::string text = provenance == CsvProvenance::included ? provenance_comments(answer.provenance) : "";
  if (provenance == CsvProvenance::included && answer.table.targets_left_out > 0) {
    text += export_comment_line("targets_left_out", std::to_string(answer.table.targets_left_out));
  }
  if (provenance == CsvProvenance::included) {
    // What each service-level column's header key stands for.
    for (const domain::GlanceServiceLevelColumn& column : answer.table.slo_columns) {
      text += export_comment_line("slo." + column.key, column.target.text());
    }
  }
  text += k_curve_csv_columns;
  for (const domain::GlanceColumn& column : answer.table.columns) {
    text += ',';
    util::append_csv_field(text, column.label);
    text += ',';
    util::append_csv_field(text, column.label + " state");
  }
  for (const domain::GlanceServiceLevelColumn& column : answer.table.slo_columns) {
    text += ',';
    util::append_csv_field(text, column.key + " slo");
    text += ',';
    util::append_csv_field(text, column.key + " slo binding");
  }
  text += '\n';
  for (const domain::GlanceRow& row : answer.table.rows) {
    append_curve_csv_columns(text, undated_label(row.curve.group), row.curve);
    for (const domain::InterpolatedThroughput& cell : row.cells) {
      text += fmt::format(",{},{}", number(cell.throughput), domain::to_string(cell.state));
    }
    for (std::size_t i = 0; i < row.slo_cells.size(); ++i) {
      const domain::GlanceServiceLevelCell& cell = row.slo_cells[i];
      text += fmt::format(",{},", number(cell.throughput));
      util::append_csv_field(text, binding_text(answer.table.slo_columns[i], cell).value_or(""));
    }
    text += '\n';
  }
  return text;
}

std::string
glance_csv_file_name(const GlanceAnswer& answer)
{
  const nlohmann::json& query = answer.provenance.query;
  std::string name = "infertrack-glance-" + query.value("model", std::string("all"));
  // Downloads of one model with other filters must not overwrite each other.
  for (const char* key : {"hardware", "framework", "precision", "spec_method"}) {
    if (query.contains(key)) {
      name += "-" + query[key].get<std::string>();
    }
  }
  if (query.contains("disaggregated")) {
    name += query["disaggregated"].get<bool>() ? "-disaggregated" : "-aggregated";
  }
  for (const char* key : {"x", "metric"}) {
    const std::string value = query[key].get<std::string>();
    if (value != "auto" && value != "total") {
      name += "-" + value;
    }
  }
  std::replace_if(
    name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-'; },
    '_');
  name.resize(std::min(name.size(), k_file_name_bytes));
  return name + "-" + query.value("date", answer.provenance.as_of) + ".csv";
}

}  // namespace infertrack::app

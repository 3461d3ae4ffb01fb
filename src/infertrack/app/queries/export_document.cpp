#include "infertrack/app/queries/export_document.hpp"

#include "infertrack/app/queries/export_csv.hpp"
#include "infertrack/app/queries/history_json.hpp"
#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/measured_runs.hpp"
#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/app/queries/point_findings.hpp"
#include "infertrack/app/tracker_version.hpp"
#include "infertrack/domain/config_group.hpp"
#include "infertrack/formats/points_csv.hpp"
#include "infertrack/util/unix_time.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <functional>
#include <memory>
#include <map>
#include <type_traits>

namespace infertrack::app {
namespace {

// The export's rows in the format asked for: CSV lines, or one JSON array.
struct ExportRows
{
  std::string text; // the rows, or their beginning when `more` is set
  std::string more_json{}; // members a JSON export carries after its rows, each as ',"name":value'
  std::function<bool(std::string&)> more{}; // the rows' next part, as ExportDocument::more
};

// Points a part of an export holds: about 1.5 MB of JSON.
constexpr std::size_t k_points_per_part = 1000;

// `items` as a JSON array of what to_json makes of each.
template<typename Items>
std::string
json_array_text(const Items& items)
{
  nlohmann::json list = nlohmann::json::array();
  for (const auto& item : items) {
    list.push_back(to_json(item));
  }
  return list.dump();
}

// A configuration's label without its run date, which provenance gives apart.
std::string
configuration_label(domain::ConfigGroupKey group)
{
  group.date.clear();
  return group.label();
}

const char*
basis_text(const std::optional<domain::InteractivityBasis>& basis)
{
  return basis ? domain::to_string(*basis) : "auto";
}

void
add_constants(Provenance& provenance, ConstantsProvenance constants)
{
  if (std::find(provenance.constants.begin(), provenance.constants.end(), constants) == provenance.constants.end()) {
    provenance.constants.push_back(std::move(constants));
  }
}

void
add_curve_run(Provenance& provenance, const domain::PerformanceCurve& curve)
{
  provenance.runs.push_back({configuration_label(curve.group), curve.group.date, curve.frontier});
}

void
add_bracket(Provenance& provenance,
            const domain::ConfigGroupKey& group,
            const std::string& run_date,
            const domain::InterpolatedThroughput& value)
{
  provenance.brackets.push_back(
    {configuration_label(group), run_date, domain::to_string(value.state), value.lower_result_id, value.upper_result_id});
}

// The points of every run `filter` selects, a page at a time in listing order; a page is refused once the stored
// data is not what it was when the reading began.
class PointPages
{
public:
  PointPages(store::Store& store, store::PointFilter filter)
    : m_store(store), m_filter(std::move(filter)), m_data_version(store.data_version())
  {
  }

  // The next page; empty after the last.
  std::vector<domain::BenchmarkPoint> next()
  {
    if (m_done) {
      return {};
    }
    check_data_version();
    std::vector<domain::BenchmarkPoint> page = m_store.points_page(
      m_filter, m_after ? std::optional<std::string_view>(*m_after) : std::nullopt, k_points_per_part);
    // Again after the read: an ingest by another process may have committed in between.
    check_data_version();
    m_done = page.size() < k_points_per_part;
    if (!page.empty()) {
      m_after = page.back().result_id;
    }
    return page;
  }

  bool done() const { return m_done; }

private:
  void check_data_version()
  {
    if (m_store.data_version() != m_data_version) {
      throw ExportDataChanged("the stored data changed while the export was read; ask for it again");
    }
  }

  store::Store& m_store;
  store::PointFilter m_filter;
  std::int64_t m_data_version;
  std::optional<std::string> m_after;
  bool m_done = false;
};

// A CSV row has no place for findings: they go above the header, as the provenance does, and reading the CSV skips
// them.
void
append_finding_lines(std::string& text, std::span<const domain::BenchmarkPoint> points, const PointFindings& findings)
{
  for (const domain::BenchmarkPoint& point : points) {
    for (const domain::DataFinding& finding : findings.of(point.result_id)) {
      text += export_comment_line("finding", fmt::format("{} {}: {}", finding.result_id, domain::to_string(finding.kind),
                                             finding.detail));
    }
  }
}

// The latest runs are a few hundred points, what a chart draws: read and written whole.
ExportRows
latest_run_points_rows(store::Store& store, const PointsQuery& query, ExportFormat format, Provenance& provenance)
{
  const std::vector<domain::BenchmarkPoint> points = store.latest_points(query.filter);
  // Points come ordered by configuration then date: one run is a run of neighbours.
  for (const domain::BenchmarkPoint& point : points) {
    const std::string label = configuration_label(domain::config_group_of(point));
    if (provenance.runs.empty() || provenance.runs.back().configuration != label
        || provenance.runs.back().run_date != point.date) {
      provenance.runs.push_back({label, point.date, std::nullopt});
    }
  }
  const PointFindings findings(store, points);
  if (format == ExportFormat::csv) {
    std::string text;
    append_finding_lines(text, points, findings);
    return {text + formats::write_points_csv(points)};
  }
  return {findings.points_json(points)};
}

// The parts of an export of every run's points, after its beginning: in CSV the findings' lines (a first reading of
// the pages: they go above the header) and then the rows, in JSON the points with their findings; a page a part.
class EveryRunPointParts
{
public:
  EveryRunPointParts(store::Store& store, const store::PointFilter& filter, ExportFormat format)
    : m_store(store),
      m_format(format),
      m_pages(store, filter)
  {
    if (format == ExportFormat::csv) {
      m_finding_pages.emplace(store, filter);
    }
  }

  bool operator()(std::string& out)
  {
    if (m_finding_pages) {
      const std::vector<domain::BenchmarkPoint> page = m_finding_pages->next();
      append_finding_lines(out, page, PointFindings(m_store, page));
      if (m_finding_pages->done()) {
        m_finding_pages.reset();
        formats::append_points_csv_header(out);
      }
      return true;
    }
    const std::vector<domain::BenchmarkPoint> page = m_pages.next();
    if (m_format == ExportFormat::csv) {
      formats::append_points_csv_rows(out, page);
    } else {
      PointFindings(m_store, page).append_points_json(out, page, m_first);
      m_first = m_first && page.empty();
      if (m_pages.done()) {
        out += ']';
      }
    }
    return !m_pages.done();
  }

private:
  store::Store& m_store;
  ExportFormat m_format;
  std::optional<PointPages> m_finding_pages;
  PointPages m_pages;
  bool m_first = true;
};

// Every run can be every point of the database (100,000 points are 166 MB of JSON): the rows follow a page at a time,
// each read under the caller's hold of the store for that part alone.
ExportRows
every_run_points_rows(store::Store& store, const PointsQuery& query, ExportFormat format, Provenance& provenance)
{
  // Shared: a std::function copies what it holds, and the parts read on from where the last one stopped. Made
  // first, so that the data version they check is the one the provenance's runs were read at.
  auto parts = std::make_shared<EveryRunPointParts>(store, query.filter, format);
  for (const domain::ConfigGroupKey& run : measured_runs(store, query.filter)) {
    provenance.runs.push_back({configuration_label(run), run.date, std::nullopt});
  }
  return {format == ExportFormat::csv ? "" : "[", "", [parts](std::string& out) { return (*parts)(out); }};
}

ExportRows
points_rows(store::Store& store, const PointsQuery& query, ExportFormat format, Provenance& provenance)
{
  provenance.query = filter_json(query.filter);
  provenance.query["runs"] = query.latest_runs ? "latest" : "all";
  return query.latest_runs ? latest_run_points_rows(store, query, format, provenance)
                           : every_run_points_rows(store, query, format, provenance);
}

ExportRows
frontier_rows(store::Store& store, const FrontierQuery& query, ExportFormat format, Provenance& provenance)
{
  const FrontierAnswer answer = frontiers(store, query);
  provenance.query = filter_json(query.filter);
  provenance.query["x"] = basis_text(query.curve.basis);
  provenance.query["metric"] = domain::to_string(query.curve.metric);
  for (const domain::PerformanceCurve& curve : answer.curves) {
    add_curve_run(provenance, curve);
  }
  return {format == ExportFormat::csv ? frontiers_csv(answer) : curves_json(answer).dump()};
}

ExportRows
interpolation_rows(store::Store& store, const InterpolationQuery& query, ExportFormat format, Provenance& provenance)
{
  const auto [answer, left_out] = answer_interpolation(store, query);
  provenance.query = filter_json(query.filter);
  provenance.query["target_interactivity"] = query.target;
  provenance.query["x"] = basis_text(query.curve.basis);
  provenance.query["metric"] = domain::to_string(query.curve.metric);
  for (const InterpolationRow& row : answer) {
    add_curve_run(provenance, row.curve);
    add_bracket(provenance, row.curve.group, row.curve.group.date, row.value);
    if (row.cost) {
      add_constants(provenance, {*row.cost});
    }
  }
  if (format == ExportFormat::csv) {
    return {interpolations_csv(answer, left_out)};
  }
  return {json_array_text(answer), ",\"left_out\":" + left_out_json(left_out).dump()};
}

ExportRows
history_rows(store::Store& store, const HistoryQuery& query, ExportFormat format, Provenance& provenance)
{
  const domain::HistoryFrontiers frontiers = history_frontiers(store, query);
  const std::vector<HistoryRow> answer = history_rows(frontiers, query).rows;
  // Every knot of each run's frontier: the monotone spline's slopes at the brackets come from their neighbours too.
  std::map<std::pair<std::string, std::string>, std::vector<domain::FrontierKnot>> knots_of_run;
  for (std::size_t c = 0; c < frontiers.configuration_count(); ++c) {
    const std::string label = configuration_label(frontiers.configuration(c));
    for (std::size_t r = 0; r < frontiers.run_count(c); ++r) {
      const domain::HistoryFrontiers::RunFrontier run = frontiers.run(c, r);
      std::vector<domain::FrontierKnot>& knots = knots_of_run[{label, frontiers.date(run.date)}];
      for (std::size_t k = 0; k < run.interactivity.size(); ++k) {
        knots.push_back({run.interactivity[k], run.throughput[k],
                         std::string(frontiers.result_id(run.first_knot + static_cast<std::uint32_t>(k)))});
      }
    }
  }
  provenance.query = filter_json(query.filter);
  provenance.query["target_interactivity"] = query.options.target;
  provenance.query["x"] = basis_text(query.options.basis);
  provenance.query["metric"] = domain::to_string(query.options.metric);
  provenance.query["launch_date"] = query.options.launch_date;
  if (query.join_precisions) {
    provenance.query["join_precisions"] = true; // the rows are series across precisions
  }
  if (query.from && query.to) {
    provenance.query["from"] = *query.from;
    provenance.query["to"] = *query.to;
  }
  for (const HistoryRow& row : answer) {
    for (const domain::HistoryPoint& point : row.series.points) {
      // The run read, in its own precision (a series across precisions joins several).
      domain::ConfigGroupKey read = row.series.configuration;
      read.precision = point.precision;
      const auto knots = knots_of_run.find({configuration_label(read), point.date});
      provenance.runs.push_back({configuration_label(read), point.date,
                                 knots == knots_of_run.end() ? std::vector<domain::FrontierKnot>{} : knots->second});
      add_bracket(provenance, read, point.date, point.value);
    }
  }
  return {format == ExportFormat::csv ? history_csv(query, answer) : history_rows_json(answer, query.options.target)};
}

// A figure for every hardware as a number, figures by hardware as an object: {"mi355x": 8}.
template <typename T>
void
add_override(nlohmann::json& json, const char* name, const HardwareOverride<T>& given)
{
  if (given.every) {
    json[name] = *given.every;
  } else if (given.given()) {
    nlohmann::json& by_hardware = json[name] = nlohmann::json::object();
    for (const auto& [hardware, value] : given.by_hardware) {
      by_hardware[hardware] = value;
    }
  }
}

nlohmann::json
plan_query_json(const PlanQuery& query)
{
  nlohmann::json json = filter_json(query.filter);
  const std::pair<const char*, const std::optional<std::string>*> texts[] = {
    {"point", &query.point}, {"demand", &query.demand}, {"preset", &query.preset}, {"mix", &query.mix}};
  for (const auto& [name, value] : texts) {
    if (*value) {
      json[name] = **value;
    }
  }
  if (query.at) {
    json["at"] = *query.at;
  }
  add_override(json, "cost_per_gpu_hour", query.cost_per_gpu_hour);
  add_override(json, "kw_per_gpu", query.kw_per_gpu);
  add_override(json, "gpus_per_rack", query.gpus_per_rack);
  json["utilization"] = query.utilization;
  return json;
}

util::Result<ExportRows>
plan_rows(store::Store& store, const PlanQuery& query, ExportFormat format, Provenance& provenance)
{
  INFERTRACK_TRY_ASSIGN(answers, plan(store, query));
  provenance.query = plan_query_json(query);
  if (query.at) {
    // The curves the planner read its targets off: the same interpolation it runs (app::plan).
    for (const InterpolationRow& row : interpolate(store, InterpolationQuery{query.filter, *query.at, {}})) {
      add_curve_run(provenance, row.curve);
      add_bracket(provenance, row.curve.group, row.curve.group.date, row.value);
    }
  } else if (const auto point = store.point(*query.point)) {
    const domain::ConfigGroupKey group = domain::config_group_of(*point);
    provenance.runs.push_back({configuration_label(group), point->date, std::nullopt});
    provenance.brackets.push_back({configuration_label(group), point->date, "measured", point->result_id, {}});
  }
  for (const PlanAnswer& answer : answers) {
    if (!answer.hardware.hardware.empty()) {
      add_constants(provenance,
                    {answer.hardware, answer.cost_overridden, answer.power_overridden, answer.rack_overridden});
    }
  }
  return ExportRows{format == ExportFormat::csv ? plans_csv(answers) : json_array_text(answers)};
}

const store::PointFilter&
filter_of(const ExportQuery& query)
{
  return std::visit([](const auto& alternative) -> const store::PointFilter& { return alternative.filter; }, query);
}

}  // namespace

const char*
to_string(ExportKind kind)
{
  switch (kind) {
    case ExportKind::points:
      return "points";
    case ExportKind::frontiers:
      return "frontiers";
    case ExportKind::interpolations:
      return "interpolations";
    case ExportKind::history:
      return "history";
    case ExportKind::plans:
      return "plans";
  }
  return "unknown";
}

const char*
to_string(ExportFormat format)
{
  return format == ExportFormat::csv ? "csv" : "json";
}

std::optional<ExportKind>
parse_export_kind(std::string_view text)
{
  constexpr std::pair<std::string_view, ExportKind> k_names[] = {
    {"points", ExportKind::points},   {"frontiers", ExportKind::frontiers},
    {"frontier", ExportKind::frontiers}, {"interpolations", ExportKind::interpolations},
    {"interpolate", ExportKind::interpolations}, {"history", ExportKind::history},
    {"plans", ExportKind::plans},     {"plan", ExportKind::plans}};
  for (const auto& [name, kind] : k_names) {
    if (name == text) {
      return kind;
    }
  }
  return std::nullopt;
}

std::optional<ExportFormat>
parse_export_format(std::string_view text)
{
  if (text == "csv") {
    return ExportFormat::csv;
  }
  if (text == "json") {
    return ExportFormat::json;
  }
  return std::nullopt;
}

ExportKind
kind_of(const ExportQuery& query)
{
  // The alternatives are declared in ExportKind's order.
  return static_cast<ExportKind>(query.index());
}

std::string
ExportDocument::file_name() const
{
  const nlohmann::json& query = provenance.query;
  std::string name = "infertrack-" + std::string(to_string(kind)) + "-" + query.value("model", std::string("all"));
  // Downloads of one model with other filters or targets must not overwrite each other.
  for (const char* key : {"hardware", "framework", "precision", "spec_method", "point", "preset", "demand"}) {
    if (query.contains(key)) {
      name += "-" + query[key].get<std::string>();
    }
  }
  if (query.contains("disaggregated")) {
    name += query["disaggregated"].get<bool>() ? "-disaggregated" : "-aggregated";
  }
  for (const char* key : {"target_interactivity", "at"}) {
    if (query.contains(key)) {
      name += fmt::format("-at{}", query[key].get<double>());
    }
  }
  std::replace_if(
    name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-'; }, '_');
  name.resize(std::min<std::size_t>(name.size(), 200)); // file systems take 255 bytes
  // Named by the runs' date when it picks them, else by the state's.
  return name + "-" + query.value("date", provenance.as_of) + "." + to_string(format);
}

const char*
ExportDocument::content_type() const
{
  return format == ExportFormat::csv ? "text/csv; charset=utf-8" : "application/json";
}

util::Result<ExportDocument>
begin_export(store::Store& store, const ExportQuery& query, ExportFormat format)
{
  ExportDocument document;
  document.kind = kind_of(query);
  document.format = format;
  Provenance& provenance = document.provenance;
  provenance.kind = to_string(document.kind);
  provenance.tracker_version = std::string(k_tracker_version);
  provenance.generated_at = util::iso_utc(static_cast<std::int64_t>(std::time(nullptr)));
  // An exact date picks the runs of that day, read and priced as the tracker stands (query.date records it); only
  // an as-of date is a past state of the tracker, with the constants then in force.
  const store::PointFilter& filter = filter_of(query);
  provenance.as_of = filter.as_of.value_or("latest");

  util::Result<ExportRows> rows = std::visit(
    [&](const auto& alternative) -> util::Result<ExportRows> {
      using Query = std::decay_t<decltype(alternative)>;
      if constexpr (std::is_same_v<Query, PointsQuery>) {
        return points_rows(store, alternative, format, provenance);
      } else if constexpr (std::is_same_v<Query, FrontierQuery>) {
        return frontier_rows(store, alternative, format, provenance);
      } else if constexpr (std::is_same_v<Query, InterpolationQuery>) {
        return interpolation_rows(store, alternative, format, provenance);
      } else if constexpr (std::is_same_v<Query, HistoryQuery>) {
        return history_rows(store, alternative, format, provenance);
      } else {
        return plan_rows(store, alternative, format, provenance);
      }
    },
    query);
  if (!rows) {
    return tl::unexpected(rows.error());
  }
  if (format == ExportFormat::csv) {
    document.text = provenance_comments(provenance) + rows->text;
    document.more = std::move(rows->more);
    return document;
  }
  // Built as text so that the provenance comes first (nlohmann::json orders keys alphabetically).
  document.text = "{\"provenance\":" + to_json(provenance).dump() + ",\"" + to_string(document.kind) + "\":" + rows->text;
  std::string end = std::move(rows->more_json) + "}\n";
  if (!rows->more) {
    document.text += end;
    return document;
  }
  document.more = [rows_more = std::move(rows->more), end = std::move(end)](std::string& out) {
    const bool again = rows_more(out);
    if (!again) {
      out += end;
    }
    return again;
  };
  return document;
}

util::Result<ExportDocument>
build_export(store::Store& store, const ExportQuery& query, ExportFormat format)
{
  util::Result<ExportDocument> document = begin_export(store, query, format);
  if (document && document->more) {
    while (document->more(document->text)) {
    }
    document->more = nullptr;
  }
  return document;
}

}  // namespace infertrack::app

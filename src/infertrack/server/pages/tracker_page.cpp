#include "infertrack/server/pages/tracker_page.hpp"

#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/app/queries/point_findings.hpp"
#include "infertrack/domain/efficiency.hpp"
#include "infertrack/domain/service_level_presets.hpp"
#include "infertrack/server/pages/comment_section.hpp"
#include "infertrack/server/pages/glance_view.hpp"
#include "infertrack/server/pages/headline_view.hpp"
#include "infertrack/server/pages/page_format.hpp"
#include "infertrack/server/pages/page_renderer.hpp"
#include "infertrack/server/pages/point_view.hpp"
#include "infertrack/util/iso_date.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <functional>
#include <set>
#include <tuple>
#include <unordered_set>
#include <vector>

namespace infertrack::server::pages {
namespace {

using kainjow::mustache::data;

// The published headlines are read at this interactivity (tok/s/user).
constexpr double k_headline_target = 100;
// The points table's rows at most: the page stays a few hundred kilobytes whatever the store holds. The
// script replaces the table with the API's answer; the API and the CSV export give every point.
constexpr std::size_t k_table_rows = 500;
// Earlier run dates the table looks back over at most (one store query each).
constexpr int k_table_run_dates = 16;
// Data-quality findings listed at most; `infertrack check` lists them all.
constexpr std::size_t k_listed_findings = 100;

std::optional<std::string>
non_empty(const http::Request& request, std::string_view name)
{
  const std::optional<std::string_view> value = request.query_value(name);
  if (!value || value->empty()) {
    return std::nullopt;
  }
  return std::string(*value);
}

// Whether a filter offers "Any": the model does not, since the chart shows one model at a time.
enum class AnyChoice
{
  offered,
  not_offered,
};

// One filter's <option> list: "Any" first when offered, then every stored value.
data
options(const std::set<std::string>& values, const std::optional<std::string>& selected, AnyChoice any_choice)
{
  data list{data::type::list};
  if (any_choice == AnyChoice::offered) {
    data any;
    any.set("value", "");
    any.set("label", "Any");
    any.set("selected", !selected.has_value());
    list.push_back(any);
  }
  for (const std::string& value : values) {
    data option;
    option.set("value", value);
    option.set("label", value);
    option.set("selected", selected == value);
    list.push_back(option);
  }
  return list;
}

// The <option> lists of the filter form, from the latest run of every configuration (which holds every
// stored model, hardware, framework, precision and spec method).
data
filter_options(const std::vector<domain::BenchmarkPoint>& latest_points, const store::PointFilter& filter)
{
  const auto distinct = [&](const std::function<std::string(const domain::BenchmarkPoint&)>& field) {
    std::set<std::string> values;
    for (const domain::BenchmarkPoint& point : latest_points) {
      values.insert(field(point));
    }
    return values;
  };
  const std::set<std::string> models = distinct([](const auto& p) { return p.model; });
  const std::set<std::string> hardware = distinct([](const auto& p) { return p.hardware; });
  const std::set<std::string> frameworks = distinct([](const auto& p) { return p.framework; });
  const std::set<std::string> precisions = distinct([](const auto& p) { return p.precision; });
  const std::set<std::string> spec_methods = distinct([](const auto& p) { return p.spec_method; });

  data result;
  result.set("model", options(models, filter.model, AnyChoice::not_offered));
  result.set("hardware", options(hardware, filter.hardware, AnyChoice::offered));
  result.set("framework", options(frameworks, filter.framework, AnyChoice::offered));
  result.set("precision", options(precisions, filter.precision, AnyChoice::offered));
  result.set("spec_method", options(spec_methods, filter.spec_method, AnyChoice::offered));

  data layouts{data::type::list};
  const std::string_view current_layout = filter.disaggregated ? (*filter.disaggregated ? "true" : "false") : "";
  const std::pair<const char*, const char*> layout_choices[] = {
    {"", "Any"}, {"true", "Disaggregated"}, {"false", "Aggregated"}};
  for (const auto& [value, label] : layout_choices) {
    data option;
    option.set("value", value);
    option.set("label", label);
    option.set("selected", std::string_view(value) == current_layout);
    layouts.push_back(option);
  }
  result.set("disaggregated", layouts);
  return result;
}

// The planner's service-level presets, each an option whose value is its limits: "Chat: interactivity≥50, ttft_p99≤2s".
data
slo_presets()
{
  data list{data::type::list};
  for (const domain::ServiceLevelPreset& preset : domain::service_level_presets()) {
    std::string limits;
    for (const char c : preset.slo) {
      limits += c == ',' ? ", " : std::string(1, c);
    }
    for (const auto& [ascii, sign] : {std::pair{">=", "≥"}, std::pair{"<=", "≤"}}) {
      for (std::size_t at = limits.find(ascii); at != std::string::npos; at = limits.find(ascii, at)) {
        limits.replace(at, 2, sign);
      }
    }
    data option;
    option.set("key", std::string(preset.key));
    option.set("slo", std::string(preset.slo));
    option.set("label", fmt::format("{}: {}", preset.label, limits));
    list.push_back(option);
  }
  return list;
}

data
dataset_notes(store::Store& store)
{
  data list{data::type::list};
  for (const store::DatasetNote& note : store.dataset_notes()) {
    data item;
    item.set("text", note.text);
    item.set("source", note.source);
    list.push_back(item);
  }
  return list;
}

data
findings(const std::vector<domain::DataFinding>& all)
{
  data list{data::type::list};
  for (std::size_t i = 0; i < all.size() && i < k_listed_findings; ++i) {
    const domain::DataFinding& finding = all[i];
    data item;
    item.set("result_id", finding.result_id);
    item.set("id_url", percent_encode_segment(finding.result_id));
    item.set("kind", domain::to_string(finding.kind));
    item.set("detail", finding.detail);
    list.push_back(item);
  }
  return list;
}

// The day before `date` (YYYY-MM-DD, as stored), so that "on or before" becomes "before".
std::string
day_before(std::string_view date)
{
  int year = 0;
  unsigned month = 0;
  unsigned day = 0;
  std::from_chars(date.data(), date.data() + 4, year);
  std::from_chars(date.data() + 5, date.data() + 7, month);
  std::from_chars(date.data() + 8, date.data() + 10, day);
  const std::chrono::year_month_day before{std::chrono::sys_days{std::chrono::year{year} / month / day} -
                                           std::chrono::days{1}};
  return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(before.year()), static_cast<unsigned>(before.month()),
                     static_cast<unsigned>(before.day()));
}

// Store::points() order, for merging runs read separately.
bool
listing_order(const domain::BenchmarkPoint& a, const domain::BenchmarkPoint& b)
{
  return std::tie(a.model, a.hardware, a.framework, a.precision, a.spec_method, a.disaggregated, a.workload, a.date,
                  a.concurrency, a.result_id) < std::tie(b.model, b.hardware, b.framework, b.precision, b.spec_method,
                                                         b.disaggregated, b.workload, b.date, b.concurrency,
                                                         b.result_id);
}

// The rows of the points table and what was left out of them.
struct TableRows
{
  std::vector<domain::BenchmarkPoint> points; // listing order
  std::size_t latest_count = 0;               // points of the latest run of each configuration
  bool latest_cut = false;                    // some of those did not fit
  bool older_left_out = false;                // some earlier runs are not listed
};

// Which runs the points table lists: the latest of each configuration (the page's default, as the script
// lists them), or with `runs=all` every run date.
enum class TableRuns
{
  latest,
  every_date,
};

// The points table for `filter`, never reading every stored point: the latest run of each configuration
// first, then (for every_date) earlier runs one run date at a time, newest first, while whole dates fit in
// k_table_rows. With few points (the bundled data) that is every point, as the API lists them.
TableRows
table_rows(store::Store& store, const store::PointFilter& filter, TableRuns runs)
{
  TableRows rows;
  rows.points = store.latest_points(filter);
  rows.latest_count = rows.points.size();
  if (rows.points.size() > k_table_rows) {
    rows.points.resize(k_table_rows);
    rows.latest_cut = true;
    rows.older_left_out = runs == TableRuns::every_date;
    return rows;
  }
  if (rows.points.empty() || filter.date || runs == TableRuns::latest) {
    return rows; // an exact date has one run per configuration: nothing earlier belongs to the table
  }
  std::unordered_set<std::string> listed;
  std::string newest;
  for (const domain::BenchmarkPoint& point : rows.points) {
    listed.insert(point.result_id);
    newest = std::max(newest, point.date);
  }
  // Every point dated `newest` is listed (it belongs to some configuration's latest run). Each step asks
  // for the latest runs before the last date visited: their newest date's points are all that date holds.
  rows.older_left_out = true; // unless the walk reaches the oldest run
  for (int step = 0; step < k_table_run_dates; ++step) {
    store::PointFilter earlier = filter;
    const std::string before = day_before(newest);
    earlier.as_of = filter.as_of ? std::min(*filter.as_of, before) : before;
    std::vector<domain::BenchmarkPoint> runs = store.latest_points(earlier);
    if (runs.empty()) {
      rows.older_left_out = false;
      break;
    }
    newest.clear();
    for (const domain::BenchmarkPoint& point : runs) {
      newest = std::max(newest, point.date);
    }
    std::vector<domain::BenchmarkPoint> added;
    for (domain::BenchmarkPoint& point : runs) {
      if (point.date == newest && !listed.contains(point.result_id)) {
        added.push_back(std::move(point));
      }
    }
    if (rows.points.size() + added.size() > k_table_rows) {
      break;
    }
    for (domain::BenchmarkPoint& point : added) {
      listed.insert(point.result_id);
      rows.points.push_back(std::move(point));
    }
  }
  std::sort(rows.points.begin(), rows.points.end(), listing_order);
  return rows;
}

// The API query naming the same points as the table's filter.
std::string
api_points_url(const store::PointFilter& filter, TableRuns runs)
{
  std::string url = "/api/v1/points";
  char separator = '?';
  auto add = [&](std::string_view name, const std::optional<std::string>& value) {
    if (value) {
      url += separator;
      url += name;
      url += '=';
      url += percent_encode_segment(*value);
      separator = '&';
    }
  };
  add("model", filter.model);
  add("hardware", filter.hardware);
  add("framework", filter.framework);
  add("precision", filter.precision);
  add("spec_method", filter.spec_method);
  add("disaggregated", filter.disaggregated ? std::optional<std::string>(*filter.disaggregated ? "true" : "false")
                                            : std::nullopt);
  add("as_of", filter.as_of);
  add("runs", runs == TableRuns::latest ? std::optional<std::string>("latest") : std::nullopt);
  return url;
}

// What a reader without the script is told when the table does not list every point.
std::string
table_note(const TableRows& rows)
{
  if (rows.latest_cut) {
    return fmt::format("Showing {} of the {} points of the latest run of each configuration{}.",
                       rows.points.size(), rows.latest_count,
                       rows.older_left_out ? "; earlier runs are not listed either" : "");
  }
  if (rows.older_left_out) {
    return fmt::format("Showing {} points: the latest run of each configuration ({} points) and the newest "
                       "earlier runs that fit in {} rows; older runs are not listed.",
                       rows.points.size(), rows.latest_count, k_table_rows);
  }
  return "";
}

// The filter named by its API parameter, in the page's words ("speculative-decoding method").
std::string_view
unstored_filter_words(std::string_view parameter)
{
  return parameter == "spec_method" ? "speculative-decoding method" : parameter;
}

}  // namespace

store::PointFilter
page_filter(const http::Request& request, const std::string& default_model)
{
  store::PointFilter filter;
  filter.model = non_empty(request, "model").value_or(default_model);
  filter.hardware = non_empty(request, "hardware");
  filter.framework = non_empty(request, "framework");
  filter.precision = non_empty(request, "precision");
  filter.spec_method = non_empty(request, "spec_method");
  if (const auto layout = non_empty(request, "disaggregated")) {
    // Anything but the two words the form sends is ignored rather than matching nothing.
    if (*layout == "true" || *layout == "false") {
      filter.disaggregated = *layout == "true";
    }
  }
  if (const auto as_of = non_empty(request, "as_of"); as_of && util::is_iso_date(*as_of)) {
    filter.as_of = as_of; // like the layout, a malformed date is ignored: the page shows the latest data
  }
  return app::canonical_filter(std::move(filter)); // aliases and case, as the API takes them
}

std::string
render_tracker_page(store::Store& store, const http::Request& request)
{
  // The latest run of every configuration: the filter choices, the default model (the first in listing
  // order) and the table of every configuration at the headline target. Earlier runs are never all read.
  const std::vector<domain::BenchmarkPoint> latest = store.latest_points({});
  const std::string default_model = latest.empty() ? std::string() : latest.front().model;
  store::PointFilter filter = page_filter(request, default_model);
  if (filter.model && filter.model->empty()) {
    filter.model.reset();
  }
  // A name in the address that nothing stored has (a typing slip, or data since removed) is left out, as a
  // malformed date is, and the page says which, with the names it could be.
  data unstored{data::type::list};
  while (const auto name = app::unstored_name(store, filter)) {
    const bool model = name->parameter == "model";
    unstored.push_back(data(fmt::format("{}; the page shows {}.",
                                        app::unstored_text(*name, unstored_filter_words(name->parameter)),
                                        model ? std::string("the default model")
                                              : fmt::format("every {}", unstored_filter_words(name->parameter)))));
    (filter.*name->field).reset();
    if (model) {
      filter.model = default_model.empty() ? std::nullopt : std::optional<std::string>(default_model);
    }
  }
  const bool every_date = request.query_value("runs") == std::optional<std::string_view>("all");
  const TableRuns runs = every_date ? TableRuns::every_date : TableRuns::latest;
  const TableRows shown = table_rows(store, filter, runs);
  const std::vector<domain::HardwareCost> costs = store.hardware();

  data body;
  body.set("uplot_css_url", asset_url("uplot.css"));
  body.set("headline_target", format_number(k_headline_target, 0));
  const std::vector<domain::HeadlineComparison> comparisons = app::headline_comparisons(store);
  body.set("headlines", headline_cards(comparisons, filter.as_of));
  body.set("headlines_left_out", std::any_of(comparisons.begin(), comparisons.end(), [&](const auto& comparison) {
             return about_a_later_run(comparison, filter.as_of);
           }));
  app::InterpolationQuery query;
  query.target = k_headline_target;
  query.filter.as_of = filter.as_of; // the table's prices are those in force on the date, as the API's are
  // The table of every configuration follows the as-of date; the headlines compare their own runs.
  store::PointFilter as_of_only;
  as_of_only.as_of = filter.as_of;
  const std::vector<domain::BenchmarkPoint> as_of_latest =
    filter.as_of ? store.latest_points(as_of_only) : std::vector<domain::BenchmarkPoint>{};
  body.set("interpolation_rows",
           interpolation_table(app::interpolate_points(filter.as_of ? as_of_latest : latest, costs, query)));
  body.set("glance", glance_section(store, filter.model, filter.as_of)); // the model's own table, as of the date
  body.set("as_of", filter.as_of.value_or(""));
  // A malformed date in the address is left out (the latest runs are shown), and the page says so.
  const std::optional<std::string> asked_as_of = non_empty(request, "as_of");
  body.set("has_refused_as_of", asked_as_of && !filter.as_of);
  body.set("refused_as_of", asked_as_of.value_or(""));

  body.set("has_unstored_filters", !unstored.list_value().empty());
  body.set("unstored_filters", unstored);
  body.set("filters", filter_options(latest, filter));
  body.set("slo_presets", slo_presets());
  body.set("runs_every_date", every_date);
  data rows{data::type::list};
  const app::PointFindings point_findings(store, shown.points);
  for (const domain::BenchmarkPoint& point : shown.points) {
    rows.push_back(point_view(point, point_findings.of(point.result_id)));
  }
  body.set("points", rows);
  body.set("point_count", fmt::format("{}", shown.points.size()));
  body.set("filter_summary", app::filter_summary(filter));
  const std::string note = table_note(shown);
  body.set("has_table_note", !note.empty());
  body.set("table_note", note);
  body.set("api_points_url", api_points_url(filter, runs));
  body.set("notes", dataset_notes(store));
  const std::vector<domain::DataFinding> all_findings = store.findings(std::nullopt);
  body.set("findings", findings(all_findings));
  const bool findings_cut = all_findings.size() > k_listed_findings;
  body.set("has_more_findings", findings_cut);
  body.set("more_findings", fmt::format("{}", findings_cut ? all_findings.size() - k_listed_findings : 0));

  // What the script needs before its first API answer, so that the planner's controls work at once:
  // the demand presets and the latest published figures of each hardware (for another date it asks the API).
  nlohmann::json presets = nlohmann::json::array();
  for (const domain::DemandPreset& preset : store.presets()) {
    presets.push_back(app::to_json(preset));
  }
  nlohmann::json hardware = nlohmann::json::array();
  for (const domain::HardwareCost& cost : domain::costs_in_force(costs)) {
    hardware.push_back(app::to_json(cost));
  }
  const nlohmann::json state = {
    {"default_model", default_model}, {"presets", std::move(presets)}, {"hardware", std::move(hardware)}};
  body.set("initial_state", script_safe_json(state));
  body.set("comment_section", render_comment_section("page", "Discussion", CommentScript::on_approach));

  const PageFrame frame{"DeepSeek V4 inference tracker: throughput, interactivity and cost",
                        "Measured DeepSeek V4 serving throughput per GPU against interactivity, Pareto "
                        "frontiers, published headlines beside computed values, and a rack planner.",
                        PageScripts::tracker_app, PageStyle::inlined};
  return render_page(frame, "tracker.mustache", body);
}

}  // namespace infertrack::server::pages

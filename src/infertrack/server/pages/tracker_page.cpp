#include "infertrack/server/pages/tracker_page.hpp"

#include "infertrack/app/interpolation_query.hpp"
#include "infertrack/app/json_views.hpp"
#include "infertrack/server/pages/headline_view.hpp"
#include "infertrack/server/pages/page_format.hpp"
#include "infertrack/server/pages/page_renderer.hpp"
#include "infertrack/server/pages/point_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>
#include <vector>

namespace infertrack::server::pages {
namespace {

using kainjow::mustache::data;

// The published headlines are read at this interactivity (tok/s/user).
constexpr double k_headline_target = 100;

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

// The <option> lists of the filter form, from every stored point.
data
filter_options(const std::vector<domain::BenchmarkPoint>& all_points, const store::PointFilter& filter)
{
  const auto distinct = [&](const std::function<std::string(const domain::BenchmarkPoint&)>& field) {
    std::set<std::string> values;
    for (const domain::BenchmarkPoint& point : all_points) {
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

std::string
filter_summary(const store::PointFilter& filter)
{
  std::string text = filter.model.value_or("every model");
  for (const auto* value : {&filter.hardware, &filter.framework, &filter.precision, &filter.spec_method}) {
    if (*value) {
      text += ", " + **value;
    }
  }
  if (filter.disaggregated) {
    text += *filter.disaggregated ? ", disaggregated" : ", aggregated";
  }
  return text;
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
findings(store::Store& store)
{
  data list{data::type::list};
  for (const domain::DataFinding& finding : store.findings(std::nullopt)) {
    data item;
    item.set("result_id", finding.result_id);
    item.set("id_url", percent_encode_segment(finding.result_id));
    item.set("kind", domain::to_string(finding.kind));
    item.set("detail", finding.detail);
    list.push_back(item);
  }
  return list;
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
  return filter;
}

std::string
render_tracker_page(store::Store& store, const http::Request& request)
{
  const std::vector<domain::BenchmarkPoint> all_points = store.points({});
  const std::string default_model = all_points.empty() ? std::string() : all_points.front().model;
  store::PointFilter filter = page_filter(request, default_model);
  if (filter.model && filter.model->empty()) {
    filter.model.reset();
  }
  const std::vector<domain::BenchmarkPoint> shown = store.points(filter);

  data body;
  body.set("uplot_css_url", asset_url("uplot.css"));
  body.set("headline_target", format_number(k_headline_target, 0));
  const std::vector<domain::HeadlineComparison> comparisons = app::headline_comparisons(store);
  body.set("headlines", headline_cards(comparisons));
  app::InterpolationQuery query;
  query.target = k_headline_target;
  body.set("interpolation_rows", interpolation_table(app::interpolate(store, query)));

  body.set("filters", filter_options(all_points, filter));
  data rows{data::type::list};
  for (const domain::BenchmarkPoint& point : shown) {
    rows.push_back(point_view(point));
  }
  body.set("points", rows);
  body.set("point_count", fmt::format("{}", shown.size()));
  body.set("filter_summary", filter_summary(filter));
  body.set("notes", dataset_notes(store));
  body.set("findings", findings(store));

  // What the script needs before its first API answer, so that the planner's controls work at once:
  // the demand presets and the published hardware figures.
  nlohmann::json presets = nlohmann::json::array();
  for (const domain::DemandPreset& preset : store.presets()) {
    presets.push_back(app::to_json(preset));
  }
  nlohmann::json hardware = nlohmann::json::array();
  for (const domain::HardwareCost& cost : store.hardware()) {
    hardware.push_back(app::to_json(cost));
  }
  const nlohmann::json state = {
    {"default_model", default_model}, {"presets", std::move(presets)}, {"hardware", std::move(hardware)}};
  body.set("initial_state", script_safe_json(state));

  const PageFrame frame{"DeepSeek V4 inference tracker: throughput, interactivity and cost",
                        "Measured DeepSeek V4 serving throughput per GPU against interactivity, Pareto "
                        "frontiers, published headlines beside computed values, and a rack planner.",
                        PageScripts::tracker_app, PageStyle::inlined};
  return render_page(frame, "tracker.mustache", body);
}

}  // namespace infertrack::server::pages

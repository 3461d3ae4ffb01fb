#include "infertrack/server/pages/embed_page.hpp"

#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/server/pages/page_format.hpp"
#include "infertrack/server/pages/page_renderer.hpp"
#include "infertrack/server/pages/tracker_page.hpp"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace infertrack::server::pages {
namespace {

using kainjow::mustache::data;

// The share link's chart parameters, each with the values the page's controls offer; another value is ignored, as
// the tracker page ignores it.
std::optional<std::string>
choice(const http::Request& request, std::string_view name, std::initializer_list<std::string_view> offered)
{
  const std::optional<std::string_view> value = request.query_value(name);
  if (!value || std::find(offered.begin(), offered.end(), *value) == offered.end()) {
    return std::nullopt;
  }
  return std::string(*value);
}

std::string
query_text(const std::vector<std::pair<std::string, std::string>>& query)
{
  std::string text;
  for (const auto& [name, value] : query) {
    text += (text.empty() ? "" : "&") + name + "=" + percent_encode_segment(value);
  }
  return text;
}

// The filter as share-link parameters (the names the tracker page and the API read).
std::vector<std::pair<std::string, std::string>>
filter_query(const store::PointFilter& filter)
{
  std::vector<std::pair<std::string, std::string>> query;
  const std::pair<const char*, const std::optional<std::string>*> names[] = {
    {"model", &filter.model},         {"hardware", &filter.hardware},       {"framework", &filter.framework},
    {"precision", &filter.precision}, {"spec_method", &filter.spec_method}, {"as_of", &filter.as_of}};
  for (const auto& [name, value] : names) {
    if (*value) {
      query.emplace_back(name, **value);
    }
  }
  if (filter.disaggregated) {
    query.emplace_back("disaggregated", *filter.disaggregated ? "true" : "false");
  }
  return query;
}

}  // namespace

RenderedPage
render_embed_chart(store::Store& store, const http::Request& request)
{
  RenderedPage page;
  data body;
  const std::string version(request.query_value("v").value_or(k_embed_version));
  if (version != k_embed_version) {
    page.status = 400;
    body.set("has_error", true);
    body.set("error", "This embed asks for version " + version + " of the embed links; this tracker serves version " +
                        std::string(k_embed_version) + ".");
    page.html = render_page({"InferTrack chart", "", PageScripts::none, PageStyle::linked, PageChrome::none},
                            "embed_chart.mustache", body);
    return page;
  }
  const std::vector<domain::BenchmarkPoint> latest = store.latest_points({});
  const store::PointFilter filter = page_filter(request, latest.empty() ? std::string() : latest.front().model);
  const std::string x = choice(request, "x", {"auto", "p90", "median"}).value_or("auto");
  const std::string metric = choice(request, "metric", {"total", "input", "output"}).value_or("total");
  const bool log = choice(request, "log", {"1"}).has_value();
  const bool every_run = choice(request, "runs", {"all"}).has_value();

  std::vector<std::pair<std::string, std::string>> frontier = filter_query(filter);
  std::vector<std::pair<std::string, std::string>> tracker = frontier;
  frontier.emplace_back("x", x);
  frontier.emplace_back("metric", metric);
  for (const auto& [name, value] : std::initializer_list<std::pair<std::string, std::string>>{
         {"x", x == "auto" ? "" : x}, {"metric", metric == "total" ? "" : metric}, {"log", log ? "1" : ""},
         {"runs", every_run ? "all" : ""}}) {
    if (!value.empty()) {
      tracker.emplace_back(name, value);
    }
  }
  body.set("has_error", false);
  body.set("uplot_css_url", asset_url("uplot.css"));
  body.set("summary", app::filter_summary(filter));
  body.set("frontier_query", query_text(frontier));
  body.set("availability_query", query_text(filter_query(filter)));
  body.set("log", log);
  body.set("every_run", every_run);
  body.set("metric_label", metric == "total" ? "Total" : metric == "input" ? "Input" : "Output");
  body.set("tracker_url", "/?" + query_text(tracker) + "#chart");
  page.html = render_page({"InferTrack chart: " + app::filter_summary(filter),
                           "Throughput per GPU against interactivity, Pareto frontiers per configuration.",
                           PageScripts::views, PageStyle::linked, PageChrome::none},
                          "embed_chart.mustache", body);
  return page;
}

}  // namespace infertrack::server::pages

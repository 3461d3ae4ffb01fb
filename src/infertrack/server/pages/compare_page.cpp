#include "infertrack/server/pages/compare_page.hpp"

#include "infertrack/app/queries/compare_query.hpp"
#include "infertrack/server/api/compare_route.hpp"
#include "infertrack/server/pages/glance_view.hpp"
#include "infertrack/server/pages/headline_view.hpp"
#include "infertrack/server/pages/page_format.hpp"
#include "infertrack/server/pages/page_renderer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace infertrack::server::pages {
namespace {

using kainjow::mustache::data;

// What the comparison reads from a page's query; anything else a link carries is ignored.
constexpr std::array<std::string_view, 9> k_compare_params = {
  "a", "b", "at", "demand", "utilization", "as_of", "cost_per_gpu_hour", "kw_per_gpu", "gpus_per_rack"};

// `request` with only the comparison's parameters, in the order given.
http::Request
compare_request(const http::Request& request)
{
  http::Request kept = request;
  std::erase_if(kept.query, [](const auto& param) {
    return std::find(k_compare_params.begin(), k_compare_params.end(), param.first) == k_compare_params.end();
  });
  return kept;
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

std::string
ratio_text(const domain::ComparedValue& value)
{
  if (!value.ratio || value.bound == domain::RatioBound::unbounded) {
    return "—";
  }
  const char* mark = value.bound == domain::RatioBound::at_least ? "≥ "
                     : value.bound == domain::RatioBound::at_most ? "≤ "
                                                                   : "";
  return fmt::format("{}{}×", mark, format_number(*value.ratio, 2));
}

data
value_row(const domain::ComparedValue& value, bool is_target)
{
  data row;
  row.set("target", format_number(value.target, value.target == static_cast<long long>(value.target) ? 0 : 2));
  row.set("is_target", is_target);
  row.set("a", glance_cell_text(value.a));
  row.set("a_state", domain::to_string(value.a.state));
  row.set("b", glance_cell_text(value.b));
  row.set("b_state", domain::to_string(value.b.state));
  row.set("ratio", ratio_text(value));
  row.set("ratio_bound", domain::to_string(value.bound));
  return row;
}

// The tracker page showing this run's configuration as it stood on the run's date.
std::string
tracker_link(const domain::ConfigGroupKey& group)
{
  return "/?" + query_text({{"model", group.model},
                            {"hardware", group.hardware},
                            {"framework", group.framework},
                            {"precision", group.precision},
                            {"spec_method", group.spec_method},
                            {"disaggregated", group.disaggregated ? "true" : "false"},
                            {"as_of", group.date}});
}

data
side_view(const app::CompareSide& side, const char* letter)
{
  data view;
  view.set("letter", letter);
  view.set("configuration", side.group.without_date().label());
  view.set("run_date", side.group.date);
  view.set("tracker_url", tracker_link(side.group));
  const app::PlanAnswer& plan = side.plan;
  view.set("has_plan", plan.plan.has_value());
  if (plan.plan) {
    view.set("racks", format_number(static_cast<double>(plan.plan->racks), 0));
    view.set("gpus", format_number(static_cast<double>(plan.plan->provisioned_gpus), 0));
    view.set("cost_per_day", format_dollars(plan.plan->cost_per_day));
    view.set("power_mw", format_number(plan.plan->power_mw, 2));
    view.set("cost_per_million", format_dollars(plan.plan->cost_per_million_tokens));
  }
  view.set("unavailable", plan.unavailable.value_or(""));
  return view;
}

data
answer_view(const app::CompareAnswer& answer, const std::string& asked_query)
{
  data body;
  body.set("has_answer", true);
  data sides{data::type::list};
  sides.push_back(side_view(answer.sides[0], "a"));
  sides.push_back(side_view(answer.sides[1], "b"));
  body.set("sides", sides);
  body.set("at", format_number(answer.at_target.target, 0));
  body.set("demand", answer.provenance.query.value("demand", std::string()));
  data rows{data::type::list};
  rows.push_back(value_row(answer.at_target, true));
  for (const domain::ComparedValue& value : answer.targets) {
    rows.push_back(value_row(value, false));
  }
  body.set("rows", rows);
  data settings{data::type::list};
  for (const domain::SettingComparison& setting : answer.settings) {
    data item;
    item.set("setting", setting.setting);
    item.set("a", fmt::format("{}", fmt::join(setting.a, ", ")));
    item.set("b", fmt::format("{}", fmt::join(setting.b, ", ")));
    item.set("differs", setting.differs);
    settings.push_back(item);
  }
  body.set("settings", settings);
  const std::string api_url = "/api/v1/compare?" + asked_query;
  body.set("api_url", api_url);
  body.set("csv_url", api_url + "&format=csv");
  body.set("json_name", app::compare_file_name(answer, "json"));
  body.set("png_name", app::compare_file_name(answer, "png"));
  // The same comparison with every field and run date spelt out: it keeps naming these two runs after newer ones.
  std::vector<std::pair<std::string, std::string>> permanent = {
    {"a", domain::configuration_name(answer.sides[0].group, domain::NameDate::included)},
    {"b", domain::configuration_name(answer.sides[1].group, domain::NameDate::included)}};
  body.set("permanent_url", "/compare?" + query_text(permanent) + "&at=" + percent_encode_segment(
                                                                              fmt::format("{:g}", answer.at_target.target)));
  return body;
}

}  // namespace

RenderedPage
render_compare_page(store::Store& store, const http::Request& request)
{
  const http::Request asked = compare_request(request);
  data body;
  body.set("uplot_css_url", asset_url("uplot.css"));
  body.set("has_answer", false);
  body.set("has_error", false);
  for (const char* name : {"a", "b", "at", "demand"}) {
    body.set(std::string("form_") + name, std::string(asked.query_value(name).value_or("")));
  }
  RenderedPage page;
  std::string title = "Compare two configurations";
  std::string canonical;
  if (asked.query_value("a") || asked.query_value("b")) {
    const api::QueryParams params(asked);
    auto query = api::compare_query(params);
    tl::expected<app::CompareAnswer, api::ApiError> answer =
      query ? app::compare(store, *query).map_error([](const app::CompareError& error) { return api::compare_error(error); })
            : tl::expected<app::CompareAnswer, api::ApiError>(tl::unexpected(query.error()));
    if (answer) {
      const data view = answer_view(*answer, query_text(asked.query));
      for (const char* key : {"has_answer", "sides", "at", "demand", "rows", "settings", "api_url", "csv_url",
                              "json_name", "png_name", "permanent_url"}) {
        body.set(key, *view.get(key));
      }
      title = fmt::format("{} vs {}", answer->sides[0].group.label(), answer->sides[1].group.label());
      canonical = view.get("permanent_url")->string_value();
    } else {
      page.status = answer.error().status;
      body.set("has_error", true);
      body.set("error", answer.error().detail);
    }
  }
  const PageFrame frame{title + ": InferTrack",
                        "Two LLM serving configurations side by side: throughput per GPU at each interactivity, the "
                        "ratio, the racks a demand takes on each, and how their settings differ.",
                        PageScripts::views, PageStyle::linked, PageChrome::full, canonical};
  page.html = render_page(frame, "compare.mustache", body);
  return page;
}

}  // namespace infertrack::server::pages

#include "infertrack/server/api/api_routes.hpp"

#include "infertrack/app/queries/frontier_query.hpp"
#include "infertrack/app/queries/evals_query.hpp"
#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/measured_runs.hpp"
#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/app/queries/json_views.hpp"
#include "infertrack/app/queries/plan_query.hpp"
#include "infertrack/domain/efficiency.hpp"
#include "infertrack/server/api/benchmark_rows.hpp"
#include "infertrack/server/api/changes_route.hpp"
#include "infertrack/server/api/compare_route.hpp"
#include "infertrack/app/queries/point_findings.hpp"
#include "infertrack/server/api/export_route.hpp"
#include "infertrack/server/api/glance_route.hpp"
#include "infertrack/server/api/history_route.hpp"
#include "infertrack/server/api/query_params.hpp"
#include "infertrack/server/api/route_queries.hpp"
#include "infertrack/server/http/route_table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <tuple>

namespace infertrack::server::api {
namespace {

constexpr std::string_view k_prefix = "/api/v1";
constexpr const char* k_api_cache_control = "no-cache"; // revalidate with the ETag: data changes on ingest
// The most points one /points answer lists, and how many it lists unless asked for fewer: about 1.2 MB
// of JSON (100 KB gzip).
constexpr std::size_t k_points_page_limit = 1000;

using http::Response;

using Answer = tl::expected<nlohmann::json, ApiError>;

// The refusal of a parameter the route does not take (it takes only `extra`), or nothing.
std::optional<ApiError>
unknown_parameter(const QueryParams& params, std::initializer_list<std::string_view> extra = {})
{
  auto names = params.check_names(extra, FilterParams::refused);
  return names ? std::nullopt : std::optional(bad_parameter(names.error()));
}

Answer
benchmarks(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(exact, param(params.boolean("exact")));
  // Without exact, a date asks for the tracker as it stood that day: as_of by another name. Said before the
  // filter's own checks, which read a date as a run date.
  if (!exact.value_or(false) && params.text("date") && params.text("as_of")) {
    return tl::unexpected(
      ApiError{400, "bad_parameter", "date: without exact it means as_of; give one of date and as_of"});
  }
  API_TRY_ASSIGN(filter, checked_filter(params, {"exact"}, store, true));
  if (exact.value_or(false)) {
    if (!filter.date) {
      return tl::unexpected(ApiError{400, "bad_parameter", "exact: needs a date"});
    }
  } else if (filter.date) {
    filter.as_of = filter.date;
    filter.date.reset();
  }
  // The latest run per configuration (one run per curve, so a newer run replaces an older one whole),
  // chosen by the store: earlier runs are never read.
  nlohmann::json rows = nlohmann::json::array();
  for (const domain::BenchmarkPoint& point : store.latest_points(filter)) {
    rows.push_back(benchmark_row(point));
  }
  return rows;
}

Answer
availability(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(filter, checked_filter(params, {}, store, false));
  return availability_rows(app::measured_runs(store, filter));
}

template<typename T>
nlohmann::json
json_list(const std::vector<T>& items)
{
  nlohmann::json list = nlohmann::json::array();
  for (const T& item : items) {
    list.push_back(app::to_json(item));
  }
  return list;
}

Answer
frontier(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(query, frontier_query(params, store, SpreadParameter::taken));
  // Each curve is the latest run of its configuration (with a date, that day's run: the page's "every
  // run date" mode asks once per date), so only those runs are read.
  const app::FrontierAnswer answer = app::frontiers(store, query);
  return nlohmann::json{{"model", *query.filter.model},
                        {"x", params.text("x").value_or("auto")},
                        {"metric", domain::to_string(query.curve.metric)},
                        {"curves", app::curves_json(answer)},
                        {"left_out", app::left_out_json(answer.left_out)}};
}

Answer
interpolate(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(query, interpolation_query(params, store, SpreadParameter::taken));
  const app::InterpolationAnswer answer = app::answer_interpolation(store, query);
  return app::interpolation_answer_json(query.target, answer.rows, answer.left_out,
                                        app::headline_comparisons(store, query));
}

// Accuracy scores beside the throughput at the target: the interpolate question's parameters, another answer.
Answer
evals(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(query, interpolation_query(params, store));
  return app::evals_answer_json(app::answer_evals(store, query));
}

Answer
plan(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(query, plan_query(params, store));
  auto answers = app::plan(store, query);
  if (!answers) {
    return tl::unexpected(plan_error(answers.error(), query));
  }
  return json_list(*answers);
}

// Each configuration's best operating point under a service-level target.
Answer
service_level(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(query, service_level_query(params, store));
  const app::ServiceLevelResult result = app::answer_service_level(store, query);
  nlohmann::json json = app::service_level_json(query.target, result.answers);
  json["model"] = *query.filter.model;
  return json;
}

// The service-level presets: the targets the page, the glance table and --slo-preset offer by name.
Answer
service_level_presets(const QueryParams& params, store::Store&)
{
  if (auto refused = unknown_parameter(params)) {
    return tl::unexpected(*refused);
  }
  return app::service_level_presets_json();
}

// The best single-configuration fleet for a demand under a service-level target.
Answer
fleet(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(query, fleet_query(params, store));
  auto answer = app::plan_fleet(store, query);
  if (!answer) {
    return tl::unexpected(plan_error(answer.error(), query));
  }
  nlohmann::json json = app::to_json(*answer);
  json["model"] = *query.filter.model;
  return json;
}

// The planner's inverse questions: what a cost cap or a power budget buys, per configuration.
Answer
budget(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(query, budget_query(params, store));
  auto answers = app::answer_budget(store, query);
  if (!answers) {
    return tl::unexpected(bad_parameter(answers.error()));
  }
  return nlohmann::json{{"model", *query.plan.filter.model}, {"rows", json_list(*answers)}};
}

// Every dated cost entry; with as_of, each hardware's entry in force on that date.
Answer
hardware(const QueryParams& params, store::Store& store)
{
  if (auto refused = unknown_parameter(params, {"as_of"})) {
    return tl::unexpected(*refused);
  }
  API_TRY_ASSIGN(as_of, param(params.date("as_of")));
  const std::vector<domain::HardwareCost> costs = store.hardware();
  return as_of ? json_list(domain::costs_in_force(costs, *as_of)) : json_list(costs);
}

Answer
point_detail(const std::string& id, const QueryParams& params, store::Store& store)
{
  if (auto refused = unknown_parameter(params)) {
    return tl::unexpected(*refused);
  }
  const auto point = store.point(id);
  if (!point) {
    return tl::unexpected(ApiError{404, "unknown_point", "no stored point has result id '" + id + "'"});
  }
  return app::point_detail_json(*point, store.findings(id));
}

Answer
presets(const QueryParams& params, store::Store& store)
{
  if (auto refused = unknown_parameter(params)) {
    return tl::unexpected(*refused);
  }
  return json_list(store.presets());
}

Answer
headlines(const QueryParams& params, store::Store& store)
{
  if (auto refused = unknown_parameter(params)) {
    return tl::unexpected(*refused);
  }
  return json_list(app::headline_comparisons(store));
}

std::string
body_text(const nlohmann::json& json)
{
  return json.dump();
}

std::string
body_text(std::string text)
{
  return text;
}

template <typename Body>
Response
to_response(tl::expected<Body, ApiError> answer, std::string route)
{
  Response response = answer ? Response::json(200, body_text(std::move(*answer)))
                             : Response::error(answer.error().status, answer.error().code, answer.error().detail);
  response.route = std::move(route);
  response.cache_control = k_api_cache_control;
  return response;
}

// The listing order of Store::points(), for finding a page's place among the latest runs.
auto
listing_key(const domain::BenchmarkPoint& point)
{
  return std::tie(point.model, point.hardware, point.framework, point.precision, point.spec_method,
                  point.disaggregated, point.workload, point.date, point.concurrency, point.result_id);
}

// At most `limit` + 1 points of the page that follows `after`: one more than the page shows tells whether
// another page follows. runs=latest pages through the latest run of each configuration, which the store
// reads whole (a few hundred points, what a chart draws); otherwise the store reads only the page.
std::vector<domain::BenchmarkPoint>
page_points(store::Store& store,
            const store::PointFilter& filter,
            PointRuns runs,
            const std::optional<domain::BenchmarkPoint>& after,
            std::size_t limit)
{
  if (runs == PointRuns::all) {
    return store.points_page(filter, after ? std::optional<std::string_view>(after->result_id) : std::nullopt,
                             limit + 1);
  }
  std::vector<domain::BenchmarkPoint> latest = store.latest_points(filter);
  auto first = latest.begin();
  if (after) {
    first = std::upper_bound(latest.begin(), latest.end(), *after, [](const auto& a, const auto& b) {
      return listing_key(a) < listing_key(b);
    });
  }
  const auto count = std::min<std::size_t>(static_cast<std::size_t>(latest.end() - first), limit + 1);
  return {std::make_move_iterator(first), std::make_move_iterator(first + static_cast<std::ptrdiff_t>(count))};
}

// GET /api/v1/points: one page of the points the filters select, at most k_points_page_limit, with the
// cursor of the next page ("next", passed back as "after") or null on the last. A listing of every point
// of a model would be tens of megabytes of JSON built whole in memory; a page is about a megabyte.
Response
points_response(const QueryParams& params, store::Store& store, std::string_view label)
{
  const std::string route(label);
  auto refuse = [&](ApiError error) { return to_response(Answer(tl::unexpected(std::move(error))), route); };
  auto filter = checked_filter(params, {"limit", "after", "runs"}, store, false);
  if (!filter) {
    return refuse(filter.error());
  }
  const auto limit = page_limit(params, k_points_page_limit);
  if (!limit) {
    return refuse(limit.error());
  }
  const std::size_t page_size = limit->value_or(k_points_page_limit);
  const auto runs = point_runs(params);
  if (!runs) {
    return refuse(runs.error());
  }
  std::optional<domain::BenchmarkPoint> after;
  if (const auto cursor = params.text("after")) {
    after = store.point(*cursor);
    if (!after) {
      return refuse(ApiError{400, "bad_parameter", "after: no stored point has result id '" + *cursor + "'"});
    }
  }
  std::vector<domain::BenchmarkPoint> points =
    page_points(store, *filter, *runs, after, page_size);
  const bool more = points.size() > page_size;
  points.resize(std::min(points.size(), page_size));

  // Serialised one point at a time: the page's text is the only copy of it as JSON.
  const app::PointFindings findings(store, points);
  std::string body = "{\"points\":[";
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i > 0) {
      body += ',';
    }
    body += app::point_detail_json(points[i], findings.of(points[i].result_id)).dump();
  }
  body += "],\"next\":";
  body += more ? nlohmann::json(points.back().result_id).dump() : "null";
  body += fmt::format(",\"limit\":{},\"filter_summary\":{}}}", page_size,
                      nlohmann::json(app::filter_summary(*filter)).dump());
  Response response = Response::json(200, std::move(body));
  response.route = route;
  response.cache_control = k_api_cache_control;
  return response;
}

// What the API's endpoints answer from.
struct ApiContext
{
  store::Store& store;
  app::HistoryCache* history_cache;
  const QueryParams& params;
};

// An endpoint whose JSON `answer` depends only on the parameters and the store.
template<Answer (*answer)(const QueryParams&, store::Store&)>
Response
json_endpoint(ApiContext& context, const http::Request&, const http::RouteMatch& match)
{
  return to_response(answer(context.params, context.store), std::string(match.label));
}

Response
openapi_endpoint(ApiContext& context, const http::Request&, const http::RouteMatch& match)
{
  // It takes no parameters, as the other fixed answers do; sent as the text it is kept in.
  using Document = tl::expected<std::string, ApiError>;
  const auto refused = unknown_parameter(context.params);
  return to_response(refused ? Document(tl::unexpected(*refused)) : Document(openapi_document()),
                     std::string(match.label));
}

Response
point_endpoint(ApiContext& context, const http::Request&, const http::RouteMatch& match)
{
  return to_response(point_detail(std::string(match.param), context.params, context.store), std::string(match.label));
}

Response
points_endpoint(ApiContext& context, const http::Request&, const http::RouteMatch& match)
{
  return points_response(context.params, context.store, match.label);
}

Response
history_endpoint(ApiContext& context, const http::Request&, const http::RouteMatch& match)
{
  return to_response(history_answer(context.params, context.store, context.history_cache), std::string(match.label));
}

Response
glance_endpoint(ApiContext& context, const http::Request& request, const http::RouteMatch&)
{
  return glance_response(request, context.store);
}

Response
compare_endpoint(ApiContext& context, const http::Request& request, const http::RouteMatch&)
{
  return compare_response(request, context.store);
}

Response
export_endpoint(ApiContext& context, const http::Request& request, const http::RouteMatch& match)
{
  return export_response(match.param, request, context.store);
}

// A result id is any text but none: "/api/v1/points/" names no point.
bool
is_result_id(std::string_view text)
{
  return !text.empty();
}

const http::RouteTable<ApiContext>&
api_routes()
{
  static const http::RouteTable<ApiContext> k_routes{
    {"GET", "/api/v1/benchmarks", "/api/v1/benchmarks", json_endpoint<benchmarks>},
    {"GET", "/api/v1/availability", "/api/v1/availability", json_endpoint<availability>},
    {"GET", "/api/v1/points", "/api/v1/points", points_endpoint},
    {"GET", "/api/v1/points/{id...}", "/api/v1/points/{id}", point_endpoint, is_result_id},
    {"GET", "/api/v1/frontier", "/api/v1/frontier", json_endpoint<frontier>},
    {"GET", "/api/v1/interpolate", "/api/v1/interpolate", json_endpoint<interpolate>},
    {"GET", "/api/v1/evals", "/api/v1/evals", json_endpoint<evals>},
    {"GET", "/api/v1/glance", "/api/v1/glance", glance_endpoint},
    {"GET", "/api/v1/history", "/api/v1/history", history_endpoint},
    {"GET", "/api/v1/changes", "/api/v1/changes", json_endpoint<changes_answer>},
    {"GET", "/api/v1/compare", "/api/v1/compare", compare_endpoint},
    {"GET", "/api/v1/plan", "/api/v1/plan", json_endpoint<plan>},
    {"GET", "/api/v1/slo", "/api/v1/slo", json_endpoint<service_level>},
    {"GET", "/api/v1/slo/presets", "/api/v1/slo/presets", json_endpoint<service_level_presets>},
    {"GET", "/api/v1/fleet", "/api/v1/fleet", json_endpoint<fleet>},
    {"GET", "/api/v1/budget", "/api/v1/budget", json_endpoint<budget>},
    {"GET", "/api/v1/hardware", "/api/v1/hardware", json_endpoint<hardware>},
    {"GET", "/api/v1/presets", "/api/v1/presets", json_endpoint<presets>},
    {"GET", "/api/v1/headlines", "/api/v1/headlines", json_endpoint<headlines>},
    {"GET", "/api/v1/openapi.json", "/api/v1/openapi.json", openapi_endpoint},
    // The export's own 404 names the kinds it knows, so every kind, even none, is routed to it.
    {"GET", "/api/v1/export/{kind...}", "/api/v1/export/{kind}", export_endpoint},
  };
  return k_routes;
}

}  // namespace

std::optional<Response>
handle_api(const http::Request& request, store::Store& store, app::HistoryCache* history_cache)
{
  if (!request.path.starts_with(k_prefix)) {
    return std::nullopt;
  }
  const http::RouteLookup lookup = api_routes().find(request);
  if (!lookup.route) {
    if (lookup.allow.empty()) {
      return Response::error(404, "not_found", "no API route " + request.path);
    }
    Response response = Response::error(405, "method_not_allowed", request.method + " is not allowed here; use GET");
    response.headers.emplace_back("Allow", lookup.allow);
    return response;
  }
  const QueryParams params(request);
  ApiContext context{store, history_cache, params};
  return api_routes().answer(lookup, context, request);
}

}  // namespace infertrack::server::api

#include "infertrack/server/api/api_routes.hpp"

#include "infertrack/app/configuration_filters.hpp"
#include "infertrack/app/frontier_query.hpp"
#include "infertrack/app/interpolation_query.hpp"
#include "infertrack/app/point_filter.hpp"
#include "infertrack/app/json_views.hpp"
#include "infertrack/app/plan_query.hpp"
#include "infertrack/domain/efficiency.hpp"
#include "infertrack/server/api/benchmark_rows.hpp"
#include "infertrack/app/point_findings.hpp"
#include "infertrack/server/api/export_route.hpp"
#include "infertrack/server/api/history_route.hpp"
#include "infertrack/server/api/query_params.hpp"
#include "infertrack/server/api/route_queries.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <functional>
#include <map>
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
  // Rows are unique per group (their key holds the group's fields), so the groups' rows simply follow
  // one another.
  nlohmann::json rows = nlohmann::json::array();
  for (const store::PointFilter& group : app::configuration_filters(store, filter)) {
    for (nlohmann::json& row : availability_rows(store.points(group))) {
      rows.push_back(std::move(row));
    }
  }
  return rows;
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
  API_TRY_ASSIGN(query, frontier_query(params, store));
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
  API_TRY_ASSIGN(query, interpolation_query(params, store));
  const app::InterpolationAnswer answer = app::answer_interpolation(store, query);
  return app::interpolation_answer_json(query.target, answer.rows, answer.left_out,
                                        app::headline_comparisons(store, query));
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

// Every dated cost entry; with as_of, each hardware's entry in force on that date.
Answer
hardware(const QueryParams& params, store::Store& store)
{
  if (auto names = params.check_names({"as_of"}, FilterParams::refused); !names) {
    return tl::unexpected(bad_parameter(names.error()));
  }
  API_TRY_ASSIGN(as_of, param(params.date("as_of")));
  const std::vector<domain::HardwareCost> costs = store.hardware();
  return as_of ? json_list(domain::costs_in_force(costs, *as_of)) : json_list(costs);
}

Answer
point_detail(const std::string& id, const QueryParams& params, store::Store& store)
{
  if (auto names = params.check_names({}, FilterParams::refused); !names) {
    return tl::unexpected(bad_parameter(names.error()));
  }
  const auto point = store.point(id);
  if (!point) {
    return tl::unexpected(ApiError{404, "unknown_point", "no stored point has result id '" + id + "'"});
  }
  return app::point_detail_json(*point, store.findings(id));
}

Answer
without_parameters(const QueryParams& params, const std::function<nlohmann::json()>& answer)
{
  if (auto names = params.check_names({}, FilterParams::refused); !names) {
    return tl::unexpected(bad_parameter(names.error()));
  }
  return answer();
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
points_response(const QueryParams& params, store::Store& store)
{
  const std::string route = std::string(k_prefix) + "/points";
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

}  // namespace

std::optional<Response>
handle_api(const http::Request& request, store::Store& store, app::HistoryCache* history_cache)
{
  if (!request.path.starts_with(k_prefix)) {
    return std::nullopt;
  }
  const std::string path = request.path.substr(k_prefix.size());
  const QueryParams params(request);
  using Route = std::function<Answer()>;
  const std::map<std::string, Route, std::less<>> routes = {
    {"/benchmarks", [&] { return benchmarks(params, store); }},
    {"/availability", [&] { return availability(params, store); }},
    {"/points", {}}, // answered by points_response(), below
    {"/frontier", [&] { return frontier(params, store); }},
    {"/interpolate", [&] { return interpolate(params, store); }},
    {"/history", {}}, // answered as text, below
    {"/plan", [&] { return plan(params, store); }},
    {"/hardware", [&] { return hardware(params, store); }},
    {"/presets", [&] { return without_parameters(params, [&] { return json_list(store.presets()); }); }},
    {"/headlines",
     [&] { return without_parameters(params, [&] { return json_list(app::headline_comparisons(store)); }); }},
  };
  const bool is_openapi = path == "/openapi.json";
  const auto route = routes.find(path);
  const bool is_point = path.starts_with("/points/") && path.size() > std::string_view("/points/").size();
  constexpr std::string_view k_export = "/export/";
  const bool is_export = path.starts_with(k_export);
  if (!is_openapi && route == routes.end() && !is_point && !is_export) {
    return Response::error(404, "not_found", "no API route " + request.path);
  }
  if (request.method != "GET") {
    Response response = Response::error(405, "method_not_allowed", request.method + " is not allowed here; use GET");
    response.headers.emplace_back("Allow", "GET, HEAD");
    return response;
  }
  if (is_openapi) {
    // It takes no parameters, as the other fixed answers do; sent as the text it is kept in.
    using Document = tl::expected<std::string, ApiError>;
    const auto names = params.check_names({}, FilterParams::refused);
    return to_response(names ? Document(openapi_document()) : Document(tl::unexpected(bad_parameter(names.error()))),
                       "/api/v1/openapi.json");
  }
  if (is_point) {
    return to_response(point_detail(path.substr(std::string_view("/points/").size()), params, store),
                       "/api/v1/points/{id}");
  }
  if (path == "/points") {
    return points_response(params, store);
  }
  if (path == "/history") {
    return to_response(history_answer(params, store, history_cache), "/api/v1/history");
  }
  if (is_export) {
    return export_response(std::string_view(path).substr(k_export.size()), request, store);
  }
  return to_response(route->second(), std::string(k_prefix) + path);
}

}  // namespace infertrack::server::api

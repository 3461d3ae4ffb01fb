#include "infertrack/server/api/api_routes.hpp"

#include "infertrack/app/configuration_filters.hpp"
#include "infertrack/app/interpolation_query.hpp"
#include "infertrack/app/json_views.hpp"
#include "infertrack/app/plan_query.hpp"
#include "infertrack/server/api/benchmark_rows.hpp"
#include "infertrack/server/api/history_route.hpp"
#include "infertrack/server/api/query_params.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <functional>
#include <map>
#include <iterator>
#include <tuple>

namespace infertrack::server::api {
namespace {

constexpr std::string_view k_prefix = "/api/v1";
constexpr std::size_t k_curve_samples = 48; // enough for a smooth line at chart width, small on the wire
constexpr const char* k_api_cache_control = "no-cache"; // revalidate with the ETag: data changes on ingest
// The most points one /points answer lists, and how many it lists unless asked for fewer: about 1.2 MB
// of JSON (100 KB gzip).
constexpr std::size_t k_points_page_limit = 1000;

// Which runs /points pages through.
enum class PointRuns
{
  all,    // every run of every configuration
  latest, // the latest run of each configuration, as a chart draws them
};

using http::Response;

// A refusal on its way to becoming an error answer.
struct ApiError
{
  int status;
  std::string code;
  std::string detail;
};

using Answer = tl::expected<nlohmann::json, ApiError>;

ApiError
bad_parameter(const util::Diagnostic& diagnostic)
{
  return ApiError{400, "bad_parameter", diagnostic.field.empty() ? diagnostic.message
                                                                 : diagnostic.field + ": " + diagnostic.message};
}

// Checks the parameter names and, when the route needs one, that the model is known.
tl::expected<store::PointFilter, ApiError>
checked_filter(const QueryParams& params,
               std::initializer_list<std::string_view> extra,
               store::Store& store,
               bool model_required)
{
  if (auto names = params.check_names(extra, FilterParams::accepted); !names) {
    return tl::unexpected(bad_parameter(names.error()));
  }
  auto filter = params.filter();
  if (!filter) {
    return tl::unexpected(bad_parameter(filter.error()));
  }
  if (model_required && !filter->model) {
    return tl::unexpected(ApiError{400, "bad_parameter", "model: required"});
  }
  if (filter->model) {
    // Any stored point of the model has a latest run: this reads at most those, never every run.
    store::PointFilter model_only;
    model_only.model = filter->model;
    if (store.latest_points(model_only).empty()) {
      return tl::unexpected(ApiError{404, "unknown_model", "no stored points for model '" + *filter->model + "'"});
    }
  }
  return *std::move(filter);
}

#define API_TRY_ASSIGN(var, ...)                                                                   \
  auto var##_checked_ = (__VA_ARGS__);                                                             \
  if (!var##_checked_) {                                                                           \
    return tl::unexpected(var##_checked_.error());                                                 \
  }                                                                                                \
  auto var = std::move(*var##_checked_)

// Diagnostic-returning parameter readers as API answers.
template<typename T>
tl::expected<T, ApiError>
param(util::Result<T> value)
{
  if (!value) {
    return tl::unexpected(bad_parameter(value.error()));
  }
  return std::move(*value);
}

Answer
benchmarks(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(filter, checked_filter(params, {"exact"}, store, true));
  API_TRY_ASSIGN(exact, param(params.boolean("exact")));
  if (exact.value_or(false)) {
    if (!filter.date) {
      return tl::unexpected(ApiError{400, "bad_parameter", "exact: needs a date"});
    }
  } else if (filter.date) {
    // Without exact, a date asks for the tracker as it stood that day.
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


tl::expected<domain::CurveOptions, ApiError>
curve_options(const QueryParams& params)
{
  domain::CurveOptions options;
  const std::string x = params.text("x").value_or("auto");
  if (x == "p90") {
    options.basis = domain::InteractivityBasis::p90_itl;
  } else if (x == "median") {
    options.basis = domain::InteractivityBasis::median_tpot;
  } else if (x != "auto") {
    return tl::unexpected(ApiError{400, "bad_parameter", "x: expected auto, p90 or median (got '" + x + "')"});
  }
  const std::string metric = params.text("metric").value_or("total");
  const auto parsed = domain::parse_throughput_metric(metric);
  if (!parsed) {
    return tl::unexpected(
      ApiError{400, "bad_parameter", "metric: expected total, input or output (got '" + metric + "')"});
  }
  options.metric = *parsed;
  return options;
}

Answer
frontier(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(filter, checked_filter(params, {"x", "metric"}, store, true));
  API_TRY_ASSIGN(options, curve_options(params));
  // Each curve is the latest run of its configuration (with a date, that day's run: the page's "every
  // run date" mode asks once per date), so only those runs are read.
  const std::vector<domain::BenchmarkPoint> points = store.latest_points(filter);
  std::map<std::string, const domain::BenchmarkPoint*> by_id;
  for (const domain::BenchmarkPoint& point : points) {
    by_id[point.result_id] = &point;
  }
  nlohmann::json curves = nlohmann::json::array();
  for (const domain::PerformanceCurve& curve : domain::build_curves(points, options)) {
    nlohmann::json samples = nlohmann::json::array();
    for (const auto& [x, y] : domain::sample_curve(curve, k_curve_samples)) {
      samples.push_back({x, y});
    }
    nlohmann::json knots = nlohmann::json::array();
    nlohmann::json curve_points = nlohmann::json::array();
    auto add_point = [&](const std::string& id, bool on_frontier) {
      const domain::BenchmarkPoint& point = *by_id.at(id);
      nlohmann::json json = app::to_json(point);
      json["on_frontier"] = on_frontier;
      json["x"] = json[curve.basis == domain::InteractivityBasis::p90_itl ? "interactivity_p90"
                                                                          : "interactivity_median"];
      json["y"] = json["tps_per_gpu"][domain::to_string(curve.metric)];
      curve_points.push_back(std::move(json));
    };
    for (const domain::FrontierKnot& knot : curve.frontier) {
      knots.push_back({{"interactivity", knot.interactivity},
                       {"tps_per_gpu", knot.throughput},
                       {"result_id", knot.result_id}});
      add_point(knot.result_id, true);
    }
    for (const std::string& id : curve.off_frontier_result_ids) {
      add_point(id, false);
    }
    const domain::ConfigGroupKey& group = curve.group;
    curves.push_back({{"configuration", group.label()},
                      {"model", group.model},
                      {"hardware", group.hardware},
                      {"framework", group.framework},
                      {"precision", group.precision},
                      {"spec_method", group.spec_method},
                      {"disaggregated", group.disaggregated},
                      {"workload", group.workload},
                      {"run_date", group.date},
                      {"interactivity_basis", domain::to_string(curve.basis)},
                      {"frontier", std::move(knots)},
                      {"samples", std::move(samples)},
                      {"points", std::move(curve_points)},
                      {"skipped_result_ids", curve.skipped_result_ids}});
  }
  return nlohmann::json{{"model", *filter.model},
                        {"x", params.text("x").value_or("auto")},
                        {"metric", domain::to_string(options.metric)},
                        {"curves", std::move(curves)}};
}

Answer
interpolate(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(filter, checked_filter(params, {"at", "x", "metric"}, store, true));
  API_TRY_ASSIGN(options, curve_options(params));
  API_TRY_ASSIGN(at, param(params.number("at")));
  if (!at || *at <= 0) {
    return tl::unexpected(ApiError{400, "bad_parameter", "at: required, a positive tok/s/user"});
  }
  const app::InterpolationQuery query{filter, *at, options};
  nlohmann::json json = {{"target_interactivity", *at},
                         {"rows", json_list(app::interpolate(store, query))},
                         {"headlines", nlohmann::json::array()}};
  for (const domain::HeadlineComparison& comparison : app::headline_comparisons(store)) {
    if (comparison.published.model == filter.model && comparison.published.target_interactivity == *at) {
      json["headlines"].push_back(app::to_json(comparison));
    }
  }
  return json;
}

Answer
plan(const QueryParams& params, store::Store& store)
{
  const bool by_point = params.text("point").has_value();
  API_TRY_ASSIGN(filter,
                 checked_filter(params,
                                {"point", "at", "demand", "preset", "utilization", "mix", "cost_per_gpu_hour",
                                 "kw_per_gpu", "gpus_per_rack"},
                                store,
                                !by_point));
  app::PlanQuery query;
  query.filter = filter;
  query.point = params.text("point");
  API_TRY_ASSIGN(at, param(params.number("at")));
  query.at = at;
  query.demand = params.text("demand");
  query.preset = params.text("preset");
  API_TRY_ASSIGN(utilization, param(params.number("utilization")));
  query.utilization = utilization.value_or(app::k_default_utilization);
  query.mix = params.text("mix");
  API_TRY_ASSIGN(cost, param(params.number("cost_per_gpu_hour")));
  query.cost_per_gpu_hour = cost;
  API_TRY_ASSIGN(kw, param(params.number("kw_per_gpu")));
  query.kw_per_gpu = kw;
  API_TRY_ASSIGN(rack, param(params.integer("gpus_per_rack")));
  query.gpus_per_rack = rack;
  auto answers = app::plan(store, query);
  if (!answers) {
    util::Diagnostic diagnostic = answers.error();
    // The planner names CLI flags; the API's parameters use underscores.
    std::replace(diagnostic.field.begin(), diagnostic.field.end(), '-', '_');
    const bool unknown_point = diagnostic.field == "point" && query.point;
    return tl::unexpected(unknown_point ? ApiError{404, "unknown_point", diagnostic.message} : bad_parameter(diagnostic));
  }
  return json_list(*answers);
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

Response
to_response(const Answer& answer, std::string route)
{
  Response response = answer ? Response::json(200, answer->dump())
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
  auto refuse = [&](ApiError error) { return to_response(tl::unexpected(std::move(error)), route); };
  auto filter = checked_filter(params, {"limit", "after", "runs"}, store, false);
  if (!filter) {
    return refuse(filter.error());
  }
  const auto limit = params.integer("limit");
  if (!limit) {
    return refuse(bad_parameter(limit.error()));
  }
  if (*limit && (**limit < 1 || static_cast<std::uint64_t>(**limit) > k_points_page_limit)) {
    return refuse(ApiError{400, "bad_parameter",
                           fmt::format("limit: expected 1 to {} (got {})", k_points_page_limit, **limit)});
  }
  const std::size_t page_size = limit->value_or(k_points_page_limit);
  const std::string runs_text = params.text("runs").value_or("all");
  if (runs_text != "all" && runs_text != "latest") {
    return refuse(ApiError{400, "bad_parameter", "runs: expected all or latest (got '" + runs_text + "')"});
  }
  std::optional<domain::BenchmarkPoint> after;
  if (const auto cursor = params.text("after")) {
    after = store.point(*cursor);
    if (!after) {
      return refuse(ApiError{400, "bad_parameter", "after: no stored point has result id '" + *cursor + "'"});
    }
  }
  std::vector<domain::BenchmarkPoint> points =
    page_points(store, *filter, runs_text == "latest" ? PointRuns::latest : PointRuns::all, after, page_size);
  const bool more = points.size() > page_size;
  points.resize(std::min(points.size(), page_size));

  // Serialised one point at a time: the page's text is the only copy of it as JSON.
  std::string body = "{\"points\":[";
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i > 0) {
      body += ',';
    }
    body += app::to_json(points[i]).dump();
  }
  body += "],\"next\":";
  body += more ? nlohmann::json(points.back().result_id).dump() : "null";
  body += fmt::format(",\"limit\":{}}}", page_size);
  Response response = Response::json(200, std::move(body));
  response.route = route;
  response.cache_control = k_api_cache_control;
  return response;
}

}  // namespace

std::optional<Response>
handle_api(const http::Request& request, store::Store& store)
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
    {"/history", [&] { return history_answer(params, store).map_error([](auto e) { return ApiError{e.status, e.code, e.detail}; }); }},
    {"/plan", [&] { return plan(params, store); }},
    {"/hardware", [&] { return without_parameters(params, [&] { return json_list(store.hardware()); }); }},
    {"/presets", [&] { return without_parameters(params, [&] { return json_list(store.presets()); }); }},
    {"/headlines",
     [&] { return without_parameters(params, [&] { return json_list(app::headline_comparisons(store)); }); }},
  };
  const bool is_openapi = path == "/openapi.json";
  const auto route = routes.find(path);
  const bool is_point = path.starts_with("/points/") && path.size() > std::string_view("/points/").size();
  if (!is_openapi && route == routes.end() && !is_point) {
    return Response::error(404, "not_found", "no API route " + request.path);
  }
  if (request.method != "GET") {
    Response response = Response::error(405, "method_not_allowed", request.method + " is not allowed here; use GET");
    response.headers.emplace_back("Allow", "GET, HEAD");
    return response;
  }
  if (is_openapi) {
    Response response = Response::json(200, openapi_document());
    response.route = "/api/v1/openapi.json";
    return response;
  }
  if (is_point) {
    return to_response(point_detail(path.substr(std::string_view("/points/").size()), params, store),
                       "/api/v1/points/{id}");
  }
  if (path == "/points") {
    return points_response(params, store);
  }
  return to_response(route->second(), std::string(k_prefix) + path);
}

}  // namespace infertrack::server::api

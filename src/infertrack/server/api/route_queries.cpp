#include "infertrack/server/api/route_queries.hpp"

#include "infertrack/app/queries/point_filter.hpp"

#include <fmt/core.h>

#include <cstdint>
#include <utility>

namespace infertrack::server::api {

tl::expected<domain::CurveOptions, ApiError>
curve_options(const QueryParams& params)
{
  domain::CurveOptions options;
  const std::string x = params.text("x").value_or("auto");
  if (const std::optional<domain::BasisChoice> choice = domain::parse_basis_choice(x)) {
    options.basis = choice->basis;
  } else if (const std::optional<domain::LatencyAxis> latency = domain::parse_latency_axis(x)) {
    options.latency = latency;
  } else {
    return tl::unexpected(ApiError{400, "bad_parameter",
                                   fmt::format("x: expected {}, or a latency: {} (got '{}')", domain::k_basis_choices,
                                               domain::k_latency_axis_choices, x)});
  }
  // Time to first token is spent on the input: a TTFT curve plots input throughput unless asked otherwise.
  const std::string metric =
    params.text("metric").value_or(options.latency && options.latency->kind == domain::LatencyKind::ttft ? "input"
                                                                                                          : "total");
  const auto parsed = domain::parse_throughput_metric(metric);
  if (!parsed) {
    return tl::unexpected(
      ApiError{400, "bad_parameter", "metric: expected total, input or output (got '" + metric + "')"});
  }
  options.metric = *parsed;
  return options;
}

tl::expected<domain::CurveOptions, ApiError>
interactivity_curve_options(const QueryParams& params, std::string_view reader)
{
  API_TRY_ASSIGN(options, curve_options(params));
  if (options.latency) {
    return tl::unexpected(ApiError{
      400, "bad_parameter",
      fmt::format("x: {} reads interactivity (auto, p90_itl or median_tpot), not a latency", reader)});
  }
  return options;
}

tl::expected<std::optional<std::size_t>, ApiError>
page_limit(const QueryParams& params, std::size_t most)
{
  const auto limit = params.integer("limit");
  if (!limit) {
    return tl::unexpected(bad_parameter(limit.error()));
  }
  if (!*limit) {
    return std::nullopt;
  }
  if (**limit < 1 || static_cast<std::uint64_t>(**limit) > most) {
    return tl::unexpected(
      ApiError{400, "bad_parameter", fmt::format("limit: expected 1 to {} (got {})", most, **limit)});
  }
  return static_cast<std::size_t>(**limit);
}

ApiError
bad_parameter(const util::Diagnostic& diagnostic)
{
  return ApiError{400, "bad_parameter", diagnostic.field.empty() ? diagnostic.message
                                                                 : diagnostic.field + ": " + diagnostic.message};
}

ApiError
unknown_model(const std::string& model)
{
  return ApiError{404, "unknown_model", "no stored points for model '" + model + "'"};
}

ApiError
unstored_name_error(const app::UnstoredName& unstored)
{
  // As the CLI says it: a slip, answered with the names there are.
  return ApiError{400, "bad_parameter", unstored.parameter + ": " + app::unstored_text(unstored, unstored.parameter)};
}

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
  if (filter->model && !app::model_is_stored(store, *filter->model)) {
    return tl::unexpected(unknown_model(*filter->model));
  }
  if (const auto unstored = app::unstored_name(store, *filter)) {
    return tl::unexpected(unstored_name_error(*unstored));
  }
  return *std::move(filter);
}

tl::expected<PointRuns, ApiError>
point_runs(const QueryParams& params)
{
  const std::string runs = params.text("runs").value_or("all");
  if (runs == "all") {
    return PointRuns::all;
  }
  if (runs == "latest") {
    return PointRuns::latest;
  }
  return tl::unexpected(ApiError{400, "bad_parameter", "runs: expected all or latest (got '" + runs + "')"});
}

namespace {

// `spread=true`, where the route takes it: on an interactivity curve only.
tl::expected<bool, ApiError>
spread_choice(const QueryParams& params, const domain::CurveOptions& options, SpreadParameter spread)
{
  if (spread == SpreadParameter::not_taken) {
    return false;
  }
  API_TRY_ASSIGN(asked, param(params.boolean("spread")));
  if (asked.value_or(false) && options.latency) {
    return tl::unexpected(ApiError{400, "bad_parameter",
                                   "spread: the run-to-run spread is read on interactivity curves; drop x or spread"});
  }
  return asked.value_or(false);
}

}  // namespace

tl::expected<app::FrontierQuery, ApiError>
frontier_query(const QueryParams& params, store::Store& store, SpreadParameter spread)
{
  API_TRY_ASSIGN(filter, spread == SpreadParameter::taken
                           ? checked_filter(params, {"x", "metric", "spread"}, store, true)
                           : checked_filter(params, {"x", "metric"}, store, true));
  API_TRY_ASSIGN(options, curve_options(params));
  API_TRY_ASSIGN(with_spread, spread_choice(params, options, spread));
  return app::FrontierQuery{std::move(filter), std::move(options), with_spread};
}

tl::expected<app::InterpolationQuery, ApiError>
interpolation_query(const QueryParams& params, store::Store& store, SpreadParameter spread)
{
  API_TRY_ASSIGN(filter, spread == SpreadParameter::taken
                           ? checked_filter(params, {"at", "x", "metric", "spread"}, store, true)
                           : checked_filter(params, {"at", "x", "metric"}, store, true));
  API_TRY_ASSIGN(options, curve_options(params));
  API_TRY_ASSIGN(at, param(params.number("at")));
  if (!at || *at <= 0) {
    return tl::unexpected(ApiError{
      400, "bad_parameter", options.latency ? "at: required, a positive latency in seconds" : "at: required, a positive tok/s/user"});
  }
  API_TRY_ASSIGN(with_spread, spread_choice(params, options, spread));
  return app::InterpolationQuery{std::move(filter), *at, std::move(options), with_spread};
}

tl::expected<app::PlanQuery, ApiError>
plan_query(const QueryParams& params, store::Store& store, PlanRoute route)
{
  const bool by_point = params.text("point").has_value();
  API_TRY_ASSIGN(filter,
                 route == PlanRoute::fleet
                   ? checked_filter(params,
                                    {"point", "at", "demand", "preset", "utilization", "mix", "cost_per_gpu_hour",
                                     "kw_per_gpu", "gpus_per_rack", "slo", "rank_by"},
                                    store, !by_point)
                 : route == PlanRoute::budget
                   ? checked_filter(params,
                                    {"at", "demand", "preset", "utilization", "cost_per_gpu_hour", "kw_per_gpu",
                                     "gpus_per_rack", "max_cost_per_million", "max_cost_per_day", "megawatts"},
                                    store, true)
                   : checked_filter(params,
                                    {"point", "at", "demand", "preset", "utilization", "mix", "cost_per_gpu_hour",
                                     "kw_per_gpu", "gpus_per_rack"},
                                    store, !by_point));
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
  if (auto read = app::read_plan_figures(query, params.text("cost_per_gpu_hour"), params.text("kw_per_gpu"),
                                         params.text("gpus_per_rack"));
      !read) {
    return tl::unexpected(bad_parameter(read.error()));
  }
  return query;
}

tl::expected<app::PlanQuery, ApiError>
fleet_query(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(query, plan_query(params, store, PlanRoute::fleet));
  query.slo = params.text("slo");
  const std::string rank_by = params.text("rank_by").value_or("cost");
  const std::optional<domain::FleetRankBy> rank = domain::parse_fleet_rank(rank_by);
  if (!rank) {
    return tl::unexpected(ApiError{400, "bad_parameter", fmt::format("rank_by: expected {} (got '{}')",
                                                                     domain::k_fleet_rank_choices, rank_by)});
  }
  query.rank_by = *rank;
  return query;
}

tl::expected<app::BudgetQuery, ApiError>
budget_query(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(plan, plan_query(params, store, PlanRoute::budget));
  app::BudgetQuery query{std::move(plan), {}, {}, {}};
  API_TRY_ASSIGN(per_million, param(params.number("max_cost_per_million")));
  API_TRY_ASSIGN(per_day, param(params.number("max_cost_per_day")));
  API_TRY_ASSIGN(megawatts, param(params.number("megawatts")));
  query.max_cost_per_million = per_million;
  query.max_cost_per_day = per_day;
  query.megawatts = megawatts;
  return query;
}

tl::expected<app::ServiceLevelQuery, ApiError>
service_level_query(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(filter, checked_filter(params, {"slo", "x", "metric"}, store, true));
  API_TRY_ASSIGN(options, curve_options(params));
  if (options.latency) {
    return tl::unexpected(ApiError{400, "bad_parameter",
                                   "x: a service-level target reads interactivity on auto, p90_itl or median_tpot; "
                                   "name latencies in the target itself"});
  }
  const std::optional<std::string> slo = params.text("slo");
  if (!slo) {
    return tl::unexpected(ApiError{400, "bad_parameter", "slo: required, e.g. interactivity>=50,ttft_p99<=2s"});
  }
  auto target = domain::parse_service_level_target(*slo);
  if (!target) {
    return tl::unexpected(bad_parameter(target.error()));
  }
  return app::ServiceLevelQuery{std::move(filter), std::move(*target), options};
}

ApiError
plan_error(util::Diagnostic diagnostic, const app::PlanQuery& query)
{
  // A point given alone that names nothing stored; given beside `at`, the query itself is wrong, and a stored point
  // that cannot be planned (it serves no tokens) is a 400 like any parameter the plan cannot take.
  const bool unknown_point = diagnostic.field == "point" && query.point && !query.at &&
                             diagnostic.message.starts_with("no stored point");
  return unknown_point ? ApiError{404, "unknown_point", diagnostic.message} : bad_parameter(diagnostic);
}

}  // namespace infertrack::server::api

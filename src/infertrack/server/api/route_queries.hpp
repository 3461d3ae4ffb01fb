#pragma once

#include "infertrack/app/queries/budget_query.hpp"
#include "infertrack/app/queries/frontier_query.hpp"
#include "infertrack/app/queries/interpolation_query.hpp"
#include "infertrack/app/queries/plan_query.hpp"
#include "infertrack/app/queries/point_filter.hpp"
#include "infertrack/app/queries/service_level_query.hpp"
#include "infertrack/server/api/query_params.hpp"
#include "infertrack/store/store.hpp"

#include <tl/expected.hpp>

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace infertrack::server::api {

// A refusal on its way to becoming an error answer: the HTTP status, the error code and the detail
// naming the parameter.
struct ApiError
{
  int status = 400;
  std::string code;
  std::string detail;
};

// A parameter diagnostic as a 400 bad_parameter whose detail starts with the parameter's name.
ApiError bad_parameter(const util::Diagnostic& diagnostic);

// A 404 unknown_model: `model` has no stored points.
ApiError unknown_model(const std::string& model);

// A 400 naming the filter whose name no stored point has, with the stored names.
ApiError unstored_name_error(const app::UnstoredName& unstored);

// A diagnostic-returning parameter reader as an API answer.
template<typename T>
tl::expected<T, ApiError>
param(util::Result<T> value)
{
  if (!value) {
    return tl::unexpected(bad_parameter(value.error()));
  }
  return std::move(*value);
}

// Declares `var` as the value of an expected-returning expression, or returns its ApiError.
#define API_TRY_ASSIGN(var, ...)                                                                   \
  auto var##_checked_ = (__VA_ARGS__);                                                             \
  if (!var##_checked_) {                                                                           \
    return tl::unexpected(var##_checked_.error());                                                 \
  }                                                                                                \
  auto var = std::move(*var##_checked_)

// The configuration filters after checking the parameter names (the filters and `extra`); a model is
// required when `model_required`, and a named model must have stored points (else 404 unknown_model), as must the
// other names (else 400, with the stored names).
tl::expected<store::PointFilter, ApiError> checked_filter(const QueryParams& params,
                                                          std::initializer_list<std::string_view> extra,
                                                          store::Store& store,
                                                          bool model_required);

// Which runs a listing of points holds (`runs=all|latest`, all by default).
enum class PointRuns
{
  all,    // every run of every configuration
  latest, // the latest run of each configuration, as a chart draws them
};
tl::expected<PointRuns, ApiError> point_runs(const QueryParams& params);

// The `x` (auto, p90 or median, or a latency such as ttft_p99) and `metric` (total, input or output; input by
// default on a TTFT axis) parameters of a curve's reading.
tl::expected<domain::CurveOptions, ApiError> curve_options(const QueryParams& params);

// curve_options, refusing a latency `x`: for the answers read at interactivity targets (`reader` names them in the
// refusal, e.g. "history").
tl::expected<domain::CurveOptions, ApiError> interactivity_curve_options(const QueryParams& params,
                                                                         std::string_view reader);

// The `limit` parameter of a paged answer: 1 to `most`, or none given.
tl::expected<std::optional<std::size_t>, ApiError> page_limit(const QueryParams& params, std::size_t most);

// The questions of the frontier, interpolate and plan routes, read from their parameters exactly as those
// routes read them, so that an export of a kind asks what its route asks.
// The frontier and interpolate routes take `spread` (the run-to-run spread); exports and evals asking the same
// question do not.
enum class SpreadParameter
{
  not_taken,
  taken,
};
tl::expected<app::FrontierQuery, ApiError>
frontier_query(const QueryParams& params, store::Store& store, SpreadParameter spread = SpreadParameter::not_taken);
tl::expected<app::InterpolationQuery, ApiError>
interpolation_query(const QueryParams& params,
                    store::Store& store,
                    SpreadParameter spread = SpreadParameter::not_taken);
// Which planner route reads its parameters: plan; fleet adds `slo` and `rank_by`; budget takes the caps and
// neither a point nor a mix.
enum class PlanRoute
{
  plan,
  fleet,
  budget,
};
tl::expected<app::PlanQuery, ApiError>
plan_query(const QueryParams& params, store::Store& store, PlanRoute route = PlanRoute::plan);
tl::expected<app::BudgetQuery, ApiError> budget_query(const QueryParams& params, store::Store& store);
tl::expected<app::PlanQuery, ApiError> fleet_query(const QueryParams& params, store::Store& store);
tl::expected<app::ServiceLevelQuery, ApiError> service_level_query(const QueryParams& params, store::Store& store);

// A planner diagnostic as the plan route answers it: an unknown point is a 404, anything else a 400 whose
// detail names the parameter (the planner names CLI flags; parameters use underscores).
ApiError plan_error(util::Diagnostic diagnostic, const app::PlanQuery& query);

}  // namespace infertrack::server::api

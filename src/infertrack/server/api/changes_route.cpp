#include "infertrack/server/api/changes_route.hpp"

#include <fmt/core.h>

#include <cmath>
#include <utility>

namespace infertrack::server::api {

tl::expected<app::ChangesQuery, ApiError>
changes_query(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(filter, checked_filter(params, {"since", "threshold", "join_precisions", "x", "metric"}, store, true));
  app::ChangesQuery query;
  query.filter = std::move(filter);
  API_TRY_ASSIGN(threshold, param(params.number("threshold")));
  if (threshold && !(std::isfinite(*threshold) && *threshold > 0)) {
    return tl::unexpected(ApiError{400, "bad_parameter",
                                   fmt::format("threshold: expected a positive fraction such as 0.1 for 10% (got {})",
                                               *threshold)});
  }
  query.options.threshold = threshold.value_or(domain::k_default_change_threshold);
  API_TRY_ASSIGN(since, param(params.date("since")));
  query.options.since = std::move(since);
  API_TRY_ASSIGN(join, param(params.boolean("join_precisions")));
  query.join_precisions = join.value_or(false);
  API_TRY_ASSIGN(curve, curve_options(params));
  if (curve.latency) {
    return tl::unexpected(
      ApiError{400, "bad_parameter", "x: changes read interactivity (auto, p90_itl or median_tpot), not a latency"});
  }
  query.basis = curve.basis;
  query.metric = curve.metric;
  return query;
}

tl::expected<nlohmann::json, ApiError>
changes_answer(const QueryParams& params, store::Store& store)
{
  API_TRY_ASSIGN(query, changes_query(params, store));
  return app::changes_json(query, app::changes(store, query));
}

}  // namespace infertrack::server::api

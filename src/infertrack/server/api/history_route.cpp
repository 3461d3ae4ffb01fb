#include "infertrack/server/api/history_route.hpp"

#include "infertrack/app/queries/history_json.hpp"
#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/app/queries/point_filter.hpp"

#include <fmt/core.h>

#include <utility>

namespace infertrack::server::api {
namespace {

using Answer = tl::expected<std::string, ApiError>;

// The tracker's headline interactivity, used when a request names none.
constexpr double k_default_target = 100;

// Configurations per page: 50 x 200 run dates is ~6 MB of JSON, written in a few tens of milliseconds.
constexpr std::size_t k_default_page = 50;
constexpr std::size_t k_max_page = 1000;

ApiError
bad_parameter(std::string detail)
{
  return {400, "bad_parameter", std::move(detail)};
}

}  // namespace

tl::expected<app::HistoryQuery, ApiError>
history_query(const QueryParams& params)
{
  if (auto names = params.check_names({"at", "x", "metric", "from", "to", "launch_date", "join_precisions", "offset",
                                       "limit"},
                                      FilterParams::accepted);
      !names) {
    return tl::unexpected(bad_parameter(names.error()));
  }
  app::HistoryQuery query;
  auto filter = params.filter();
  if (!filter) {
    return tl::unexpected(bad_parameter(filter.error()));
  }
  query.filter = *std::move(filter);

  const auto at = params.number("at");
  if (!at) {
    return tl::unexpected(bad_parameter(at.error()));
  }
  if (*at && **at <= 0) {
    return tl::unexpected(bad_parameter("at: expected a positive tok/s/user"));
  }
  query.options.target = at->value_or(k_default_target);

  API_TRY_ASSIGN(curve, interactivity_curve_options(params, "history"));
  query.options.basis = curve.basis;
  query.options.metric = curve.metric;

  for (const auto& [name, slot] : {std::pair{"from", &query.from}, std::pair{"to", &query.to}}) {
    auto date = params.date(name);
    if (!date) {
      return tl::unexpected(bad_parameter(date.error()));
    }
    *slot = *std::move(date);
  }
  if (const auto dates = app::check_history_dates(query); !dates) {
    return tl::unexpected(bad_parameter(dates.error()));
  }
  auto launch = params.date("launch_date");
  if (!launch) {
    return tl::unexpected(bad_parameter(launch.error()));
  }
  if (*launch) {
    query.options.launch_date = **launch;
  }
  const auto join = params.boolean("join_precisions");
  if (!join) {
    return tl::unexpected(bad_parameter(join.error()));
  }
  query.join_precisions = join->value_or(false);

  const auto offset = params.integer("offset");
  if (!offset) {
    return tl::unexpected(bad_parameter(offset.error()));
  }
  if (*offset && **offset < 0) {
    return tl::unexpected(bad_parameter(fmt::format("offset: expected 0 or more (got {})", **offset)));
  }
  query.offset = static_cast<std::size_t>(offset->value_or(0));
  API_TRY_ASSIGN(limit, page_limit(params, k_max_page));
  query.limit = limit;
  return query;
}

Answer
history_answer(const QueryParams& params, store::Store& store, app::HistoryCache* cache)
{
  auto query = history_query(params);
  if (!query) {
    return tl::unexpected(query.error());
  }
  query->limit = query->limit.value_or(k_default_page);
  const app::HistoryAnswer answer = cache ? app::history(store, *query, *cache) : app::history(store, *query);
  // Only an empty answer pays for a second query: an unknown model is a 404, narrow filters an empty list.
  if (answer.configurations == 0 && query->filter.model && !app::model_is_stored(store, *query->filter.model)) {
    return tl::unexpected(unknown_model(*query->filter.model));
  }
  if (answer.configurations == 0) {
    if (const auto unstored = app::unstored_name(store, query->filter)) {
      return tl::unexpected(unstored_name_error(*unstored));
    }
  }
  return app::history_json(*query, answer);
}

}  // namespace infertrack::server::api

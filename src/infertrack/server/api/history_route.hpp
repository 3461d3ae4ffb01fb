#pragma once

#include "infertrack/app/queries/history_cache.hpp"
#include "infertrack/app/queries/history_query.hpp"
#include "infertrack/server/api/route_queries.hpp"
#include "infertrack/store/store.hpp"

#include <tl/expected.hpp>

#include <string>

namespace infertrack::server::api {

// The history question the parameters ask (the filters, at, x, metric, from, to, launch_date, and offset and
// limit when given: no limit means every configuration), or the first refusal naming its parameter.
tl::expected<app::HistoryQuery, ApiError> history_query(const QueryParams& params);

// GET /api/v1/history?model=&at=[&filters][&x=auto|p90|median][&metric=][&from=&to=][&launch_date=]
// [&offset=&limit=]: each configuration's value at `at` tok/s/user (default 100) run date by run date, as
// `infertrack history --json` prints it, `limit` configurations (default 50) from `offset` on. Without a
// model, every model's configurations; an unknown model is a 404. With a `cache`, the runs' frontiers are
// kept there between requests (app::history). The answer is JSON text.
tl::expected<std::string, ApiError>
history_answer(const QueryParams& params, store::Store& store, app::HistoryCache* cache = nullptr);

}  // namespace infertrack::server::api

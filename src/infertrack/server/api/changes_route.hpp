#pragma once

#include "infertrack/app/queries/changes_query.hpp"
#include "infertrack/server/api/route_queries.hpp"
#include "infertrack/store/store.hpp"

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

namespace infertrack::server::api {

// The changes question the parameters ask: the filters (a model required), since, threshold (a positive
// fraction, default 0.1), join_precisions, x and metric; or the first refusal naming its parameter. The feed asks
// the same question.
tl::expected<app::ChangesQuery, ApiError> changes_query(const QueryParams& params, store::Store& store);

// GET /api/v1/changes?model=...[&since=][&threshold=][&join_precisions=]: every run compared with the run before it,
// as `infertrack changes --json` prints it.
tl::expected<nlohmann::json, ApiError> changes_answer(const QueryParams& params, store::Store& store);

}  // namespace infertrack::server::api

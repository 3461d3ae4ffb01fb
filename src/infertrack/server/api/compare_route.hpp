#pragma once

#include "infertrack/app/queries/compare_query.hpp"
#include "infertrack/server/api/query_params.hpp"
#include "infertrack/server/api/route_queries.hpp"
#include "infertrack/server/http/request.hpp"
#include "infertrack/server/http/response.hpp"
#include "infertrack/store/store.hpp"

namespace infertrack::server::api {

// The comparison `params` ask (a, b, at, demand, utilization, as_of, cost_per_gpu_hour, kw_per_gpu, gpus_per_rack;
// format is taken and left to the caller), checked as the other routes check theirs; the compare page reads its
// query with it too.
tl::expected<app::CompareQuery, ApiError> compare_query(const QueryParams& params);

// A refused comparison as an API error: 404 unknown_configuration, 400 ambiguous_configuration or bad_parameter, the
// detail starting with the parameter (a or b for a name).
ApiError compare_error(const app::CompareError& error);

// GET /api/v1/compare?a=NAME&b=NAME[&at=100][&demand=40T][&utilization][&as_of][&overrides][&format=json|csv]: two
// runs compared (app/queries/compare_query.hpp), JSON as `infertrack compare --json` prints it, or with format=csv a
// download with provenance. Both no-store: each records when it was made.
http::Response compare_response(const http::Request& request, store::Store& store);

}  // namespace infertrack::server::api

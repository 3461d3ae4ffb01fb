#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/server/http/response.hpp"
#include "infertrack/store/store.hpp"

namespace infertrack::server::api {

// GET /api/v1/glance?model=[&filters][&x=auto|p90|median][&metric=total|input|output][&format=json|csv]: the glance
// table of the model (app/queries/glance_query.hpp), JSON as `infertrack glance --json` prints it, or with
// format=csv the CSV download (provenance lines, then one row per configuration) as an attachment, as the exports
// are. A model is required and must be stored (else 404 unknown_model); a bad parameter is a 400 naming it. Both
// are no-store: each records when it was made.
http::Response glance_response(const http::Request& request, store::Store& store);

}  // namespace infertrack::server::api

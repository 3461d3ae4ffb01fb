#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/server/http/response.hpp"
#include "infertrack/store/store.hpp"

#include <string_view>

namespace infertrack::server::api {

// GET /api/v1/export/{kind}?format=csv|json&...: an export (app/queries/export_document.hpp) of points, frontiers,
// interpolations, history or plans as a download, with the parameters of the kind's own route (/points'
// filters, /frontier, /interpolate, /history, /plan). `kind` is the path after /export/. An unknown kind
// is a 404; a bad parameter a 400 naming it, as on the kind's route.
http::Response export_response(std::string_view kind, const http::Request& request, store::Store& store);

}  // namespace infertrack::server::api

#pragma once

#include "infertrack/app/queries/history_cache.hpp"
#include "infertrack/server/http/request.hpp"
#include "infertrack/server/http/response.hpp"
#include "infertrack/store/store.hpp"

#include <optional>
#include <string_view>

namespace infertrack::server::api {

// Answers the JSON API under /api/v1 (documented in openapi.json) from `store`; nullopt for any other
// path. The answers are the same JSON the CLI prints with --json. `history_cache`, when given, keeps the
// history route's run frontiers between requests.
std::optional<http::Response>
handle_api(const http::Request& request, store::Store& store, app::HistoryCache* history_cache = nullptr);

// The OpenAPI 3 document of the routes handle_api answers: docs/openapi.json, embedded at build time.
std::string_view openapi_document();

}  // namespace infertrack::server::api

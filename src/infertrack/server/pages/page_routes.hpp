#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/server/http/response.hpp"
#include "infertrack/store/store.hpp"

#include <optional>

namespace infertrack::server::pages {

// Answers the routes of the web pages: GET / (the tracker), GET /points/{id} (one point, a 404 page for
// an unknown id) and GET /assets/{name} (an embedded asset by its content-hashed name, cached for ever;
// any other name is a 404, and no disk path is ever built from it). Other methods on these paths get
// 405. Returns nothing for every other path (the API under /api/ is not the pages' business).
// Thread-safe when `store` is. Throws store::StoreError when the store fails.
std::optional<http::Response> handle_page(const http::Request& request, store::Store& store);

// The 404 page for an address nothing answers, for a browser that asked for a page.
http::Response page_not_found(std::string_view path);

}  // namespace infertrack::server::pages

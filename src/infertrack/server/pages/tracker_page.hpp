#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/store/store.hpp"

#include <string>

namespace infertrack::server::pages {

// The point filter a page request carries in its query: model, hardware, framework, precision,
// spec_method and disaggregated ("true"/"false"), the names the filter form and the share link use.
// An absent or empty value matches everything, except the model, which falls back to `default_model`
// (the first stored model): the chart shows one model at a time.
store::PointFilter page_filter(const http::Request& request, const std::string& default_model);

// The whole tracker page (GET /) as HTML: headline cards, the points table narrowed by `request`'s
// query, the caveats, the launch timeline and glossary, and the initial state the script starts from.
// Throws store::StoreError when the store fails.
std::string render_tracker_page(store::Store& store, const http::Request& request);

}  // namespace infertrack::server::pages

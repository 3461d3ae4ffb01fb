#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/server/pages/compare_page.hpp"
#include "infertrack/store/store.hpp"

namespace infertrack::server::pages {

// The embed contract's version: `v=1` (the default) reads the tracker page's share-link parameters as they are
// documented in docs/EMBEDDING.md; another version is refused, so that an embedded link never changes meaning.
inline constexpr std::string_view k_embed_version = "1";

// GET /embed/chart?[v=1&]<share-link parameters>: the frontier chart of the tracker page alone, without header,
// navigation, sections or comments, for an <iframe>: model, hardware, framework, precision, spec_method,
// disaggregated, as_of, x, metric, log and runs, as the share link names them (others are ignored). The script draws
// it from GET /api/v1/frontier; the page links back to the tracker with the same filters.
RenderedPage render_embed_chart(store::Store& store, const http::Request& request);

}  // namespace infertrack::server::pages

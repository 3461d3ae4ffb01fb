#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/store/store.hpp"

#include <string>
#include <string_view>

namespace infertrack::server::pages {

// The Atom 1.0 feed (RFC 4287) of new runs and detected changes (app::changes, precisions joined, the default
// threshold), of the model `model=` names or of every model, newest first. Entry ids are tag: URIs made of the run's
// or the finding's identity (configuration, dates, direction), so that an entry keeps its id across requests and
// data versions. Text is XML-escaped, and characters XML 1.0 cannot carry are left out.
std::string render_atom_feed(store::Store& store, const http::Request& request);

// `text` with &, <, >, " and ' escaped and the control characters XML 1.0 forbids left out.
std::string xml_escaped(std::string_view text);

}  // namespace infertrack::server::pages

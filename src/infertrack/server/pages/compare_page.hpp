#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/store/store.hpp"

#include <string>

namespace infertrack::server::pages {

// A page and the status it is answered with.
struct RenderedPage
{
  int status = 200;
  std::string html;
};

// GET /compare?a=NAME&b=NAME[&at][&demand][&utilization][&as_of][&overrides]: two runs compared
// (app/queries/compare_query.hpp) as a page: both names, the table of values and ratios, the plans, the settings, the
// chart the script draws from GET /api/v1/compare, and the CSV, JSON and PNG downloads. Parameters the comparison
// does not take are ignored (a page link may carry any); without a and b, the form alone; a refused name is a 400 or
// 404 page saying which side and why.
RenderedPage render_compare_page(store::Store& store, const http::Request& request);

}  // namespace infertrack::server::pages

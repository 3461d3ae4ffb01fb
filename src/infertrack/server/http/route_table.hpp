#pragma once

#include "infertrack/server/http/request.hpp"
#include "infertrack/server/http/response.hpp"
#include "infertrack/util/assertions.hpp"

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::server::http {

// What a route's endpoint learns of the match: the label its answers are counted under in the metrics, and
// the text the pattern's placeholder matched ("" for a pattern without one).
struct RouteMatch
{
  std::string_view label;
  std::string_view param;
};

// One route, less its endpoint: the part the lookup reads, which does not depend on the endpoint's type.
struct RouteKey
{
  // Upper case; "GET" answers HEAD too, which reaches handlers as GET.
  std::string_view method;
  // Literal text with at most one placeholder: "{name}" matches one non-empty segment (no '/'), and a final
  // "{name...}" the rest of the path, which may be empty or hold '/'.
  std::string_view pattern;
  // The metric label of the route's answers, e.g. "/points/{id}": one label for every id.
  std::string_view label;
  // When set, a placeholder text it refuses makes the path no match at all (a 404, never a 405).
  bool (*accepts)(std::string_view param) = nullptr;
};

// Which of a table's routes answers a request.
struct RouteLookup
{
  // The index of the route that answers, or nothing.
  std::optional<std::size_t> route;
  // The match of that route or, when only the method is wrong, of the path's first route.
  RouteMatch match;
  // With no route: the methods that other routes answer on the path, as an Allow header ("GET, HEAD, POST"),
  // for a 405; empty when no route has the path, for a 404.
  std::string allow;
};

// The first of `keys` that answers `method` on `path`, or the methods the path answers instead.
RouteLookup find_route(std::span<const RouteKey> keys, std::string_view method, std::string_view path);

// A fixed list of routes, built once, whose endpoints are plain functions of a `Context` (the store, the
// request's parsed parameters, ...). Each route group keeps its own 404 and 405 answers: a lookup says which
// one is due, and answer() runs the endpoint found.
template<typename Context>
class RouteTable
{
public:
  using Endpoint = Response (*)(Context& context, const Request& request, const RouteMatch& match);

  // One row of the table: a RouteKey's fields (see there) and the endpoint that answers.
  struct Route
  {
    std::string_view method;
    std::string_view pattern;
    std::string_view label;
    Endpoint endpoint;
    bool (*accepts)(std::string_view param) = nullptr;
  };

  RouteTable(std::initializer_list<Route> routes)
  {
    for (const Route& route : routes) {
      m_keys.push_back(RouteKey{route.method, route.pattern, route.label, route.accepts});
      m_endpoints.push_back(route.endpoint);
    }
  }

  // The route that answers `request`, or which error is due (see RouteLookup).
  RouteLookup find(const Request& request) const { return find_route(m_keys, request.method, request.path); }

  // The answer of the endpoint `lookup` found, which must have found one.
  Response answer(const RouteLookup& lookup, Context& context, const Request& request) const
  {
    INFERTRACK_ASSERT(lookup.route.has_value());
    return m_endpoints[*lookup.route](context, request, lookup.match);
  }

private:
  std::vector<RouteKey> m_keys;
  std::vector<Endpoint> m_endpoints;
};

}  // namespace infertrack::server::http

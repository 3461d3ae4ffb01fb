#include "infertrack/server/http/route_table.hpp"

#include <algorithm>

namespace infertrack::server::http {

namespace {

constexpr std::string_view k_rest_suffix = "...}";

// The placeholder's text when `path` matches `pattern`, or nothing.
std::optional<std::string_view>
match_pattern(std::string_view pattern, std::string_view path)
{
  const std::size_t open = pattern.find('{');
  if (open == std::string_view::npos) {
    return pattern == path ? std::optional<std::string_view>("") : std::nullopt;
  }
  const std::size_t close = pattern.find('}', open);
  INFERTRACK_ASSERT(close != std::string_view::npos);
  const std::string_view before = pattern.substr(0, open);
  const std::string_view after = pattern.substr(close + 1);
  if (!path.starts_with(before)) {
    return std::nullopt;
  }
  const std::string_view rest = path.substr(before.size());
  if (pattern.substr(0, close + 1).ends_with(k_rest_suffix)) {
    INFERTRACK_ASSERT(after.empty());
    return rest;
  }
  const std::string_view segment = rest.substr(0, rest.find('/'));
  if (segment.empty() || rest.substr(segment.size()) != after) {
    return std::nullopt;
  }
  return segment;
}

// A route's method as the Allow header lists it: HEAD is answered wherever GET is.
std::string_view
allowed_as(std::string_view method)
{
  return method == "GET" ? "GET, HEAD" : method;
}

}  // namespace

RouteLookup
find_route(std::span<const RouteKey> keys, std::string_view method, std::string_view path)
{
  RouteLookup lookup;
  std::vector<std::string_view> methods;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const RouteKey& key = keys[i];
    const auto param = match_pattern(key.pattern, path);
    if (!param || (key.accepts && !key.accepts(*param))) {
      continue;
    }
    if (key.method == method) {
      lookup.route = i;
      lookup.match = RouteMatch{key.label, *param};
      lookup.allow.clear();
      return lookup;
    }
    if (methods.empty()) {
      lookup.match = RouteMatch{key.label, *param};
    }
    if (std::find(methods.begin(), methods.end(), key.method) == methods.end()) {
      methods.push_back(key.method);
      lookup.allow += lookup.allow.empty() ? "" : ", ";
      lookup.allow += allowed_as(key.method);
    }
  }
  return lookup;
}

}  // namespace infertrack::server::http

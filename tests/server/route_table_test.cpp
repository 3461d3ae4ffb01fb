#include "infertrack/server/http/route_table.hpp"

#include <gtest/gtest.h>

#include <string>

namespace infertrack::server::http {
namespace {

// The endpoints say what they matched, so a test sees which route answered and with what.
struct Seen
{
  std::string label;
  std::string param;
};

Response
note(Seen& seen, const Request&, const RouteMatch& match)
{
  seen = Seen{std::string(match.label), std::string(match.param)};
  return Response::text(200, "");
}

bool
is_number(std::string_view text)
{
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

const RouteTable<Seen>&
table()
{
  static const RouteTable<Seen> k_table{
    {"GET", "/items", "/items", note},
    {"POST", "/items", "/items", note},
    {"PATCH", "/items/{id}", "/items/{id}", note, is_number},
    {"POST", "/items/{id}/hide", "/items/{id}/hide", note, is_number},
    {"GET", "/files/{name...}", "/files/{name}", note},
  };
  return k_table;
}

Request
request(std::string method, std::string path)
{
  Request made;
  made.method = std::move(method);
  made.path = std::move(path);
  return made;
}

TEST(RouteTable, find_runs_the_route_of_the_method_and_path)
{
  Seen seen;
  const Request post = request("POST", "/items/42/hide");
  const RouteLookup lookup = table().find(post);
  ASSERT_TRUE(lookup.route);
  EXPECT_EQ(table().answer(lookup, seen, post).status, 200);
  EXPECT_EQ(seen.label, "/items/{id}/hide");
  EXPECT_EQ(seen.param, "42");
}

TEST(RouteTable, find_lists_the_allowed_methods_for_another_method)
{
  EXPECT_EQ(table().find(request("DELETE", "/items")).allow, "GET, HEAD, POST");
  EXPECT_EQ(table().find(request("GET", "/items/7")).allow, "PATCH");
  EXPECT_FALSE(table().find(request("GET", "/items/7")).route);
}

TEST(RouteTable, find_matches_nothing_for_a_refused_or_missing_placeholder)
{
  for (const char* path : {"/items/x", "/items/", "/items/7/", "/items/7/show", "/item", "/items/7/hide/x"}) {
    const RouteLookup lookup = table().find(request("PATCH", path));
    EXPECT_FALSE(lookup.route) << path;
    EXPECT_EQ(lookup.allow, "") << path;
  }
}

TEST(RouteTable, find_gives_a_rest_placeholder_the_rest_of_the_path)
{
  for (const char* rest : {"", "a", "a/b/c"}) {
    const RouteLookup lookup = table().find(request("GET", std::string("/files/") + rest));
    ASSERT_TRUE(lookup.route) << rest;
    EXPECT_EQ(lookup.match.param, rest);
    EXPECT_EQ(lookup.match.label, "/files/{name}");
  }
}

}  // namespace
}  // namespace infertrack::server::http

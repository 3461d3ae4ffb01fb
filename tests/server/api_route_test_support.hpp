#pragma once

// What the API route tests share to read an answer: a GET the API must take, the JSON of a 200 answer, and
// the checks of an error answer (status, "error" code, "detail" text). Every answer they get is checked
// against docs/openapi.json.

#include "bundled_tracker_test_support.hpp"
#include "infertrack/server/api/api_routes.hpp"
#include "openapi_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>

namespace infertrack::server::test_support {

// The API's answer to `request` (nullopt for a path it does not take), checked against the document.
inline std::optional<http::Response>
documented_api(const http::Request& request, store::Store& store, app::HistoryCache* history_cache = nullptr)
{
  std::optional<http::Response> response = api::handle_api(request, store, history_cache);
  if (response && response->body_parts) {
    // The whole body, as a client reads it.
    while (response->body_parts(response->body)) {
    }
    response->body_parts = nullptr;
  }
  if (response) {
    expect_documented(request.method, request.path, *response);
  }
  return response;
}

// The API's answer to a GET of `path`; fails the test when the API does not take the path.
inline http::Response
api_get(store::Store& store, const std::string& path, Query query = {})
{
  std::optional<http::Response> response = documented_api(route_request("GET", path, std::move(query)), store);
  EXPECT_TRUE(response.has_value()) << path;
  return response.value_or(http::Response{});
}

// The body of `response` as JSON; fails the test unless the answer is a 200 (`what` names it in the failure).
inline nlohmann::json
ok_json(const http::Response& response, const std::string& what)
{
  EXPECT_EQ(response.status, 200) << what << ": " << response.body;
  return nlohmann::json::parse(response.body);
}

// The JSON the API answers to a GET of `path`, which must be a 200.
inline nlohmann::json
api_get_json(store::Store& store, const std::string& path, Query query = {})
{
  return ok_json(api_get(store, path, std::move(query)), path);
}

// Checks an error answer: its status, its "error" code and that its "detail" contains `detail`.
inline void
expect_error(const http::Response& response, int status, const std::string& code, const std::string& detail)
{
  EXPECT_EQ(response.status, status) << response.body;
  const nlohmann::json body = nlohmann::json::parse(response.body);
  EXPECT_EQ(body["error"], code);
  EXPECT_THAT(body["detail"].get<std::string>(), testing::HasSubstr(detail));
}

}  // namespace infertrack::server::test_support

#pragma once

// The check every route test helper runs on the answers it gets: an /api/v1 answer must be one that
// docs/openapi.json describes (path, method, status, content type and body schema), so the document cannot
// drift from the code.

#include "infertrack/server/api/api_routes.hpp"
#include "infertrack/server/http/response.hpp"
#include "support/openapi_validator.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace infertrack::server::test_support {

// The validator of the served document, read once for the whole test binary.
inline const test::OpenApiValidator&
openapi_validator()
{
  static const test::OpenApiValidator k_validator(nlohmann::json::parse(api::openapi_document()));
  return k_validator;
}

// Fails the test with each fault (it names the JSON pointer at fault) unless the document describes the
// answer of status `status` to `method` `target`; answers outside /api/v1/ are not the document's. The answers
// its description gives any request (a 404 to a path or method it does not list, such as /comments/abc; 413,
// 414 and 431 from the HTTP layer's limits) must be errors of its Error schema.
inline void
expect_documented(std::string_view method, std::string_view target, int status, std::string_view content_type,
                  std::string_view body)
{
  const std::string_view path = target.substr(0, target.find('?'));
  if (!path.starts_with("/api/v1/")) {
    return;
  }
  std::vector<std::string> faults = openapi_validator().check_answer({method, path, status, content_type, body});
  if ((!faults.empty() && status == 404) || status == 413 || status == 414 || status == 431) {
    faults = openapi_validator().check_value({{"$ref", "#/components/schemas/Error"}},
                                             nlohmann::json::parse(body, nullptr, false));
    for (std::string& fault : faults) {
      fault = std::string(method) + " " + std::string(path) + " " + std::to_string(status) + " (an Error): " + fault;
    }
  }
  for (const std::string& fault : faults) {
    ADD_FAILURE() << "docs/openapi.json does not describe the answer: " << fault;
  }
}

inline void
expect_documented(std::string_view method, std::string_view target, const http::Response& response)
{
  expect_documented(method, target, response.status, response.content_type, response.body);
}

}  // namespace infertrack::server::test_support

#pragma once

#include "infertrack/app/community/community_outcome.hpp"
#include "infertrack/server/http/request.hpp"
#include "infertrack/server/http/response.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

// The answers of the account, session and comment routes (JSON, with the metric label `route`), and the checked
// JSON bodies of their writes: one shape of answer and refusal for every community endpoint.
namespace infertrack::server::community {

// The cookie that holds a session's token, and the route that signs in: what a 401 tells a client to use.
inline constexpr std::string_view k_session_cookie = "infertrack_session";
inline constexpr std::string_view k_session = "/api/v1/session";

// `json` as the answer with `status`.
http::Response json_answer(int status, const nlohmann::json& json, std::string_view route);
// 204, no body.
http::Response no_content(std::string_view route);
// {error, detail} and `field` when not empty (docs/COMMUNITY.md).
http::Response error_answer(int status,
                            std::string_view error,
                            std::string_view detail,
                            std::string_view field,
                            std::string_view route);
// 404 to a path no community route has.
http::Response no_route(const http::Request& request);
// 405; `allow` lists the methods the path does answer.
http::Response method_not_allowed(const http::Request& request, std::string_view allow);
// The status and error a service's refusal is answered with.
http::Response refusal_answer(const app::Refusal& refusal, std::string_view route);

// The JSON object of a write's body, or the answer refusing it.
std::variant<nlohmann::json, http::Response> json_body(const http::Request& request, std::string_view route);

// A text field of `body`: "" when absent; a refusal naming the field when it is not a string.
std::variant<std::string, http::Response> text_field(const nlohmann::json& body,
                                                     std::string_view name,
                                                     std::string_view route);

// A write's text fields, in the order its endpoint names them.
template<std::size_t count>
using Fields = std::array<std::string, count>;

// The text fields `names` of `body` in order, or the refusal of the first bad one.
template<std::size_t count>
std::variant<Fields<count>, http::Response>
text_fields(const nlohmann::json& body, const std::array<std::string_view, count>& names, std::string_view route)
{
  Fields<count> fields;
  for (std::size_t i = 0; i < count; ++i) {
    auto value = text_field(body, names[i], route);
    if (auto* refused = std::get_if<http::Response>(&value)) {
      return std::move(*refused);
    }
    fields[i] = std::get<std::string>(std::move(value));
  }
  return fields;
}

}  // namespace infertrack::server::community

#include "infertrack/server/http/response.hpp"

#include <fmt/format.h>

namespace infertrack::server::http {

namespace {

constexpr std::string_view k_json_type = "application/json";
constexpr std::string_view k_text_type = "text/plain; charset=utf-8";

}  // namespace

Response
Response::json(int status, std::string body)
{
  Response response;
  response.status = status;
  response.content_type = k_json_type;
  response.body = std::move(body);
  return response;
}

Response
Response::text(int status, std::string body)
{
  Response response;
  response.status = status;
  response.content_type = k_text_type;
  response.body = std::move(body);
  return response;
}

Response
Response::error(int status, std::string_view error, std::string_view detail)
{
  return json(status, "{\"error\":" + json_quote(error) + ",\"detail\":" + json_quote(detail) + "}");
}

std::string
json_quote(std::string_view text)
{
  std::string quoted;
  quoted.reserve(text.size() + 2);
  quoted += '"';
  for (const char c : text) {
    switch (c) {
      case '"': quoted += "\\\""; break;
      case '\\': quoted += "\\\\"; break;
      case '\n': quoted += "\\n"; break;
      case '\r': quoted += "\\r"; break;
      case '\t': quoted += "\\t"; break;
      default:
        // Other control characters have no short escape; bytes >= 0x80 pass through as UTF-8.
        if (static_cast<unsigned char>(c) < 0x20) {
          quoted += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        } else {
          quoted += c;
        }
    }
  }
  quoted += '"';
  return quoted;
}

}  // namespace infertrack::server::http

#include "infertrack/server/http/response.hpp"

#include "infertrack/util/json_writer.hpp"

#include <fmt/format.h>

namespace infertrack::server::http {

namespace {

constexpr std::string_view k_json_type = "application/json";
constexpr std::string_view k_text_type = "text/plain; charset=utf-8";

Response
with_body(int status, std::string_view content_type, std::string body)
{
  Response response;
  response.status = status;
  response.content_type = content_type;
  response.body = std::move(body);
  return response;
}

}  // namespace

Response
Response::json(int status, std::string body)
{
  return with_body(status, k_json_type, std::move(body));
}

Response
Response::text(int status, std::string body)
{
  return with_body(status, k_text_type, std::move(body));
}

Response
Response::error(int status, std::string_view error, std::string_view detail)
{
  std::string body;
  util::JsonWriter json_body(body);
  json_body.begin_object();
  json_body.member("error", error);
  json_body.member("detail", detail);
  json_body.end_object();
  Response response = json(status, std::move(body));
  // An error holds only until the data or the request changes; a 404 would otherwise be cacheable by default.
  response.cache_control = "no-store";
  return response;
}

}  // namespace infertrack::server::http

#include "infertrack/server/community/community_answers.hpp"

#include "infertrack/util/ascii_text.hpp"

#include <set>

namespace infertrack::server::community {

using http::Request;
using http::Response;

namespace {

// "application/json", in any case, alone or with parameters ("; charset=utf-8"): not "application/jsonp".
bool
is_json_media_type(std::string_view type)
{
  constexpr std::string_view k_json = "application/json";
  const std::string_view essence = type.substr(0, type.find(';'));
  const std::size_t end = essence.find_last_not_of(" \t");
  return end != std::string_view::npos && util::ascii_iequals(essence.substr(0, end + 1), k_json);
}

}  // namespace

Response
json_answer(int status, const nlohmann::json& json, std::string_view route)
{
  // Answers may echo a request's own text (a subject, a path), which need not be UTF-8: never a reason for a 500.
  Response response = Response::json(status, json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  response.route = route;
  return response;
}

Response
no_content(std::string_view route)
{
  Response response;
  response.status = 204;
  response.route = route;
  return response;
}

Response
error_answer(int status, std::string_view error, std::string_view detail, std::string_view field,
             std::string_view route)
{
  nlohmann::json json = {{"error", error}, {"detail", detail}};
  if (!field.empty()) {
    json["field"] = field;
  }
  return json_answer(status, json, route);
}

Response
no_route(const Request& request)
{
  return error_answer(404, "not_found", "no API route " + request.path, "", "unrouted");
}

// `allow` lists the methods the path does answer.
Response
method_not_allowed(const Request& request, std::string_view allow)
{
  Response response = error_answer(405, "method_not_allowed", request.method + " is not allowed here", "", "unrouted");
  response.headers.emplace_back("Allow", allow);
  return response;
}

Response
refusal_answer(const app::Refusal& refusal, std::string_view route)
{
  struct Kind
  {
    int status;
    std::string_view error;
  };
  const Kind kind = [&]() -> Kind {
    switch (refusal.kind) {
      case app::RefusalKind::invalid: return {400, "invalid"};
      case app::RefusalKind::unauthorised: return {401, "unauthorised"};
      case app::RefusalKind::forbidden: return {403, "forbidden"};
      case app::RefusalKind::not_found: return {404, "not_found"};
      case app::RefusalKind::conflict: return {409, "conflict"};
      case app::RefusalKind::rate_limited: return {429, "rate_limited"};
    }
    return {400, "invalid"};
  }();
  Response response = error_answer(kind.status, kind.error, refusal.message, refusal.field, route);
  if (refusal.kind == app::RefusalKind::rate_limited) {
    response.headers.emplace_back("Retry-After", std::to_string(refusal.retry_after_seconds));
  }
  if (refusal.kind == app::RefusalKind::unauthorised) {
    // A 401 names how to authenticate (RFC 9110, 11.6.1): here a session cookie, got by signing in.
    response.headers.emplace_back("WWW-Authenticate", "Cookie realm=\"InferTrack\", cookie-name=\"" +
                                                          std::string(k_session_cookie) + "\", sign-in=\"" +
                                                          std::string(k_session) + "\"");
  }
  return response;
}

// The JSON object of a write's body, or the answer refusing it.
std::variant<nlohmann::json, Response>
json_body(const Request& request, std::string_view route)
{
  if (request.body.empty()) {
    return nlohmann::json::object();
  }
  const auto type = request.header("content-type");
  if (!type || !is_json_media_type(*type)) {
    return error_answer(415, "unsupported_media_type", "send the body as application/json", "", route);
  }
  // A key given twice would otherwise be taken silently with its last value, as a repeated parameter is not.
  std::vector<std::set<std::string>> open_objects;
  std::optional<std::string> repeated_key; // a field of the body given twice
  bool repeated_inside = false;            // a key given twice in an object inside the body
  const auto note_keys = [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    if (event == nlohmann::json::parse_event_t::object_start) {
      open_objects.emplace_back();
    } else if (event == nlohmann::json::parse_event_t::object_end && !open_objects.empty()) {
      open_objects.pop_back();
    } else if (event == nlohmann::json::parse_event_t::key && !open_objects.empty()) {
      const bool added = open_objects.back().insert(parsed.get<std::string>()).second;
      if (!added && open_objects.size() == 1 && !repeated_key) {
        repeated_key = parsed.get<std::string>();
      }
      repeated_inside |= !added && open_objects.size() > 1;
    }
    return true;
  };
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(request.body, note_keys);
  } catch (const nlohmann::json::out_of_range&) {
    return error_answer(400, "invalid", "the body holds a number out of range", "", route);
  } catch (const nlohmann::json::parse_error& error) {
    const std::string where = error.byte > request.body.size() ? "it ends early"
                                                                : "near byte " + std::to_string(error.byte);
    return error_answer(400, "invalid", "the body is not valid JSON (" + where + ")", "", route);
  }
  if (!json.is_object()) {
    return error_answer(400, "invalid", std::string("the body is not a JSON object (got ") + json.type_name() + ")", "",
                        route);
  }
  if (repeated_key) {
    // Named when it reads as a field name; anything else (long, or with control characters) is not echoed back.
    constexpr std::size_t k_longest_named_key = 64;
    const bool nameable = repeated_key->size() <= k_longest_named_key &&
                          std::all_of(repeated_key->begin(), repeated_key->end(),
                                      [](char c) { return c > ' ' && c < 0x7f && c != '"'; });
    return nameable ? error_answer(400, "invalid", "the body gives " + *repeated_key + " more than once",
                                   *repeated_key, route)
                    : error_answer(400, "invalid", "the body gives a key more than once", "", route);
  }
  if (repeated_inside) {
    return error_answer(400, "invalid", "an object inside the body gives a key more than once", "", route);
  }
  return json;
}

// A text field of `body`: "" when absent; a refusal naming the field when it is not a string.
std::variant<std::string, Response>
text_field(const nlohmann::json& body, std::string_view name, std::string_view route)
{
  const auto found = body.find(name);
  if (found == body.end() || found->is_null()) {
    return std::string();
  }
  if (!found->is_string()) {
    return error_answer(400, "invalid", std::string(name) + " must be a string", name, route);
  }
  return found->get<std::string>();
}

}  // namespace infertrack::server::community

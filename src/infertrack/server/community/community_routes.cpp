#include "infertrack/server/community/community_routes.hpp"

#include "infertrack/app/comment_board.hpp"
#include "infertrack/app/community_json.hpp"
#include "infertrack/security/tokens.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace infertrack::server::community {
namespace {

using http::Request;
using http::Response;

constexpr std::string_view k_session_cookie = "infertrack_session";
// Before sign-in the CSRF token is bound to this random cookie, which is never stored anywhere.
constexpr std::string_view k_visitor_cookie = "infertrack_visitor";
// A browser an account signed in from: its failed sign-ins count against it, not against the account.
constexpr std::string_view k_device_cookie = "infertrack_device";
constexpr std::string_view k_csrf_header = "x-csrf-token";
constexpr std::size_t k_token_length = 43;

constexpr std::string_view k_me = "/api/v1/me";
constexpr std::string_view k_account = "/api/v1/account";
constexpr std::string_view k_password = "/api/v1/account/password";
constexpr std::string_view k_session = "/api/v1/session";
constexpr std::string_view k_comments = "/api/v1/comments";

bool
is_community_path(std::string_view path)
{
  return path == k_me || path == k_account || path == k_password || path == k_session || path == k_comments ||
         path.starts_with("/api/v1/comments/");
}

// A cookie value shaped like one of our tokens; anything else is ignored rather than trusted.
bool
looks_like_token(std::string_view value)
{
  if (value.size() != k_token_length) {
    return false;
  }
  for (const char c : value) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!ok) {
      return false;
    }
  }
  return true;
}

std::string_view
token_cookie(const Request& request, std::string_view name)
{
  const auto value = http::cookie_value(request, name);
  return value && looks_like_token(*value) ? *value : std::string_view();
}

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

std::optional<store::CommentId>
parse_id(std::string_view text)
{
  store::CommentId id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc() || end != text.data() + text.size() || id < 1) {
    return std::nullopt;
  }
  return id;
}

// A comment's own path under /api/v1/comments/: {id}, {id}/hide or {id}/restore (action "" for the comment itself).
struct CommentPath
{
  store::CommentId id = 0;
  std::string_view action;
};

std::optional<CommentPath>
parse_comment_path(std::string_view path)
{
  if (!path.starts_with(k_comments) || path.size() <= k_comments.size() + 1 || path[k_comments.size()] != '/') {
    return std::nullopt;
  }
  std::string_view rest = path.substr(k_comments.size() + 1);
  std::string_view action;
  if (const std::size_t slash = rest.find('/'); slash != std::string_view::npos) {
    action = rest.substr(slash + 1);
    rest = rest.substr(0, slash);
    if (action != "hide" && action != "restore") {
      return std::nullopt;
    }
  }
  const auto id = parse_id(rest);
  return id ? std::optional(CommentPath{*id, action}) : std::nullopt;
}

// The methods a community path answers (HEAD is answered as GET), for the Allow header of a 405; nothing for a path
// that is no route.
std::optional<std::string_view>
allowed_methods(std::string_view path)
{
  if (path == k_me) {
    return "GET, HEAD";
  }
  if (path == k_comments) {
    return "GET, HEAD, POST";
  }
  if (path == k_session || path == k_account) {
    return "POST, DELETE";
  }
  if (path == k_password) {
    return "POST";
  }
  if (const auto comment = parse_comment_path(path)) {
    return comment->action.empty() ? "PATCH, DELETE" : "POST";
  }
  return std::nullopt;
}

// Whether `path` is a route that answers `method`.
bool
answers_method(std::string_view path, std::string_view method)
{
  const auto allowed = allowed_methods(path);
  if (!allowed) {
    return false;
  }
  for (std::size_t start = 0; start < allowed->size();) {
    const std::size_t end = std::min(allowed->find(", ", start), allowed->size());
    if (allowed->substr(start, end - start) == method) {
      return true;
    }
    start = end + 2;
  }
  return false;
}

Response
no_route(const Request& request)
{
  return error_answer(404, "not_found", "no API route " + request.path, "", "unrouted");
}

Response
method_not_allowed(const Request& request, std::string_view route)
{
  const auto allowed = allowed_methods(request.path);
  if (!allowed) {
    return no_route(request);
  }
  Response response = error_answer(405, "method_not_allowed", request.method + " is not allowed here", "", route);
  response.headers.emplace_back("Allow", *allowed);
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

// "application/json", in any case, alone or with parameters ("; charset=utf-8"): not "application/jsonp".
bool
is_json_media_type(std::string_view type)
{
  constexpr std::string_view k_json = "application/json";
  const std::string_view essence = type.substr(0, type.find(';'));
  const std::size_t end = essence.find_last_not_of(" \t");
  return end != std::string_view::npos && util::ascii_iequals(essence.substr(0, end + 1), k_json);
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

}  // namespace

struct CommunityRoutes::State
{
  State(std::shared_ptr<store::Store> store_in, CommunityOptions options_in)
    : store(std::move(store_in))
    , options(std::move(options_in))
    , accounts(store->community(), options.accounts)
    , board(*store, options.accounts.clock)
  {
  }

  Response dispatch(const Request& request);
  Response me(const Request& request, const std::optional<app::Visitor>& visitor);
  Response write(const Request& request, const std::optional<app::Visitor>& visitor);
  Response comment_write(const Request& request, const nlohmann::json& body, const std::optional<app::Visitor>& visitor);
  Response list_comments(const Request& request, const std::optional<app::Visitor>& visitor);
  Response signed_in_answer(int status, const app::NewSession& session, std::string_view route);
  Response signed_out_answer(std::string_view route);

  // Signed in, only the session's token counts: a visitor cookie is never stored, so whoever can plant one (a
  // sibling subdomain, plain HTTP) could work out its token.
  bool csrf_valid(const Request& request, bool signed_in) const
  {
    const auto sent = request.header(k_csrf_header);
    if (!sent || sent->empty()) {
      return false;
    }
    const auto session_only = {k_session_cookie};
    const auto either = {k_session_cookie, k_visitor_cookie};
    for (const auto name : signed_in ? session_only : either) {
      const std::string_view token = token_cookie(request, name);
      if (!token.empty() && security::secrets_equal(security::csrf_token_for(token), *sent)) {
        return true;
      }
    }
    return false;
  }

  std::shared_ptr<store::Store> store;
  CommunityOptions options;
  app::Accounts accounts;
  app::CommentBoard board;
};

CommunityRoutes::CommunityRoutes(std::shared_ptr<store::Store> store, CommunityOptions options)
  : m_state(std::make_unique<State>(std::move(store), std::move(options)))
{
}

CommunityRoutes::~CommunityRoutes() = default;

std::optional<Response>
CommunityRoutes::handle(const Request& request)
{
  if (!is_community_path(request.path)) {
    return std::nullopt;
  }
  Response response = m_state->dispatch(request);
  response.cache_control = "no-store";
  return response;
}

Response
CommunityRoutes::State::dispatch(const Request& request)
{
  const auto visitor = accounts.signed_in(token_cookie(request, k_session_cookie));
  if (request.method == "GET") {
    if (request.path == k_me) {
      // It takes no parameters: one given is a mistake to say, as on every other route.
      if (!request.query.empty()) {
        const std::string& name = request.query.front().first;
        return error_answer(400, "invalid", "unknown parameter " + name + " (expected none)", name, k_me);
      }
      return me(request, visitor);
    }
    if (request.path == k_comments) {
      return list_comments(request, visitor);
    }
  }
  const bool writable = request.method == "POST" || request.method == "PATCH" || request.method == "DELETE";
  if (!writable || !answers_method(request.path, request.method)) {
    // Before the token and sign-in checks: the method is wrong whoever asks.
    return method_not_allowed(request, "unrouted");
  }
  if (!csrf_valid(request, visitor.has_value())) {
    return error_answer(403, "csrf",
                        "missing or wrong X-CSRF-Token header: reload the page (GET /api/v1/me gives the token)",
                        "", "csrf");
  }
  return write(request, visitor);
}

Response
CommunityRoutes::State::me(const Request& request, const std::optional<app::Visitor>& visitor)
{
  const std::string_view session_token = token_cookie(request, k_session_cookie);
  if (visitor) {
    return json_answer(200, app::me_json(visitor, security::csrf_token_for(session_token)), k_me);
  }
  std::string token(token_cookie(request, k_visitor_cookie));
  Response response;
  if (token.empty()) {
    token = security::new_token();
    response.headers.emplace_back("Set-Cookie", http::set_cookie(k_visitor_cookie, token,
                                                                 options.accounts.session_lifetime_seconds,
                                                                 options.cookies));
  }
  if (http::cookie_value(request, k_session_cookie)) {
    // An ended session's cookie is dropped so the browser stops sending it.
    response.headers.emplace_back("Set-Cookie", http::set_cookie(k_session_cookie, "", 0, options.cookies));
  }
  Response answer = json_answer(200, app::me_json(std::nullopt, security::csrf_token_for(token)), k_me);
  answer.headers = std::move(response.headers);
  return answer;
}

Response
CommunityRoutes::State::signed_in_answer(int status, const app::NewSession& session, std::string_view route)
{
  const app::Visitor visitor{session.user, security::token_hash(session.token)};
  Response response = json_answer(status, app::me_json(visitor, security::csrf_token_for(session.token)), route);
  response.headers.emplace_back("Set-Cookie", http::set_cookie(k_session_cookie, session.token,
                                                               options.accounts.session_lifetime_seconds,
                                                               options.cookies));
  response.headers.emplace_back("Set-Cookie", http::set_cookie(k_visitor_cookie, "", 0, options.cookies));
  if (!session.device_token.empty()) {
    response.headers.emplace_back("Set-Cookie", http::set_cookie(k_device_cookie, session.device_token,
                                                                 app::k_device_trust_seconds, options.cookies));
  }
  return response;
}

Response
CommunityRoutes::State::signed_out_answer(std::string_view route)
{
  Response response = no_content(route);
  response.headers.emplace_back("Set-Cookie", http::set_cookie(k_session_cookie, "", 0, options.cookies));
  return response;
}

Response
CommunityRoutes::State::write(const Request& request, const std::optional<app::Visitor>& visitor)
{
  const std::string_view route = request.path.starts_with("/api/v1/comments/") ? "/api/v1/comments/{id}"
                                                                              : std::string_view(request.path);
  auto parsed = json_body(request, route);
  if (auto* refused = std::get_if<Response>(&parsed)) {
    return std::move(*refused);
  }
  const nlohmann::json& body = std::get<nlohmann::json>(parsed);
  // Reads the text fields `names` of the body in order, or returns the refusal of the first bad one.
  std::vector<std::string> fields;
  auto read = [&](std::initializer_list<std::string_view> names) -> std::optional<Response> {
    for (const auto name : names) {
      auto value = text_field(body, name, route);
      if (auto* refused = std::get_if<Response>(&value)) {
        return std::move(*refused);
      }
      fields.push_back(std::get<std::string>(std::move(value)));
    }
    return std::nullopt;
  };
  const std::string_view client = request.client_network;
  const std::string_view session_token = token_cookie(request, k_session_cookie);
  const std::string_view device_token = token_cookie(request, k_device_cookie);

  if (request.path == k_account && request.method == "POST") {
    if (auto refused = read({"display_name", "email", "password"})) {
      return *std::move(refused);
    }
    auto session = accounts.sign_up(app::SignUpForm{fields[0], fields[1], fields[2]}, client, session_token);
    return session ? signed_in_answer(201, *session, route) : refusal_answer(session.error(), route);
  }
  if (request.path == k_session && request.method == "POST") {
    if (auto refused = read({"email", "password"})) {
      return *std::move(refused);
    }
    auto session = accounts.sign_in(fields[0], fields[1], client, session_token, device_token);
    return session ? signed_in_answer(200, *session, route) : refusal_answer(session.error(), route);
  }
  if (request.path == k_session && request.method == "DELETE") {
    accounts.sign_out(session_token);
    return signed_out_answer(route);
  }
  if (!visitor) {
    return refusal_answer(app::Refusal{app::RefusalKind::unauthorised, "", "sign in first"}, route);
  }
  if (request.path == k_account && request.method == "DELETE") {
    if (auto refused = read({"password"})) {
      return *std::move(refused);
    }
    auto deleted = accounts.delete_account(*visitor, fields[0], device_token);
    return deleted ? signed_out_answer(route) : refusal_answer(deleted.error(), route);
  }
  if (request.path == k_password && request.method == "POST") {
    if (auto refused = read({"current_password", "new_password"})) {
      return *std::move(refused);
    }
    auto changed = accounts.change_password(*visitor, fields[0], fields[1], device_token);
    return changed ? no_content(route) : refusal_answer(changed.error(), route);
  }
  if (request.path.starts_with(k_comments)) {
    return comment_write(request, body, visitor);
  }
  return method_not_allowed(request, route);
}

Response
CommunityRoutes::State::comment_write(const Request& request, const nlohmann::json& body,
                                      const std::optional<app::Visitor>& visitor)
{
  const auto answer = [&](const app::Outcome<store::CommentRecord>& outcome, int status, std::string_view route) {
    return outcome ? json_answer(status, app::comment_json(*outcome, visitor), route)
                   : refusal_answer(outcome.error(), route);
  };
  if (request.path == k_comments) {
    if (request.method != "POST") {
      return method_not_allowed(request, k_comments);
    }
    auto subject = text_field(body, "subject", k_comments);
    auto text = text_field(body, "body", k_comments);
    for (auto* field : {&subject, &text}) {
      if (auto* refused = std::get_if<Response>(field)) {
        return std::move(*refused);
      }
    }
    std::optional<store::CommentId> parent;
    if (const auto found = body.find("parent_id"); found != body.end() && !found->is_null()) {
      // Comment ids are positive 64-bit integers: 2^64 - 1 would otherwise read as -1.
      if (!found->is_number_integer() || (found->is_number_unsigned() && found->get<std::uint64_t>() > INT64_MAX)
          || found->get<std::int64_t>() <= 0) {
        return error_answer(400, "invalid", "parent_id must be a comment id (a positive integer)", "parent_id",
                            k_comments);
      }
      parent = found->get<store::CommentId>();
    }
    return answer(board.post(*visitor, std::get<std::string>(subject), parent, std::get<std::string>(text)), 201,
                  k_comments);
  }

  const auto path = parse_comment_path(request.path);
  if (!path) {
    return no_route(request);
  }
  const std::string_view action = path->action;
  const store::CommentId id = path->id;
  const std::string route = action.empty() ? "/api/v1/comments/{id}" : "/api/v1/comments/{id}/" + std::string(action);
  if (!action.empty()) {
    if (request.method != "POST") {
      return method_not_allowed(request, route);
    }
    auto changed = board.set_hidden(*visitor, id, action == "hide");
    if (!changed) {
      return refusal_answer(changed.error(), route);
    }
    return json_answer(200, app::comment_json(*store->community().comment(id), visitor), route);
  }
  if (request.method == "PATCH") {
    auto text = text_field(body, "body", route);
    if (auto* refused = std::get_if<Response>(&text)) {
      return std::move(*refused);
    }
    return answer(board.edit(*visitor, id, std::get<std::string>(text)), 200, route);
  }
  if (request.method == "DELETE") {
    auto removed = board.remove(*visitor, id);
    return removed ? no_content(route) : refusal_answer(removed.error(), route);
  }
  return method_not_allowed(request, route);
}

Response
CommunityRoutes::State::list_comments(const Request& request, const std::optional<app::Visitor>& visitor)
{
  constexpr std::array<std::string_view, 4> k_parameters = {"subject", "page", "thread", "after"};
  std::array<bool, k_parameters.size()> seen{};
  for (const auto& [name, value] : request.query) {
    const auto known = std::find(k_parameters.begin(), k_parameters.end(), name);
    if (known == k_parameters.end()) {
      return error_answer(400, "invalid", "unknown parameter " + name + " (expected subject, page, thread, after)",
                          name, k_comments);
    }
    bool& given = seen[static_cast<std::size_t>(known - k_parameters.begin())];
    if (given) {
      return error_answer(400, "invalid", name + " is given more than once", name, k_comments);
    }
    given = true;
  }
  const auto subject = request.query_value("subject");
  if (!subject) {
    return error_answer(400, "invalid", "subject is required: page or point:<result id>", "subject", k_comments);
  }
  // A whole number from 1, or `fallback` when the parameter is absent; nullopt for a malformed one.
  const auto whole_number = [&](std::string_view name, std::int64_t fallback) -> std::optional<std::int64_t> {
    const auto text = request.query_value(name);
    return text ? parse_id(*text) : std::optional(fallback);
  };
  const auto thread_text = request.query_value("thread");
  if (!thread_text) {
    if (request.query_value("after")) {
      return error_answer(400, "invalid", "after goes with thread (the replies of that thread after a comment)",
                          "after", k_comments);
    }
    const auto page = whole_number("page", 1);
    if (!page) {
      return error_answer(400, "invalid", "page must be a whole number from 1", "page", k_comments);
    }
    const auto threads = board.threads(*subject, *page);
    if (!threads) {
      return refusal_answer(threads.error(), k_comments);
    }
    return json_answer(200, app::comment_page_json(*subject, *page, *threads, visitor), k_comments);
  }
  if (request.query_value("page")) {
    return error_answer(400, "invalid", "page does not go with thread (a thread's replies are paged by after)",
                        "page", k_comments);
  }
  const auto thread = parse_id(*thread_text);
  if (!thread) {
    return error_answer(400, "invalid", "thread must be a comment id (a whole number from 1)", "thread", k_comments);
  }
  const auto after = whole_number("after", 0);
  if (!after) {
    return error_answer(400, "invalid", "after must be a comment id (a whole number from 1)", "after", k_comments);
  }
  const auto replies = board.replies(*subject, *thread, *after);
  if (!replies) {
    return refusal_answer(replies.error(), k_comments);
  }
  return json_answer(200, app::thread_replies_json(*subject, *thread, *after, *replies, visitor), k_comments);
}

}  // namespace infertrack::server::community

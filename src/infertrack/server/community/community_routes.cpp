#include "infertrack/server/community/community_routes.hpp"

#include "infertrack/server/community/community_answers.hpp"

#include "infertrack/app/community/comment_board.hpp"
#include "infertrack/app/community/community_json.hpp"
#include "infertrack/security/tokens.hpp"
#include "infertrack/server/http/route_table.hpp"
#include "infertrack/util/ascii_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace infertrack::server::community {
namespace {

using http::Request;
using http::Response;

// Before sign-in the CSRF token is bound to this random cookie, which is never stored anywhere.
constexpr std::string_view k_visitor_cookie = "infertrack_visitor";
// A browser an account signed in from: its failed sign-ins count against it, not against the account.
constexpr std::string_view k_device_cookie = "infertrack_device";
constexpr std::string_view k_csrf_header = "x-csrf-token";
constexpr std::size_t k_token_length = 43;

constexpr std::string_view k_me = "/api/v1/me";
constexpr std::string_view k_account = "/api/v1/account";
constexpr std::string_view k_password = "/api/v1/account/password";
constexpr std::string_view k_comments = "/api/v1/comments";
constexpr std::string_view k_comment = "/api/v1/comments/{id}";
constexpr std::string_view k_comment_prefix = "/api/v1/comments/";

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

// Only a comment id makes a comment's path a route: any other text there is a 404, never a 405.
bool
is_comment_id(std::string_view text)
{
  return parse_id(text).has_value();
}

// A comment as its writer sees it after a write, or the write's refusal.
Response
comment_answer(const app::Outcome<store::CommentRecord>& outcome, const std::optional<app::Visitor>& visitor,
               int status, std::string_view route)
{
  return outcome ? json_answer(status, app::comment_json(*outcome, visitor), route)
                 : refusal_answer(outcome.error(), route);
}

// Signing up, in and out are the only writes of a visitor who is not signed in.
bool
open_to_visitors(const Request& request)
{
  return request.path == k_session || (request.path == k_account && request.method == "POST");
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

  // One request as the endpoints see it: who asks, and the checked body of a write.
  struct Call
  {
    State& state;
    // Always set for a write but those open_to_visitors().
    std::optional<app::Visitor> visitor;
    nlohmann::json body;
  };

  static const http::RouteTable<Call>& routes();
  Response dispatch(const Request& request, const http::RouteLookup& lookup);
  Response signed_in_answer(int status, const app::NewSession& session, std::string_view route);
  Response signed_out_answer(std::string_view route);

  static Response me(Call& call, const Request& request, const http::RouteMatch& match);
  static Response list_comments(Call& call, const Request& request, const http::RouteMatch& match);
  static Response sign_up(Call& call, const Request& request, const http::RouteMatch& match);
  static Response sign_in(Call& call, const Request& request, const http::RouteMatch& match);
  static Response sign_out(Call& call, const Request& request, const http::RouteMatch& match);
  static Response delete_account(Call& call, const Request& request, const http::RouteMatch& match);
  static Response change_password(Call& call, const Request& request, const http::RouteMatch& match);
  static Response post_comment(Call& call, const Request& request, const http::RouteMatch& match);
  static Response edit_comment(Call& call, const Request& request, const http::RouteMatch& match);
  static Response remove_comment(Call& call, const Request& request, const http::RouteMatch& match);
  static Response hide_comment(Call& call, const Request& request, const http::RouteMatch& match);

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

const http::RouteTable<CommunityRoutes::State::Call>&
CommunityRoutes::State::routes()
{
  static const http::RouteTable<Call> k_routes{
    {"GET", k_me, k_me, me},
    {"POST", k_account, k_account, sign_up},
    {"DELETE", k_account, k_account, delete_account},
    {"POST", k_password, k_password, change_password},
    {"POST", k_session, k_session, sign_in},
    {"DELETE", k_session, k_session, sign_out},
    {"GET", k_comments, k_comments, list_comments},
    {"POST", k_comments, k_comments, post_comment},
    {"PATCH", k_comment, k_comment, edit_comment, is_comment_id},
    {"DELETE", k_comment, k_comment, remove_comment, is_comment_id},
    {"POST", "/api/v1/comments/{id}/hide", "/api/v1/comments/{id}/hide", hide_comment, is_comment_id},
    {"POST", "/api/v1/comments/{id}/restore", "/api/v1/comments/{id}/restore", hide_comment, is_comment_id},
  };
  return k_routes;
}

CommunityRoutes::CommunityRoutes(std::shared_ptr<store::Store> store, CommunityOptions options)
  : m_state(std::make_unique<State>(std::move(store), std::move(options)))
{
}

CommunityRoutes::~CommunityRoutes() = default;

std::optional<Response>
CommunityRoutes::handle(const Request& request)
{
  const http::RouteLookup lookup = State::routes().find(request);
  // Every path under /api/v1/comments/ is ours, so that a malformed comment id gets our 404.
  if (!lookup.route && lookup.allow.empty() && !request.path.starts_with(k_comment_prefix)) {
    return std::nullopt;
  }
  Response response = m_state->dispatch(request, lookup);
  response.cache_control = "no-store";
  return response;
}

Response
CommunityRoutes::State::dispatch(const Request& request, const http::RouteLookup& lookup)
{
  Call call{*this, accounts.signed_in(token_cookie(request, k_session_cookie)), {}};
  if (!lookup.route) {
    // Before the token and sign-in checks: the method is wrong whoever asks.
    return lookup.allow.empty() ? no_route(request) : method_not_allowed(request, lookup.allow);
  }
  if (request.method != "GET") {
    if (!csrf_valid(request, call.visitor.has_value())) {
      return error_answer(403, "csrf",
                          "missing or wrong X-CSRF-Token header: reload the page (GET /api/v1/me gives the token)",
                          "", "csrf");
    }
    // Counted with the comment itself when a hide or restore is refused this early, as it always was.
    const std::string_view early_label = request.path.starts_with(k_comment_prefix) ? k_comment : lookup.match.label;
    auto parsed = json_body(request, early_label);
    if (auto* refused = std::get_if<Response>(&parsed)) {
      return std::move(*refused);
    }
    call.body = std::get<nlohmann::json>(std::move(parsed));
    if (!call.visitor && !open_to_visitors(request)) {
      return refusal_answer(app::Refusal{app::RefusalKind::unauthorised, "", "sign in first"}, early_label);
    }
  }
  return routes().answer(lookup, call, request);
}

Response
CommunityRoutes::State::me(Call& call, const Request& request, const http::RouteMatch& match)
{
  // It takes no parameters: one given is a mistake to say, as on every other route.
  if (!request.query.empty()) {
    const std::string& name = request.query.front().first;
    return error_answer(400, "invalid", "unknown parameter " + name + " (expected none)", name, match.label);
  }
  const State& state = call.state;
  const std::string_view session_token = token_cookie(request, k_session_cookie);
  if (call.visitor) {
    return json_answer(200, app::me_json(call.visitor, security::csrf_token_for(session_token)), match.label);
  }
  std::string token(token_cookie(request, k_visitor_cookie));
  Response response;
  if (token.empty()) {
    token = security::new_token();
    response.headers.emplace_back("Set-Cookie", http::set_cookie(k_visitor_cookie, token,
                                                                 state.options.accounts.session_lifetime_seconds,
                                                                 state.options.cookies));
  }
  if (http::cookie_value(request, k_session_cookie)) {
    // An ended session's cookie is dropped so the browser stops sending it.
    response.headers.emplace_back("Set-Cookie", http::set_cookie(k_session_cookie, "", 0, state.options.cookies));
  }
  Response answer = json_answer(200, app::me_json(std::nullopt, security::csrf_token_for(token)), match.label);
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
CommunityRoutes::State::sign_up(Call& call, const Request& request, const http::RouteMatch& match)
{
  auto fields = text_fields<3>(call.body, {"display_name", "email", "password"}, match.label);
  if (auto* refused = std::get_if<Response>(&fields)) {
    return std::move(*refused);
  }
  auto& [display_name, email, password] = std::get<Fields<3>>(fields);
  auto session = call.state.accounts.sign_up(app::SignUpForm{display_name, email, password}, request.client_network,
                                             token_cookie(request, k_session_cookie));
  return session ? call.state.signed_in_answer(201, *session, match.label)
                 : refusal_answer(session.error(), match.label);
}

Response
CommunityRoutes::State::sign_in(Call& call, const Request& request, const http::RouteMatch& match)
{
  auto fields = text_fields<2>(call.body, {"email", "password"}, match.label);
  if (auto* refused = std::get_if<Response>(&fields)) {
    return std::move(*refused);
  }
  auto& [email, password] = std::get<Fields<2>>(fields);
  auto session = call.state.accounts.sign_in(email, password, request.client_network,
                                             token_cookie(request, k_session_cookie),
                                             token_cookie(request, k_device_cookie));
  return session ? call.state.signed_in_answer(200, *session, match.label)
                 : refusal_answer(session.error(), match.label);
}

Response
CommunityRoutes::State::sign_out(Call& call, const Request& request, const http::RouteMatch& match)
{
  call.state.accounts.sign_out(token_cookie(request, k_session_cookie));
  return call.state.signed_out_answer(match.label);
}

Response
CommunityRoutes::State::delete_account(Call& call, const Request& request, const http::RouteMatch& match)
{
  auto fields = text_fields<1>(call.body, {"password"}, match.label);
  if (auto* refused = std::get_if<Response>(&fields)) {
    return std::move(*refused);
  }
  auto& [password] = std::get<Fields<1>>(fields);
  auto deleted = call.state.accounts.delete_account(*call.visitor, password, token_cookie(request, k_device_cookie));
  return deleted ? call.state.signed_out_answer(match.label) : refusal_answer(deleted.error(), match.label);
}

Response
CommunityRoutes::State::change_password(Call& call, const Request& request, const http::RouteMatch& match)
{
  auto fields = text_fields<2>(call.body, {"current_password", "new_password"}, match.label);
  if (auto* refused = std::get_if<Response>(&fields)) {
    return std::move(*refused);
  }
  auto& [current_password, new_password] = std::get<Fields<2>>(fields);
  auto changed = call.state.accounts.change_password(*call.visitor, current_password, new_password,
                                                     token_cookie(request, k_device_cookie));
  return changed ? no_content(match.label) : refusal_answer(changed.error(), match.label);
}

Response
CommunityRoutes::State::post_comment(Call& call, const Request&, const http::RouteMatch& match)
{
  auto fields = text_fields<2>(call.body, {"subject", "body"}, match.label);
  if (auto* refused = std::get_if<Response>(&fields)) {
    return std::move(*refused);
  }
  auto& [subject, text] = std::get<Fields<2>>(fields);
  std::optional<store::CommentId> parent;
  if (const auto found = call.body.find("parent_id"); found != call.body.end() && !found->is_null()) {
    // Comment ids are positive 64-bit integers: 2^64 - 1 would otherwise read as -1.
    if (!found->is_number_integer() || (found->is_number_unsigned() && found->get<std::uint64_t>() > INT64_MAX)
        || found->get<std::int64_t>() <= 0) {
      return error_answer(400, "invalid", "parent_id must be a comment id (a positive integer)", "parent_id",
                          match.label);
    }
    parent = found->get<store::CommentId>();
  }
  return comment_answer(call.state.board.post(*call.visitor, subject, parent, text), call.visitor, 201, match.label);
}

Response
CommunityRoutes::State::edit_comment(Call& call, const Request&, const http::RouteMatch& match)
{
  auto fields = text_fields<1>(call.body, {"body"}, match.label);
  if (auto* refused = std::get_if<Response>(&fields)) {
    return std::move(*refused);
  }
  auto& [text] = std::get<Fields<1>>(fields);
  return comment_answer(call.state.board.edit(*call.visitor, *parse_id(match.param), text), call.visitor, 200,
                        match.label);
}

Response
CommunityRoutes::State::remove_comment(Call& call, const Request&, const http::RouteMatch& match)
{
  auto removed = call.state.board.remove(*call.visitor, *parse_id(match.param));
  return removed ? no_content(match.label) : refusal_answer(removed.error(), match.label);
}

// POST /api/v1/comments/{id}/hide and .../restore: the label says which.
Response
CommunityRoutes::State::hide_comment(Call& call, const Request&, const http::RouteMatch& match)
{
  const store::CommentId id = *parse_id(match.param);
  auto changed = call.state.board.set_hidden(*call.visitor, id, match.label.ends_with("/hide"));
  if (!changed) {
    return refusal_answer(changed.error(), match.label);
  }
  return json_answer(200, app::comment_json(*call.state.store->community().comment(id), call.visitor), match.label);
}

Response
CommunityRoutes::State::list_comments(Call& call, const Request& request, const http::RouteMatch&)
{
  const auto& visitor = call.visitor;
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
    const auto threads = call.state.board.threads(*subject, *page);
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
  const auto replies = call.state.board.replies(*subject, *thread, *after);
  if (!replies) {
    return refusal_answer(replies.error(), k_comments);
  }
  return json_answer(200, app::thread_replies_json(*subject, *thread, *after, *replies, visitor), k_comments);
}

}  // namespace infertrack::server::community

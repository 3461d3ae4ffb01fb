#pragma once

// A tracker handler with accounts on a real database of the binary's engine and a clock the test moves, and a
// Browser that keeps cookies and the CSRF token the way the page script does (and checks each answer against
// docs/openapi.json).

#include "infertrack/app/tracker_database.hpp"
#include "infertrack/server/http/client_network.hpp"
#include "infertrack/server/tracker_handler.hpp"
#include "openapi_test_support.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>

namespace infertrack::server::test_support {

using nlohmann::json;

// 2027-01-15, far from the epoch so that windows never reach back before it.
inline constexpr std::int64_t k_start_time = 1'800'000'000;

struct CommunityTracker
{
  test_engine::TestDatabase database;
  std::int64_t now = k_start_time;
  std::shared_ptr<store::Store> store{app::open_tracker(database.locator())};
  http::Handler handler = make_tracker_handler(store, nullptr, options());

  community::CommunityOptions options()
  {
    community::CommunityOptions options;
    options.accounts.hash_cost = security::HashCost::minimum;
    options.accounts.clock = [this] { return now; };
    return options;
  }

  store::CommunityStore& community() { return store->community(); }
};

class Browser
{
public:
  explicit Browser(http::Handler& handler, std::string address = "192.0.2.10")
    : m_handler(handler), m_address(std::move(address))
  {
  }

  http::Response send(std::string method, std::string target, std::string body = {},
                      std::optional<std::string> csrf = std::nullopt, std::string content_type = "application/json")
  {
    http::Request request;
    request.method = std::move(method);
    request.target = target;
    const auto question = target.find('?');
    request.path = target.substr(0, question);
    if (question != std::string::npos) {
      std::string query = target.substr(question + 1);
      for (std::size_t start = 0; start <= query.size();) {
        const std::size_t amp = std::min(query.find('&', start), query.size());
        const std::string pair = query.substr(start, amp - start);
        const std::size_t equals = pair.find('=');
        request.query.emplace_back(pair.substr(0, equals), equals == std::string::npos ? "" : pair.substr(equals + 1));
        start = amp + 1;
      }
    }
    request.body = std::move(body);
    request.client_address = m_address;
    request.client_network = server::http::client_network(m_address);
    if (!request.body.empty()) {
      request.headers.emplace_back("content-type", content_type);
    }
    const std::string token = csrf.value_or(m_csrf);
    if (!token.empty()) {
      request.headers.emplace_back("x-csrf-token", token);
    }
    if (!m_cookies.empty()) {
      std::string header;
      for (const auto& [name, value] : m_cookies) {
        header += (header.empty() ? "" : "; ") + name + "=" + value;
      }
      request.headers.emplace_back("cookie", header);
    }
    http::Response response = m_handler(request);
    expect_documented(request.method, request.path, response);
    keep_cookies(response);
    if (response.status < 300 && response.content_type == "application/json") {
      const auto answer = json::parse(response.body, nullptr, false);
      if (answer.is_object() && answer.contains("csrf_token")) {
        m_csrf = answer["csrf_token"].get<std::string>();
      }
    }
    return response;
  }

  json me()
  {
    const auto response = send("GET", "/api/v1/me");
    EXPECT_EQ(response.status, 200) << response.body;
    return json::parse(response.body);
  }

  http::Response sign_up(const std::string& name, const std::string& email, const std::string& password)
  {
    ensure_token();
    return send("POST", "/api/v1/account",
                json{{"display_name", name}, {"email", email}, {"password", password}}.dump());
  }

  http::Response sign_in(const std::string& email, const std::string& password)
  {
    ensure_token();
    return send("POST", "/api/v1/session", json{{"email", email}, {"password", password}}.dump());
  }

  http::Response post(const std::string& subject, const std::string& body,
                      std::optional<std::int64_t> parent = std::nullopt)
  {
    json request = {{"subject", subject}, {"body", body}};
    if (parent) {
      request["parent_id"] = *parent;
    }
    return send("POST", "/api/v1/comments", request.dump());
  }

  json comments(const std::string& subject, int page = 1)
  {
    const auto response = send("GET", "/api/v1/comments?subject=" + subject + "&page=" + std::to_string(page));
    EXPECT_EQ(response.status, 200) << response.body;
    return json::parse(response.body);
  }

  std::optional<std::string> cookie(const std::string& name) const
  {
    const auto found = m_cookies.find(name);
    return found == m_cookies.end() ? std::nullopt : std::optional(found->second);
  }
  void set_cookie(const std::string& name, const std::string& value) { m_cookies[name] = value; }
  const std::string& csrf() const { return m_csrf; }
  void forget_csrf() { m_csrf.clear(); }

private:
  void ensure_token()
  {
    if (m_csrf.empty()) {
      me();
    }
  }

  void keep_cookies(const http::Response& response)
  {
    for (const auto& [name, value] : response.headers) {
      if (name != "Set-Cookie") {
        continue;
      }
      const std::string pair = value.substr(0, value.find(';'));
      const std::size_t equals = pair.find('=');
      const std::string cookie = pair.substr(0, equals);
      if (value.find("Max-Age=0") != std::string::npos) {
        m_cookies.erase(cookie);
      } else {
        m_cookies[cookie] = pair.substr(equals + 1);
      }
    }
  }

  http::Handler& m_handler;
  std::string m_address;
  std::map<std::string, std::string> m_cookies;
  std::string m_csrf;
};

inline const std::string k_password = "correct horse battery staple";

}  // namespace infertrack::server::test_support

// Many signed-in users posting at once over real HTTP: every comment is stored exactly once.
#include "http_test_support.hpp"

#include "infertrack/app/tracker_database.hpp"
#include "infertrack/server/tracker_handler.hpp"
#include "support/test_database.hpp"

#include <nlohmann/json.hpp>

#include <thread>

namespace infertrack::server {
namespace {

using namespace http::test_support;
using nlohmann::json;

constexpr int k_users = 200;
constexpr int k_comments_per_user = 10;

// The value of cookie `name` set by `response`, or "".
std::string
set_cookie_value(const WireResponse& response, std::string_view name)
{
  for (const auto& field : response) {
    if (field.name() == wire::field::set_cookie && field.value().starts_with(std::string(name) + "=")) {
      const std::string_view value = field.value();
      return std::string(value.substr(name.size() + 1, value.find(';') - name.size() - 1));
    }
  }
  return "";
}

TEST(CommunityConcurrency, two_hundred_users_posting_ten_comments_each_store_exactly_two_thousand)
{
  test_engine::TestDatabase database;
  std::shared_ptr<store::Store> store = app::open_tracker(database.locator());
  ASSERT_TRUE(store->community().set_rate_limit_rule({"sign_up_per_address", 1000, 3600}));
  community::CommunityOptions community;
  community.accounts.hash_cost = security::HashCost::minimum;
  auto options = test_options();
  options.threads = 4;
  options.max_connections = 4 * k_users;
  auto metrics = std::make_shared<http::Metrics>();
  http::HttpServer server(options, make_tracker_handler(store, metrics, community), metrics);
  auto running = std::async(std::launch::async, [&] { server.run(); });

  std::atomic<int> created{0};
  std::vector<std::string> errors(k_users);
  std::vector<std::thread> users;
  for (int u = 0; u < k_users; ++u) {
    users.emplace_back([&, u] {
      try {
        Client client(server.port());
        const auto me = client.get("/api/v1/me");
        const std::string visitor = set_cookie_value(me, "infertrack_visitor");
        const std::string visitor_csrf = json::parse(me.body())["csrf_token"];
        const auto signed_up = client.request(
          wire::verb::post, "/api/v1/account",
          {{"Cookie", "infertrack_visitor=" + visitor}, {"X-CSRF-Token", visitor_csrf},
           {"Content-Type", "application/json"}},
          json{{"display_name", "user " + std::to_string(u)},
               {"email", "user" + std::to_string(u) + "@example.org"},
               {"password", "a long enough passphrase"}}
            .dump());
        if (signed_up.result_int() != 201) {
          errors[u] = "sign-up " + std::to_string(signed_up.result_int()) + " " + signed_up.body();
          return;
        }
        const std::string session = set_cookie_value(signed_up, "infertrack_session");
        const std::string csrf = json::parse(signed_up.body())["csrf_token"];
        for (int c = 0; c < k_comments_per_user; ++c) {
          const auto posted = client.request(
            wire::verb::post, "/api/v1/comments",
            {{"Cookie", "infertrack_session=" + session}, {"X-CSRF-Token", csrf}, {"Content-Type", "application/json"}},
            json{{"subject", c % 2 ? "page" : "point:444914"},
                 {"body", "comment " + std::to_string(c) + " from user " + std::to_string(u)}}
              .dump());
          if (posted.result_int() != 201) {
            errors[u] = "comment " + std::to_string(posted.result_int()) + " " + posted.body();
            return;
          }
          ++created;
        }
      } catch (const std::exception& error) {
        errors[u] = error.what();
      }
    });
  }
  for (auto& user : users) {
    user.join();
  }
  server.stop();
  running.wait();

  for (int u = 0; u < k_users; ++u) {
    EXPECT_EQ(errors[u], "") << "user " << u;
  }
  EXPECT_EQ(created.load(), k_users * k_comments_per_user);
  EXPECT_EQ(store->community().comment_count(std::nullopt), k_users * k_comments_per_user);
  EXPECT_EQ(store->community().comment_count("page"), k_users * k_comments_per_user / 2);
  EXPECT_EQ(store->community().users().size(), static_cast<std::size_t>(k_users));
}

}  // namespace
}  // namespace infertrack::server

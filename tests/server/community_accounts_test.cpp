// Accounts, sessions, CSRF and sign-in limits through the tracker handler, on a real database of either engine.
#include "community_test_support.hpp"

#include "infertrack/security/tokens.hpp"
#include "infertrack/store/sqlite/connection.hpp"
#include "support/read_only_file.hpp"
#include "support/temp_dir.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>
#include <tuple>

#include <gmock/gmock.h>

namespace infertrack::server {
namespace {

using namespace test_support;
using testing::HasSubstr;

std::string
header_of(const http::Response& response, std::string_view name)
{
  std::string values;
  for (const auto& [field, value] : response.headers) {
    if (field == name) {
      values += (values.empty() ? "" : "\n") + value;
    }
  }
  return values;
}

class CommunityAccounts : public testing::Test
{
protected:
  CommunityTracker tracker;
  Browser alice{tracker.handler};
};

TEST_F(CommunityAccounts, a_visitor_gets_a_csrf_token_bound_to_a_visitor_cookie)
{
  const json me = alice.me();
  EXPECT_FALSE(me["signed_in"].get<bool>());
  EXPECT_TRUE(me["user"].is_null());
  EXPECT_EQ(me["csrf_token"].get<std::string>().size(), 64u);
  ASSERT_TRUE(alice.cookie("infertrack_visitor"));
  EXPECT_EQ(alice.me()["csrf_token"], me["csrf_token"]) << "the same visitor keeps its token";
  Browser bob(tracker.handler);
  EXPECT_NE(bob.me()["csrf_token"], me["csrf_token"]);
  // It takes no parameters; one given is refused, named, as on the other routes.
  const auto with_parameter = alice.send("GET", "/api/v1/me?foo=1");
  EXPECT_EQ(with_parameter.status, 400);
  EXPECT_EQ(json::parse(with_parameter.body)["field"], "foo");
}

TEST_F(CommunityAccounts, sign_up_opens_a_session_in_an_http_only_lax_cookie)
{
  const auto response = alice.sign_up("Alice", "Alice@Example.org ", k_password);
  ASSERT_EQ(response.status, 201) << response.body;
  const std::string cookies = header_of(response, "Set-Cookie");
  EXPECT_THAT(cookies, HasSubstr("infertrack_session="));
  EXPECT_THAT(cookies, HasSubstr("HttpOnly"));
  EXPECT_THAT(cookies, HasSubstr("SameSite=Lax"));
  EXPECT_THAT(cookies, testing::Not(HasSubstr("Secure")));
  EXPECT_EQ(response.cache_control, "no-store");
  const json me = alice.me();
  EXPECT_TRUE(me["signed_in"].get<bool>());
  EXPECT_EQ(me["user"]["display_name"], "Alice");
  EXPECT_EQ(me["user"]["email"], "alice@example.org");
  EXPECT_FALSE(me["user"]["admin"].get<bool>());

  const auto stored = tracker.community().user_by_email("alice@example.org");
  ASSERT_TRUE(stored);
  EXPECT_THAT(stored->password_hash, testing::StartsWith("$argon2id$"));
  EXPECT_EQ(stored->password_hash.find(k_password), std::string::npos);
  // Only the token's hash is stored.
  EXPECT_FALSE(tracker.community().session(*alice.cookie("infertrack_session")));
}

TEST_F(CommunityAccounts, cookies_are_secure_when_the_server_says_clients_use_tls)
{
  auto options = tracker.options();
  options.cookies = http::CookieTransport::secure;
  http::Handler handler = make_tracker_handler(tracker.store, nullptr, options);
  Browser browser(handler);
  const auto response = browser.sign_up("Tess", "tess@example.org", k_password);
  ASSERT_EQ(response.status, 201) << response.body;
  EXPECT_THAT(header_of(response, "Set-Cookie"), HasSubstr("; Secure"));
}

TEST_F(CommunityAccounts, refuses_bad_sign_up_fields_naming_the_field)
{
  struct Case
  {
    std::string name, email, password, field;
  };
  for (const Case& c : {Case{"", "a@example.org", k_password, "display_name"},
                        Case{"A", "not-an-email", k_password, "email"},
                        Case{"A", "a@example.org", "short", "password"},
                        Case{"A", "a@example.org", "1234567890", "password"},
                        Case{"A", "a@example.org", "PASSWORD123", "password"}}) {
    const auto response = alice.sign_up(c.name, c.email, c.password);
    EXPECT_EQ(response.status, 400) << c.field;
    EXPECT_EQ(json::parse(response.body)["field"], c.field) << response.body;
  }
  EXPECT_TRUE(tracker.community().users().empty());
  ASSERT_EQ(alice.sign_up("A", "a@example.org", k_password).status, 201);
  Browser bob(tracker.handler);
  const auto taken = bob.sign_up("B", "A@EXAMPLE.ORG", k_password);
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(json::parse(taken.body)["field"], "email");
  // A comment shows its author's name alone: a second "A" would pass for the first.
  const auto named_alike = bob.sign_up(" a ", "b@example.org", k_password);
  EXPECT_EQ(named_alike.status, 409);
  EXPECT_EQ(json::parse(named_alike.body)["field"], "display_name") << named_alike.body;
  EXPECT_EQ(tracker.community().users().size(), 1u);
  EXPECT_FALSE(bob.me()["signed_in"].get<bool>());
}

TEST_F(CommunityAccounts, every_write_without_or_with_a_wrong_csrf_token_is_403_and_changes_nothing)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  const auto posted = alice.post("page", "first");
  ASSERT_EQ(posted.status, 201) << posted.body;
  const std::string id = std::to_string(json::parse(posted.body)["id"].get<std::int64_t>());
  Browser mallory(tracker.handler);
  const std::string others_token = mallory.me()["csrf_token"];

  struct Write
  {
    std::string method, target, body;
  };
  const std::vector<Write> writes = {
    {"POST", "/api/v1/account", json{{"display_name", "X"}, {"email", "x@example.org"}, {"password", k_password}}.dump()},
    {"POST", "/api/v1/session", json{{"email", "alice@example.org"}, {"password", k_password}}.dump()},
    {"DELETE", "/api/v1/session", ""},
    {"POST", "/api/v1/account/password", json{{"current_password", k_password}, {"new_password", "another long passphrase"}}.dump()},
    {"DELETE", "/api/v1/account", json{{"password", k_password}}.dump()},
    {"POST", "/api/v1/comments", json{{"subject", "page"}, {"body", "forged"}}.dump()},
    {"PATCH", "/api/v1/comments/" + id, json{{"body", "forged"}}.dump()},
    {"DELETE", "/api/v1/comments/" + id, ""},
    {"POST", "/api/v1/comments/" + id + "/hide", ""},
  };
  const auto users = tracker.community().users();
  for (const Write& write : writes) {
    for (const std::string& token : {std::string(" "), std::string("0000"), others_token, alice.csrf() + "0"}) {
      const auto response = alice.send(write.method, write.target, write.body, token);
      EXPECT_EQ(response.status, 403) << write.method << " " << write.target << " token '" << token << "'";
      EXPECT_EQ(json::parse(response.body)["error"], "csrf");
    }
  }
  EXPECT_EQ(tracker.community().users(), users);
  EXPECT_EQ(tracker.community().comment_count(std::nullopt), 1);
  EXPECT_EQ(tracker.community().comment(std::stoll(id))->body, "first");
  EXPECT_TRUE(alice.me()["signed_in"].get<bool>()) << "still signed in";
}

TEST_F(CommunityAccounts, a_session_cookie_from_before_sign_in_is_not_valid_after_it)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  const std::string before = *alice.cookie("infertrack_session");
  ASSERT_EQ(alice.sign_in("alice@example.org", k_password).status, 200);
  const std::string after = *alice.cookie("infertrack_session");
  EXPECT_NE(before, after);

  Browser replay(tracker.handler);
  replay.set_cookie("infertrack_session", before);
  EXPECT_FALSE(replay.me()["signed_in"].get<bool>());
  Browser current(tracker.handler);
  current.set_cookie("infertrack_session", after);
  EXPECT_TRUE(current.me()["signed_in"].get<bool>());

  // A token planted by someone else before sign-in (session fixation) is replaced, never adopted.
  Browser victim(tracker.handler);
  const std::string planted(43, 'A');
  victim.set_cookie("infertrack_session", planted);
  ASSERT_EQ(victim.sign_in("alice@example.org", k_password).status, 200);
  EXPECT_NE(*victim.cookie("infertrack_session"), planted);
  Browser attacker(tracker.handler);
  attacker.set_cookie("infertrack_session", planted);
  EXPECT_FALSE(attacker.me()["signed_in"].get<bool>());
}

TEST_F(CommunityAccounts, sign_out_ends_the_session)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  const std::string token = *alice.cookie("infertrack_session");
  EXPECT_EQ(alice.send("DELETE", "/api/v1/session").status, 204);
  EXPECT_FALSE(alice.cookie("infertrack_session"));
  Browser replay(tracker.handler);
  replay.set_cookie("infertrack_session", token);
  EXPECT_FALSE(replay.me()["signed_in"].get<bool>());
  // A 401 says how to authenticate: the session cookie, got from the sign-in route.
  const auto refused = replay.send("POST", "/api/v1/comments", R"({"subject": "page", "body": "hello"})");
  ASSERT_EQ(refused.status, 401) << refused.body;
  EXPECT_EQ(header_of(refused, "WWW-Authenticate"),
            R"(Cookie realm="InferTrack", cookie-name="infertrack_session", sign-in="/api/v1/session")");
}

TEST_F(CommunityAccounts, sessions_end_after_idle_and_absolute_limits)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  tracker.now += 6 * 24 * 3600;
  EXPECT_TRUE(alice.me()["signed_in"].get<bool>()) << "used within 7 days";
  tracker.now += 8 * 24 * 3600;
  EXPECT_FALSE(alice.me()["signed_in"].get<bool>()) << "idle for 8 days";

  ASSERT_EQ(alice.sign_in("alice@example.org", k_password).status, 200);
  for (int day = 0; day < 31; day += 5) {
    tracker.now += 5 * 24 * 3600;
    alice.me();
  }
  EXPECT_FALSE(alice.me()["signed_in"].get<bool>()) << "older than 30 days, however busy";
}

TEST_F(CommunityAccounts, wrong_passwords_back_off_then_twenty_trigger_the_limit)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  Browser guesser(tracker.handler, "198.51.100.7");
  // Quick guesses: the first five are checked, the sixth must wait out the backoff.
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(guesser.sign_in("alice@example.org", "wrong guess " + std::to_string(i)).status, 401);
  }
  const auto waiting = guesser.sign_in("alice@example.org", "wrong guess 5");
  EXPECT_EQ(waiting.status, 429);
  EXPECT_EQ(header_of(waiting, "Retry-After"), "1");

  // Patient guesses, each after its backoff (1, 2, 4 ... 60 s), until twenty failures within the window.
  for (int i = 5; i < 20; ++i) {
    tracker.now += std::min<std::int64_t>(std::int64_t{1} << (i - 5), 60);
    EXPECT_EQ(guesser.sign_in("alice@example.org", "wrong guess " + std::to_string(i)).status, 401) << i;
  }
  tracker.now += 61;
  const auto locked = guesser.sign_in("alice@example.org", k_password);
  EXPECT_EQ(locked.status, 429) << "even the right password, from any address";
  EXPECT_GT(std::stoll(header_of(locked, "Retry-After")), 0);
  Browser owner(tracker.handler, "203.0.113.5");
  EXPECT_EQ(owner.sign_in("alice@example.org", k_password).status, 429);

  tracker.now += 15 * 60;
  EXPECT_EQ(owner.sign_in("alice@example.org", k_password).status, 200) << "the window has passed";
}

// A stranger who spends the account's limit does not lock out its owner's browser: the browser an account signed
// in from carries a device cookie, and its own failures count against it alone (with the same backoff and cap).
TEST_F(CommunityAccounts, a_browser_the_account_signed_in_from_is_not_locked_out_by_strangers)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  const auto device = alice.cookie("infertrack_device");
  ASSERT_TRUE(device);
  EXPECT_EQ(alice.send("DELETE", "/api/v1/session").status, 204);
  EXPECT_EQ(alice.cookie("infertrack_device"), device) << "signing out keeps the browser's cookie";
  alice.forget_csrf();

  Browser stranger(tracker.handler, "198.51.100.7");
  for (int i = 0; i < 20; ++i) {
    tracker.now += i < 5 ? 0 : std::min<std::int64_t>(std::int64_t{1} << (i - 5), 60);
    EXPECT_EQ(stranger.sign_in("alice@example.org", "wrong guess " + std::to_string(i)).status, 401) << i;
  }
  tracker.now += 61;
  EXPECT_EQ(stranger.sign_in("alice@example.org", k_password).status, 429);
  EXPECT_EQ(Browser(tracker.handler).sign_in("alice@example.org", k_password).status, 429) << "a new browser";

  const auto owner = alice.sign_in("alice@example.org", k_password);
  EXPECT_EQ(owner.status, 200) << owner.body;
  EXPECT_THAT(header_of(owner, "Set-Cookie"), HasSubstr("infertrack_device=" + *device + "; "));
  EXPECT_THAT(header_of(owner, "Set-Cookie"), HasSubstr("Max-Age=31536000"));
  EXPECT_EQ(tracker.community().events_since("sign_in_per_account", "alice@example.org", 0).count, 20)
    << "the strangers' failures still count against every other browser";
  // Signed in, the owner can change the password the strangers are guessing, and wrong guesses at it from this
  // browser count against the browser too.
  const auto change = [&](const std::string& current) {
    return alice.send("POST", "/api/v1/account/password",
                      json{{"current_password", current}, {"new_password", "a brand new passphrase"}}.dump());
  };
  EXPECT_EQ(change("a typo").status, 401);
  EXPECT_EQ(tracker.community().events_since("sign_in_per_device", security::token_hash(*device), 0).count, 1);
  EXPECT_EQ(change(k_password).status, 204);
  EXPECT_EQ(tracker.community().events_since("sign_in_per_device", security::token_hash(*device), 0).count, 0);

  // Copying the cookie into another account's sign-in buys nothing: it is trusted for Alice only.
  ASSERT_EQ(Browser(tracker.handler).sign_up("Bob", "bob@example.org", k_password).status, 201);
  Browser bob_guesser(tracker.handler, "198.51.100.8");
  bob_guesser.set_cookie("infertrack_device", *device);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(bob_guesser.sign_in("bob@example.org", "wrong guess " + std::to_string(i)).status, 401);
  }
  EXPECT_EQ(tracker.community().events_since("sign_in_per_account", "bob@example.org", 0).count, 5);
  EXPECT_EQ(bob_guesser.sign_in("bob@example.org", "wrong guess 5").status, 429) << "Bob's own backoff";
}

TEST_F(CommunityAccounts, wrong_passwords_from_a_trusted_browser_back_off_and_hit_a_limit_of_its_own)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  EXPECT_EQ(alice.send("DELETE", "/api/v1/session").status, 204);
  alice.forget_csrf();
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(alice.sign_in("alice@example.org", "wrong guess " + std::to_string(i)).status, 401);
  }
  const auto waiting = alice.sign_in("alice@example.org", "wrong guess 5");
  EXPECT_EQ(waiting.status, 429);
  EXPECT_EQ(header_of(waiting, "Retry-After"), "1");
  for (int i = 5; i < 20; ++i) {
    tracker.now += std::min<std::int64_t>(std::int64_t{1} << (i - 5), 60);
    EXPECT_EQ(alice.sign_in("alice@example.org", "wrong guess " + std::to_string(i)).status, 401) << i;
  }
  tracker.now += 61;
  EXPECT_EQ(alice.sign_in("alice@example.org", k_password).status, 429) << "the browser's twenty failures";
  EXPECT_EQ(tracker.community().events_since("sign_in_per_account", "alice@example.org", 0).count, 0)
    << "the account's own count is left for other browsers";
  Browser laptop(tracker.handler, "203.0.113.5");
  EXPECT_EQ(laptop.sign_in("alice@example.org", k_password).status, 200) << "another browser is not held back";
  EXPECT_NE(laptop.cookie("infertrack_device"), alice.cookie("infertrack_device"));

  tracker.now += 15 * 60;
  EXPECT_EQ(alice.sign_in("alice@example.org", k_password).status, 200) << "the window has passed";
}

// A new password leaves trusted only the browser that set it: one that signed in with the old password (a thief's,
// say) falls back to the account's limit.
TEST_F(CommunityAccounts, changing_the_password_keeps_only_this_browser_trusted)
{
  Browser thief(tracker.handler, "198.51.100.9");
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  ASSERT_EQ(thief.sign_in("alice@example.org", k_password).status, 200);
  const auto user = tracker.community().user_by_email("alice@example.org");
  ASSERT_TRUE(user);
  const auto trusted = [&](Browser& browser) {
    return tracker.community().device_trusted(security::token_hash(*browser.cookie("infertrack_device")), user->id, 0);
  };
  ASSERT_TRUE(trusted(thief));
  ASSERT_EQ(alice.send("POST", "/api/v1/account/password",
                       json{{"current_password", k_password}, {"new_password", "a brand new passphrase"}}.dump())
              .status,
            204);
  EXPECT_TRUE(trusted(alice));
  EXPECT_FALSE(trusted(thief));
  thief.forget_csrf();
  EXPECT_EQ(thief.sign_in("alice@example.org", "old guess").status, 401);
  EXPECT_EQ(tracker.community().events_since("sign_in_per_account", "alice@example.org", 0).count, 1)
    << "counted against the account, as any stranger's";
}

// A device cookie planted in a browser (or left by a deleted account) is never what the browser gets trusted with.
TEST_F(CommunityAccounts, a_browser_gets_a_fresh_device_cookie_unless_the_one_it_sent_is_trusted_for_the_account)
{
  ASSERT_EQ(Browser(tracker.handler).sign_up("Alice", "alice@example.org", k_password).status, 201);
  const std::string planted(43, 'A');  // shaped like a token, so that it is read, not ignored
  alice.set_cookie("infertrack_device", planted);
  ASSERT_EQ(alice.sign_in("alice@example.org", k_password).status, 200);
  const auto given = alice.cookie("infertrack_device");
  ASSERT_TRUE(given);
  EXPECT_NE(*given, planted);
  EXPECT_EQ(given->size(), planted.size());
  const auto user = tracker.community().user_by_email("alice@example.org");
  ASSERT_TRUE(user);
  EXPECT_FALSE(tracker.community().device_trusted(security::token_hash(planted), user->id, 0));
  EXPECT_TRUE(tracker.community().device_trusted(security::token_hash(*given), user->id, 0))
    << "only the token's hash is stored";
  EXPECT_FALSE(tracker.community().device_trusted(*given, user->id, 0));

  ASSERT_EQ(alice.send("DELETE", "/api/v1/account", json{{"password", k_password}}.dump()).status, 204);
  EXPECT_FALSE(tracker.community().device_trusted(security::token_hash(*given), user->id, 0))
    << "a deleted account's browsers are forgotten";
}

// Guesses sent at once are counted before their slow password checks, so they cannot all pass the backoff
// together: exactly the five allowed without waiting are checked, whatever the timing.
TEST_F(CommunityAccounts, parallel_wrong_passwords_get_no_more_checks_than_sequential_ones)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  auto options = tracker.options();
  options.accounts.hash_cost = security::HashCost::interactive;  // a check long enough for the guesses to overlap
  http::Handler handler = make_tracker_handler(tracker.store, nullptr, options);
  constexpr int k_guessers = 12;
  std::vector<std::unique_ptr<Browser>> guessers;
  for (int i = 0; i < k_guessers; ++i) {
    guessers.push_back(std::make_unique<Browser>(handler, "198.51.100." + std::to_string(i + 1)));
    guessers.back()->me();
  }
  std::vector<int> statuses(k_guessers);
  std::vector<std::thread> threads;
  for (int i = 0; i < k_guessers; ++i) {
    threads.emplace_back([&, i] { statuses[i] = guessers[i]->sign_in("alice@example.org", "wrong guess").status; });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 401), 5);
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 429), k_guessers - 5);
  EXPECT_EQ(tracker.community().events_since("sign_in_per_account", "alice@example.org", 0).count, 5);
  // The right password, once the backoff has passed, takes back the counts of its own attempt too (from a browser
  // the account never signed in from: a trusted one counts apart, and leaves the account's count alone).
  tracker.now += 60;
  Browser new_laptop(tracker.handler);
  ASSERT_EQ(new_laptop.sign_in("alice@example.org", k_password).status, 200);
  EXPECT_EQ(tracker.community().events_since("sign_in_per_account", "alice@example.org", 0).count, 0);
  EXPECT_EQ(tracker.community().events_since("sign_in_per_address", "192.0.2.10", 0).count, 0);
}

TEST_F(CommunityAccounts, failures_from_one_address_across_accounts_hit_the_address_limit)
{
  ASSERT_TRUE(tracker.community().set_rate_limit_rule({"sign_in_per_address", 8, 900}));
  Browser sprayer(tracker.handler, "198.51.100.9");
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(sprayer.sign_in("user" + std::to_string(i) + "@example.org", "some password").status, 401);
  }
  EXPECT_EQ(sprayer.sign_in("user9@example.org", "some password").status, 429);
  Browser elsewhere(tracker.handler, "203.0.113.1");
  EXPECT_EQ(elsewhere.sign_in("user9@example.org", "some password").status, 401);
}

// No account has a text that is not an email: it is refused naming the field, and not counted (the count would keep
// the text, up to a whole request body, for days).
TEST_F(CommunityAccounts, a_sign_in_with_a_text_that_is_no_email_is_refused_and_not_counted)
{
  ASSERT_TRUE(tracker.community().set_rate_limit_rule({"sign_in_per_address", 2, 900}));
  Browser sender(tracker.handler, "198.51.100.7");
  for (const std::string& email : {std::string(300, 'a') + "@example.org", std::string("not-an-email"),
                                   std::string(5000, 'x')}) {
    const auto response = sender.sign_in(email, "some password");
    EXPECT_EQ(response.status, 400) << email.size();
    EXPECT_EQ(json::parse(response.body)["field"], "email") << response.body;
  }
  EXPECT_EQ(sender.sign_in("user1@example.org", "some password").status, 401) << "the malformed ones were not counted";
  EXPECT_EQ(sender.sign_in("user2@example.org", "some password").status, 401);
  EXPECT_EQ(sender.sign_in("user3@example.org", "some password").status, 429);
}

TEST_F(CommunityAccounts, sign_ups_per_address_are_limited)
{
  ASSERT_TRUE(tracker.community().set_rate_limit_rule({"sign_up_per_address", 3, 3600}));
  for (int i = 0; i < 3; ++i) {
    Browser browser(tracker.handler, "192.0.2.99");
    EXPECT_EQ(browser.sign_up("U" + std::to_string(i), "u" + std::to_string(i) + "@example.org", k_password).status, 201);
  }
  Browser fourth(tracker.handler, "192.0.2.99");
  const auto refused = fourth.sign_up("U4", "u4@example.org", k_password);
  EXPECT_EQ(refused.status, 429);
  EXPECT_FALSE(header_of(refused, "Retry-After").empty());
  EXPECT_EQ(tracker.community().users().size(), 3u);
}

TEST_F(CommunityAccounts, sign_ups_from_one_ipv6_network_share_a_limit)
{
  ASSERT_TRUE(tracker.community().set_rate_limit_rule({"sign_up_per_address", 2, 3600}));
  // One /64 holds 2^64 addresses: a client cycling through them is still one client.
  for (const char* address : {"2001:db8:7:1::1", "2001:db8:7:1:ffff::2"}) {
    Browser browser(tracker.handler, address);
    const std::string name = std::string("U ") + address;
    EXPECT_EQ(browser.sign_up(name, "u@" + name.substr(2) + ".example.org", k_password).status, 201) << address;
  }
  Browser same_network(tracker.handler, "2001:db8:7:1:abcd:1234:5678:9");
  EXPECT_EQ(same_network.sign_up("U3", "third@example.org", k_password).status, 429);
  Browser next_network(tracker.handler, "2001:db8:7:2::1");
  EXPECT_EQ(next_network.sign_up("U4", "fourth@example.org", k_password).status, 201);
}

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only: it holds SQLite's one write lock through a raw connection
// Another process's ingest holds the write lock for as long as it runs: writes are answered 503 with a Retry-After
// after a short wait, not 500 after ten seconds, and reads, a signed-in visitor's included, go on at once.
TEST_F(CommunityAccounts, a_held_write_lock_answers_writes_503_and_leaves_reads_alone)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  store::sqlite::Connection writer(tracker.database.locator());
  writer.execute("BEGIN IMMEDIATE");
  writer.execute("INSERT INTO rate_limit_events (rule, key, at) VALUES ('x', 'y', 1)");

  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(alice.me()["signed_in"].get<bool>());
  EXPECT_EQ(alice.send("GET", "/api/v1/points?model=DeepSeek-V4-Pro").status, 200);
  EXPECT_EQ(alice.send("GET", "/api/v1/comments?subject=page").status, 200);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));

  const http::Response refused = alice.post("page", "while the ingest runs");
  EXPECT_EQ(refused.status, 503) << refused.body;
  EXPECT_NE(refused.body.find("\"busy\""), std::string::npos) << refused.body;
  EXPECT_EQ(header_of(refused, "Retry-After"), "5");
  EXPECT_EQ(refused.cache_control, "no-store");

  // A session gone idle is refused on a read at once, without a write that would wait for the lock.
  tracker.now += 31 * 24 * 3600;
  const auto expired_start = std::chrono::steady_clock::now();
  EXPECT_FALSE(alice.me()["signed_in"].get<bool>());
  EXPECT_LT(std::chrono::steady_clock::now() - expired_start, std::chrono::milliseconds(500));

  writer.execute("ROLLBACK");
  ASSERT_EQ(alice.sign_in("alice@example.org", k_password).status, 200);
  EXPECT_EQ(alice.post("page", "after it").status, 201);
}
#endif

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only: it makes the database file read-only
// A database that cannot be written still serves the tracker, its comments and a signed-in visitor, and refuses
// sign-ups and comments with a 503 saying why, not a 500.
TEST(CommunityReadOnly, a_read_only_database_serves_reads_and_refuses_writes_with_503)
{
  infertrack::test::TempDir dir;
  const std::filesystem::path path = dir.file("tracker.db");
  community::CommunityOptions options;
  options.accounts.hash_cost = security::HashCost::minimum;
  http::Handler handler = make_tracker_handler(app::open_tracker(path), nullptr, options);
  Browser alice(handler);
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  ASSERT_EQ(alice.post("page", "before").status, 201);
  handler = nullptr; // closes the database
  const auto read_only = infertrack::test::ReadOnlyFile::make(path);
  if (!read_only) {
    GTEST_SKIP() << "cannot make a file read-only here";
  }
  handler = make_tracker_handler(app::open_tracker(path), nullptr, options);

  EXPECT_TRUE(alice.me()["signed_in"].get<bool>());
  EXPECT_EQ(alice.send("GET", "/").status, 200);
  EXPECT_EQ(alice.send("GET", "/api/v1/points?model=DeepSeek-V4-Pro").status, 200);
  const http::Response comments = alice.send("GET", "/api/v1/comments?subject=page");
  EXPECT_EQ(comments.status, 200);
  EXPECT_THAT(comments.body, HasSubstr("before"));

  const http::Response refused = alice.post("page", "after");
  EXPECT_EQ(refused.status, 503) << refused.body;
  EXPECT_THAT(refused.body, HasSubstr("\"read_only\""));
  EXPECT_EQ(header_of(refused, "Retry-After"), "") << "no retry helps";
  EXPECT_EQ(refused.cache_control, "no-store");
  Browser bob(handler, "192.0.2.11");
  EXPECT_EQ(bob.sign_up("Bob", "bob@example.org", k_password).status, 503);
}
#endif

TEST_F(CommunityAccounts, a_deleted_account_cannot_sign_in_and_its_comments_stay)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  ASSERT_EQ(alice.post("page", "still here").status, 201);
  EXPECT_EQ(alice.send("DELETE", "/api/v1/account", json{{"password", "not it at all"}}.dump()).status, 401);
  EXPECT_EQ(alice.send("DELETE", "/api/v1/account", json{{"password", k_password}}.dump()).status, 204);
  EXPECT_FALSE(alice.me()["signed_in"].get<bool>());
  Browser again(tracker.handler);
  EXPECT_EQ(again.sign_in("alice@example.org", k_password).status, 401);
  const json page = again.comments("page");
  ASSERT_EQ(page["comments"].size(), 1u);
  EXPECT_TRUE(page["comments"][0]["author"]["deleted"].get<bool>());
  EXPECT_EQ(page["comments"][0]["author"]["display_name"], "");
  EXPECT_EQ(page["comments"][0]["body"], "still here");
}

TEST_F(CommunityAccounts, changing_the_password_ends_other_sessions)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  Browser laptop(tracker.handler);
  ASSERT_EQ(laptop.sign_in("alice@example.org", k_password).status, 200);
  const auto wrong = alice.send("POST", "/api/v1/account/password",
                                json{{"current_password", "nope nope nope"}, {"new_password", "a brand new passphrase"}}.dump());
  EXPECT_EQ(wrong.status, 401);
  const auto weak = alice.send("POST", "/api/v1/account/password",
                               json{{"current_password", k_password}, {"new_password", "qwertyuiop"}}.dump());
  EXPECT_EQ(weak.status, 400);
  EXPECT_EQ(json::parse(weak.body)["field"], "new_password");
  EXPECT_EQ(alice.send("POST", "/api/v1/account/password",
                       json{{"current_password", k_password}, {"new_password", "a brand new passphrase"}}.dump())
              .status,
            204);
  EXPECT_TRUE(alice.me()["signed_in"].get<bool>());
  EXPECT_FALSE(laptop.me()["signed_in"].get<bool>());
  Browser fresh(tracker.handler);
  EXPECT_EQ(fresh.sign_in("alice@example.org", k_password).status, 401);
  EXPECT_EQ(fresh.sign_in("alice@example.org", "a brand new passphrase").status, 200);
}

TEST_F(CommunityAccounts, wrong_passwords_behind_a_session_back_off_as_sign_ins_do)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  alice.set_cookie("infertrack_device", "");  // the session alone, as a stolen one would come
  const auto change = [&](const std::string& current) {
    return alice.send("POST", "/api/v1/account/password",
                      json{{"current_password", current}, {"new_password", "a brand new passphrase"}}.dump());
  };
  // Whoever holds the cookie gets the guesses a sign-in gets: five quick ones, then the backoff.
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(change("wrong guess " + std::to_string(i)).status, 401) << i;
  }
  const auto waiting = change(k_password);
  EXPECT_EQ(waiting.status, 429) << "even the right password, until the backoff has passed";
  EXPECT_EQ(header_of(waiting, "Retry-After"), "1");
  EXPECT_EQ(alice.send("DELETE", "/api/v1/account", json{{"password", k_password}}.dump()).status, 429);
  EXPECT_EQ(Browser(tracker.handler, "203.0.113.5").sign_in("alice@example.org", k_password).status, 429)
    << "the account's one count of failures";

  tracker.now += 1;
  EXPECT_EQ(change(k_password).status, 204);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(change("wrong again " + std::to_string(i)).status, 401) << "the right password cleared the failures";
  }
}

// A password left out is a slip of the client, never a guess: 400 naming it, and no failure counted.
TEST_F(CommunityAccounts, a_missing_password_is_refused_as_required_and_never_counted)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  for (int i = 0; i < 30; ++i) {
    for (const auto& [method, target, body, field] :
         {std::tuple{"DELETE", "/api/v1/account", json::object(), "password"},
          std::tuple{"DELETE", "/api/v1/account", json{{"password", ""}}, "password"},
          std::tuple{"POST", "/api/v1/account/password", json{{"new_password", "a brand new passphrase"}},
                     "current_password"}}) {
      const auto refused = alice.send(method, target, body.dump());
      ASSERT_EQ(refused.status, 400) << method << " " << target << " " << i << " " << refused.body;
      EXPECT_EQ(json::parse(refused.body)["field"], field);
    }
    Browser stranger(tracker.handler, "203.0.113.9");
    stranger.me();
    const auto no_password = stranger.send("POST", "/api/v1/session", json{{"email", "alice@example.org"}}.dump());
    ASSERT_EQ(no_password.status, 400) << no_password.body;
    EXPECT_EQ(json::parse(no_password.body)["field"], "password");
    const auto no_email = stranger.send("POST", "/api/v1/session", json{{"password", k_password}}.dump());
    ASSERT_EQ(no_email.status, 400) << no_email.body;
    EXPECT_EQ(json::parse(no_email.body)["field"], "email");
  }
  EXPECT_EQ(Browser(tracker.handler, "203.0.113.5").sign_in("alice@example.org", k_password).status, 200);
  EXPECT_EQ(alice.send("DELETE", "/api/v1/account", json{{"password", k_password}}.dump()).status, 204);
}

TEST_F(CommunityAccounts, malformed_bodies_are_refused_clearly)
{
  alice.me();
  const auto form = alice.send("POST", "/api/v1/session", "email=a&password=b", std::nullopt,
                               "application/x-www-form-urlencoded");
  EXPECT_EQ(form.status, 415);
  const auto detail = [](const http::Response& response) { return json::parse(response.body)["detail"]; };
  const auto broken = alice.send("POST", "/api/v1/session", "{not json");
  EXPECT_EQ(broken.status, 400);
  EXPECT_EQ(detail(broken), "the body is not valid JSON (near byte 3)");
  const auto cut = alice.send("POST", "/api/v1/session", R"({"email":"a@example.org","password":"x")");
  EXPECT_EQ(detail(cut), "the body is not valid JSON (it ends early)");
  const auto array = alice.send("POST", "/api/v1/session", "[1,2]");
  EXPECT_EQ(array.status, 400);
  EXPECT_EQ(detail(array), "the body is not a JSON object (got array)");
  const auto huge = alice.send("POST", "/api/v1/comments", R"({"subject":"page","body":"ok","parent_id":1e400})");
  EXPECT_EQ(huge.status, 400);
  EXPECT_EQ(detail(huge), "the body holds a number out of range");
  // A key given twice is refused, named, as a repeated query parameter is; in a nested object too.
  const auto twice = alice.send("POST", "/api/v1/session", R"({"email":"a@example.org","password":"x","password":"y"})");
  EXPECT_EQ(twice.status, 400);
  EXPECT_EQ(json::parse(twice.body)["field"], "password");
  EXPECT_EQ(detail(twice), "the body gives password more than once");
  const auto nested = alice.send("POST", "/api/v1/session", R"({"email":"a@example.org","x":{"k":1,"k":2}})");
  EXPECT_EQ(nested.status, 400);
  EXPECT_EQ(detail(nested), "an object inside the body gives a key more than once");
  EXPECT_FALSE(json::parse(nested.body).contains("field")) << "k is no field of the form";
  const auto odd = alice.send("POST", "/api/v1/session", "{\"\\u001b[2J\":1,\"\\u001b[2J\":2}");
  EXPECT_EQ(detail(odd), "the body gives a key more than once");
  EXPECT_EQ(alice.send("POST", "/api/v1/session", R"({"email":"a@example.org","x":[{"k":1},{"k":2}]})").status, 400)
    << "the same key in two objects is no repeat; the password is missing";
  EXPECT_EQ(json::parse(alice.send("POST", "/api/v1/session", R"({"email":"a@example.org","x":[{"k":1},{"k":2}]})").body)["field"],
            "password");
  const auto typed = alice.send("POST", "/api/v1/session", R"({"email": 5, "password": "x"})");
  EXPECT_EQ(typed.status, 400);
  EXPECT_EQ(json::parse(typed.body)["field"], "email");
  EXPECT_EQ(alice.send("PUT", "/api/v1/session", "{}").status, 405);
  // A 405 names the methods that path answers.
  for (const auto& [method, target, allowed] :
       {std::tuple{"GET", "/api/v1/session", "POST, DELETE"}, std::tuple{"PUT", "/api/v1/account", "POST, DELETE"},
        std::tuple{"GET", "/api/v1/account/password", "POST"}, std::tuple{"PUT", "/api/v1/comments", "GET, HEAD, POST"},
        std::tuple{"PUT", "/api/v1/comments/1", "PATCH, DELETE"}, std::tuple{"GET", "/api/v1/comments/1/hide", "POST"},
        std::tuple{"POST", "/api/v1/me", "GET, HEAD"}, std::tuple{"PATCH", "/api/v1/session", "POST, DELETE"},
        std::tuple{"DELETE", "/api/v1/account/password", "POST"}, std::tuple{"PATCH", "/api/v1/comments", "GET, HEAD, POST"},
        std::tuple{"POST", "/api/v1/comments/1", "PATCH, DELETE"}, std::tuple{"DELETE", "/api/v1/comments/1/hide", "POST"}}) {
    const auto refused = alice.send(method, target, "{}");
    EXPECT_EQ(refused.status, 405) << method << " " << target;
    EXPECT_EQ(header_of(refused, "Allow"), allowed) << method << " " << target;
  }
  EXPECT_EQ(alice.send("POST", "/api/v1/me", "{}").status, 405);
  EXPECT_EQ(alice.send("POST", "/api/v1/comments", json{{"subject", "page"}, {"body", "hi"}}.dump()).status, 401);
  // A media type is compared without case and may carry parameters; another type that starts alike is not JSON.
  const std::string sign_in = json{{"email", "nobody@example.org"}, {"password", "wrong password"}}.dump();
  EXPECT_EQ(alice.send("POST", "/api/v1/session", sign_in, std::nullopt, "Application/JSON; charset=utf-8").status, 401);
  EXPECT_EQ(alice.send("POST", "/api/v1/session", sign_in, std::nullopt, "application/jsonp").status, 415);
  EXPECT_EQ(alice.send("POST", "/api/v1/session", sign_in, std::nullopt, "application/json-seq").status, 415);
}

TEST_F(CommunityAccounts, signed_in_writes_take_only_the_session_token)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  // A visitor cookie is never stored: anyone able to plant one could work out its token.
  const std::string planted(43, 'A');
  alice.set_cookie("infertrack_visitor", planted);
  const std::string planted_token = security::csrf_token_for(planted);
  const auto forged = alice.send("POST", "/api/v1/comments", json{{"subject", "page"}, {"body", "forged"}}.dump(),
                                 planted_token);
  EXPECT_EQ(forged.status, 403) << forged.body;
  EXPECT_EQ(json::parse(forged.body)["error"], "csrf");
  EXPECT_EQ(tracker.community().comment_count(std::nullopt), 0);
  EXPECT_EQ(alice.post("page", "with the session's token").status, 201);

  // Signed out, the visitor's token is the one that counts (sign-in and sign-up need it).
  Browser visitor(tracker.handler);
  visitor.set_cookie("infertrack_visitor", planted);
  EXPECT_EQ(visitor.send("POST", "/api/v1/session", json{{"email", "alice@example.org"}, {"password", k_password}}.dump(),
                         planted_token).status, 200);
}

TEST_F(CommunityAccounts, a_sign_up_ends_the_session_it_replaces)
{
  ASSERT_EQ(alice.sign_up("Alice", "alice@example.org", k_password).status, 201);
  const std::string before = *alice.cookie("infertrack_session");
  ASSERT_EQ(alice.sign_up("Alice Two", "alice2@example.org", k_password).status, 201);
  EXPECT_NE(*alice.cookie("infertrack_session"), before);
  EXPECT_EQ(alice.me()["user"]["display_name"], "Alice Two");
  Browser replay(tracker.handler);
  replay.set_cookie("infertrack_session", before);
  EXPECT_FALSE(replay.me()["signed_in"].get<bool>());
}

TEST_F(CommunityAccounts, events_are_kept_as_long_as_the_longest_window_counts_them)
{
  const std::int64_t thirty_days = 30 * 24 * 3600;
  ASSERT_TRUE(tracker.community().set_rate_limit_rule({"sign_up_per_address", 2, thirty_days}));
  for (int i = 0; i < 2; ++i) {
    Browser browser(tracker.handler, "192.0.2.99");
    ASSERT_EQ(browser.sign_up("U" + std::to_string(i), "u" + std::to_string(i) + "@example.org", k_password).status, 201);
  }
  tracker.now += 8 * 24 * 3600;  // past a week, well inside the window
  // A successful sign-in prunes old events: not these, which the 30-day window still counts.
  ASSERT_EQ(alice.sign_in("u0@example.org", k_password).status, 200);
  Browser third(tracker.handler, "192.0.2.99");
  EXPECT_EQ(third.sign_up("U2", "u2@example.org", k_password).status, 429);
  tracker.now += 23 * 24 * 3600;
  EXPECT_EQ(third.sign_up("U2", "u2@example.org", k_password).status, 201);
}

}  // namespace
}  // namespace infertrack::server

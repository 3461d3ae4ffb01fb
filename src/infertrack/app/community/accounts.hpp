#pragma once

#include "infertrack/app/community/community_outcome.hpp"
#include "infertrack/security/password_hash.hpp"
#include "infertrack/store/store.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace infertrack::app {

// How long a browser stays trusted for an account (see Accounts::sign_in) after it last signed in.
inline constexpr std::int64_t k_device_trust_seconds = 365 * 24 * 3600;

struct AccountSettings
{
  security::HashCost hash_cost = security::HashCost::interactive;
  // A session ends after this long unused, and after this long in any case.
  std::int64_t session_idle_seconds = 7 * 24 * 3600;
  std::int64_t session_lifetime_seconds = 30 * 24 * 3600;
  Clock clock = system_clock_seconds;
};

struct SignUpForm
{
  std::string display_name;
  std::string email;
  std::string password;
};

// A request's signed-in account, found from its session cookie.
struct Visitor
{
  store::UserRecord user;
  std::string token_hash;
};

// A session just opened: `token` goes into the session cookie and `device_token` into the device cookie (the
// browser the account signed in from); neither is stored, only their hashes.
struct NewSession
{
  store::UserRecord user;
  std::string token;
  std::string device_token;
};

// Sign-up, sign-in and the account's own changes, with the rate limits the database holds. Password
// hashing (slow on purpose) runs outside any store call, so other requests proceed meanwhile.
class Accounts
{
public:
  Accounts(store::CommunityStore& store, AccountSettings settings);

  // Opens a session for a new account and ends the session of `previous_token` (if any), as sign_in does.
  // Refusals: invalid fields, email taken (conflict), too many sign-ups from `client_address` (rate_limited).
  Outcome<NewSession> sign_up(const SignUpForm& form, std::string_view client_address,
                              std::string_view previous_token);
  // Checks the password under the per-account and per-address limits, then opens a NEW session and ends the
  // session of `previous_token` (if any), so an id from before sign-in is never valid after it. Wrong
  // email and wrong password are refused alike (unauthorised). With the `device_token` of a browser the account
  // signed in from within k_device_trust_seconds, the attempt counts against that browser's own limit instead, so
  // strangers who spend the account's limit do not lock its owner out.
  Outcome<NewSession> sign_in(std::string_view email, std::string_view password, std::string_view client_address,
                              std::string_view previous_token, std::string_view device_token = {});
  void sign_out(std::string_view token);
  // The signed-in account of `token`, or nothing when it is unknown, idle too long, too old, or its account
  // is deleted. Refreshes the session's last-seen time (at most once a minute).
  std::optional<Visitor> signed_in(std::string_view token);
  // Needs the current password, checked as sign_in checks it (`device_token` as there); ends the account's other
  // sessions.
  Outcome<void> change_password(const Visitor& visitor, std::string_view current, std::string_view replacement,
                                std::string_view device_token = {});
  // Needs the password, checked as for change_password; the comments stay, shown as from a deleted account.
  Outcome<void> delete_account(const Visitor& visitor, std::string_view password,
                               std::string_view device_token = {});

  // For the command line: no rate limits, audited as "command line".
  Outcome<store::UserId> add_user(const SignUpForm& form, bool admin);
  Outcome<void> reset_password(std::string_view email, std::string_view replacement);
  Outcome<void> set_admin(std::string_view email, bool admin);

private:
  Outcome<NewSession> open_session(const store::UserRecord& user, std::string_view previous_token);
  // The hash of `device_token` when it is the cookie of a browser `user` signed in from within
  // k_device_trust_seconds before `now`; empty otherwise.
  std::string trusted_device_hash(std::string_view device_token, store::UserId user, std::int64_t now);
  // Checks a signed-in visitor's own password before a change to the account, under the sign-in limit. Gives the hash
  // of the trusted browser the check counted against, or "" when it counted against the account.
  Outcome<std::string> check_own_password(const Visitor& visitor, std::string_view password, std::string_view field,
                                          std::string_view device_token);

  store::CommunityStore& m_store;
  AccountSettings m_settings;
};

}  // namespace infertrack::app

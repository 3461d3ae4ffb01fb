#include "infertrack/app/community/accounts.hpp"

#include "infertrack/app/community/rate_limits.hpp"
#include "infertrack/domain/account_rules.hpp"
#include "infertrack/domain/sign_in_throttle.hpp"
#include "infertrack/security/common_passwords.hpp"
#include "infertrack/security/tokens.hpp"

#include <algorithm>
#include <optional>

namespace infertrack::app {
namespace {

constexpr std::string_view k_sign_in_per_account = "sign_in_per_account";
constexpr std::string_view k_sign_in_per_address = "sign_in_per_address";
constexpr std::string_view k_sign_in_per_device = "sign_in_per_device";
constexpr std::string_view k_sign_up_per_address = "sign_up_per_address";
// last_seen_at is written at most this often, so that reading pages does not mean a write per request.
constexpr std::int64_t k_touch_interval_seconds = 60;
// Rate-limit events older than this are never counted by any rule and can go.
constexpr std::int64_t k_event_retention_seconds = 7 * 24 * 3600;
constexpr std::string_view k_command_line = "command line";
constexpr std::string_view k_wrong_credentials = "the email or password is wrong";

tl::unexpected<Refusal>
invalid(const util::Diagnostic& diagnostic)
{
  return refuse(RefusalKind::invalid, diagnostic.field, diagnostic.message);
}

// A password check counted ahead: the event recorded for it, or the decision that it must wait.
struct Attempt
{
  std::int64_t event = 0;
  std::optional<domain::ThrottleDecision> refused;
};

// Counts an attempt as a failure before its password is checked, in the one transaction that decides whether it
// may be checked at all: parallel guesses then see each other, where a count added after the slow hash let them all
// through. A right password takes back its own count and the failures before it, never those of guesses still in
// flight (counted after it).
Attempt
reserve_attempt(store::CommunityStore& store, const store::RateLimitRule& rule, const domain::SignInLimit& limit,
                std::string_view key, std::int64_t now)
{
  domain::ThrottleDecision decision;
  const auto take =
    store.take_event_if(rule.name, key, now - rule.window_seconds, now, [&](const store::EventWindow& window) {
      decision = domain::decide_sign_in({window.count, window.newest_at, window.oldest_at}, limit, now);
      return decision.allowed;
    });
  return take.taken ? Attempt{take.event, std::nullopt} : Attempt{0, decision};
}

// What a password check counts against: the failures of the trusted browser `device_hash`, or without one ("") the
// account's, under `account_key`.
struct PasswordCount
{
  store::RateLimitRule rule;
  std::string key;
};

PasswordCount
password_count(store::CommunityStore& store, const std::string& device_hash, std::string account_key)
{
  return device_hash.empty() ? PasswordCount{rate_limit_rule(store, k_sign_in_per_account), std::move(account_key)}
                             : PasswordCount{rate_limit_rule(store, k_sign_in_per_device), device_hash};
}

// A hash to verify against when the email is unknown, so that an unknown email takes as long as a wrong
// password. Made on first use per cost, so a server at one cost never pays for the other.
const std::string&
decoy_hash(security::HashCost cost)
{
  if (cost == security::HashCost::interactive) {
    static const std::string interactive = security::hash_password("decoy password", cost);
    return interactive;
  }
  static const std::string minimum = security::hash_password("decoy password", cost);
  return minimum;
}

util::Result<void>
check_password(std::string_view password, std::string_view field)
{
  if (auto checked = domain::check_new_password(password, security::common_passwords()); !checked) {
    auto diagnostic = checked.error();
    diagnostic.field = field;
    return tl::unexpected(diagnostic);
  }
  return {};
}

// A new account's display name and email, normalised, once every field of `form` passes the rules.
struct CheckedSignUp
{
  std::string display_name;
  std::string email;
};

Outcome<CheckedSignUp>
check_sign_up(const SignUpForm& form)
{
  auto name = domain::check_display_name(form.display_name);
  if (!name) {
    return invalid(name.error());
  }
  auto email = domain::normalise_email(form.email);
  if (!email) {
    return invalid(email.error());
  }
  if (auto checked = check_password(form.password, "password"); !checked) {
    return invalid(checked.error());
  }
  return CheckedSignUp{*std::move(name), *std::move(email)};
}

}  // namespace

Accounts::Accounts(store::CommunityStore& store, AccountSettings settings)
  : m_store(store), m_settings(std::move(settings))
{
}

Outcome<NewSession>
Accounts::sign_up(const SignUpForm& form, std::string_view client_address, std::string_view previous_token)
{
  const auto checked = check_sign_up(form);
  if (!checked) {
    return tl::unexpected(checked.error());
  }
  const auto& [name, email] = *checked;
  const std::int64_t now = m_settings.clock();
  if (auto taken = take_rate_limited(m_store, k_sign_up_per_address, client_address, now,
                                     "too many sign-ups from this address; try again later");
      !taken) {
    return tl::unexpected(taken.error());
  }
  const std::string hash = security::hash_password(form.password, m_settings.hash_cost);
  NewSession session{{}, security::new_token(), security::new_token()};
  const std::string token_hash = security::token_hash(session.token);
  const std::string previous_hash = previous_token.empty() ? std::string() : security::token_hash(previous_token);
  const std::string device_hash = security::token_hash(session.device_token);
  const store::NewUser user{name, email, hash, false, now};
  const auto id = m_store.add_user(user, {token_hash, previous_hash, device_hash});
  if (!id) {
    return refuse(RefusalKind::conflict, id.error().field, id.error().message);
  }
  // The account as stored, without reading it back: a read failing now would leave a signed-up visitor an error.
  session.user = store::UserRecord{*id, user.display_name, user.email, user.password_hash, false, false, now};
  return session;
}

Outcome<NewSession>
Accounts::sign_in(std::string_view email_text, std::string_view password, std::string_view client_address,
                  std::string_view previous_token, std::string_view device_token)
{
  // A field left out is a slip of the form or client, not a guess: it never counts against the account.
  if (email_text.empty()) {
    return refuse(RefusalKind::invalid, "email", "required: give the account's email");
  }
  if (password.empty()) {
    return refuse(RefusalKind::invalid, "password", "required: give the password");
  }
  // No account has a text that is not an email (sign-up refuses one), and counting it would store it whole.
  const auto email = domain::normalise_email(email_text);
  if (!email) {
    return invalid(email.error());
  }
  const std::int64_t now = m_settings.clock();
  const auto user = m_store.user_by_email(*email);
  // A browser the account signed in from counts its failures on its own, and skips the address limit: a device
  // cookie is only ever given to a browser that knew the password.
  const std::string device_hash = user ? trusted_device_hash(device_token, user->id, now) : std::string();
  const bool trusted_device = !device_hash.empty();
  const auto [counted_rule, counted_key] =
    password_count(m_store, device_hash, *email);
  const domain::SignInLimit counted_limit{counted_rule.max_events, counted_rule.window_seconds};
  const Attempt counted = reserve_attempt(m_store, counted_rule, counted_limit, counted_key, now);
  if (counted.refused) {
    return refuse(RefusalKind::rate_limited, "", "too many failed sign-ins; try again later",
                  counted.refused->retry_after_seconds);
  }
  std::optional<Attempt> on_address;
  if (!trusted_device) {
    const auto address_rule = rate_limit_rule(m_store, k_sign_in_per_address);
    // A shared address (an office, a NAT) only gets the hard cap, no backoff, so one user cannot slow the others.
    const domain::SignInLimit address_limit{address_rule.max_events, address_rule.window_seconds,
                                            address_rule.max_events};
    on_address = reserve_attempt(m_store, address_rule, address_limit, client_address, now);
    if (on_address->refused) {
      m_store.remove_event(counted.event);
      return refuse(RefusalKind::rate_limited, "", "too many failed sign-ins; try again later",
                    on_address->refused->retry_after_seconds);
    }
  }

  const bool matches = user ? security::verify_password(user->password_hash, password)
                            : (security::verify_password(decoy_hash(m_settings.hash_cost), password), false);
  if (!matches) {
    return refuse(RefusalKind::unauthorised, "", std::string(k_wrong_credentials));  // the reserved counts stay
  }
  m_store.clear_events_through(counted_rule.name, counted_key, counted.event);
  if (on_address) {
    m_store.remove_event(on_address->event);
  }
  // A browser not yet trusted for this account gets a new device token, never the one it sent: a token planted in
  // the owner's browser must not become trusted when the owner signs in.
  const std::string kept_device_token = trusted_device ? std::string(device_token) : security::new_token();
  m_store.trust_device(security::token_hash(kept_device_token), user->id, now);
  if (security::needs_rehash(user->password_hash, m_settings.hash_cost)) {
    m_store.set_password_hash(user->id, security::hash_password(password, m_settings.hash_cost));
  }
  // Housekeeping rides on sign-ins, which are rare next to page reads.
  m_store.delete_expired_sessions(now - m_settings.session_idle_seconds, now - m_settings.session_lifetime_seconds);
  // An event stays while any rule's window still counts it: a limit set to 30 days must remember 30 days.
  std::int64_t retention = k_event_retention_seconds;
  for (const store::RateLimitRule& rule : m_store.rate_limit_rules()) {
    retention = std::max(retention, rule.window_seconds);
  }
  m_store.prune_events(now - retention);
  m_store.forget_devices(now - k_device_trust_seconds);
  auto session = open_session(*user, previous_token);
  if (session) {
    session->device_token = kept_device_token;
  }
  return session;
}

Outcome<NewSession>
Accounts::open_session(const store::UserRecord& user, std::string_view previous_token)
{
  if (!previous_token.empty()) {
    m_store.delete_session(security::token_hash(previous_token));
  }
  const std::int64_t now = m_settings.clock();
  NewSession session{user, security::new_token(), {}};
  m_store.add_session(store::SessionRecord{security::token_hash(session.token), user.id, now, now});
  return session;
}

std::string
Accounts::trusted_device_hash(std::string_view device_token, store::UserId user, std::int64_t now)
{
  if (device_token.empty()) {
    return {};
  }
  std::string hash = security::token_hash(device_token);
  return m_store.device_trusted(hash, user, now - k_device_trust_seconds) ? hash : std::string();
}

void
Accounts::sign_out(std::string_view token)
{
  if (!token.empty()) {
    m_store.delete_session(security::token_hash(token));
  }
}

std::optional<Visitor>
Accounts::signed_in(std::string_view token)
{
  if (token.empty()) {
    return std::nullopt;
  }
  const std::string hash = security::token_hash(token);
  const auto session = m_store.session(hash);
  if (!session) {
    return std::nullopt;
  }
  const std::int64_t now = m_settings.clock();
  // An expired session is refused here and deleted at the next sign-in's sweep: a read writes nothing that could
  // wait for another process's lock.
  if (now - session->last_seen_at > m_settings.session_idle_seconds ||
      now - session->created_at > m_settings.session_lifetime_seconds) {
    return std::nullopt;
  }
  auto user = m_store.user(session->user_id);
  if (!user || user->deleted) {
    return std::nullopt;
  }
  if (now - session->last_seen_at >= k_touch_interval_seconds) {
    m_store.touch_session(hash, now);
  }
  return Visitor{*std::move(user), hash};
}

Outcome<std::string>
Accounts::check_own_password(const Visitor& visitor, std::string_view password, std::string_view field,
                             std::string_view device_token)
{
  if (password.empty()) {
    return refuse(RefusalKind::invalid, std::string(field), "required: give the password");
  }
  // Counted as sign-ins are, with their backoff: a session cookie alone must not allow endless guesses.
  const std::int64_t now = m_settings.clock();
  std::string device_hash = trusted_device_hash(device_token, visitor.user.id, now);
  const auto [rule, key] = password_count(m_store, device_hash, visitor.user.email);
  const domain::SignInLimit limit{rule.max_events, rule.window_seconds};
  const Attempt attempt = reserve_attempt(m_store, rule, limit, key, now);
  if (attempt.refused) {
    return refuse(RefusalKind::rate_limited, "", "too many wrong passwords; try again later",
                  attempt.refused->retry_after_seconds);
  }
  if (!security::verify_password(visitor.user.password_hash, password)) {
    return refuse(RefusalKind::unauthorised, std::string(field), "the password is wrong");
  }
  m_store.clear_events_through(rule.name, key, attempt.event);
  return device_hash;
}

Outcome<void>
Accounts::change_password(const Visitor& visitor, std::string_view current, std::string_view replacement,
                          std::string_view device_token)
{
  const auto browser = check_own_password(visitor, current, "current_password", device_token);
  if (!browser) {
    return tl::unexpected(browser.error());
  }
  if (auto checked = check_password(replacement, "new_password"); !checked) {
    return invalid(checked.error());
  }
  m_store.set_password_hash(visitor.user.id, security::hash_password(replacement, m_settings.hash_cost));
  m_store.delete_sessions_of(visitor.user.id, std::string_view(visitor.token_hash));
  // Browsers that knew the old password lose their own failed sign-ins, all but the one changing it.
  m_store.forget_devices_of(visitor.user.id,
                            browser->empty() ? std::nullopt : std::optional<std::string_view>(*browser));
  return {};
}

Outcome<void>
Accounts::delete_account(const Visitor& visitor, std::string_view password, std::string_view device_token)
{
  if (auto checked = check_own_password(visitor, password, "password", device_token); !checked) {
    return tl::unexpected(checked.error());
  }
  m_store.delete_user(visitor.user.id);
  return {};
}

Outcome<store::UserId>
Accounts::add_user(const SignUpForm& form, bool admin)
{
  const auto checked = check_sign_up(form);
  if (!checked) {
    return tl::unexpected(checked.error());
  }
  const auto& [name, email] = *checked;
  const std::int64_t now = m_settings.clock();
  const auto id =
    m_store.add_user(store::NewUser{name, email, security::hash_password(form.password, m_settings.hash_cost),
                                    admin, now});
  if (!id) {
    return refuse(RefusalKind::conflict, id.error().field, id.error().message);
  }
  m_store.add_audit(store::AuditEntry{0, now, std::nullopt, std::string(k_command_line),
                                      admin ? "add_admin" : "add_user", "user:" + std::to_string(*id), email});
  return *id;
}

Outcome<void>
Accounts::reset_password(std::string_view email_text, std::string_view replacement)
{
  const auto email = domain::normalise_email(email_text);
  const auto user = email ? m_store.user_by_email(*email) : std::nullopt;
  if (!user) {
    return refuse(RefusalKind::not_found, "email", "no account has the email " + std::string(email_text));
  }
  if (auto checked = check_password(replacement, "password"); !checked) {
    return invalid(checked.error());
  }
  m_store.set_password_hash(user->id, security::hash_password(replacement, m_settings.hash_cost));
  m_store.delete_sessions_of(user->id, std::nullopt);
  m_store.forget_devices_of(user->id, std::nullopt);
  m_store.clear_events(k_sign_in_per_account, *email);
  m_store.add_audit(store::AuditEntry{0, m_settings.clock(), std::nullopt, std::string(k_command_line),
                                      "reset_password", "user:" + std::to_string(user->id), *email});
  return {};
}

Outcome<void>
Accounts::set_admin(std::string_view email_text, bool admin)
{
  const auto email = domain::normalise_email(email_text);
  const auto user = email ? m_store.user_by_email(*email) : std::nullopt;
  if (!user) {
    return refuse(RefusalKind::not_found, "email", "no account has the email " + std::string(email_text));
  }
  if (user->admin == admin) {
    return {}; // nothing changed, so nothing for the audit log (as for hiding a hidden comment)
  }
  m_store.set_admin(user->id, admin);
  m_store.add_audit(store::AuditEntry{0, m_settings.clock(), std::nullopt, std::string(k_command_line),
                                      admin ? "grant_admin" : "revoke_admin", "user:" + std::to_string(user->id),
                                      *email});
  return {};
}

}  // namespace infertrack::app

#pragma once

#include "infertrack/util/result.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store {

// Times here are unix seconds (UTC), passed in by the caller so that tests control the clock.
using UserId = std::int64_t;
using CommentId = std::int64_t;

struct UserRecord
{
  UserId id = 0;
  std::string display_name;  // kept after deletion only as "" (the page shows "deleted account")
  std::string email;         // normalised (see domain::normalise_email); "" once deleted
  std::string password_hash; // argon2id string; "" once deleted
  bool admin = false;
  bool deleted = false;
  std::int64_t created_at = 0;

  bool operator==(const UserRecord&) const = default;
};

struct NewUser
{
  std::string display_name;
  std::string email; // normalised
  std::string password_hash;
  bool admin = false;
  std::int64_t created_at = 0;
};

// A signed-in session; only the hash of its token is stored.
struct SessionRecord
{
  std::string token_hash;
  UserId user_id = 0;
  std::int64_t created_at = 0;
  std::int64_t last_seen_at = 0;

  bool operator==(const SessionRecord&) const = default;
};

struct CommentRecord
{
  CommentId id = 0;
  std::string subject;                 // domain::CommentSubject::key(): "page" or "point:<result id>"
  std::optional<CommentId> parent_id;  // empty for a thread's first comment
  CommentId thread_id = 0;             // the id of the thread's first comment (its own id for that one)
  int depth = 0;                       // 0 for a thread's first comment, parent's depth + 1 for a reply
  UserId author_id = 0;
  std::string author_name;             // the author's display name now ("" when the account is deleted)
  bool author_deleted = false;
  std::string body;                    // CommonMark source; "" once deleted
  std::int64_t created_at = 0;
  std::optional<std::int64_t> edited_at;
  bool hidden = false;                 // by an admin; restorable
  bool deleted = false;                // by its author; final

  bool operator==(const CommentRecord&) const = default;
};

struct NewComment
{
  std::string subject;
  std::optional<CommentId> parent_id;
  UserId author_id = 0;
  std::string body;
  std::int64_t created_at = 0;
};

// One page of threads: their first comments newest first, each followed by its replies in the order they
// were posted (oldest first), so a reader can nest them by parent_id.
// A thread of a page with more replies than the page lists.
struct MoreReplies
{
  CommentId thread_id = 0;
  std::int64_t count = 0;  // replies not listed
  CommentId after = 0;     // the thread's last listed comment, from which the rest are asked for (thread_replies)

  bool operator==(const MoreReplies&) const = default;
};

struct CommentThreads
{
  std::vector<CommentRecord> comments;
  std::int64_t total_threads = 0; // threads on the subject, for pagination
  std::vector<MoreReplies> more_replies;
};

// Replies of one thread after a given one, oldest first.
struct ThreadReplies
{
  std::vector<CommentRecord> comments;
  std::int64_t more = 0; // replies after the last of these
};

// A configurable limit held in the database, so that every server instance applies the same numbers.
struct RateLimitRule
{
  std::string name; // e.g. "sign_in_per_account", "sign_in_per_address", "sign_up_per_address", "comment_per_user"
  std::int64_t max_events = 0;
  std::int64_t window_seconds = 0;

  bool operator==(const RateLimitRule&) const = default;
};

// Counting events (sign-in failures, sign-ups, comments) per rule and key within a window.
struct EventWindow
{
  std::int64_t count = 0;
  std::int64_t oldest_at = 0; // of the events counted; 0 when none
  std::int64_t newest_at = 0;
};

// An admin action, kept for accountability.
struct AuditEntry
{
  std::int64_t id = 0;
  std::int64_t at = 0;
  std::optional<UserId> actor_id; // empty for the command line
  std::string actor;              // display name, or "command line"
  std::string action;             // "hide_comment", "restore_comment", "reset_password", "add_admin", ...
  std::string target;             // "comment:12", "user:3"
  std::string detail;

  bool operator==(const AuditEntry&) const = default;
};

// The sessions a sign-up opens and ends with its account: token hashes, empty for none.
struct SignUpSession
{
  std::string_view token_hash;         // the new account's first session
  std::string_view ends_token_hash;    // the visitor's previous session, ended
  std::string_view device_token_hash;  // the browser the account is made from, trusted from now on
};

// How many browsers an account trusts at most: each sign-in from a new browser adds one, so whoever knew the
// password once cannot collect browsers that each get their own failed sign-ins.
inline constexpr std::int64_t k_trusted_devices_per_user = 10;

// Accounts, sessions, comments, rate-limit events and the audit log. Every method is atomic on its own and
// either completes or throws StoreError (storage failure); expected refusals come back as a Diagnostic.
class CommunityStore
{
public:
  virtual ~CommunityStore() = default;

  // Fails (field "email") when an account with this email exists, or (field "display_name") one with this display
  // name in any ASCII case, deleted accounts excepted. With a `session`, the
  // account's first session (created and last seen at user.created_at) is stored with it and the visitor's previous
  // one ended, all or nothing: a sign-up that stored the account but not its session would leave its retry a conflict.
  virtual util::Result<UserId> add_user(const NewUser& user, const SignUpSession& session = {}) = 0;
  virtual std::optional<UserRecord> user(UserId id) = 0;
  // The live (not deleted) account with this normalised email.
  virtual std::optional<UserRecord> user_by_email(std::string_view email) = 0;
  // Every account, deleted ones included, by id.
  virtual std::vector<UserRecord> users() = 0;
  // False when no live account has this id.
  virtual bool set_password_hash(UserId id, std::string_view password_hash) = 0;
  virtual bool set_admin(UserId id, bool admin) = 0;
  // Marks the account deleted, blanks its name, email and password hash, drops its admin right, ends its
  // sessions and forgets its browsers; its comments stay. False when no live account has this id.
  virtual bool delete_user(UserId id) = 0;

  virtual void add_session(const SessionRecord& session) = 0;
  virtual std::optional<SessionRecord> session(std::string_view token_hash) = 0;
  virtual void touch_session(std::string_view token_hash, std::int64_t now) = 0;
  virtual void delete_session(std::string_view token_hash) = 0;
  // Ends every session of `user` except the one with `keep_token_hash` (when given).
  virtual void delete_sessions_of(UserId user, std::optional<std::string_view> keep_token_hash) = 0;
  // Removes sessions last seen before `idle_before` or created before `created_before`; returns how many.
  virtual std::int64_t delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before) = 0;

  // Browsers `user` signed in from, by the hash of their device cookie's token: whether this one was, and used at or
  // after `used_since`.
  virtual bool device_trusted(std::string_view token_hash, UserId user, std::int64_t used_since) = 0;
  // Trusts the browser for `user`, or marks it used at `now` when it is trusted already; of the account's browsers
  // only the k_trusted_devices_per_user last used stay trusted.
  virtual void trust_device(std::string_view token_hash, UserId user, std::int64_t now) = 0;
  // Forgets the browsers last used before `before`; returns how many were forgotten.
  virtual std::int64_t forget_devices(std::int64_t before) = 0;
  // Forgets every browser of `user` except the one with `keep_token_hash` (when given).
  virtual void forget_devices_of(UserId user, std::optional<std::string_view> keep_token_hash) = 0;

  // Fails (field "parent_id") when the parent does not exist, belongs to another subject, or is nested
  // domain::k_max_reply_depth deep already.
  virtual util::Result<CommentId> add_comment(const NewComment& comment) = 0;
  virtual std::optional<CommentRecord> comment(CommentId id) = 0;
  // Threads `offset`..`offset + limit` of `subject`, newest thread first, each with its first `replies` replies
  // (see CommentThreads).
  virtual CommentThreads comment_threads(std::string_view subject, std::int64_t offset, std::int64_t limit,
                                         std::int64_t replies) = 0;
  // At most `limit` replies of the thread whose first comment is `thread`, those posted after the comment `after`.
  virtual ThreadReplies thread_replies(CommentId thread, CommentId after, std::int64_t limit) = 0;
  // False when the comment does not exist, is deleted or is hidden.
  virtual bool edit_comment(CommentId id, std::string_view body, std::int64_t edited_at) = 0;
  // Blanks the body and marks it deleted (replies stay); false when it does not exist, is deleted or is hidden.
  virtual bool delete_comment(CommentId id) = 0;
  // False when the comment does not exist or its author deleted it. `moderation`, when given, goes into the audit
  // log in the same transaction: no crash leaves a hide without its entry, nor an entry without its hide.
  virtual bool set_comment_hidden(CommentId id, bool hidden,
                                  const std::optional<AuditEntry>& moderation = std::nullopt) = 0;
  // Comments stored for `subject` (all subjects when empty), deleted and hidden ones included.
  virtual std::int64_t comment_count(std::optional<std::string_view> subject) = 0;

  // Every rule, by name; a migration stores the defaults.
  virtual std::vector<RateLimitRule> rate_limit_rules() = 0;
  // Fails (field "name") for a name that is not a known rule.
  virtual util::Result<void> set_rate_limit_rule(const RateLimitRule& rule) = 0;
  // Events of `rule` for `key` at or after `since`.
  virtual EventWindow events_since(std::string_view rule, std::string_view key, std::int64_t since) = 0;
  virtual void add_event(std::string_view rule, std::string_view key, std::int64_t at) = 0;
  // In one transaction: counts the events of `rule` for `key` at or after `since`; when `allowed` accepts that
  // window, records one at `at`. Returns the window before it, with `taken` true when the event was recorded.
  struct Take
  {
    bool taken = false;
    EventWindow before;
    std::int64_t event = 0; // the recorded event's id, when taken
  };
  virtual Take take_event_if(std::string_view rule, std::string_view key, std::int64_t since, std::int64_t at,
                             const std::function<bool(const EventWindow&)>& allowed) = 0;
  // take_event_if for a plain count: fewer than `max_events` events.
  Take take_event(std::string_view rule, std::string_view key, std::int64_t since, std::int64_t at,
                  std::int64_t max_events)
  {
    return take_event_if(rule, key, since, at, [max_events](const EventWindow& window) {
      return window.count < max_events;
    });
  }
  // Removes the event `event` (Take::event): one taken ahead that turned out not to count.
  virtual void remove_event(std::int64_t event) = 0;
  virtual void clear_events(std::string_view rule, std::string_view key) = 0;
  // Removes the events of `rule` for `key` recorded up to and including `event`, and none recorded after it.
  virtual void clear_events_through(std::string_view rule, std::string_view key, std::int64_t event) = 0;
  // Drops events older than `before`, so the table stays small; returns how many.
  virtual std::int64_t prune_events(std::int64_t before) = 0;

  virtual void add_audit(const AuditEntry& entry) = 0; // `id` is assigned
  // The newest `limit` entries, newest first.
  virtual std::vector<AuditEntry> audit_log(std::int64_t limit) = 0;
};

}  // namespace infertrack::store

#pragma once

#include "infertrack/store/community_store.hpp"
#include "infertrack/store/postgres/connection_pool.hpp"

namespace infertrack::store::postgres {

// The CommunityStore of one PostgreSQL store: the users, sessions, trusted_devices, comments, rate_limit_* and
// audit_log tables, over the store's connection pool. Every method is one transaction, so several server instances
// on one database share accounts, sessions and rate limits as one site. Methods are defined by topic, as SQLite's
// are: community_users.cpp, community_sessions.cpp (sessions and trusted browsers), community_comments.cpp,
// community_rate_limits.cpp and community_audit.cpp.
class CommunityTables final : public CommunityStore
{
public:
  explicit CommunityTables(ConnectionPool& pool) : m_pool(pool) {}

  util::Result<UserId> add_user(const NewUser& user, const SignUpSession& session = {}) override;
  std::optional<UserRecord> user(UserId id) override;
  std::optional<UserRecord> user_by_email(std::string_view email) override;
  std::vector<UserRecord> users() override;
  bool set_password_hash(UserId id, std::string_view password_hash) override;
  bool set_admin(UserId id, bool admin) override;
  bool delete_user(UserId id) override;

  void add_session(const SessionRecord& session) override;
  std::optional<SessionRecord> session(std::string_view token_hash) override;
  void touch_session(std::string_view token_hash, std::int64_t now) override;
  void delete_session(std::string_view token_hash) override;
  void delete_sessions_of(UserId user, std::optional<std::string_view> keep_token_hash) override;
  std::int64_t delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before) override;

  bool device_trusted(std::string_view token_hash, UserId user, std::int64_t used_since) override;
  void trust_device(std::string_view token_hash, UserId user, std::int64_t now) override;
  std::int64_t forget_devices(std::int64_t before) override;
  void forget_devices_of(UserId user, std::optional<std::string_view> keep_token_hash) override;

  util::Result<CommentId> add_comment(const NewComment& comment) override;
  std::optional<CommentRecord> comment(CommentId id) override;
  CommentThreads comment_threads(std::string_view subject, std::int64_t offset, std::int64_t limit,
                                 std::int64_t replies) override;
  ThreadReplies thread_replies(CommentId thread, CommentId after, std::int64_t limit) override;
  bool edit_comment(CommentId id, std::string_view body, std::int64_t edited_at) override;
  bool delete_comment(CommentId id) override;
  bool set_comment_hidden(CommentId id, bool hidden, const std::optional<AuditEntry>& moderation) override;
  std::int64_t comment_count(std::optional<std::string_view> subject) override;

  std::vector<RateLimitRule> rate_limit_rules() override;
  util::Result<void> set_rate_limit_rule(const RateLimitRule& rule) override;
  EventWindow events_since(std::string_view rule, std::string_view key, std::int64_t since) override;
  void add_event(std::string_view rule, std::string_view key, std::int64_t at) override;
  Take take_event_if(std::string_view rule, std::string_view key, std::int64_t since, std::int64_t at,
                     const std::function<bool(const EventWindow&)>& allowed) override;
  void remove_event(std::int64_t event) override;
  void clear_events(std::string_view rule, std::string_view key) override;
  void clear_events_through(std::string_view rule, std::string_view key, std::int64_t event) override;
  std::int64_t prune_events(std::int64_t before) override;

  void add_audit(const AuditEntry& entry) override;
  std::vector<AuditEntry> audit_log(std::int64_t limit) override;

private:
  // Deletes the rows of `table` (keyed by user_id and token_hash: sessions, trusted_devices) of `user`, but the one
  // with `keep_token_hash` when given.
  void delete_tokens_of(std::string_view table, UserId user, std::optional<std::string_view> keep_token_hash);

  // Runs one INSERT, UPDATE or DELETE on a leased connection, and returns the rows it changed.
  std::int64_t change(std::string_view sql, const Params& params)
  {
    return m_pool.lease()->run(sql, params).affected();
  }

  ConnectionPool& m_pool;
};

}  // namespace infertrack::store::postgres

#pragma once

#include "infertrack/store/community_store.hpp"
#include "infertrack/store/sqlite/connection.hpp"

#include <sys/stat.h>

#include <chrono>
#include <mutex>
#include <optional>
#include <string>

namespace infertrack::store::sqlite {

// The CommunityStore of one SqliteStore: the users, sessions, comments, rate_limit_* and audit_log tables
// (migration step 4) and trusted_devices (step 10), written over a connection of their own and read over another,
// each opened on first use (after the owning store migrated the file). So a community write waiting for another
// process's lock (an ingest commits in one transaction) holds up other community writes only, never a read; and a
// command that never calls it (an ingest) keeps the file to itself (IngestJournal). Its commits leave the store's
// data_version() alone. Methods are defined by topic in community_users.cpp, community_sessions.cpp (sessions and
// trusted browsers), community_comments.cpp, community_rate_limits.cpp and community_audit.cpp.
class CommunityTables final : public CommunityStore
{
public:
  // The database file at `path`, which the owning store opened (as `opened`, its file status) and migrated.
  CommunityTables(std::string path, const struct stat& opened) : m_path(std::move(path)), m_opened(opened) {}

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
  // A write's hold on the write connection (m_mutex). Its patience for another process's lock counts from when the
  // write asked, not from when the writes queued ahead of it ended: while an ingest holds the lock, a burst of writes
  // is told "busy" within one patience, not one patience after another.
  class WriteTurn
  {
  public:
    explicit WriteTurn(CommunityTables& tables);

  private:
    std::chrono::steady_clock::time_point m_asked;  // before the wait for m_mutex
    std::lock_guard<std::mutex> m_lock;
    ScopedBusyTimeout m_patience;
  };

  // Deletes the rows of `table` (keyed by user_id and token_hash: sessions, trusted_devices) of `user`, but the one
  // with `keep_token_hash` when given.
  void delete_tokens_of(std::string_view table, UserId user, std::optional<std::string_view> keep_token_hash);

  // Inserts `entry` into the audit log; the caller holds its WriteTurn.
  void insert_audit(const AuditEntry& entry);

  // Runs one UPDATE or DELETE with `bind` filling its parameters, and returns the rows it changed.
  template<typename Bind> std::int64_t change(std::string_view sql, Bind bind)
  {
    const WriteTurn turn(*this);
    Statement statement(db(), sql);
    bind(statement);
    statement.step();
    return db().changes();
  }

  // The connection writes go through, opened on the first call; the caller holds m_mutex.
  Connection& db();
  // The connection reads go through, opened on the first call; the caller holds m_read_mutex. Reads of their own
  // never queue behind a write that waits for another process's lock: in WAL mode a read does not wait.
  Connection& reader();
  // Opens `slot` on the file the store opened, configured for community calls.
  void open_connection(std::optional<Connection>& slot);

  std::string m_path;
  const struct stat& m_opened;  // the owning store's, read when a connection opens
  std::mutex m_mutex;           // one statement at a time on each connection: the server's threads share them
  std::mutex m_read_mutex;
  std::optional<Connection> m_db;
  std::optional<Connection> m_reader;
};

}  // namespace infertrack::store::sqlite

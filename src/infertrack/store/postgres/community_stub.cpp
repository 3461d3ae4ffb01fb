// A stand-in until the PostgreSQL community tables are written: every call fails.
#include "infertrack/store/postgres/community_tables.hpp"

#include "infertrack/store/store.hpp"

namespace infertrack::store::postgres {

util::Result<UserId>
CommunityTables::add_user(const NewUser& user, const SignUpSession& session)
{
  throw StoreError("not yet");
}

std::optional<UserRecord>
CommunityTables::user(UserId id)
{
  throw StoreError("not yet");
}

std::optional<UserRecord>
CommunityTables::user_by_email(std::string_view email)
{
  throw StoreError("not yet");
}

std::vector<UserRecord>
CommunityTables::users()
{
  throw StoreError("not yet");
}

bool
CommunityTables::set_password_hash(UserId id, std::string_view password_hash)
{
  throw StoreError("not yet");
}

bool
CommunityTables::set_admin(UserId id, bool admin)
{
  throw StoreError("not yet");
}

bool
CommunityTables::delete_user(UserId id)
{
  throw StoreError("not yet");
}

void
CommunityTables::add_session(const SessionRecord& session)
{
  throw StoreError("not yet");
}

std::optional<SessionRecord>
CommunityTables::session(std::string_view token_hash)
{
  throw StoreError("not yet");
}

void
CommunityTables::touch_session(std::string_view token_hash, std::int64_t now)
{
  throw StoreError("not yet");
}

void
CommunityTables::delete_session(std::string_view token_hash)
{
  throw StoreError("not yet");
}

void
CommunityTables::delete_sessions_of(UserId user, std::optional<std::string_view> keep_token_hash)
{
  throw StoreError("not yet");
}

std::int64_t
CommunityTables::delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before)
{
  throw StoreError("not yet");
}

bool
CommunityTables::device_trusted(std::string_view token_hash, UserId user, std::int64_t used_since)
{
  throw StoreError("not yet");
}

void
CommunityTables::trust_device(std::string_view token_hash, UserId user, std::int64_t now)
{
  throw StoreError("not yet");
}

std::int64_t
CommunityTables::forget_devices(std::int64_t before)
{
  throw StoreError("not yet");
}

void
CommunityTables::forget_devices_of(UserId user, std::optional<std::string_view> keep_token_hash)
{
  throw StoreError("not yet");
}

util::Result<CommentId>
CommunityTables::add_comment(const NewComment& comment)
{
  throw StoreError("not yet");
}

std::optional<CommentRecord>
CommunityTables::comment(CommentId id)
{
  throw StoreError("not yet");
}

CommentThreads
CommunityTables::comment_threads(std::string_view subject, std::int64_t offset, std::int64_t limit,
                                 std::int64_t replies)
{
  throw StoreError("not yet");
}

ThreadReplies
CommunityTables::thread_replies(CommentId thread, CommentId after, std::int64_t limit)
{
  throw StoreError("not yet");
}

bool
CommunityTables::edit_comment(CommentId id, std::string_view body, std::int64_t edited_at)
{
  throw StoreError("not yet");
}

bool
CommunityTables::delete_comment(CommentId id)
{
  throw StoreError("not yet");
}

bool
CommunityTables::set_comment_hidden(CommentId id, bool hidden)
{
  throw StoreError("not yet");
}

std::int64_t
CommunityTables::comment_count(std::optional<std::string_view> subject)
{
  throw StoreError("not yet");
}

std::vector<RateLimitRule>
CommunityTables::rate_limit_rules()
{
  throw StoreError("not yet");
}

util::Result<void>
CommunityTables::set_rate_limit_rule(const RateLimitRule& rule)
{
  throw StoreError("not yet");
}

EventWindow
CommunityTables::events_since(std::string_view rule, std::string_view key, std::int64_t since)
{
  throw StoreError("not yet");
}

void
CommunityTables::add_event(std::string_view rule, std::string_view key, std::int64_t at)
{
  throw StoreError("not yet");
}

CommunityStore::Take
CommunityTables::take_event_if(std::string_view rule, std::string_view key, std::int64_t since, std::int64_t at,
                     const std::function<bool(const EventWindow&)>& allowed)
{
  throw StoreError("not yet");
}

void
CommunityTables::remove_event(std::int64_t event)
{
  throw StoreError("not yet");
}

void
CommunityTables::clear_events(std::string_view rule, std::string_view key)
{
  throw StoreError("not yet");
}

void
CommunityTables::clear_events_through(std::string_view rule, std::string_view key, std::int64_t event)
{
  throw StoreError("not yet");
}

std::int64_t
CommunityTables::prune_events(std::int64_t before)
{
  throw StoreError("not yet");
}

void
CommunityTables::add_audit(const AuditEntry& entry)
{
  throw StoreError("not yet");
}

std::vector<AuditEntry>
CommunityTables::audit_log(std::int64_t limit)
{
  throw StoreError("not yet");
}

}  // namespace infertrack::store::postgres

#include "infertrack/store/sqlite/community_tables.hpp"
#include "infertrack/store/store.hpp"

#include <chrono>

namespace infertrack::store::sqlite {

void
CommunityTables::add_session(const SessionRecord& session)
{
  change("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)",
         [&](Statement& insert) {
           insert.bind(1, std::string_view(session.token_hash));
           insert.bind(2, session.user_id);
           insert.bind(3, session.created_at);
           insert.bind(4, session.last_seen_at);
         });
}

std::optional<SessionRecord>
CommunityTables::session(std::string_view token_hash)
{
  std::lock_guard lock(m_read_mutex);
  Statement select(reader(), "SELECT token_hash, user_id, created_at, last_seen_at FROM sessions "
                         "WHERE token_hash = ?");
  select.bind(1, token_hash);
  if (!select.step()) {
    return std::nullopt;
  }
  return SessionRecord{std::string(select.column_text(0)), select.column_int64(1), select.column_int64(2),
                       select.column_int64(3)};
}

void
CommunityTables::touch_session(std::string_view token_hash, std::int64_t now)
{
  // Best effort, without waiting: a read must not stall or fail while another process holds the write lock (the
  // next request touches the session again), nor behind a write of this server queued for that lock, nor on a
  // database that cannot be written.
  const std::unique_lock lock(m_mutex, std::try_to_lock);
  if (!lock.owns_lock()) {
    return;
  }
  const ScopedBusyTimeout impatient(db(), std::chrono::milliseconds(0));
  try {
    Statement update(db(), "UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?");
    update.bind(1, now);
    update.bind(2, token_hash);
    update.step();
  } catch (const StoreBusy&) {
  } catch (const StoreReadOnly&) {
  }
}

void
CommunityTables::delete_session(std::string_view token_hash)
{
  change("DELETE FROM sessions WHERE token_hash = ?",
         [&](Statement& remove) { remove.bind(1, token_hash); });
}

void
CommunityTables::delete_tokens_of(std::string_view table, UserId user,
                                  std::optional<std::string_view> keep_token_hash)
{
  // Table names come from this file: plain identifiers.
  const std::string sql = "DELETE FROM " + std::string(table) + " WHERE user_id = ?";
  if (!keep_token_hash) {
    change(sql, [&](Statement& remove) { remove.bind(1, user); });
    return;
  }
  change(sql + " AND token_hash <> ?", [&](Statement& remove) {
    remove.bind(1, user);
    remove.bind(2, *keep_token_hash);  // an empty view would bind NULL, and keep every row
  });
}

void
CommunityTables::delete_sessions_of(UserId user, std::optional<std::string_view> keep_token_hash)
{
  delete_tokens_of("sessions", user, keep_token_hash);
}

std::int64_t
CommunityTables::delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before)
{
  return change("DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?", [&](Statement& remove) {
    remove.bind(1, idle_before);
    remove.bind(2, created_before);
  });
}

bool
CommunityTables::device_trusted(std::string_view token_hash, UserId user, std::int64_t used_since)
{
  std::lock_guard lock(m_read_mutex);
  Statement select(reader(),
                   "SELECT 1 FROM trusted_devices WHERE token_hash = ? AND user_id = ? AND last_used_at >= ?");
  select.bind(1, token_hash);
  select.bind(2, user);
  select.bind(3, used_since);
  return select.step();
}

void
CommunityTables::trust_device(std::string_view token_hash, UserId user, std::int64_t now)
{
  const WriteTurn turn(*this);
  Transaction transaction(db(), TransactionMode::write);
  {
    Statement upsert(db(), "INSERT INTO trusted_devices (token_hash, user_id, last_used_at) VALUES (?, ?, ?)"
                           " ON CONFLICT (token_hash, user_id) DO UPDATE SET last_used_at = excluded.last_used_at");
    upsert.bind(1, token_hash);
    upsert.bind(2, user);
    upsert.bind(3, now);
    upsert.step();
  }
  {
    // The browser just used is the newest, so it always stays.
    Statement oldest(db(), "DELETE FROM trusted_devices WHERE user_id = ? AND rowid NOT IN (SELECT rowid FROM"
                           " trusted_devices WHERE user_id = ? ORDER BY last_used_at DESC, rowid DESC LIMIT ?)");
    oldest.bind(1, user);
    oldest.bind(2, user);
    oldest.bind(3, k_trusted_devices_per_user);
    oldest.step();
  }
  transaction.commit();
}

void
CommunityTables::forget_devices_of(UserId user, std::optional<std::string_view> keep_token_hash)
{
  delete_tokens_of("trusted_devices", user, keep_token_hash);
}

std::int64_t
CommunityTables::forget_devices(std::int64_t before)
{
  return change("DELETE FROM trusted_devices WHERE last_used_at < ?",
                [&](Statement& remove) { remove.bind(1, before); });
}

}  // namespace infertrack::store::sqlite

#include "infertrack/store/postgres/community_tables.hpp"

#include "infertrack/store/store.hpp"

namespace infertrack::store::postgres {

void
CommunityTables::add_session(const SessionRecord& session)
{
  change("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, $3, $4)",
         Params().add(session.token_hash).add(session.user_id).add(session.created_at).add(session.last_seen_at));
}

std::optional<SessionRecord>
CommunityTables::session(std::string_view token_hash)
{
  const Rows rows = m_pool.lease()->run(
    "SELECT token_hash, user_id, created_at, last_seen_at FROM sessions WHERE token_hash = $1",
    Params().add(token_hash));
  if (rows.empty()) {
    return std::nullopt;
  }
  return SessionRecord{std::string(rows.text(0, 0)), rows.int64(0, 1), rows.int64(0, 2), rows.int64(0, 3)};
}

void
CommunityTables::touch_session(std::string_view token_hash, std::int64_t now)
{
  // Best effort, without waiting: a read must not stall behind a transaction holding the session's row (ending it,
  // say); SKIP LOCKED passes it by, and the next request touches the session again.
  try {
    change("UPDATE sessions SET last_seen_at = $1 WHERE token_hash IN "
           "(SELECT token_hash FROM sessions WHERE token_hash = $2 FOR UPDATE SKIP LOCKED)",
           Params().add(now).add(token_hash));
  } catch (const StoreBusy&) {
  }
}

void
CommunityTables::delete_session(std::string_view token_hash)
{
  change("DELETE FROM sessions WHERE token_hash = $1", Params().add(token_hash));
}

void
CommunityTables::delete_tokens_of(std::string_view table, UserId user,
                                  std::optional<std::string_view> keep_token_hash)
{
  // Table names come from this file: plain identifiers.
  const std::string sql = "DELETE FROM " + std::string(table) + " WHERE user_id = $1";
  if (!keep_token_hash) {
    change(sql, Params().add(user));
    return;
  }
  change(sql + " AND token_hash <> $2", Params().add(user).add(*keep_token_hash));
}

void
CommunityTables::delete_sessions_of(UserId user, std::optional<std::string_view> keep_token_hash)
{
  delete_tokens_of("sessions", user, keep_token_hash);
}

std::int64_t
CommunityTables::delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before)
{
  return change("DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2",
                Params().add(idle_before).add(created_before));
}

bool
CommunityTables::device_trusted(std::string_view token_hash, UserId user, std::int64_t used_since)
{
  return !m_pool.lease()
            ->run("SELECT 1 FROM trusted_devices WHERE token_hash = $1 AND user_id = $2 AND last_used_at >= $3",
                  Params().add(token_hash).add(user).add(used_since))
            .empty();
}

void
CommunityTables::trust_device(std::string_view token_hash, UserId user, std::int64_t now)
{
  auto db = m_pool.lease();
  Transaction transaction(*db);
  // The account's row, locked: two browsers trusted at once cannot both keep the same ten and add one each.
  db->run("SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE", Params().add(user));
  db->run("INSERT INTO trusted_devices (token_hash, user_id, last_used_at) VALUES ($1, $2, $3)"
          " ON CONFLICT (token_hash, user_id) DO UPDATE SET last_used_at = excluded.last_used_at",
          Params().add(token_hash).add(user).add(now));
  // The browser just used always stays, whatever others were used in the same second.
  db->run("DELETE FROM trusted_devices WHERE user_id = $1 AND token_hash NOT IN (SELECT token_hash FROM"
          " trusted_devices WHERE user_id = $1 ORDER BY token_hash = $2 DESC, last_used_at DESC, token_hash"
          " LIMIT $3)",
          Params().add(user).add(token_hash).add(k_trusted_devices_per_user));
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
  return change("DELETE FROM trusted_devices WHERE last_used_at < $1", Params().add(before));
}

}  // namespace infertrack::store::postgres

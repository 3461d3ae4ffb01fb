#include "infertrack/store/sqlite/community_tables.hpp"

#include "infertrack/store/sqlite/journal_mode.hpp"
#include "infertrack/store/store.hpp"

#include <algorithm>
#include <chrono>

namespace infertrack::store::sqlite {

namespace {

// How long a community write waits for another connection's lock: another server's comment or sign-in holds it for
// milliseconds, an ingest for as long as it runs, and a visitor is better told to try again (StoreBusy, a 503) than
// kept waiting.
constexpr std::chrono::milliseconds k_community_patience{2'000};

}  // namespace

void
CommunityTables::open_connection(std::optional<Connection>& slot)
{
  // The file the store opened, not whatever is at the path now: a file deleted since must not be created again
  // empty, nor one put in its place written to while the store reads the first.
  Connection& db = slot.emplace(m_path, false);
  if (!still_names(m_path, m_opened)) {
    slot.reset();
    throw StoreError(m_path + ": the database file was deleted or replaced after it was opened");
  }
  db.set_busy_timeout(k_community_patience);
  db.execute("PRAGMA foreign_keys = ON");
  // As the store's own connection: in WAL mode, consistent on power loss, the last commits may be lost.
  db.execute("PRAGMA synchronous = NORMAL");
  db.execute("PRAGMA journal_size_limit = " + std::to_string(k_wal_size_limit));
}

namespace {

// What is left of a write's patience when its turn comes; none left fails at once should the lock still be held.
std::chrono::milliseconds
patience_left(std::chrono::steady_clock::time_point asked)
{
  const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked);
  return std::max(k_community_patience - waited, std::chrono::milliseconds(0));
}

}  // namespace

CommunityTables::WriteTurn::WriteTurn(CommunityTables& tables)
  : m_asked(std::chrono::steady_clock::now()), m_lock(tables.m_mutex), m_patience(tables.db(), patience_left(m_asked))
{
}

Connection&
CommunityTables::db()
{
  if (!m_db) {
    open_connection(m_db);
  }
  return *m_db;
}

Connection&
CommunityTables::reader()
{
  if (!m_reader) {
    open_connection(m_reader);
  }
  return *m_reader;
}

}  // namespace infertrack::store::sqlite

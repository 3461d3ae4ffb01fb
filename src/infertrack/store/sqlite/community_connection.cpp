#include "infertrack/store/sqlite/community_tables.hpp"

#include <chrono>

namespace infertrack::store::sqlite {

namespace {

// How long a community write waits for another connection's lock: another server's comment or sign-in holds it for
// milliseconds, an ingest for as long as it runs, and a visitor is better told to try again (StoreBusy, a 503) than
// kept waiting.
constexpr std::chrono::milliseconds k_community_patience{2'000};

}  // namespace

Connection&
CommunityTables::db()
{
  if (!m_db) {
    m_db.emplace(m_path);
    m_db->set_busy_timeout(k_community_patience);
    m_db->execute("PRAGMA foreign_keys = ON");
    // As the store's own connection: in WAL mode, consistent on power loss, the last commits may be lost.
    m_db->execute("PRAGMA synchronous = NORMAL");
  }
  return *m_db;
}

}  // namespace infertrack::store::sqlite

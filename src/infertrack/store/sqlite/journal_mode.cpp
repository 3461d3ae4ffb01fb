#include "infertrack/store/sqlite/journal_mode.hpp"

#include "infertrack/store/store.hpp"

#include <sqlite3.h>

#include <thread>

namespace infertrack::store::sqlite {
namespace {

// Asks for journal mode `mode`. Returns the mode in force afterwards, or nullopt when another connection's
// lock refused the change (SQLite reports that at once, without its busy handler).
std::optional<std::string>
try_journal_mode(Connection& db, std::string_view mode)
{
  Statement statement(db, "PRAGMA journal_mode = " + std::string(mode));
  StatementScope scope(statement);
  const int rc = statement.try_step();
  if (rc == SQLITE_ROW) {
    return std::string(statement.column_text(0));
  }
  if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED) {
    return std::nullopt;
  }
  db.fail(rc, "PRAGMA journal_mode = " + std::string(mode));
}

}  // namespace

std::optional<std::string>
enter_wal(Connection& db, std::chrono::milliseconds patience)
{
  const auto deadline = std::chrono::steady_clock::now() + patience;
  for (;;) {
    if (auto mode = try_journal_mode(db, "WAL")) {
      return mode;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      db.fail(SQLITE_BUSY, "PRAGMA journal_mode = WAL");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

IngestJournal::IngestJournal(Connection& db) : m_db(db)
{
  // Refused while any other connection has the file open: the WAL stays, and with it concurrent readers.
  m_alone = try_journal_mode(m_db, "DELETE") == "delete";
  if (m_alone) {
    // FULL syncs the journal before the file is changed: a power cut mid-ingest leaves a journal to roll back.
    m_db.execute("PRAGMA synchronous = FULL");
  }
}

IngestJournal::~IngestJournal()
{
  if (!m_alone) {
    return;
  }
  try {
    m_db.execute("PRAGMA synchronous = NORMAL"); // NORMAL in WAL mode keeps the file consistent on power loss
    enter_wal(m_db);
  } catch (const StoreError&) {
    // The file stays in rollback mode until a connection opens it, which switches it back to the WAL.
  }
}

}  // namespace infertrack::store::sqlite

#include "infertrack/store/sqlite/journal_mode.hpp"

#include "infertrack/store/store.hpp"

#include <sqlite3.h>
#include <sys/statvfs.h>

#include <exception>
#include <string>
#include <thread>

namespace infertrack::store::sqlite {
namespace {

// Whether `path` lies on a file system mounted read-only, where SQLite cannot create the WAL's files.
bool
on_read_only_file_system(const std::string& path)
{
  struct statvfs info {};
  return ::statvfs(path.c_str(), &info) == 0 && (info.f_flag & ST_RDONLY) != 0;
}

// Asks for journal mode `mode` once, without waiting for locks. Returns the mode in force afterwards, or
// nullopt when another connection's lock refused the change.
std::optional<std::string>
try_journal_mode(Connection& db, std::string_view mode)
{
  const std::string sql = "PRAGMA journal_mode = " + std::string(mode);
  // The C API rather than Statement: preparing may meet the lock too (it reads the schema), and that is a retry.
  sqlite3_stmt* statement = nullptr;
  int rc = sqlite3_prepare_v2(db.handle(), sql.c_str(), -1, &statement, nullptr);
  std::optional<std::string> result;
  if (rc == SQLITE_OK) {
    rc = sqlite3_step(statement);
    if (rc == SQLITE_ROW) {
      result = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    }
  }
  sqlite3_finalize(statement);
  if ((rc & 0xff) == SQLITE_CANTOPEN && on_read_only_file_system(db.path())) {
    throw StoreReadOnly(db.path() + ": cannot open the database: the file system holding it is mounted read-only, "
                        "and SQLite's write-ahead log needs its -wal and -shm files beside the database (mount it "
                        "read-write, or copy the file to storage that can be written)");
  }
  if (rc != SQLITE_ROW && (rc & 0xff) != SQLITE_BUSY) {
    db.fail(rc, sql);
  }
  return result;
}

}  // namespace

std::optional<std::string>
enter_wal(Connection& db, std::chrono::milliseconds patience)
{
  // Each try fails at once on a lock, so that `patience`, not SQLite's busy handler, says how long this waits.
  const ScopedBusyTimeout impatient(db, std::chrono::milliseconds(0));
  const auto deadline = std::chrono::steady_clock::now() + patience;
  for (;;) {
    if (auto mode = try_journal_mode(db, "WAL")) {
      return mode;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      throw StoreError(db.path() + ": database is locked: another process has had the file to itself (an ingest)"
                       " for longer than " + std::to_string(patience.count()) + " ms; try again when it has ended");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

IngestJournal::IngestJournal(Connection& db) : m_db(db)
{
  // FULL first, so that the journal is synced before the file changes: a power cut mid-ingest leaves a journal
  // to roll back. The switch is refused at once while any other connection has the file open.
  m_db.execute("PRAGMA synchronous = FULL");
  m_alone = try_journal_mode(m_db, "DELETE") == "delete";
  if (!m_alone) {
    m_db.execute("PRAGMA synchronous = NORMAL"); // NORMAL in WAL mode keeps the file consistent on power loss
  }
}

IngestJournal::~IngestJournal()
{
  if (!m_alone) {
    return;
  }
  try {
    // Openers retry the same switch, so a lock held by one of them passes in milliseconds.
    enter_wal(m_db, k_lock_patience);
    m_db.execute("PRAGMA synchronous = NORMAL");
  } catch (const std::exception&) {
    // The file stays in rollback mode until a connection opens it, which switches it back to the WAL.
  }
}

}  // namespace infertrack::store::sqlite

#pragma once

#include <sys/stat.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace infertrack::store::sqlite {

// One open SQLite database handle. Every failure of the C API becomes a StoreError naming the file, so that
// callers above never see an SQLite result code.
class Connection
{
public:
  // Opens the database file at `path`, creating it if needed and `create`; throws StoreError when it cannot be
  // opened.
  explicit Connection(std::string path, bool create = true);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs `sql`, one or more statements without parameters, discarding any rows.
  void execute(std::string_view sql);
  // Runs a single statement that returns one text value (such as a pragma) and returns that value.
  std::optional<std::string> query_text(std::string_view sql);

  // Throws the StoreError for result code `code` of operation `what` on this database.
  [[noreturn]] void fail(int code, std::string_view what) const;

  // How long a statement waits for another connection's lock before failing (StoreBusy), from now on.
  void set_busy_timeout(std::chrono::milliseconds timeout);
  std::chrono::milliseconds busy_timeout() const { return m_busy_timeout; }

  // Whether SQLite opened the file read-only (it does when the file may not be written).
  bool read_only() const;

  // Rows changed by the last INSERT/UPDATE/DELETE (0 when ON CONFLICT DO NOTHING skipped the row).
  std::int64_t changes() const;
  const std::string& path() const { return m_path; }
  sqlite3* handle() const { return m_db; }

private:
  std::string m_path;
  sqlite3* m_db = nullptr;
  std::chrono::milliseconds m_busy_timeout{0};
};

// Whether `path` still names the file whose status was `opened`: not deleted, nor replaced by another file.
bool still_names(const std::string& path, const struct stat& opened);

// Another busy timeout for the length of a scope, and the connection's own back at its end.
class ScopedBusyTimeout
{
public:
  ScopedBusyTimeout(Connection& db, std::chrono::milliseconds timeout);
  ~ScopedBusyTimeout();
  ScopedBusyTimeout(const ScopedBusyTimeout&) = delete;
  ScopedBusyTimeout& operator=(const ScopedBusyTimeout&) = delete;

private:
  Connection& m_db;
};

// A prepared statement, reused across executions. Text is bound without copying: the bound string must
// outlive the next step().
class Statement
{
public:
  Statement(Connection& db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void bind(int index, std::string_view value);
  void bind(int index, std::int64_t value);
  void bind(int index, double value);
  // Binds NULL; a call for a parameter that is NULL already (never bound, or bound NULL last) costs nothing.
  void bind_null(int index);

  // Advances to the next row: true when one is available, false when the statement is done.
  bool step();
  // Like step(), but returns a failing SQLite result code instead of throwing (for expected constraint
  // failures the caller turns into a diagnostic).
  int try_step();
  // Makes the statement ready to run again; bindings are kept, and the next execution rebinds them all.
  void reset();

  bool is_null(int column) const;
  // The storage class of the column's value in the current row.
  enum class StorageClass
  {
    null,
    integer,
    real,
    text,
    blob,
  };
  StorageClass column_storage(int column) const;
  std::int64_t column_int64(int column) const;
  double column_double(int column) const;
  std::string_view column_text(int column) const;

  Connection& connection() const { return *m_db; }

private:
  bool holds_null(int index) const;
  void mark(int index, bool null);

  Connection* m_db;
  sqlite3_stmt* m_statement = nullptr;
  // Which parameters hold NULL now. Ingest binds every column of every row and most optional columns stay
  // empty row after row: skipping those sqlite3_bind_null calls saves about 30 ns each.
  std::vector<unsigned char> m_null;
};

// Resets `statement` when the scope ends however it ends, so that no statement stays active across a
// ROLLBACK or the next use.
class StatementScope
{
public:
  explicit StatementScope(Statement& statement) : m_statement(statement) {}
  ~StatementScope() { m_statement.reset(); }
  StatementScope(const StatementScope&) = delete;
  StatementScope& operator=(const StatementScope&) = delete;

private:
  Statement& m_statement;
};

// Whether a transaction takes the write lock at its start.
enum class TransactionMode
{
  read,  // BEGIN (deferred): a consistent snapshot for several queries
  write, // BEGIN IMMEDIATE: the write lock now, so that a busy database fails early and not mid-ingest
  exclusive, // BEGIN EXCLUSIVE: the write lock, and no new readers until the commit (rollback journal only)
};

// An open transaction that rolls back unless commit() is reached.
class Transaction
{
public:
  Transaction(Connection& db, TransactionMode mode);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void commit();

private:
  Connection& m_db;
  bool m_open = true;
};

// The current UTC time as ISO 8601 text ("2026-11-02T21:42:00Z"), for applied_at and ingested_at columns.
std::string utc_timestamp();

}  // namespace infertrack::store::sqlite

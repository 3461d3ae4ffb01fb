#include "infertrack/store/sqlite/connection.hpp"

#include "infertrack/store/store.hpp"

#include <sqlite3.h>

#include <chrono>
#include <ctime>
#include <limits>

namespace infertrack::store::sqlite {
namespace {

// SQLite takes text lengths as int; a longer string cannot be bound and is a storage failure, not input.
int
text_length(const Connection& db, std::string_view text)
{
  if (text.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    db.fail(SQLITE_TOOBIG, "binding text");
  }
  return static_cast<int>(text.size());
}

// The start of `sql` for an error message ("INSERT INTO points", "BEGIN IMMEDIATE"): enough to tell
// which statement failed without quoting a page of SQL.
std::string
statement_label(std::string_view sql)
{
  const auto begin = sql.find_first_not_of(" \n");
  if (begin == std::string_view::npos) {
    return "an empty statement";
  }
  sql = sql.substr(begin);
  sql = sql.substr(0, sql.find_first_of("(\n"));
  while (!sql.empty() && sql.back() == ' ') {
    sql.remove_suffix(1);
  }
  return std::string(sql);
}

// Turns off SQLite's count of the memory it holds, which nothing here reads: keeping it takes a global mutex
// on every allocation, each row an ingest stores among them. Only possible before SQLite starts, so once.
void
configure_sqlite_once()
{
  static const int configured = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  (void)configured; // SQLITE_MISUSE when something started SQLite first: the count stays, nothing else changes
}

}  // namespace

Connection::Connection(std::string path, bool create) : m_path(std::move(path))
{
  configure_sqlite_once();
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(m_path.c_str(), &m_db, flags, nullptr);
  if (rc != SQLITE_OK) {
    // A failed open still allocates a handle (when memory allowed it), which holds the message.
    const std::string message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
    sqlite3_close(m_db);
    throw StoreError(m_path + ": cannot open the database (" + message + ")");
  }
  sqlite3_extended_result_codes(m_db, 1);
}

Connection::~Connection()
{
  // Every Statement is destroyed before its Connection, so close cannot be left busy.
  sqlite3_close(m_db);
}

bool
Connection::read_only() const
{
  return sqlite3_db_readonly(m_db, "main") == 1;
}

void
Connection::set_busy_timeout(std::chrono::milliseconds timeout)
{
  sqlite3_busy_timeout(m_db, static_cast<int>(timeout.count()));
  m_busy_timeout = timeout;
}

bool
still_names(const std::string& path, const struct stat& opened)
{
  struct stat now {};
  return ::stat(path.c_str(), &now) == 0 && now.st_dev == opened.st_dev && now.st_ino == opened.st_ino;
}

ScopedBusyTimeout::ScopedBusyTimeout(Connection& db, std::chrono::milliseconds timeout) : m_db(db)
{
  sqlite3_busy_timeout(m_db.handle(), static_cast<int>(timeout.count()));
}

ScopedBusyTimeout::~ScopedBusyTimeout()
{
  sqlite3_busy_timeout(m_db.handle(), static_cast<int>(m_db.busy_timeout().count()));
}

void
Connection::fail(int code, std::string_view what) const
{
  const int primary = code & 0xff;
  if (primary == SQLITE_NOTADB) {
    throw StoreError(m_path + ": not an SQLite database (" + sqlite3_errstr(code) + ")");
  }
  std::string detail = sqlite3_errstr(code);
  if (m_db && sqlite3_extended_errcode(m_db) == code) {
    detail = sqlite3_errmsg(m_db); // more specific, e.g. the constraint or the missing table
  }
  if (primary == SQLITE_BUSY) {
    throw StoreBusy(m_path + ": " + std::string(what) + " failed (" + detail + ")");
  }
  if (primary == SQLITE_READONLY) {
    throw StoreReadOnly(m_path + ": " + std::string(what) + " failed (" + detail + ")");
  }
  if (primary == SQLITE_FULL) {
    // SQLite's own text ("database or disk is full") leaves the reader to guess which of the two.
    throw StoreFull(m_path + ": " + std::string(what) + " failed: the disk holding the database is full (" + detail +
                    ")");
  }
  throw StoreError(m_path + ": " + std::string(what) + " failed (" + detail + ")");
}

void
Connection::execute(std::string_view sql)
{
  const std::string text(sql);
  char* message = nullptr;
  const int rc = sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &message);
  sqlite3_free(message); // sqlite3_errmsg() still holds the same text for fail()
  if (rc != SQLITE_OK) {
    fail(sqlite3_extended_errcode(m_db), statement_label(text));
  }
}

std::optional<std::string>
Connection::query_text(std::string_view sql)
{
  Statement statement(*this, sql);
  StatementScope scope(statement);
  if (!statement.step() || statement.is_null(0)) {
    return std::nullopt;
  }
  return std::string(statement.column_text(0));
}

std::int64_t
Connection::changes() const
{
  return sqlite3_changes64(m_db);
}

Statement::Statement(Connection& db, std::string_view sql) : m_db(&db)
{
  const int rc = sqlite3_prepare_v3(db.handle(), sql.data(), text_length(db, sql),
                                    SQLITE_PREPARE_PERSISTENT, &m_statement, nullptr);
  if (rc != SQLITE_OK) {
    db.fail(rc, "preparing " + statement_label(sql));
  }
  // A fresh statement's parameters are all NULL.
  m_null.assign(static_cast<std::size_t>(sqlite3_bind_parameter_count(m_statement)), 1);
}

Statement::~Statement()
{
  sqlite3_finalize(m_statement);
}

bool
Statement::holds_null(int index) const
{
  return index >= 1 && static_cast<std::size_t>(index) <= m_null.size() &&
         m_null[static_cast<std::size_t>(index - 1)] != 0;
}

void
Statement::mark(int index, bool null)
{
  // Only called after SQLite accepted the index.
  m_null[static_cast<std::size_t>(index - 1)] = null ? 1 : 0;
}

void
Statement::bind(int index, std::string_view value)
{
  // SQLITE_STATIC: the caller keeps `value` alive until the step, which spares a copy per column.
  const int rc =
    sqlite3_bind_text(m_statement, index, value.data(), text_length(*m_db, value), SQLITE_STATIC);
  if (rc != SQLITE_OK) {
    m_db->fail(rc, "binding a parameter");
  }
  mark(index, false);
}

void
Statement::bind(int index, std::int64_t value)
{
  if (const int rc = sqlite3_bind_int64(m_statement, index, value); rc != SQLITE_OK) {
    m_db->fail(rc, "binding a parameter");
  }
  mark(index, false);
}

void
Statement::bind(int index, double value)
{
  if (const int rc = sqlite3_bind_double(m_statement, index, value); rc != SQLITE_OK) {
    m_db->fail(rc, "binding a parameter");
  }
  // SQLite binds a NaN as NULL; counting it as a value only costs a real call at the next bind_null.
  mark(index, false);
}

void
Statement::bind_null(int index)
{
  if (holds_null(index)) {
    return;
  }
  if (const int rc = sqlite3_bind_null(m_statement, index); rc != SQLITE_OK) {
    m_db->fail(rc, "binding a parameter");
  }
  mark(index, true);
}

int
Statement::try_step()
{
  return sqlite3_step(m_statement);
}

bool
Statement::step()
{
  const int rc = sqlite3_step(m_statement);
  if (rc == SQLITE_ROW) {
    return true;
  }
  if (rc == SQLITE_DONE) {
    return false;
  }
  m_db->fail(rc, statement_label(sqlite3_sql(m_statement)));
}

void
Statement::reset()
{
  // The error, if any, was already reported by step().
  sqlite3_reset(m_statement);
}

bool
Statement::is_null(int column) const
{
  return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

Statement::StorageClass
Statement::column_storage(int column) const
{
  switch (sqlite3_column_type(m_statement, column)) {
    case SQLITE_INTEGER:
      return StorageClass::integer;
    case SQLITE_FLOAT:
      return StorageClass::real;
    case SQLITE_TEXT:
      return StorageClass::text;
    case SQLITE_BLOB:
      return StorageClass::blob;
    default:
      return StorageClass::null;
  }
}

std::int64_t
Statement::column_int64(int column) const
{
  return sqlite3_column_int64(m_statement, column);
}

double
Statement::column_double(int column) const
{
  return sqlite3_column_double(m_statement, column);
}

std::string_view
Statement::column_text(int column) const
{
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(m_statement, column));
  const int size = sqlite3_column_bytes(m_statement, column);
  return text ? std::string_view(text, static_cast<std::size_t>(size)) : std::string_view();
}

Transaction::Transaction(Connection& db, TransactionMode mode) : m_db(db)
{
  switch (mode) {
  case TransactionMode::read:
    m_db.execute("BEGIN");
    break;
  case TransactionMode::write:
    m_db.execute("BEGIN IMMEDIATE");
    break;
  case TransactionMode::exclusive:
    m_db.execute("BEGIN EXCLUSIVE");
    break;
  }
}

Transaction::~Transaction()
{
  if (m_open) {
    // Rolling back an open transaction only fails when SQLite already rolled it back itself (after a full
    // disk or an I/O error); either way nothing of it is kept.
    sqlite3_exec(m_db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
}

void
Transaction::commit()
{
  m_db.execute("COMMIT");
  m_open = false;
}

std::string
utc_timestamp()
{
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[sizeof "2026-11-02T21:42:00Z"];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace infertrack::store::sqlite

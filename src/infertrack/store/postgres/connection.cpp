#include "infertrack/store/postgres/connection.hpp"

#include "infertrack/store/postgres/connection_url.hpp"
#include "infertrack/store/store.hpp"

#include <libpq-fe.h>

#include <charconv>
#include <cmath>
#include <memory>

namespace infertrack::store::postgres {
namespace {

using ResultHandle = std::unique_ptr<PGresult, decltype(&PQclear)>;

// libpq ends its messages with a line break, and breaks some inside ("server closed the connection unexpectedly\n\t
// This probably means ..."); a StoreError is one line, as is the log line that shows it.
std::string
trimmed(const char* message)
{
  std::string text;
  for (const char* at = message == nullptr ? "" : message; *at != '\0'; ++at) {
    const bool space = *at == '\n' || *at == '\r' || *at == '\t' || *at == ' ';
    if (!space) {
      text.push_back(*at);
    } else if (!text.empty() && text.back() != ' ') {
      text.push_back(' ');
    }
  }
  while (!text.empty() && text.back() == ' ') {
    text.pop_back();
  }
  return text;
}

// SQLSTATE classes that say the server or the connection went away, not that the statement was wrong: 08
// (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now).
bool
server_gone(std::string_view sqlstate)
{
  return sqlstate.starts_with("08") || sqlstate == "57P01" || sqlstate == "57P02" || sqlstate == "57P03";
}

// 40001 (serialization failure) and 40P01 (deadlock detected) and 55P03 (lock not available): the same request
// can succeed a moment later.
bool
transient(std::string_view sqlstate)
{
  return sqlstate == "40001" || sqlstate == "40P01" || sqlstate == "55P03";
}

template<typename T>
T
parsed(std::string_view text, std::string_view what)
{
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw StoreError("the database holds \"" + std::string(text) + "\" where " + std::string(what) + " belongs");
  }
  return value;
}

}  // namespace

Params&
Params::add(std::string_view value)
{
  // libpq takes C strings: the text would be cut at the NUL and its rest lost without a word.
  if (value.find('\0') != std::string_view::npos) {
    throw StoreError("text with a NUL character cannot be stored in PostgreSQL");
  }
  m_values.emplace_back(std::string(value));
  return *this;
}

Params&
Params::add(std::int64_t value)
{
  m_values.emplace_back(std::to_string(value));
  return *this;
}

Params&
Params::add(double value)
{
  if (std::isnan(value)) {
    throw StoreError("a NaN cannot be stored: it would not read back as the same value");
  }
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  std::string shortest(text, end);
  if (std::isinf(value)) {
    shortest = value > 0 ? "Infinity" : "-Infinity";
  }
  m_values.emplace_back(std::move(shortest));
  return *this;
}

Params&
Params::add_null()
{
  m_values.emplace_back(std::nullopt);
  return *this;
}

std::vector<const char*>
Params::pointers() const
{
  std::vector<const char*> result;
  result.reserve(m_values.size());
  for (const auto& value : m_values) {
    result.push_back(value ? value->c_str() : nullptr);
  }
  return result;
}

void
Rows::Clear::operator()(pg_result* result) const
{
  PQclear(result);
}

Rows::Rows(pg_result* result) : m_result(result) {}

Rows::~Rows() = default;

int
Rows::size() const
{
  return m_result ? PQntuples(m_result.get()) : 0;
}

bool
Rows::is_null(int row, int column) const
{
  return PQgetisnull(m_result.get(), row, column) != 0;
}

std::string_view
Rows::text(int row, int column) const
{
  return {PQgetvalue(m_result.get(), row, column),
          static_cast<std::size_t>(PQgetlength(m_result.get(), row, column))};
}

std::int64_t
Rows::int64(int row, int column) const
{
  return parsed<std::int64_t>(text(row, column), "an integer");
}

double
Rows::real(int row, int column) const
{
  const std::string_view value = text(row, column);
  if (value == "Infinity") {
    return HUGE_VAL;
  }
  if (value == "-Infinity") {
    return -HUGE_VAL;
  }
  return parsed<double>(value, "a number");
}

std::optional<std::string>
Rows::optional_text(int row, int column) const
{
  if (is_null(row, column)) {
    return std::nullopt;
  }
  return std::string(text(row, column));
}

std::optional<std::int64_t>
Rows::optional_int64(int row, int column) const
{
  if (is_null(row, column)) {
    return std::nullopt;
  }
  return int64(row, column);
}

std::int64_t
Rows::affected() const
{
  const char* count = PQcmdTuples(m_result.get());
  return count == nullptr || *count == '\0' ? 0 : parsed<std::int64_t>(count, "a row count");
}

Connection::Connection(const std::string& url)
  : m_url(url)
  , m_name(redacted_url(url))
{
  m_connection = PQconnectdb(url.c_str());
  if (m_connection == nullptr) {
    throw StoreUnavailable("cannot connect to " + m_name + ": out of memory");
  }
  if (PQstatus(m_connection) != CONNECTION_OK) {
    const std::string reason = without_passwords(trimmed(PQerrorMessage(m_connection)), m_url);
    PQfinish(m_connection);
    m_connection = nullptr;
    // A refused password or a missing database is for the operator to fix; no server at all may come back.
    if (reason.find("authentication failed") != std::string::npos ||
        reason.find("does not exist") != std::string::npos) {
      throw StoreError("cannot connect to " + m_name + ": " + reason);
    }
    throw StoreUnavailable("cannot connect to " + m_name + ": " + reason);
  }
  // Quiet the server's notices (a CREATE ... IF NOT EXISTS that skips says so): they are not the user's business.
  PQsetNoticeProcessor(m_connection, [](void*, const char*) {}, nullptr);
}

Connection::~Connection()
{
  if (m_connection != nullptr) {
    PQfinish(m_connection);
  }
}

void
Connection::ensure_open()
{
  if (m_connection != nullptr && PQstatus(m_connection) == CONNECTION_OK) {
    return;
  }
  if (m_connection != nullptr && !m_transaction_open) {
    PQreset(m_connection);
    m_prepared.clear(); // a new server session knows none of them
    if (PQstatus(m_connection) == CONNECTION_OK) {
      PQsetNoticeProcessor(m_connection, [](void*, const char*) {}, nullptr);
      return;
    }
  }
  throw StoreUnavailable("cannot reach " + m_name + ": " +
                         without_passwords(trimmed(m_connection ? PQerrorMessage(m_connection) : ""), m_url));
}

void
Connection::execute(const std::string& sql)
{
  ensure_open();
  checked(PQexec(m_connection, sql.c_str()), "a statement failed", nullptr);
}

std::vector<std::string>
Connection::query_column(const std::string& sql)
{
  ensure_open();
  const Rows rows = checked(PQexec(m_connection, sql.c_str()), "a query failed", nullptr);
  std::vector<std::string> column;
  column.reserve(static_cast<std::size_t>(rows.size()));
  for (int row = 0; row < rows.size(); ++row) {
    column.emplace_back(rows.text(row, 0));
  }
  return column;
}

Rows
Connection::run(std::string_view sql, const Params& params)
{
  return checked(execute_prepared(sql, params), "a statement failed", nullptr);
}

Rows
Connection::try_run(std::string_view sql, const Params& params, std::optional<StatementFailure>& failure)
{
  failure.reset();
  return checked(execute_prepared(sql, params), "a statement failed", &failure);
}

pg_result*
Connection::execute_prepared(std::string_view sql, const Params& params)
{
  ensure_open();
  const std::vector<const char*> values = params.pointers();
  const int count = static_cast<int>(values.size());
  const auto found = m_prepared.find(sql);
  if (found != m_prepared.end()) {
    return PQexecPrepared(m_connection, found->second.c_str(), count, values.data(), nullptr, nullptr, 0);
  }
  const std::string text(sql);
  if (m_prepared.size() >= k_prepared_statements) {
    return PQexecParams(m_connection, text.c_str(), count, nullptr, values.data(), nullptr, nullptr, 0);
  }
  // Parsed and planned once per connection: the server's requests repeat a few dozen statements.
  const std::string name = "s" + std::to_string(m_prepared.size());
  const ResultHandle prepared(PQprepare(m_connection, name.c_str(), text.c_str(), count, nullptr), &PQclear);
  if (PQresultStatus(prepared.get()) != PGRES_COMMAND_OK) {
    return PQexecParams(m_connection, text.c_str(), count, nullptr, values.data(), nullptr, nullptr, 0);
  }
  m_prepared.emplace(text, name);
  return PQexecPrepared(m_connection, name.c_str(), count, values.data(), nullptr, nullptr, 0);
}

void
Connection::begin_copy(const std::string& copy_sql)
{
  ensure_open();
  const ResultHandle started(PQexec(m_connection, copy_sql.c_str()), &PQclear);
  if (PQresultStatus(started.get()) != PGRES_COPY_IN) {
    fail("a COPY failed to start", started.get());
  }
}

void
Connection::put_copy(std::string_view rows)
{
  // In slices: one call with hundreds of megabytes would double the memory libpq holds.
  constexpr std::size_t k_slice = 1 << 20;
  for (std::size_t at = 0; at < rows.size(); at += k_slice) {
    const std::size_t length = std::min(k_slice, rows.size() - at);
    if (PQputCopyData(m_connection, rows.data() + at, static_cast<int>(length)) != 1) {
      fail("a COPY failed", nullptr);
    }
  }
}

void
Connection::end_copy()
{
  if (PQputCopyEnd(m_connection, nullptr) != 1) {
    fail("a COPY failed to end", nullptr);
  }
  checked(PQgetResult(m_connection), "a COPY failed", nullptr);
  // Drain: PQgetResult returns null once the command is over.
  while (PGresult* rest = PQgetResult(m_connection)) {
    PQclear(rest);
  }
}

void
Connection::abort_copy() noexcept
{
  if (PQputCopyEnd(m_connection, "the ingest ended before its rows were all sent") == 1) {
    while (PGresult* rest = PQgetResult(m_connection)) {
      PQclear(rest);
    }
  }
}

bool
Connection::in_transaction() const
{
  const PGTransactionStatusType status = PQtransactionStatus(m_connection);
  return status == PQTRANS_INTRANS || status == PQTRANS_INERROR;
}

Rows
Connection::checked(pg_result* raw, std::string_view what, std::optional<StatementFailure>* failure)
{
  ResultHandle result(raw, &PQclear);
  const ExecStatusType status = PQresultStatus(result.get());
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
    m_last_sqlstate.clear();
    return Rows(result.release());
  }
  const char* sqlstate = result ? PQresultErrorField(result.get(), PG_DIAG_SQLSTATE) : nullptr;
  m_last_sqlstate = sqlstate == nullptr ? "" : sqlstate;
  if (failure != nullptr && !server_gone(m_last_sqlstate) && PQstatus(m_connection) == CONNECTION_OK &&
      !m_last_sqlstate.empty()) {
    *failure = StatementFailure{m_last_sqlstate, without_passwords(trimmed(PQresultErrorMessage(result.get())), m_url)};
    return Rows(nullptr);
  }
  fail(what, result.get());
}

void
Connection::fail(std::string_view what, pg_result* result)
{
  const std::string reason = without_passwords(
    trimmed(result != nullptr ? PQresultErrorMessage(result) : PQerrorMessage(m_connection)), m_url);
  const std::string message = std::string(what) + " on " + m_name + ": " + reason;
  if (PQstatus(m_connection) != CONNECTION_OK || server_gone(m_last_sqlstate)) {
    throw StoreUnavailable(message);
  }
  if (transient(m_last_sqlstate)) {
    throw StoreBusy(message);
  }
  throw StoreError(message);
}

Transaction::Transaction(Connection& connection, std::string_view isolation) : m_connection(connection)
{
  m_connection.execute(isolation.empty() ? std::string("BEGIN") : "BEGIN " + std::string(isolation));
  m_connection.m_transaction_open = true;
}

Transaction::~Transaction()
{
  m_connection.m_transaction_open = false;
  if (m_open && m_connection.m_connection != nullptr && PQstatus(m_connection.m_connection) == CONNECTION_OK &&
      m_connection.in_transaction()) {
    try {
      m_connection.execute("ROLLBACK");
    } catch (const StoreError&) {
      // The connection is gone, and the server rolled the transaction back with it.
    }
  }
}

void
Transaction::commit()
{
  m_connection.execute("COMMIT");
  m_open = false;
  m_connection.m_transaction_open = false;
}

}  // namespace infertrack::store::postgres

#include "infertrack/store/postgres/connection.hpp"

#include "infertrack/store/postgres/connection_url.hpp"
#include "infertrack/store/store.hpp"

#include <libpq-fe.h>

#include <memory>

namespace infertrack::store::postgres {
namespace {

using ResultHandle = std::unique_ptr<PGresult, decltype(&PQclear)>;

// libpq ends its messages with a line break; a StoreError is one line.
std::string
trimmed(const char* message)
{
  std::string text = message == nullptr ? "" : message;
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
    text.pop_back();
  }
  return text;
}

}  // namespace

Connection::Connection(const std::string& url)
  : m_url(url)
  , m_name(redacted_url(url))
{
  m_connection = PQconnectdb(url.c_str());
  if (m_connection == nullptr) {
    throw StoreError("cannot connect to " + m_name + ": out of memory");
  }
  if (PQstatus(m_connection) != CONNECTION_OK) {
    const std::string reason = without_passwords(trimmed(PQerrorMessage(m_connection)), m_url);
    PQfinish(m_connection);
    m_connection = nullptr;
    throw StoreError("cannot connect to " + m_name + ": " + reason);
  }
}

Connection::~Connection()
{
  if (m_connection != nullptr) {
    PQfinish(m_connection);
  }
}

void
Connection::execute(const std::string& sql)
{
  const ResultHandle result(PQexec(m_connection, sql.c_str()), &PQclear);
  const ExecStatusType status = PQresultStatus(result.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    fail("a statement failed");
  }
}

std::vector<std::string>
Connection::query_column(const std::string& sql)
{
  const ResultHandle result(PQexec(m_connection, sql.c_str()), &PQclear);
  if (PQresultStatus(result.get()) != PGRES_TUPLES_OK) {
    fail("a query failed");
  }
  std::vector<std::string> column;
  const int rows = PQntuples(result.get());
  column.reserve(static_cast<std::size_t>(rows));
  for (int row = 0; row < rows; ++row) {
    column.emplace_back(PQgetvalue(result.get(), row, 0));
  }
  return column;
}

void
Connection::fail(std::string_view what) const
{
  throw StoreError(std::string(what) + " on " + m_name + ": " +
                   without_passwords(trimmed(PQerrorMessage(m_connection)), m_url));
}

}  // namespace infertrack::store::postgres

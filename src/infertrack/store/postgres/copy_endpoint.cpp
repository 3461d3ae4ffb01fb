#include "infertrack/store/postgres/copy_endpoint.hpp"

#include "infertrack/store/postgres/connection.hpp"
#include "infertrack/store/postgres/connection_url.hpp"
#include "infertrack/store/postgres/copy_text.hpp"
#include "infertrack/store/postgres/data_version_watch.hpp"
#include "infertrack/store/postgres/migrations.hpp"
#include "infertrack/store/store.hpp"

#include <libpq-fe.h>

#include <charconv>
#include <cmath>
#include <map>
#include <optional>

namespace infertrack::store::postgres {
namespace {

// Rows a cursor hands over at a time, and the COPY text sent to the server at a time.
constexpr int k_fetch_rows = 10'000;
constexpr std::size_t k_copy_slice_bytes = 1 << 20;

std::string
quoted(std::string_view name)
{
  return "\"" + std::string(name) + "\"";
}

std::string
column_list(const std::vector<std::string>& columns)
{
  std::string names;
  for (const std::string& column : columns) {
    names += (names.empty() ? "" : ", ") + quoted(column);
  }
  return names;
}

// How a column's values come back as text, by its type in the catalog.
CopyValue::Kind
kind_of_type(std::string_view data_type)
{
  if (data_type == "bigint" || data_type == "integer" || data_type == "smallint") {
    return CopyValue::Kind::integer;
  }
  if (data_type == "double precision" || data_type == "real") {
    return CopyValue::Kind::real;
  }
  return CopyValue::Kind::text;
}

// One COPY ... FROM STDIN per table, its rows sent as they come: the server parses and indexes a slice while the
// next is read from the source and written out, where a COPY per batch had each side wait for the other.
class PostgresRowWriter final : public CopyRowWriter
{
public:
  PostgresRowWriter(Connection& db, const std::string& url, const std::string& table,
                    const std::vector<std::string>& columns)
    : m_db(db), m_url(url)
  {
    PGresult* started = PQexec(m_db.handle(), ("COPY " + quoted(table) + " (" + column_list(columns) +
                                               ") FROM STDIN").c_str());
    const bool copying = PQresultStatus(started) == PGRES_COPY_IN;
    const std::string reason = copying ? "" : PQresultErrorMessage(started);
    PQclear(started);
    if (!copying) {
      fail("a COPY failed to start", reason);
    }
    m_open = true;
  }

  ~PostgresRowWriter() override
  {
    if (m_open) {
      // Ends the COPY with an error, so that the connection can roll the transaction back.
      PQputCopyEnd(m_db.handle(), "the copy stopped");
      while (PGresult* rest = PQgetResult(m_db.handle())) {
        PQclear(rest);
      }
    }
  }

  void add(CopyRow row) override
  {
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i > 0) {
        m_data += '\t';
      }
      const CopyValue& value = row[i];
      switch (value.kind) {
        case CopyValue::Kind::null:
          append_copy_null(m_data);
          break;
        case CopyValue::Kind::integer:
          append_copy_value(m_data, value.integer);
          break;
        case CopyValue::Kind::real:
          if (std::isnan(value.real)) {
            throw StoreError("a NaN cannot be copied: it would not read back as the same value");
          }
          append_copy_value(m_data, value.real);
          break;
        case CopyValue::Kind::text:
          if (value.text.find('\0') != std::string_view::npos) {
            throw StoreError("text with a NUL character cannot be stored in PostgreSQL");
          }
          append_copy_value(m_data, value.text);
          break;
      }
    }
    m_data += '\n';
    if (m_data.size() >= k_copy_slice_bytes) {
      send();
    }
  }

  void finish() override
  {
    send();
    m_open = false;
    if (PQputCopyEnd(m_db.handle(), nullptr) != 1) {
      fail("a COPY failed to end", PQerrorMessage(m_db.handle()));
    }
    std::string reason;
    bool failed = false;
    while (PGresult* result = PQgetResult(m_db.handle())) {
      if (PQresultStatus(result) != PGRES_COMMAND_OK) {
        failed = true;
        reason = PQresultErrorMessage(result);
      }
      PQclear(result);
    }
    if (failed) {
      fail("a COPY failed", reason);
    }
  }

private:
  void send()
  {
    if (!m_data.empty() && PQputCopyData(m_db.handle(), m_data.data(), static_cast<int>(m_data.size())) != 1) {
      fail("a COPY failed", PQerrorMessage(m_db.handle()));
    }
    m_data.clear();
  }

  [[noreturn]] void fail(std::string_view what, std::string reason)
  {
    while (!reason.empty() && (reason.back() == '\n' || reason.back() == ' ')) {
      reason.pop_back();
    }
    throw StoreError(std::string(what) + " on " + m_db.name() + ": " + without_passwords(reason, m_url));
  }

  Connection& m_db;
  const std::string& m_url;
  std::string m_data;
  bool m_open = false;
};

class PostgresCopyEndpoint final : public CopyEndpoint
{
public:
  explicit PostgresCopyEndpoint(const std::string& url) : m_url(url), m_db(url) {}

  const std::string& name() const override { return m_db.name(); }

  int schema_version() override { return applied_schema_version(m_db); }

  std::string identity() override
  {
    // A server by its port and the moment it started (any address reaches the same one), then the database.
    const Rows rows = m_db.run("SELECT concat_ws(':', inet_server_port(), pg_postmaster_start_time(), "
                               "current_database(), current_schema())");
    return "postgres:" + std::string(rows.text(0, 0));
  }

  std::vector<std::string> tables() override
  {
    return m_db.query_column("SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = current_schema() "
                             "AND tablename <> 'schema_migrations' ORDER BY tablename COLLATE \"C\"");
  }

  std::vector<std::string> columns(const std::string& table) override
  {
    std::vector<std::string> names;
    for (const auto& [name, kind] : typed_columns(table)) {
      names.push_back(name);
    }
    return names;
  }

  void begin_reading() override
  {
    m_transaction.emplace(m_db, "ISOLATION LEVEL REPEATABLE READ READ ONLY");
    // Only a schema change or another copy's target holds a lock reads wait for: a copy fails rather than wait long.
    // The snapshot is taken at the first statement.
    m_db.execute("SET LOCAL lock_timeout = '30s'");
  }

  void read_rows(const std::string& table, const std::vector<std::string>& columns,
                 const std::vector<std::string>& order_by, const std::function<void(CopyRow)>& take) override
  {
    std::map<std::string, CopyValue::Kind> kinds;
    for (const auto& [name, kind] : typed_columns(table)) {
      kinds.emplace(name, kind);
    }
    std::vector<CopyValue::Kind> kind_of;
    for (const std::string& column : columns) {
      const auto found = kinds.find(column);
      if (found == kinds.end()) {
        throw StoreError(m_db.name() + ": table " + table + " has no column " + column);
      }
      kind_of.push_back(found->second);
    }
    std::string sql = "DECLARE infertrack_copy NO SCROLL CURSOR FOR SELECT " + column_list(columns) + " FROM " +
                      quoted(table);
    for (std::size_t i = 0; i < order_by.size(); ++i) {
      sql += (i == 0 ? " ORDER BY " : ", ") + quoted(order_by[i]) + " NULLS FIRST";
    }
    m_db.execute(sql);
    std::vector<CopyValue> row(columns.size());
    for (;;) {
      const Rows rows = m_db.run("FETCH " + std::to_string(k_fetch_rows) + " FROM infertrack_copy");
      for (int r = 0; r < rows.size(); ++r) {
        for (std::size_t i = 0; i < row.size(); ++i) {
          const int column = static_cast<int>(i);
          if (rows.is_null(r, column)) {
            row[i] = CopyValue{};
          } else if (kind_of[i] == CopyValue::Kind::integer) {
            row[i] = CopyValue::of(rows.int64(r, column));
          } else if (kind_of[i] == CopyValue::Kind::real) {
            row[i] = CopyValue::of(rows.real(r, column));
          } else {
            row[i] = CopyValue::of(rows.text(r, column));
          }
        }
        take(row);
      }
      if (rows.size() < k_fetch_rows) {
        break;
      }
    }
    m_db.execute("CLOSE infertrack_copy");
  }

  std::int64_t last_id(const std::string& table) override
  {
    const std::optional<std::string> sequence = id_sequence(table);
    if (!sequence) {
      return 0;
    }
    // A sequence that has not given an id yet holds its start with is_called false.
    const Rows state = m_db.run("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM " + *sequence);
    return state.int64(0, 0);
  }

  void begin_writing() override
  {
    m_transaction.emplace(m_db);
    // Writers wait until the copy commits or rolls back; readers go on, and see the database empty until then.
    std::string tables;
    for (const std::string& table : this->tables()) {
      tables += (tables.empty() ? "" : ", ") + quoted(table);
    }
    if (!tables.empty()) {
      m_db.execute("LOCK TABLE " + tables + " IN EXCLUSIVE MODE");
    }
  }

  bool has_rows(const std::string& table) override
  {
    return !m_db.run("SELECT 1 FROM " + quoted(table) + " LIMIT 1").empty();
  }

  void delete_rows(const std::string& table) override { m_db.execute("DELETE FROM " + quoted(table)); }

  std::unique_ptr<CopyRowWriter> writer(const std::string& table, const std::vector<std::string>& columns) override
  {
    return std::make_unique<PostgresRowWriter>(m_db, m_url, table, columns);
  }

  void set_last_id(const std::string& table, std::int64_t last) override
  {
    const std::optional<std::string> sequence = id_sequence(table);
    if (!sequence) {
      return;
    }
    // setval(.., 1, false) makes the next id 1, as on a sequence never used.
    m_db.run("SELECT setval($1::regclass, $2, $3)",
             Params().add(*sequence).add(std::max<std::int64_t>(last, 1)).add(last >= 1 ? "true" : "false"));
  }

  void announce_data_version() override
  {
    m_db.run("SELECT pg_notify($1, version::text) FROM benchmark_data_version",
             Params().add(DataVersionWatch::k_channel));
  }

  void commit() override
  {
    m_transaction->commit();
    m_transaction.reset();
  }

private:
  std::vector<std::pair<std::string, CopyValue::Kind>> typed_columns(const std::string& table)
  {
    const Rows rows = m_db.run("SELECT column_name, data_type FROM information_schema.columns "
                               "WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
                               Params().add(table));
    std::vector<std::pair<std::string, CopyValue::Kind>> columns;
    for (int row = 0; row < rows.size(); ++row) {
      columns.emplace_back(std::string(rows.text(row, 0)), kind_of_type(rows.text(row, 1)));
    }
    return columns;
  }

  // The sequence behind the identity column `id` of `table`, quoted as a regclass; none for a table without one.
  std::optional<std::string> id_sequence(const std::string& table)
  {
    const Rows rows = m_db.run("SELECT pg_get_serial_sequence(c.table_name, c.column_name) FROM "
                               "information_schema.columns c WHERE c.table_schema = current_schema() "
                               "AND c.table_name = $1 AND c.column_name = 'id' AND c.is_identity = 'YES'",
                               Params().add(table));
    if (rows.empty() || rows.is_null(0, 0)) {
      return std::nullopt;
    }
    return std::string(rows.text(0, 0));
  }

  std::string m_url; // with its password, for taking it out of libpq's messages
  Connection m_db;
  std::optional<Transaction> m_transaction;
};

}  // namespace

std::unique_ptr<CopyEndpoint>
open_copy_endpoint(const std::string& url)
{
  return std::make_unique<PostgresCopyEndpoint>(url);
}

}  // namespace infertrack::store::postgres

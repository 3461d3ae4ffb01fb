#include "infertrack/store/sqlite/copy_endpoint.hpp"

#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/sqlite/journal_mode.hpp"
#include "infertrack/store/sqlite/migrations.hpp"
#include "infertrack/store/store.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <optional>

namespace infertrack::store::sqlite {
namespace {

// Page cache while a copy writes: the indexes of a million points stay in memory.
constexpr int k_copy_cache_size_kib = 256 * 1024;

bool
rowid_table(std::string_view table)
{
  return std::ranges::find(k_rowid_tables, table) != std::end(k_rowid_tables);
}

// `column` of `table` in SQL: a name from the catalog, quoted; rowid for the `id` a rowid table gives.
std::string
column_sql(std::string_view table, std::string_view column)
{
  if (column == "id" && rowid_table(table)) {
    return "rowid";
  }
  return "\"" + std::string(column) + "\"";
}

std::string
quoted(std::string_view table)
{
  return "\"" + std::string(table) + "\"";
}

class SqliteRowWriter final : public CopyRowWriter
{
public:
  SqliteRowWriter(Connection& db, const std::string& table, const std::vector<std::string>& columns)
    : m_insert(db, insert_sql(table, columns))
  {
  }

  void add(CopyRow row) override
  {
    StatementScope scope(m_insert);
    for (std::size_t i = 0; i < row.size(); ++i) {
      const int index = static_cast<int>(i) + 1;
      const CopyValue& value = row[i];
      switch (value.kind) {
        case CopyValue::Kind::null:
          m_insert.bind_null(index);
          break;
        case CopyValue::Kind::integer:
          m_insert.bind(index, value.integer);
          break;
        case CopyValue::Kind::real:
          m_insert.bind(index, value.real);
          break;
        case CopyValue::Kind::text:
          m_insert.bind(index, value.text);
          break;
      }
    }
    m_insert.step();
  }

  void finish() override {}

private:
  static std::string insert_sql(const std::string& table, const std::vector<std::string>& columns)
  {
    std::string names;
    std::string marks;
    for (const std::string& column : columns) {
      names += (names.empty() ? "" : ", ") + column_sql(table, column);
      marks += marks.empty() ? "?" : ", ?";
    }
    return "INSERT INTO " + quoted(table) + " (" + names + ") VALUES (" + marks + ")";
  }

  Statement m_insert;
};

class SqliteCopyEndpoint final : public CopyEndpoint
{
public:
  explicit SqliteCopyEndpoint(const std::string& path) : m_db(path, /*create=*/path == ":memory:")
  {
    m_db.set_busy_timeout(k_lock_patience);
    // Checked as every other write is: a deferred check, at the commit, so that rows may come in any order.
    m_db.execute("PRAGMA foreign_keys = ON");
  }

  Connection& connection() { return m_db; }

  const std::string& name() const override { return m_db.path(); }

  int schema_version() override { return applied_schema_version(m_db); }

  std::string identity() override
  {
    struct stat file {};
    if (m_db.path() == ":memory:" || ::stat(m_db.path().c_str(), &file) != 0) {
      return "sqlite:" + m_db.path();
    }
    return "sqlite:" + std::to_string(file.st_dev) + ":" + std::to_string(file.st_ino);
  }

  std::vector<std::string> tables() override
  {
    Statement list(m_db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' "
                         "ESCAPE '\\' AND name <> 'schema_migrations' ORDER BY name");
    std::vector<std::string> names;
    while (list.step()) {
      names.emplace_back(list.column_text(0));
    }
    return names;
  }

  std::vector<std::string> columns(const std::string& table) override
  {
    std::vector<std::string> names;
    if (rowid_table(table)) {
      names.emplace_back("id");
    }
    Statement info(m_db, "SELECT name FROM pragma_table_info(?) ORDER BY cid");
    info.bind(1, std::string_view(table));
    while (info.step()) {
      names.emplace_back(info.column_text(0));
    }
    return names;
  }

  void begin_reading() override
  {
    m_transaction.emplace(m_db, TransactionMode::read);
    // A deferred transaction takes its snapshot at its first read.
    m_db.query_text("SELECT MAX(version) FROM schema_migrations");
  }

  void read_rows(const std::string& table, const std::vector<std::string>& columns,
                 const std::vector<std::string>& order_by, const std::function<void(CopyRow)>& take) override
  {
    std::string sql = "SELECT ";
    for (std::size_t i = 0; i < columns.size(); ++i) {
      sql += (i == 0 ? "" : ", ") + column_sql(table, columns[i]);
    }
    sql += " FROM " + quoted(table);
    for (std::size_t i = 0; i < order_by.size(); ++i) {
      sql += (i == 0 ? " ORDER BY " : ", ") + column_sql(table, order_by[i]) + " NULLS FIRST";
    }
    Statement select(m_db, sql);
    std::vector<CopyValue> row(columns.size());
    while (select.step()) {
      for (std::size_t i = 0; i < row.size(); ++i) {
        const int column = static_cast<int>(i);
        CopyValue& value = row[i];
        switch (select.column_storage(column)) {
          case Statement::StorageClass::null:
            value = CopyValue{};
            break;
          case Statement::StorageClass::integer:
            value = CopyValue::of(select.column_int64(column));
            break;
          case Statement::StorageClass::real:
            value = CopyValue::of(select.column_double(column));
            break;
          case Statement::StorageClass::text:
            value = CopyValue::of(select.column_text(column));
            break;
          case Statement::StorageClass::blob:
            throw StoreError(m_db.path() + ": " + table + "." + columns[i] +
                             " holds a BLOB, which infertrack never stores: the database was changed outside it");
        }
      }
      take(row);
    }
  }

  std::int64_t last_id(const std::string& table) override
  {
    std::int64_t last = 0;
    if (m_db.query_text("SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'")) {
      Statement sequence(m_db, "SELECT seq FROM sqlite_sequence WHERE name = ?");
      sequence.bind(1, std::string_view(table));
      if (sequence.step() && !sequence.is_null(0)) {
        last = sequence.column_int64(0);
      }
    }
    Statement highest(m_db, "SELECT MAX(rowid) FROM " + quoted(table));
    if (highest.step() && !highest.is_null(0)) {
      last = std::max(last, highest.column_int64(0));
    }
    return last;
  }

  void begin_writing() override
  {
    if (m_db.read_only()) {
      throw StoreReadOnly(m_db.path() + ": cannot write the database (the file is read-only)");
    }
    m_db.execute("PRAGMA cache_size = -" + std::to_string(k_copy_cache_size_kib));
    m_transaction.emplace(m_db, TransactionMode::write);
    m_db.execute("PRAGMA defer_foreign_keys = ON");
  }

  bool has_rows(const std::string& table) override
  {
    return m_db.query_text("SELECT 1 FROM " + quoted(table) + " LIMIT 1").has_value();
  }

  void delete_rows(const std::string& table) override { m_db.execute("DELETE FROM " + quoted(table)); }

  std::unique_ptr<CopyRowWriter> writer(const std::string& table, const std::vector<std::string>& columns) override
  {
    return std::make_unique<SqliteRowWriter>(m_db, table, columns);
  }

  void set_last_id(const std::string& table, std::int64_t last) override
  {
    // Only an AUTOINCREMENT table keeps a count of the ids it gave; a rowid table gives the highest rowid's next.
    if (!m_db.query_text("SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'")) {
      return;
    }
    Statement autoincrement(m_db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ? "
                                  "AND sql LIKE '%AUTOINCREMENT%'");
    autoincrement.bind(1, std::string_view(table));
    if (!autoincrement.step()) {
      return;
    }
    Statement update(m_db, "UPDATE sqlite_sequence SET seq = ? WHERE name = ?");
    update.bind(1, last);
    update.bind(2, std::string_view(table));
    update.step();
    if (m_db.changes() == 0 && last > 0) {
      Statement insert(m_db, "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)");
      insert.bind(1, std::string_view(table));
      insert.bind(2, last);
      insert.step();
    }
  }

  void commit() override
  {
    m_transaction->commit();
    m_transaction.reset();
  }

private:
  Connection m_db;
  std::optional<Transaction> m_transaction;
};

}  // namespace

std::unique_ptr<CopyEndpoint>
open_copy_endpoint(const std::string& path)
{
  return std::make_unique<SqliteCopyEndpoint>(path);
}

std::unique_ptr<CopyEndpoint>
migrated_copy_endpoint_in_memory()
{
  auto endpoint = std::make_unique<SqliteCopyEndpoint>(":memory:");
  migrate(endpoint->connection());
  return endpoint;
}

}  // namespace infertrack::store::sqlite

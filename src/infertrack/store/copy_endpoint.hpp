#pragma once

// One side of `infertrack copy` (database_copy.hpp): the tables of one database read and written as rows of plain
// values, the same for either engine. Each engine implements it over its own connection (sqlite/copy_endpoint.hpp,
// postgres/copy_endpoint.hpp); database_copy.cpp moves the rows and checks them.

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store {

// One value of a row as its database holds it: an integer, a double or text exactly, NULL told apart from "".
struct CopyValue
{
  enum class Kind
  {
    null,
    integer,
    real,
    text,
  };
  Kind kind = Kind::null;
  std::int64_t integer = 0;
  double real = 0;
  std::string_view text; // valid while the row is handed over

  static CopyValue of(std::int64_t value) { return {Kind::integer, value, 0, {}}; }
  static CopyValue of(double value) { return {Kind::real, 0, value, {}}; }
  static CopyValue of(std::string_view value) { return {Kind::text, 0, 0, value}; }
};

using CopyRow = std::span<const CopyValue>;

// Takes the rows of one table, in one transaction with the endpoint's other writes.
class CopyRowWriter
{
public:
  virtual ~CopyRowWriter() = default;
  // One row, a value per column the writer was made for.
  virtual void add(CopyRow row) = 0;
  // Sends what is still buffered; the writer takes no more rows.
  virtual void finish() = 0;
};

class CopyEndpoint
{
public:
  virtual ~CopyEndpoint() = default;

  // The database as messages name it: the SQLite file's path, or the URL with its password hidden.
  virtual const std::string& name() const = 0;
  virtual int schema_version() = 0;
  // What tells this database from every other: the same text for two endpoints on one database.
  virtual std::string identity() = 0;
  // Every table but schema_migrations (each database's own history), sorted by name.
  virtual std::vector<std::string> tables() = 0;
  // The columns of `table` in the catalog's order. An SQLite table listed in k_rowid_tables gives its rowid first,
  // as `id`, the name of PostgreSQL's identity column there.
  virtual std::vector<std::string> columns(const std::string& table) = 0;

  // A snapshot that every later read sees, until the endpoint is dropped.
  virtual void begin_reading() = 0;
  // Hands `take` each row of `table`, the `columns` in that order, ordered by `order_by` (columns, NULL first).
  virtual void read_rows(const std::string& table, const std::vector<std::string>& columns,
                         const std::vector<std::string>& order_by, const std::function<void(CopyRow)>& take) = 0;
  // The last id the id column of `table` (users, comments, ...) gave, rows since removed included; 0 when none.
  virtual std::int64_t last_id(const std::string& table) = 0;

  // One write transaction, which takes every other writer's turn until commit(): without commit(), dropping the
  // endpoint rolls back everything written. Reads after it see the writes.
  virtual void begin_writing() = 0;
  virtual bool has_rows(const std::string& table) = 0;
  virtual void delete_rows(const std::string& table) = 0;
  virtual std::unique_ptr<CopyRowWriter> writer(const std::string& table, const std::vector<std::string>& columns) = 0;
  // Makes the id column of `table` give ids after `last` from now on.
  virtual void set_last_id(const std::string& table, std::int64_t last) = 0;
  // Tells whoever follows the database that the benchmark data changed (PostgreSQL's servers listen for it).
  virtual void announce_data_version() {}
  virtual void commit() = 0;
};

// The SQLite tables whose rowid is what PostgreSQL calls `id` (an identity column): rate_limit_events' rows are
// numbered by both.
inline constexpr std::string_view k_rowid_tables[] = {"rate_limit_events"};

}  // namespace infertrack::store

#pragma once

// A fresh store, on the engine of the test binary (support/test_database.hpp), and helpers for the CommunityStore tests
// (header-only, as store_test_support.hpp).

#include "store/store_test_support.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace infertrack::store::testing {

// Unix seconds the tests count from: 2026-11-02T00:00:00Z.
inline constexpr std::int64_t k_t0 = 1'793'577'600;

// The names of every table, index and trigger of the SQLite file at `path`, as "type name".
inline std::vector<std::string>
sqlite_schema_objects(const std::filesystem::path& path)
{
  sqlite::Connection db(path.string());
  sqlite::Statement list(db, "SELECT type || ' ' || name FROM sqlite_master ORDER BY type, name");
  std::vector<std::string> names;
  while (list.step()) {
    names.emplace_back(list.column_text(0));
  }
  return names;
}

// The same for the PostgreSQL database at `url`: its tables and indexes (primary keys' included).
inline std::vector<std::string>
postgres_schema_objects(const std::string& url)
{
  postgres::Connection db(url);
  return db.query_column("SELECT CASE c.relkind WHEN 'r' THEN 'table ' ELSE 'index ' END || c.relname "
                         "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                         "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i') ORDER BY 1");
}

// Every row of every table of the PostgreSQL database at `url`, as text, in a stable order (dump_database's
// counterpart: a whole database compared before and after an operation without going through the Store).
inline std::string
dump_postgres_database(const std::string& url)
{
  postgres::Connection db(url);
  std::string dump;
  for (const std::string& table : db.query_column("SELECT tablename FROM pg_tables WHERE schemaname = "
                                                  "current_schema() ORDER BY tablename")) {
    dump += "== " + table + "\n";
    // The name comes from the catalog; row_to_json keeps NULL and '' apart. Sequences are left out: PostgreSQL
    // draws ids outside transactions, so a refused insert leaves a gap in the ids, not a row.
    const std::string rows = "SELECT row_to_json(t)::text FROM \"" + table + "\" t ORDER BY 1";
    for (const std::string& row : db.query_column(rows)) {
      dump += row + "\n";
    }
  }
  return dump;
}

class CommunityTest : public ::testing::Test
{
protected:
  // The SQLite file, for the tests that look into it (SQLite's binary only).
  std::filesystem::path db_path() const { return m_database.locator(); }
  CommunityStore& community() { return m_store->community(); }
  // Another store on the same database, as another server instance opens it.
  std::unique_ptr<Store> open_other() const { return m_database.open(); }

  // Every row of the test's database, on either engine.
  std::string dump() const
  {
    if constexpr (test_engine::k_postgres_engine) {
      return dump_postgres_database(m_database.locator());
    } else {
      return dump_database(db_path());
    }
  }

  // The test database's tables and indexes, on either engine.
  std::vector<std::string> schema_objects() const
  {
    if constexpr (test_engine::k_postgres_engine) {
      return postgres_schema_objects(m_database.locator());
    } else {
      return sqlite_schema_objects(db_path());
    }
  }

  // A live account "<name>" with email "<name>@example.com", created at k_t0; fails the test if refused.
  UserId add_user(const std::string& name, bool admin = false)
  {
    const auto id =
      community().add_user(NewUser{name, name + "@example.com", "hash-of-" + name, admin, k_t0});
    EXPECT_TRUE(id) << (id ? "" : id.error().to_string());
    return id ? *id : 0;
  }

  // A comment by `author` on `subject`, posted at k_t0 + `seconds`; fails the test if refused.
  CommentId add_comment(UserId author, const std::string& subject, std::optional<CommentId> parent,
                        const std::string& body, std::int64_t seconds = 0)
  {
    const auto id = community().add_comment(NewComment{subject, parent, author, body, k_t0 + seconds});
    EXPECT_TRUE(id) << (id ? "" : id.error().to_string());
    return id ? *id : 0;
  }

  TempDir m_dir; // for files of a test's own
  test_engine::TestDatabase m_database;
  std::unique_ptr<Store> m_store = m_database.open();
};

}  // namespace infertrack::store::testing

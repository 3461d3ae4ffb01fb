#include "infertrack/store/sqlite/migrations.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"

#include "store/store_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

namespace infertrack::store::sqlite {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using testing::dump_database;
using testing::execute_raw;

class MigrationsTest : public ::testing::Test
{
protected:
  std::filesystem::path db_path() const { return m_dir.file("store.db"); }

  // The StoreError message of opening the database, or "" when it opens.
  std::string open_error() const
  {
    try {
      open_store(db_path());
    } catch (const StoreError& error) {
      return error.what();
    }
    return "";
  }

  testing::TempDir m_dir;
};

TEST_F(MigrationsTest, migrations_are_numbered_one_by_one)
{
  int expected = 1;
  for (const Migration& step : migrations()) {
    EXPECT_EQ(step.version, expected++);
  }
  EXPECT_EQ(latest_schema_version(), expected - 1);
}

TEST_F(MigrationsTest, open_store_gives_a_fresh_file_the_latest_version)
{
  EXPECT_EQ(open_store(db_path())->schema_version(), latest_schema_version());
  Connection db(db_path().string());
  EXPECT_EQ(db.query_text("SELECT COUNT(*) FROM schema_migrations"), std::to_string(latest_schema_version()));
  EXPECT_EQ(db.query_text("PRAGMA journal_mode"), "wal");
}

TEST_F(MigrationsTest, open_store_does_not_apply_a_step_twice)
{
  open_store(db_path());
  const std::string before = dump_database(db_path()); // holds each step's applied_at
  auto reopened = open_store(db_path());
  EXPECT_EQ(reopened->schema_version(), latest_schema_version());
  EXPECT_EQ(dump_database(db_path()), before);
}

TEST_F(MigrationsTest, migrate_is_idempotent_on_one_connection)
{
  Connection db(db_path().string());
  EXPECT_EQ(applied_schema_version(db), 0);
  EXPECT_EQ(migrate(db), latest_schema_version());
  const std::string before = dump_database(db_path());
  EXPECT_EQ(migrate(db), latest_schema_version());
  EXPECT_EQ(dump_database(db_path()), before);
}

TEST_F(MigrationsTest, open_store_does_not_wait_for_another_processs_write)
{
  open_store(db_path());
  testing::RawConnection writer(db_path());
  writer.execute("BEGIN IMMEDIATE");
  writer.execute("INSERT INTO datasets (source, ingested_at) VALUES ('elsewhere', 'now')");
  // The writer holds the write lock; opening and reading go ahead on the last committed state.
  auto store = open_store(db_path());
  EXPECT_EQ(store->schema_version(), latest_schema_version());
  EXPECT_EQ(store->point_count(), 0);
  writer.execute("ROLLBACK");
}

TEST_F(MigrationsTest, open_store_refuses_a_schema_newer_than_this_build)
{
  open_store(db_path());
  const int newer = latest_schema_version() + 1;
  execute_raw(db_path(), "INSERT INTO schema_migrations (version, applied_at) VALUES (" +
                           std::to_string(newer) + ", '2030-01-01T00:00:00Z')");
  const std::string before = dump_database(db_path());
  EXPECT_EQ(open_error(), db_path().string() + ": schema version " + std::to_string(newer) +
                            " is newer than this build of infertrack supports (" +
                            std::to_string(latest_schema_version()) + "); use a newer infertrack");
  EXPECT_EQ(dump_database(db_path()), before);
}

TEST_F(MigrationsTest, a_version_two_database_ends_with_the_schema_of_a_fresh_one)
{
  const auto schema = [](const std::filesystem::path& path) {
    Connection db(path.string());
    Statement list(db, "SELECT type, name, sql FROM sqlite_master WHERE name != 'schema_migrations' "
                       "ORDER BY type, name");
    std::string text;
    while (list.step()) {
      text += std::string(list.column_text(0)) + "|" + std::string(list.column_text(1)) + "|" +
              std::string(list.column_text(2)) + "\n";
    }
    return text;
  };
  {
    Connection db(db_path().string());
    db.execute("CREATE TABLE schema_migrations (version INTEGER NOT NULL PRIMARY KEY, "
               "applied_at TEXT NOT NULL)");
    for (const Migration& step : migrations()) {
      if (step.version <= 2) {
        db.execute(step.sql);
        db.execute("INSERT INTO schema_migrations VALUES (" + std::to_string(step.version) +
                   ", '2026-11-01T00:00:00Z')");
      }
    }
    ASSERT_TRUE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_hardware'"));
  }
  EXPECT_EQ(open_store(db_path())->schema_version(), latest_schema_version());
  const auto fresh = m_dir.file("fresh.db");
  open_store(fresh);
  EXPECT_EQ(schema(db_path()), schema(fresh));
  Connection db(db_path().string());
  EXPECT_FALSE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_hardware'"));
  EXPECT_TRUE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_configuration'"));
  EXPECT_TRUE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_date'"));
}

TEST_F(MigrationsTest, open_store_refuses_a_file_that_is_not_a_database)
{
  {
    std::ofstream garbage(db_path(), std::ios::binary);
    for (int i = 0; i < 8192; ++i) {
      garbage.put(static_cast<char>((i * 7919) % 251));
    }
  }
  const auto size = std::filesystem::file_size(db_path());
  EXPECT_EQ(open_error(), db_path().string() + ": not an SQLite database (file is not a database)");
  EXPECT_EQ(std::filesystem::file_size(db_path()), size); // left untouched
}

TEST_F(MigrationsTest, open_store_refuses_a_short_text_file)
{
  std::ofstream(db_path()) << "model,hardware\nDeepSeek-V4-Pro,gb200\n";
  EXPECT_THAT(open_error(), AllOf(HasSubstr(db_path().string()), HasSubstr("not an SQLite database")));
}

TEST_F(MigrationsTest, open_store_refuses_a_database_of_another_application)
{
  execute_raw(db_path(), "CREATE TABLE contacts (name TEXT)");
  EXPECT_THAT(open_error(), AllOf(HasSubstr(db_path().string()),
                                  HasSubstr("another application"),
                                  HasSubstr("no schema_migrations table")));
}

TEST_F(MigrationsTest, open_store_reports_a_path_it_cannot_open)
{
  const auto missing_dir = m_dir.file("no-such-dir") / "store.db";
  try {
    open_store(missing_dir);
    FAIL() << "expected a StoreError";
  } catch (const StoreError& error) {
    EXPECT_THAT(error.what(), AllOf(HasSubstr(missing_dir.string()), HasSubstr("cannot open")));
  }
}

}  // namespace
}  // namespace infertrack::store::sqlite

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
    testing::migrate_up_to(db, 2);
    ASSERT_TRUE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_hardware'"));
  }
  EXPECT_EQ(open_store(db_path())->schema_version(), latest_schema_version());
  const auto fresh = m_dir.file("fresh.db");
  open_store(fresh);
  EXPECT_EQ(schema(db_path()), schema(fresh));
  Connection db(db_path().string());
  EXPECT_FALSE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_hardware'"));
  EXPECT_FALSE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_configuration'"));
  EXPECT_TRUE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_configuration_id'"));
  EXPECT_FALSE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_date'"));
}

TEST_F(MigrationsTest, a_version_four_database_gains_configuration_ids_in_listing_order)
{
  // Four configurations, stored in an order that is not the listing order, with notes on the first point.
  const auto point = [](const std::string& id, const std::string& hardware, const std::string& date) {
    domain::BenchmarkPoint p = testing::bare_point(id);
    p.hardware = hardware;
    p.date = date;
    return p;
  };
  domain::Dataset dataset;
  dataset.source = "v4";
  dataset.points = {testing::full_point("f1"), point("m1", "mi355x", "2026-05-01"),
                    point("b1", "b200", "2026-05-01"), point("b2", "b200", "2026-05-02"),
                    point("h1", "h200", "2026-04-01")};
  dataset.points[2].disaggregated = true; // a configuration of its own, listed after b2's
  {
    Connection db(db_path().string());
    testing::migrate_up_to(db, 4);
    testing::ingest_into_older_schema(db, m_dir.file("scratch.db"), dataset);
    ASSERT_FALSE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'configurations'"));
  }
  auto upgraded = open_store(db_path());
  EXPECT_EQ(upgraded->schema_version(), latest_schema_version());
  auto fresh = open_store(m_dir.file("fresh.db"));
  ASSERT_TRUE(fresh->ingest(dataset));

  Connection db(db_path().string());
  const auto rows = [&db](const std::string& sql) {
    Statement statement(db, sql);
    std::vector<std::string> text;
    while (statement.step()) {
      text.emplace_back(statement.column_text(0));
    }
    return text;
  };
  // Ids 1..5 follow the listing order of the configurations, whatever order their points came in.
  EXPECT_THAT(rows("SELECT id || ' ' || model || ' ' || hardware || ' ' || disaggregated FROM configurations"
                   " ORDER BY id"),
              ::testing::ElementsAre("1 DeepSeek-V4-Pro gb200 1", "2 DeepSeek-V4.1-Flash b200 0",
                                     "3 DeepSeek-V4.1-Flash b200 1", "4 DeepSeek-V4.1-Flash h200 0",
                                     "5 DeepSeek-V4.1-Flash mi355x 0"));
  // Every point carries the id of its own configuration.
  EXPECT_THAT(rows("SELECT p.result_id FROM points p JOIN configurations c ON c.id = p.configuration_id"
                   " AND c.model = p.model AND c.hardware = p.hardware AND c.framework = p.framework"
                   " AND c.precision = p.precision AND c.spec_method = p.spec_method"
                   " AND c.disaggregated = p.disaggregated AND c.workload = p.workload ORDER BY p.rowid"),
              ::testing::ElementsAre("f1", "m1", "b1", "b2", "h1"));
  EXPECT_THAT(rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'points' AND sql IS NOT NULL"
                   " ORDER BY name"),
              ::testing::ElementsAre("points_by_configuration_id"));
  // It answers as a file that was fresh when the same data went in.
  EXPECT_EQ(upgraded->points({}), fresh->points({}));
  EXPECT_EQ(upgraded->latest_points({}), fresh->latest_points({}));
  EXPECT_EQ(upgraded->points_page({}, "b1", 2), fresh->points_page({}, "b1", 2));
  PointFilter b200;
  b200.hardware = "b200";
  EXPECT_EQ(upgraded->points(b200), fresh->points(b200));

  // A later ingest reuses the stored ids and numbers a new configuration after them.
  domain::Dataset later;
  later.source = "later";
  later.points = {point("b3", "b200", "2026-05-03"), point("a1", "a100", "2026-05-03")};
  ASSERT_TRUE(upgraded->ingest(later));
  EXPECT_THAT(rows("SELECT configuration_id || ' ' || result_id FROM points WHERE source = 'later' ORDER BY rowid"),
              ::testing::ElementsAre("2 b3", "6 a1"));
  EXPECT_EQ(upgraded->points({}).at(1).result_id, "a1"); // listed by its columns, not by its id
}

TEST_F(MigrationsTest, a_version_eleven_database_keeps_each_display_name_for_its_first_live_account)
{
  {
    Connection db(db_path().string());
    testing::migrate_up_to(db, 11);
    db.execute("INSERT INTO users (id, display_name, email, password_hash, admin, deleted, created_at) VALUES "
               "(1, 'Ada', 'a1@example.com', 'h', 0, 0, 1), (2, 'ada', 'a2@example.com', 'h', 0, 0, 2), "
               "(3, '', '', '', 0, 1, 3), (4, '', '', '', 0, 1, 4), (5, 'ADA', 'a5@example.com', 'h', 0, 0, 5), "
               "(6, 'Bob', 'b6@example.com', 'h', 0, 0, 6)");
  }
  auto upgraded = open_store(db_path());
  EXPECT_EQ(upgraded->schema_version(), latest_schema_version());
  std::vector<std::string> names;
  for (const UserRecord& user : upgraded->community().users()) {
    names.push_back(user.display_name);
  }
  // Deleted accounts (blank names) are left as they are.
  EXPECT_THAT(names, ::testing::ElementsAre("Ada", "ada (2)", "", "", "ADA (5)", "Bob"));
  const auto refused = upgraded->community().add_user(NewUser{"BOB", "b7@example.com", "h", false, 7});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().field, "display_name");
}

TEST_F(MigrationsTest, a_version_six_database_keeps_its_notes_in_order_in_the_points_rows)
{
  domain::Dataset dataset;
  dataset.source = "v6";
  dataset.points = {testing::full_point("f1"), testing::full_point("f2", 1), testing::bare_point("b1")};
  dataset.points[1].notes = {{"notes", "quotes \" and a back\\slash,\na line break, a tab\t and \u00e9t\u00e9"},
                             {"gpu_count", "a second note"}};
  {
    Connection db(db_path().string());
    testing::migrate_up_to(db, 6);
    testing::ingest_into_older_schema(db, m_dir.file("scratch.db"), dataset);
    ASSERT_EQ(db.query_text("SELECT COUNT(*) FROM point_notes"), "5");
  }
  auto upgraded = open_store(db_path());
  EXPECT_EQ(upgraded->schema_version(), latest_schema_version());
  Connection db(db_path().string());
  EXPECT_FALSE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'point_notes'"));
  EXPECT_FALSE(db.query_text("SELECT notes FROM points WHERE result_id = 'b1'"));
  // Every note where it was, in its order, and read back as the fresh store reads what it stored.
  auto fresh = open_store(m_dir.file("fresh.db"));
  ASSERT_TRUE(fresh->ingest(dataset));
  EXPECT_EQ(upgraded->points({}), fresh->points({}));
  EXPECT_EQ(upgraded->point("f2")->notes, dataset.points[1].notes);
  EXPECT_EQ(upgraded->point("f1")->notes, dataset.points[0].notes);
  // The same point again is unchanged; other notes conflict, naming them.
  EXPECT_EQ(upgraded->ingest(dataset)->points_unchanged, 3);
  dataset.points[1].notes[1].text = "another second note";
  const auto refused = upgraded->ingest(dataset);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().field, "notes[1].text");
}

TEST_F(MigrationsTest, a_version_seven_database_keeps_each_dataset_caveat_once)
{
  {
    Connection db(db_path().string());
    testing::migrate_up_to(db, 7);
    db.execute("INSERT INTO dataset_notes (seq, source, text, ingested_at) VALUES"
                    " (1, 'bundled:snap.json', 'first caveat', 't'), (2, 'bundled:snap.json', 'second caveat', 't'),"
                    " (3, 'data/snap.json', 'first caveat', 't'), (4, 'data/snap.json', 'second caveat', 't'),"
                    " (5, 'other.json', 'its own caveat', 't')");
  }
  auto upgraded = open_store(db_path());
  const std::vector<DatasetNote> notes = upgraded->dataset_notes();
  ASSERT_EQ(notes.size(), 3u);
  EXPECT_EQ(notes[0].source, "bundled:snap.json");
  EXPECT_EQ(notes[0].text, "first caveat");
  EXPECT_EQ(notes[1].text, "second caveat");
  EXPECT_EQ(notes[2].text, "its own caveat");
  // Brought again from yet another path, a caveat stays as it is.
  domain::Dataset again;
  again.source = "copy/snap.json";
  again.notes = {"first caveat", "a new caveat"};
  ASSERT_EQ(upgraded->ingest(again)->other_records_added, 1);
  ASSERT_EQ(upgraded->dataset_notes().size(), 4u);
  EXPECT_EQ(upgraded->dataset_notes()[3].source, "copy/snap.json");
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

// The journal of an ingest (journal_mode.hpp) against real SQLite files: a rollback journal and the file to
// itself when no other connection has it open, the WAL and readers that go on when one has, and the WAL again
// afterwards, after a commit, a rollback or a process that died mid-ingest.
#include "infertrack/store/sqlite/journal_mode.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"

#include "store/store_test_support.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace infertrack::store::sqlite {
namespace {

using domain::BenchmarkPoint;
using testing::dump_database;
using testing::full_point;
using testing::points_only;
using testing::schema_of;

// `count` points from id `first`.
std::vector<BenchmarkPoint>
numbered_points(int first, int count)
{
  std::vector<BenchmarkPoint> points;
  points.reserve(static_cast<std::size_t>(count));
  for (int i = first; i < first + count; ++i) {
    points.push_back(full_point(std::to_string(i), i % 500));
  }
  return points;
}

// The first column of the first row `sql` gives, as text, or nullopt when it fails (a lock kept `db` out).
std::optional<std::string>
query_one(sqlite3* db, const char* sql)
{
  sqlite3_stmt* statement = nullptr;
  std::optional<std::string> value;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW) {
    value = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
  }
  sqlite3_finalize(statement);
  return value;
}

// A connection of another process that gives up at once on a lock (no busy timeout).
class ImpatientReader
{
public:
  explicit ImpatientReader(const std::filesystem::path& path) : m_database(path)
  {
    sqlite3_busy_timeout(m_database.db, 0);
  }

  // The stored points, or nullopt when a lock kept the reader out.
  std::optional<std::int64_t> point_count()
  {
    const auto count = query_one(m_database.db, "SELECT COUNT(*) FROM points");
    return count ? std::optional<std::int64_t>(std::stoll(*count)) : std::nullopt;
  }

private:
  testing::detail::RawDatabase m_database;
};

// The journal mode the file itself is in, as a connection that opens it now finds it.
std::string
journal_mode_of(const std::filesystem::path& path)
{
  const testing::detail::RawDatabase raw(path);
  // Reading a table first makes SQLite read the file header, which says whether the file is in WAL mode.
  sqlite3_exec(raw.db, "SELECT COUNT(*) FROM schema_migrations", nullptr, nullptr, nullptr);
  return query_one(raw.db, "PRAGMA journal_mode").value_or("unreadable");
}

class IngestJournalTest : public ::testing::Test
{
protected:
  IngestJournalTest()
  {
    open_store(db_path())->ingest(points_only({full_point("a1"), full_point("a2")}));
  }

  std::filesystem::path db_path() const { return m_dir.file("store.db"); }
  std::filesystem::path rollback_journal() const { return m_dir.file("store.db-journal"); }

  testing::TempDir m_dir;
};

TEST_F(IngestJournalTest, an_ingest_alone_with_the_file_keeps_it_until_the_commit_and_returns_to_the_wal)
{
  ASSERT_EQ(journal_mode_of(db_path()), "wal");
  const std::unique_ptr<Store> store = open_store(db_path());
  const auto session = store->begin_ingest();
  ASSERT_TRUE(session->add(points_only(numbered_points(1000, 100))));

  ImpatientReader reader(db_path());
  EXPECT_EQ(reader.point_count(), std::nullopt) << "the ingest took the file for itself";
  EXPECT_EQ(session->commit().points_added, 100);

  EXPECT_EQ(reader.point_count(), 102);
  EXPECT_EQ(journal_mode_of(db_path()), "wal");
  EXPECT_FALSE(std::filesystem::exists(rollback_journal()));
}

TEST_F(IngestJournalTest, with_another_connection_open_the_ingest_keeps_the_wal_and_readers_go_on)
{
  ImpatientReader reader(db_path());
  ASSERT_EQ(reader.point_count(), 2); // the reader has the file open from now on
  const std::unique_ptr<Store> store = open_store(db_path());
  const auto session = store->begin_ingest();
  ASSERT_TRUE(session->add(points_only(numbered_points(1000, 100))));

  EXPECT_EQ(reader.point_count(), 2) << "the reader sees the store as it was before the ingest";
  EXPECT_EQ(session->commit().points_added, 100);
  EXPECT_EQ(reader.point_count(), 102);
  EXPECT_EQ(journal_mode_of(db_path()), "wal");
}

TEST_F(IngestJournalTest, a_store_opened_during_the_ingest_waits_for_the_commit)
{
  const std::unique_ptr<Store> store = open_store(db_path());
  auto session = store->begin_ingest();
  ASSERT_TRUE(session->add(points_only(numbered_points(1000, 100))));

  std::atomic<bool> opened = false;
  std::int64_t seen = -1;
  std::thread other([&] {
    const std::unique_ptr<Store> late = open_store(db_path());
    opened = true;
    seen = late->point_count();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_FALSE(opened) << "the store opened while the ingest had the file";
  session->commit();
  other.join();
  EXPECT_EQ(seen, 102);
  EXPECT_EQ(journal_mode_of(db_path()), "wal");
}

TEST_F(IngestJournalTest, an_opener_that_runs_out_of_patience_names_the_lock)
{
  const std::unique_ptr<Store> store = open_store(db_path());
  const auto session = store->begin_ingest();
  ASSERT_TRUE(session->add(points_only(numbered_points(1000, 100))));

  Connection late(db_path().string());
  const auto started = std::chrono::steady_clock::now();
  try {
    enter_wal(late, std::chrono::milliseconds(200));
    ADD_FAILURE() << "entered the WAL while the ingest had the file";
  } catch (const StoreError& error) {
    EXPECT_NE(std::string(error.what()).find("database is locked"), std::string::npos) << error.what();
  }
  const auto waited = std::chrono::steady_clock::now() - started;
  EXPECT_GE(waited, std::chrono::milliseconds(200));
  EXPECT_LT(waited, std::chrono::seconds(5)) << "the patience given, not SQLite's busy timeout, bounds the wait";
  session->commit();
  EXPECT_EQ(enter_wal(late, std::chrono::milliseconds(200)), "wal");
}

TEST_F(IngestJournalTest, a_rolled_back_ingest_leaves_the_file_as_before_in_the_wal)
{
  const std::string before = dump_database(db_path());
  const std::string schema = schema_of(db_path());
  {
    const std::unique_ptr<Store> store = open_store(db_path());
    const auto session = store->begin_ingest();
    ASSERT_TRUE(session->add(points_only(numbered_points(1000, 12'000)))); // the bulk path: indexes dropped
  }
  EXPECT_EQ(dump_database(db_path()), before);
  EXPECT_EQ(schema_of(db_path()), schema);
  EXPECT_EQ(journal_mode_of(db_path()), "wal");
  EXPECT_FALSE(std::filesystem::exists(rollback_journal()));
}

TEST_F(IngestJournalTest, a_file_left_in_rollback_mode_goes_back_to_the_wal_when_opened)
{
  // As after a process that died between its commit and the switch back.
  testing::execute_raw(db_path(), "PRAGMA journal_mode = DELETE");
  ASSERT_EQ(journal_mode_of(db_path()), "delete");
  EXPECT_EQ(open_store(db_path())->point_count(), 2);
  EXPECT_EQ(journal_mode_of(db_path()), "wal");
}

TEST_F(IngestJournalTest, a_process_killed_mid_ingest_leaves_the_file_as_before)
{
  const std::string before = dump_database(db_path());
  const auto size_before = std::filesystem::file_size(db_path());
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // Never back into the test runner: the child only ever ends here or by the kill.
    char done = 'n';
    try {
      // More pages than the ingest's 64 MiB cache holds, so that some are written to the file before the kill.
      const std::unique_ptr<Store> store = open_store(db_path());
      const auto session = store->begin_ingest();
      done = session->add(points_only(numbered_points(1000, 150'000))) ? 'y' : 'n';
      (void)!write(ready[1], &done, 1);
      pause();
    } catch (...) {
      (void)!write(ready[1], &done, 1);
    }
    _exit(2);
  }
  close(ready[1]);
  char done = 0;
  ASSERT_EQ(read(ready[0], &done, 1), 1);
  close(ready[0]);
  const bool file_changed = std::filesystem::exists(rollback_journal()) &&
                            std::filesystem::file_size(db_path()) > size_before;
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  ASSERT_EQ(done, 'y');
  ASSERT_TRUE(file_changed) << "the ingest had written no page to the file: the test shows nothing";

  EXPECT_EQ(open_store(db_path())->point_count(), 2); // opening rolls the journal back
  EXPECT_EQ(dump_database(db_path()), before);
  EXPECT_EQ(journal_mode_of(db_path()), "wal");
  EXPECT_FALSE(std::filesystem::exists(rollback_journal()));
}

}  // namespace
}  // namespace infertrack::store::sqlite

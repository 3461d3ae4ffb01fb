// PostgreSQL migrations on the test cluster: instances starting at once on an empty database each run every step
// once, and a database this build must not change is refused before anything is written.
#include "infertrack/store/open_store.hpp"
#include "infertrack/store/postgres/connection.hpp"
#include "infertrack/store/schema_migrations.hpp"

#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace infertrack::store {
namespace {

using ::testing::HasSubstr;

TEST(PostgresMigrations, instances_starting_at_once_on_an_empty_database_apply_each_step_once)
{
  test_engine::TestDatabase database;
  std::vector<std::thread> instances;
  std::atomic<int> opened{0};
  for (int i = 0; i < 4; ++i) {
    instances.emplace_back([&] {
      if (open_store(database.locator())->schema_version() == latest_schema_version()) {
        ++opened;
      }
    });
  }
  for (std::thread& instance : instances) {
    instance.join();
  }
  EXPECT_EQ(opened, 4);
  postgres::Connection db(database.locator());
  EXPECT_EQ(db.query_column("SELECT COUNT(*) || ' ' || COUNT(DISTINCT version) FROM schema_migrations"),
            std::vector<std::string>{std::to_string(latest_schema_version()) + " " +
                                     std::to_string(latest_schema_version())});
  EXPECT_EQ(db.query_column("SELECT COUNT(*) FROM rate_limit_rules"), std::vector<std::string>{"5"})
    << "the rules a step inserts are there once";
}

TEST(PostgresMigrations, a_database_newer_than_this_build_is_refused_and_left_alone)
{
  test_engine::TestDatabase database;
  open_store(database.locator());
  postgres::Connection db(database.locator());
  db.execute("INSERT INTO schema_migrations VALUES (" + std::to_string(latest_schema_version() + 1) + ", 'later')");
  try {
    open_store(database.locator());
    FAIL() << "a newer schema was opened";
  } catch (const StoreError& error) {
    EXPECT_THAT(error.what(), HasSubstr("is newer than this build of infertrack supports"));
    EXPECT_THAT(error.what(), HasSubstr(":***@"));
  }
}

TEST(PostgresMigrations, a_database_of_another_application_is_refused_and_left_alone)
{
  test_engine::TestDatabase database;
  postgres::Connection db(database.locator());
  db.execute("CREATE TABLE invoices (id integer)");
  EXPECT_THROW(open_store(database.locator()), StoreError);
  EXPECT_EQ(db.query_column("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"),
            std::vector<std::string>{"invoices"});
}

}  // namespace
}  // namespace infertrack::store

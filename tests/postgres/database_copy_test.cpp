// store::copy_database (`infertrack copy`) into and out of PostgreSQL, against the test cluster.
#include "infertrack/store/database_copy.hpp"

#include "infertrack/store/open_store.hpp"
#include "infertrack/store/postgres/connection.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"
#include "store/store_test_support.hpp"
#include "support/database_contents.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::store {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The password in the cluster's URL "postgresql://infertrack:PASSWORD@127.0.0.1:PORT/postgres".
std::string
password_in(const std::string& url)
{
  const std::size_t colon = url.find(':', std::string_view("postgresql://").size());
  return url.substr(colon + 1, url.find('@') - colon - 1);
}

std::map<std::string, std::string>
checksums(const CopyReport& report)
{
  std::map<std::string, std::string> sums;
  for (const CopiedTable& table : report.tables) {
    sums[table.table] = std::to_string(table.rows) + " " + table.checksum;
  }
  return sums;
}

// dump_database of the PostgreSQL database at `url` without schema_migrations, whose times are each database's own.
std::string
dump_without_history(const std::string& url)
{
  std::string dump = testing::dump_database(url);
  const std::size_t begin = dump.find("== schema_migrations\n");
  const std::size_t end = dump.find("== ", begin + 1);
  return begin == std::string::npos ? dump : dump.erase(begin, end == std::string::npos ? end : end - begin);
}

class DatabaseCopy : public ::testing::Test
{
protected:
  testing::TempDir dir;
  std::string source = dir.file("source.db").string();
  std::string back = dir.file("back.db").string();
  test_engine::TestDatabase postgres;

  // The sample dataset (every field, optionals, a third that is not exact in decimal) and a community.
  void make_source()
  {
    auto store = sqlite::open_store(source);
    ASSERT_TRUE(store->ingest(testing::sample_dataset()));
    test::add_community(*store);
  }
};

TEST_F(DatabaseCopy, sqlite_to_postgres_and_back_keeps_every_row_and_id)
{
  make_source();
  const auto there = copy_database(source, postgres.locator());
  ASSERT_TRUE(there.has_value()) << there.error().to_string();
  const auto again = copy_database(postgres.locator(), back);
  ASSERT_TRUE(again.has_value()) << again.error().to_string();

  // Every row of every table, doubles bit for bit, rate-limit event ids and AUTOINCREMENT counters included.
  EXPECT_EQ(test::sqlite_contents(back), test::sqlite_contents(source));
  // The checksums do not depend on the engine they were read from.
  EXPECT_EQ(checksums(*again), checksums(*there));
  EXPECT_EQ(checksums(*there).at("comments").substr(0, 2), "6 ");

  // PostgreSQL's store reads the copy as SQLite's reads the source.
  auto original = sqlite::open_store(source);
  auto copied = open_store(postgres.locator());
  EXPECT_EQ(copied->community().users(), original->community().users());
  for (CommentId id = 1; id <= 6; ++id) {
    EXPECT_EQ(copied->community().comment(id), original->community().comment(id)) << id;
  }
  EXPECT_EQ(copied->community().audit_log(10), original->community().audit_log(10));
  EXPECT_EQ(copied->community().rate_limit_rules(), original->community().rate_limit_rules());
  EXPECT_EQ(copied->points({}), original->points({}));
  EXPECT_EQ(copied->findings(std::nullopt), original->findings(std::nullopt));
  EXPECT_EQ(copied->data_version(), original->data_version());

  // The identity sequences go on after the copied ids.
  const auto user = copied->community().add_user({"Dana", "dana@example.com", "hash", false, 1});
  ASSERT_TRUE(user.has_value()) << user.error().message;
  EXPECT_EQ(*user, 4);
  const auto comment = copied->community().add_comment({"page", 1, *user, "after the copy", 2});
  ASSERT_TRUE(comment.has_value()) << comment.error().message;
  EXPECT_EQ(*comment, 7);
  copied->community().add_audit({0, 3, std::nullopt, "command line", "add_admin", "user:4", ""});
  EXPECT_EQ(copied->community().audit_log(1).front().id, 3);
  // Event 2 was taken and removed in the source: ids are not reused there, nor here.
  const auto event = copied->community().take_event("comment_per_user", "5", 0, 4, 10);
  EXPECT_EQ(event.event, 4);
}

TEST_F(DatabaseCopy, postgres_to_postgres)
{
  make_source();
  ASSERT_TRUE(copy_database(source, postgres.locator()).has_value());
  test_engine::TestDatabase other;
  const auto copied = copy_database(postgres.locator(), other.locator());
  ASSERT_TRUE(copied.has_value()) << copied.error().to_string();
  EXPECT_EQ(dump_without_history(other.locator()), dump_without_history(postgres.locator()));
  // Sequences included: the next ids are the same on both.
  for (const std::string& url : {postgres.locator(), other.locator()}) {
    postgres::Connection db(url);
    EXPECT_EQ(db.query_column("SELECT last_value FROM comments_id_seq"), std::vector<std::string>{"6"});
    EXPECT_EQ(db.query_column("SELECT last_value FROM rate_limit_events_id_seq"), std::vector<std::string>{"3"});
  }
}

TEST_F(DatabaseCopy, refuses_a_postgres_target_that_holds_data_and_leaves_it_as_it_was)
{
  make_source();
  ASSERT_TRUE(open_store(postgres.locator())->community().add_user({"U", "u@example.com", "hash", false, 1}));
  const std::string before = testing::dump_database(postgres.locator());
  const auto refused = copy_database(source, postgres.locator());
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().field, "to");
  EXPECT_THAT(refused.error().message, HasSubstr("is not empty (table users has rows)"));
  EXPECT_THAT(refused.error().message, Not(HasSubstr(password_in(postgres.locator()))));
  EXPECT_THAT(refused.error().message, HasSubstr(":***@"));
  EXPECT_EQ(testing::dump_database(postgres.locator()), before);

  const auto itself = copy_database(postgres.locator(), postgres.locator());
  ASSERT_FALSE(itself.has_value());
  EXPECT_THAT(itself.error().message, HasSubstr("is the source database itself"));
}

TEST_F(DatabaseCopy, a_copy_that_fails_midway_leaves_the_postgres_target_empty)
{
  make_source();
  // A text with a NUL, which SQLite stores and PostgreSQL cannot: the copy stops at that table and rolls back.
  testing::execute_raw(source, "UPDATE audit_log SET detail = 'a' || char(0) || 'b' WHERE id = 1");
  open_store(postgres.locator()).reset();
  const std::string before = testing::dump_database(postgres.locator());
  EXPECT_THROW(copy_database(source, postgres.locator()), StoreError);
  EXPECT_EQ(testing::dump_database(postgres.locator()), before);
  EXPECT_TRUE(open_store(postgres.locator())->community().users().empty());
}

TEST_F(DatabaseCopy, messages_never_hold_the_password)
{
  make_source();
  const std::string password = password_in(postgres.locator());
  std::string wrong = postgres.locator();
  wrong.replace(wrong.find(password), password.size(), "Wr0ng-pa55word");
  for (const bool into : {true, false}) {
    try {
      (void)(into ? copy_database(source, wrong) : copy_database(wrong, back));
      ADD_FAILURE() << "a wrong password was accepted";
    } catch (const StoreError& error) {
      const std::string message = error.what();
      EXPECT_THAT(message, HasSubstr(into ? "the target: " : "the source: "));
      EXPECT_THAT(message, HasSubstr("password authentication failed"));
      EXPECT_THAT(message, Not(HasSubstr("Wr0ng-pa55word")));
      EXPECT_THAT(message, Not(HasSubstr(password)));
    }
  }
  const auto copied = copy_database(source, postgres.locator());
  ASSERT_TRUE(copied.has_value());
  EXPECT_THAT(copied->to, Not(HasSubstr(password)));
  EXPECT_THAT(copied->to, HasSubstr(":***@"));
}

}  // namespace
}  // namespace infertrack::store

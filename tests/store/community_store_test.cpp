#include "infertrack/store/sqlite/migrations.hpp"

#include "store/community_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

namespace infertrack::store::testing {
namespace {

using ::testing::ElementsAre;

using CommunityStoreTest = CommunityTest;

// Text that SQL would read as code, quotes and escapes, and (SQLite only: PostgreSQL text cannot hold it, see
// text_with_a_nul_is_refused_and_nothing_of_it_is_stored) a NUL.
std::vector<std::string>
hostile_texts()
{
  std::vector<std::string> hostile = {"'); DROP TABLE users;--", "\" OR 1=1 --", "Robert'); DELETE FROM comments; --",
                                      "a'b\"c`d\\e;%_*", "🙂 ünïcödé"};
  if constexpr (!test_engine::k_postgres_engine) {
    hostile.insert(hostile.end() - 1, std::string("nul\0inside", 10));
  }
  return hostile;
}

TEST_F(CommunityStoreTest, text_that_looks_like_sql_is_stored_verbatim)
{
  const std::vector<std::string> hostile = hostile_texts();
  const auto schema_before = schema_objects();
  for (std::size_t i = 0; i < hostile.size(); ++i) {
    const std::string& text = hostile[i];
    const std::string email = text + std::to_string(i); // distinct, as emails must be
    const auto user = community().add_user(NewUser{text, email, text, false, k_t0});
    ASSERT_TRUE(user) << i;
    EXPECT_EQ(community().user(*user), (UserRecord{*user, text, email, text, false, false, k_t0})) << i;
    EXPECT_EQ(community().user_by_email(email)->id, *user) << i;

    const auto root = community().add_comment(NewComment{text, std::nullopt, *user, text, k_t0});
    ASSERT_TRUE(root) << i;
    const auto reply = community().add_comment(NewComment{text, *root, *user, text + text, k_t0});
    ASSERT_TRUE(reply) << i;
    const auto threads = community().comment_threads(text, 0, 10, 100);
    ASSERT_EQ(threads.comments.size(), 2u) << i;
    EXPECT_EQ(threads.comments[0].subject, text) << i;
    EXPECT_EQ(threads.comments[0].body, text) << i;
    EXPECT_EQ(threads.comments[0].author_name, text) << i;
    EXPECT_EQ(threads.comments[1].body, text + text) << i;
    EXPECT_EQ(community().comment_count(std::string_view(text)), 2) << i;

    community().add_session(SessionRecord{text, *user, k_t0, k_t0});
    EXPECT_EQ(community().session(text)->user_id, *user) << i;
    community().add_event(text, text, k_t0);
    EXPECT_EQ(community().events_since(text, text, k_t0).count, 1) << i;
    community().add_audit(AuditEntry{0, k_t0, *user, text, text, text, text});
    EXPECT_EQ(community().audit_log(1).front().detail, text) << i;
  }
  // "' OR 1=1" matched nothing it should not have.
  EXPECT_FALSE(community().user_by_email("\" OR 1=1 --"));
  EXPECT_EQ(community().users().size(), hostile.size());
  EXPECT_EQ(community().comment_count(std::nullopt), static_cast<std::int64_t>(2 * hostile.size()));
  EXPECT_EQ(community().rate_limit_rules().size(), 5u);
  EXPECT_FALSE(community().set_rate_limit_rule(RateLimitRule{"x' OR '1'='1", 1, 1}));
  EXPECT_EQ(schema_objects(), schema_before);
}

#ifdef INFERTRACK_TEST_ENGINE_POSTGRES
// PostgreSQL text cannot hold a NUL, and libpq would cut a parameter short at one: every write refuses it whole.
TEST_F(CommunityStoreTest, text_with_a_nul_is_refused_and_nothing_of_it_is_stored)
{
  const std::string nul("nul\0inside", 10);
  const UserId ada = add_user("ada");
  const CommentId root = add_comment(ada, "page", std::nullopt, "root");
  const std::string before = dump();
  EXPECT_THROW(community().add_user(NewUser{nul, "bo@example.com", "h", false, k_t0}), StoreError);
  EXPECT_THROW(community().add_user(NewUser{"Bo", "bo@example.com", "h", false, k_t0}, {"fresh", nul, ""}),
               StoreError) << "a sign-up whose session cannot be stored stores no account";
  EXPECT_THROW(community().add_comment(NewComment{"page", root, ada, nul, k_t0}), StoreError);
  EXPECT_THROW(community().edit_comment(root, nul, k_t0 + 1), StoreError);
  EXPECT_THROW(community().add_session(SessionRecord{nul, ada, k_t0, k_t0}), StoreError);
  EXPECT_THROW(community().trust_device(nul, ada, k_t0), StoreError);
  EXPECT_THROW(community().take_event("comment_per_user", nul, 0, k_t0, 10), StoreError);
  EXPECT_THROW(community().add_audit(AuditEntry{0, k_t0, ada, "ada", "hide_comment", "comment:1", nul}), StoreError);
  EXPECT_FALSE(community().user_by_email("bo@example.com"));
  EXPECT_EQ(dump(), before);
}
#endif

// SQLite only: a file made by an older build; PostgreSQL support started at the latest schema.
#ifndef INFERTRACK_TEST_ENGINE_POSTGRES
TEST_F(CommunityStoreTest, a_version_three_database_gains_the_community_tables_and_keeps_its_data)
{
  const auto old_path = m_dir.file("v3.db");
  {
    // What a build that knew only version 3 made of the file: its schema and an ingest into it.
    sqlite::Connection db(old_path.string());
    testing::migrate_up_to(db, 3);
    testing::ingest_into_older_schema(db, m_dir.file("latest.db"), sample_dataset());
  }
  ASSERT_THAT(sqlite_schema_objects(old_path), ::testing::Not(::testing::Contains("table users")));
  const std::string data_before = dump_database(old_path);

  auto upgraded = sqlite::open_store(old_path);
  EXPECT_EQ(upgraded->schema_version(), sqlite::latest_schema_version());
  EXPECT_EQ(upgraded->point_count(), 3);
  EXPECT_EQ(upgraded->dataset_notes().size(), 2u);
  // Every row of every old table is as it was; the new step adds its tables and its one migration row.
  const std::string data_after = dump_database(old_path);
  // Step 5 gives points a configuration id and step 7 moves their notes into their rows: they are compared as
  // points, notes included.
  EXPECT_EQ(upgraded->points({}), sqlite::open_store(m_dir.file("latest.db"))->points({}));
  for (const char* table : {"== datasets", "== findings", "== hardware_costs",
                            "== demand_presets", "== published_headlines", "== dataset_notes"}) {
    const auto section = [&](const std::string& dump) {
      const auto begin = dump.find(table);
      const auto end = dump.find("\n== ", begin + 1);
      return begin == std::string::npos ? std::string("missing") : dump.substr(begin, end - begin);
    };
    EXPECT_EQ(section(data_after), section(data_before)) << table;
  }
  EXPECT_EQ(upgraded->community().rate_limit_rules().size(), 5u);
  const auto user = upgraded->community().add_user(NewUser{"ada", "ada@example.com", "h", false, k_t0});
  ASSERT_TRUE(user);
  EXPECT_TRUE(upgraded->community().add_comment(NewComment{"page", std::nullopt, *user, "hi", k_t0}));
  EXPECT_EQ(sqlite_schema_objects(old_path), schema_objects()); // the same schema as a fresh file
}
#endif

TEST_F(CommunityStoreTest, the_community_schema_is_step_four)
{
  ASSERT_GE(sqlite::migrations().size(), 4u);
  EXPECT_EQ(sqlite::migrations()[3].version, 4);
  EXPECT_THAT(schema_objects(),
              ::testing::IsSupersetOf({"index comments_by_subject", "index comments_by_thread",
                                       "index rate_limit_events_by_key", "index sessions_by_user",
                                       "index users_by_live_email", "table audit_log", "table comments",
                                       "table rate_limit_events", "table rate_limit_rules", "table sessions",
                                       "table users"}));
}

TEST_F(CommunityStoreTest, threads_sharing_one_store_add_every_comment)
{
  constexpr int k_threads = 4;
  constexpr int k_per_thread = 200;
  const UserId ada = add_user("ada");
  const CommentId root = add_comment(ada, "page", std::nullopt, "root");
  std::vector<std::thread> threads;
  std::vector<std::vector<CommentId>> ids(k_threads);
  for (int t = 0; t < k_threads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < k_per_thread; ++i) {
        // Every round starts a thread and every other one also replies, so both paths of add_comment race.
        const std::optional<CommentId> parent = i % 2 == 0 ? std::nullopt : std::optional(root);
        const auto id = community().add_comment(
          NewComment{"point:" + std::to_string(t), std::nullopt, ada, "c" + std::to_string(i), k_t0 + i});
        if (id) {
          ids[t].push_back(*id);
        }
        if (parent) {
          const auto reply = community().add_comment(NewComment{"page", parent, ada, "r", k_t0 + i});
          if (reply) {
            ids[t].push_back(*reply);
          }
        }
        community().take_event("comment_per_user", "ada", 0, k_t0 + i, 1'000'000);
      }
    });
  }
  for (auto& thread : threads) {
    thread.join();
  }
  std::set<CommentId> unique;
  for (int t = 0; t < k_threads; ++t) {
    EXPECT_EQ(community().comment_count("point:" + std::to_string(t)), k_per_thread);
    EXPECT_EQ(community().comment_threads("point:" + std::to_string(t), 0, 1000, 100).comments.size(),
              static_cast<std::size_t>(k_per_thread));
    unique.insert(ids[t].begin(), ids[t].end());
  }
  // No id was handed out twice.
  EXPECT_EQ(unique.size(), static_cast<std::size_t>(k_threads * k_per_thread * 3 / 2));
  EXPECT_EQ(community().comment_count("page"), 1 + k_threads * k_per_thread / 2);
  EXPECT_EQ(community().events_since("comment_per_user", "ada", 0).count, k_threads * k_per_thread);
}

TEST_F(CommunityStoreTest, four_threads_adding_two_hundred_comments_each_store_eight_hundred)
{
  const UserId ada = add_user("ada");
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) {
        EXPECT_TRUE(community().add_comment(NewComment{"page", std::nullopt, ada, "hi", k_t0}));
      }
    });
  }
  for (auto& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(community().comment_count(std::nullopt), 800);
  EXPECT_EQ(community().comment_threads("page", 0, 1, 100).total_threads, 800);
}

TEST_F(CommunityStoreTest, two_stores_on_one_file_both_write_comments_and_take_events)
{
  auto other = open_other();
  const UserId ada = add_user("ada");
  const CommentId root = add_comment(ada, "page", std::nullopt, "root");
  constexpr int k_per_thread = 150;
  constexpr std::int64_t k_limit = 100;
  std::atomic<int> taken{0};
  auto writer = [&](CommunityStore& store) {
    for (int i = 0; i < k_per_thread; ++i) {
      EXPECT_TRUE(store.add_comment(NewComment{"page", root, ada, "reply", k_t0 + i}));
      // Both connections draw on one limit: BEGIN IMMEDIATE keeps them from counting the same free slot.
      if (store.take_event("comment_per_user", "ada", 0, k_t0 + i, k_limit).taken) {
        ++taken;
      }
    }
  };
  std::thread first(writer, std::ref(community()));
  std::thread second(writer, std::ref(other->community()));
  first.join();
  second.join();
  EXPECT_EQ(community().comment_count("page"), 1 + 2 * k_per_thread);
  EXPECT_EQ(other->community().comment_count("page"), 1 + 2 * k_per_thread);
  EXPECT_EQ(taken.load(), k_limit);
  EXPECT_EQ(community().events_since("comment_per_user", "ada", 0).count, k_limit);
}

// Two server instances on one database are one site: a rate limit taken from both at once lets exactly its number
// through, and a session opened on one is found, touched and ended from the other.
TEST_F(CommunityStoreTest, two_stores_on_one_database_share_a_rate_limit_and_a_session)
{
  auto other = open_other();
  constexpr int k_attempts = 80;
  constexpr std::int64_t k_limit = 50;
  std::atomic<int> taken{0};
  std::atomic<int> ready{0};
  auto taker = [&](CommunityStore& store) {
    ++ready;
    while (ready.load() < 2) {
      std::this_thread::yield(); // both start together, so they contend
    }
    for (int i = 0; i < k_attempts; ++i) {
      if (store.take_event("sign_in_per_address", "10.0.0.1", k_t0, k_t0 + i, k_limit).taken) {
        ++taken;
      }
    }
  };
  std::thread first(taker, std::ref(community()));
  std::thread second(taker, std::ref(other->community()));
  first.join();
  second.join();
  EXPECT_EQ(taken.load(), k_limit);
  EXPECT_EQ(other->community().events_since("sign_in_per_address", "10.0.0.1", 0).count, k_limit);

  const UserId ada = add_user("ada");
  community().add_session(SessionRecord{"h", ada, k_t0, k_t0});
  EXPECT_EQ(other->community().session("h"), (SessionRecord{"h", ada, k_t0, k_t0}));
  other->community().touch_session("h", k_t0 + 60);
  EXPECT_EQ(community().session("h")->last_seen_at, k_t0 + 60);
  other->community().delete_session("h");
  EXPECT_FALSE(community().session("h"));
}

// Sign-ups racing for one email or display name from two instances: one account, and every other one told why.
TEST_F(CommunityStoreTest, sign_ups_racing_for_one_email_from_two_stores_store_one_account)
{
  auto other = open_other();
  constexpr int k_per_store = 20;
  std::atomic<int> stored{0};
  std::atomic<int> refused{0};
  auto sign_up = [&](CommunityStore& store, const std::string& who) {
    for (int i = 0; i < k_per_store; ++i) {
      const std::string name = who + std::to_string(i);
      const auto same_email = store.add_user(NewUser{name, "ada@example.com", "h", false, k_t0});
      const auto same_name = store.add_user(NewUser{"Ada", name + "@example.com", "h", false, k_t0});
      for (const auto* result : {&same_email, &same_name}) {
        if (*result) {
          ++stored;
        } else if (result->error().field == "email" || result->error().field == "display_name") {
          ++refused;
        }
      }
    }
  };
  std::thread first(sign_up, std::ref(community()), "first ");
  std::thread second(sign_up, std::ref(other->community()), "second ");
  first.join();
  second.join();
  EXPECT_EQ(stored.load(), 2) << "one account with the email, one with the name";
  EXPECT_EQ(refused.load(), 4 * k_per_store - 2);
  EXPECT_EQ(community().users().size(), 2u);
}

TEST_F(CommunityStoreTest, community_writes_leave_the_writing_stores_data_version_unchanged)
{
  const std::int64_t before = m_store->data_version();
  const UserId ada = add_user("ada");
  const CommentId id = add_comment(ada, "page", std::nullopt, "hi");
  ASSERT_TRUE(community().edit_comment(id, "hello", k_t0 + 1));
  ASSERT_TRUE(community().set_comment_hidden(id, true));
  EXPECT_FALSE(community().delete_comment(id)) << "what a moderator hid cannot be erased";
  ASSERT_TRUE(community().set_comment_hidden(id, false));
  ASSERT_TRUE(community().delete_comment(id));
  community().add_session(SessionRecord{"h", ada, k_t0, k_t0});
  community().touch_session("h", k_t0 + 1);
  community().take_event("comment_per_user", "ada", 0, k_t0, 10);
  ASSERT_TRUE(community().set_rate_limit_rule(RateLimitRule{"comment_per_user", 5, 60}));
  community().add_audit(AuditEntry{0, k_t0, ada, "ada", "add_admin", "user:1", ""});
  community().prune_events(k_t0 + 1);
  ASSERT_TRUE(community().delete_user(ada));
  EXPECT_EQ(m_store->data_version(), before);
  // An ingest still moves it.
  ASSERT_TRUE(m_store->ingest(sample_dataset()));
  EXPECT_NE(m_store->data_version(), before);
}

// The data_version versions the benchmark data for every server sharing the file: another store's comments,
// sessions and sign-ins leave it alone (each once emptied every other server's caches), and so does an ingest that
// stores nothing new.
TEST_F(CommunityStoreTest, other_stores_community_writes_leave_the_data_version_unchanged)
{
  ASSERT_TRUE(m_store->ingest(sample_dataset()));
  const std::int64_t before = m_store->data_version();
  const auto other = open_other();
  const auto ada = other->community().add_user(NewUser{"ada", "ada@example.com", "hash", false, k_t0});
  ASSERT_TRUE(ada);
  ASSERT_TRUE(other->community().add_comment(NewComment{"page", std::nullopt, *ada, "hi", k_t0}));
  other->community().add_session(SessionRecord{"h", *ada, k_t0, k_t0});
  other->community().touch_session("h", k_t0 + 5);
  EXPECT_EQ(m_store->data_version(), before);
  const auto unchanged = other->ingest(sample_dataset());
  ASSERT_TRUE(unchanged);
  EXPECT_EQ(unchanged->points_added, 0);
  EXPECT_EQ(m_store->data_version(), before);
}

// A sign-up stores its account and first session together or not at all, and ends the visitor's previous session.
TEST_F(CommunityStoreTest, an_account_and_its_first_session_are_stored_together_or_not_at_all)
{
  const UserId ada = add_user("ada");
  community().add_session(SessionRecord{"taken", ada, k_t0, k_t0});
  community().add_session(SessionRecord{"previous", ada, k_t0, k_t0});
  // The session cannot be stored (its key is taken): the account is not stored either.
  EXPECT_THROW(
    community().add_user(NewUser{"Bo", "bo@example.com", "hash", false, k_t0}, {"taken", "previous", "laptop"}),
    StoreError);
  EXPECT_FALSE(community().user_by_email("bo@example.com"));
  EXPECT_TRUE(community().session("previous"));

  const auto bo =
    community().add_user(NewUser{"Bo", "bo@example.com", "hash", false, k_t0 + 9}, {"fresh", "previous", "laptop"});
  ASSERT_TRUE(bo);
  EXPECT_EQ(community().session("fresh"), (SessionRecord{"fresh", *bo, k_t0 + 9, k_t0 + 9}));
  EXPECT_FALSE(community().session("previous"));
  EXPECT_TRUE(community().device_trusted("laptop", *bo, k_t0 + 9)) << "the browser it was made from";
}

// SQLite only from here: the tests below look at the file and its write lock, which PostgreSQL has neither of.
#ifndef INFERTRACK_TEST_ENGINE_POSTGRES

// The community connection opens on first use: on the file the store opened, never a new one at the same path.
TEST_F(CommunityStoreTest, a_deleted_database_file_is_not_created_again_for_the_community)
{
  for (const char* suffix : {"", "-wal", "-shm"}) {
    std::filesystem::remove(db_path().string() + suffix);
  }
  EXPECT_THROW(community().users(), StoreError);
  EXPECT_FALSE(std::filesystem::exists(db_path()));
}

// While another connection holds the write lock (an ingest in another process), benchmark reads go on at once, a
// session is touched without waiting, and a community write gives up after its short patience with StoreBusy.
TEST_F(CommunityStoreTest, a_held_write_lock_stalls_no_read_and_fails_writes_as_busy)
{
  ASSERT_TRUE(m_store->ingest(sample_dataset()));
  const UserId ada = add_user("ada");
  community().add_session(SessionRecord{"h", ada, k_t0, k_t0});
  sqlite::Connection writer(db_path().string());
  writer.execute("BEGIN IMMEDIATE");
  writer.execute("INSERT INTO rate_limit_events (rule, key, at) VALUES ('x', 'y', 1)");

  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(m_store->points({}).empty());
  EXPECT_EQ(community().session("h")->user_id, ada);
  community().touch_session("h", k_t0 + 60);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));

  const auto write_start = std::chrono::steady_clock::now();
  EXPECT_THROW(community().add_comment(NewComment{"page", std::nullopt, ada, "later", k_t0}), StoreBusy);
  const auto waited = std::chrono::steady_clock::now() - write_start;
  EXPECT_GE(waited, std::chrono::milliseconds(1500));
  EXPECT_LT(waited, std::chrono::milliseconds(5000));

  // Reads do not queue behind a write of this store that is waiting for the lock.
  std::thread waiting([&] {
    EXPECT_THROW(community().add_comment(NewComment{"page", std::nullopt, ada, "queued", k_t0}), StoreBusy);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto read_start = std::chrono::steady_clock::now();
  community().touch_session("h", k_t0 + 120); // a signed-in read does not queue behind the waiting write either
  EXPECT_EQ(community().session("h")->user_id, ada);
  EXPECT_EQ(community().user(ada)->display_name, "ada");
  EXPECT_EQ(community().comment_threads("page", 0, 10, 100).comments.size(), 0u);
  EXPECT_LT(std::chrono::steady_clock::now() - read_start, std::chrono::milliseconds(500));
  waiting.join();

  writer.execute("ROLLBACK");
  EXPECT_TRUE(community().add_comment(NewComment{"page", std::nullopt, ada, "now", k_t0}));
}

// Writes queued behind one that waits for another process's lock are told "busy" within their own patience, counted
// from when each asked, not one patience after the write ahead of them gave up.
TEST_F(CommunityStoreTest, writes_queued_behind_a_waiting_write_share_its_patience)
{
  ASSERT_TRUE(m_store->ingest(sample_dataset()));
  const UserId ada = add_user("ada");
  sqlite::Connection writer(db_path().string());
  writer.execute("BEGIN IMMEDIATE");
  writer.execute("INSERT INTO rate_limit_events (rule, key, at) VALUES ('x', 'y', 1)");

  std::thread first([&] {
    EXPECT_THROW(community().add_comment(NewComment{"page", std::nullopt, ada, "first", k_t0}), StoreBusy);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto asked = std::chrono::steady_clock::now();
  EXPECT_THROW(community().add_event("sign_up_per_address", "10.0.0.1", k_t0), StoreBusy);
  const auto waited = std::chrono::steady_clock::now() - asked;
  first.join();
  EXPECT_GE(waited, std::chrono::milliseconds(1200)) << "it queued behind the first write";
  EXPECT_LT(waited, std::chrono::milliseconds(3000)) << "its 2 s count from when it asked";

  writer.execute("ROLLBACK");
  EXPECT_TRUE(community().add_comment(NewComment{"page", std::nullopt, ada, "now", k_t0}));
}

#endif  // INFERTRACK_TEST_ENGINE_POSTGRES

}  // namespace
}  // namespace infertrack::store::testing

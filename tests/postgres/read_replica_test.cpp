// serve --read-db on a real streaming replica (the one tests/postgres/cluster.sh starts beside the primary): reads go
// to the replica only while it has the primary's data version.
#include "infertrack/store/open_store.hpp"
#include "infertrack/store/postgres/connection.hpp"
#include "infertrack/store/replicated_store.hpp"

#include "store/store_test_support.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <thread>

namespace infertrack::store {
namespace {

using testing::bare_point;
using testing::points_only;

// Waits up to ten seconds for `done`; false when it never came.
bool
eventually(const std::function<bool()>& done)
{
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    try {
      if (done()) {
        return true;
      }
    } catch (const StoreError&) {
      // The replica has not replayed the database or its schema yet.
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

// Pauses the replica's replay of the primary's changes for a scope: the replica lags from then on.
class PausedReplay
{
public:
  explicit PausedReplay(const std::string& replica_url) : m_replica(replica_url)
  {
    m_replica.execute("SELECT pg_wal_replay_pause()");
  }
  ~PausedReplay()
  {
    try {
      m_replica.execute("SELECT pg_wal_replay_resume()");
    } catch (const StoreError&) {
      // The replica is gone; the next cluster start makes a new one.
    }
  }
  PausedReplay(const PausedReplay&) = delete;
  PausedReplay& operator=(const PausedReplay&) = delete;

private:
  postgres::Connection m_replica;
};

TEST(ReadReplica, reads_go_to_a_replica_that_has_the_primarys_version_and_skip_one_that_lags)
{
  test_engine::TestDatabase database;
  const std::string replica_url = test_engine::postgres_database_url(test_engine::postgres_replica_url(),
                                                                     database.name());
  std::unique_ptr<Store> primary = database.open();
  ASSERT_TRUE(primary->ingest(points_only({bare_point("p1")})));
  std::unique_ptr<Store> replica;
  ASSERT_TRUE(eventually([&] {
    replica = open_store(replica_url);
    return replica->data_version() == primary->data_version();
  })) << "the replica never caught up";
  std::vector<std::unique_ptr<Store>> replicas;
  replicas.push_back(std::move(replica));
  std::unique_ptr<Store> store = replicated_store(database.open(), std::move(replicas));

  {
    const PausedReplay paused(test_engine::postgres_replica_url());
    // A point written behind the data version's back: on the primary only while replay is paused, so an answer
    // without it came from the replica.
    postgres::Connection(database.locator())
      .execute("INSERT INTO points SELECT (json_populate_record(p, '{\"result_id\": \"marker\"}')).* FROM points p"
               " WHERE result_id = 'p1'");
    EXPECT_NE(primary->point("marker"), std::nullopt);
    EXPECT_EQ(store->point("marker"), std::nullopt) << "the replica, at the primary's version, answers";

    // An ingest moves the primary's version past the paused replica's: the primary answers from then on.
    ASSERT_TRUE(store->ingest(points_only({bare_point("p2")})));
    EXPECT_NE(store->point("p2"), std::nullopt);
    EXPECT_NE(store->point("marker"), std::nullopt);
  }
  // Replay resumed: the replica catches up, and answers again with everything the primary has.
  EXPECT_TRUE(eventually([&] { return store->point("p2").has_value() && store->points({}).size() == 3; }));
}

}  // namespace
}  // namespace infertrack::store

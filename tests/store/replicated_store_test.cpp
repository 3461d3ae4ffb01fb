// store::replicated_store against real databases: reads go to a replica only once it has caught up with the primary's
// data version, writes and the community tables stay on the primary.
#include "infertrack/store/replicated_store.hpp"

#include "store/store_test_support.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace infertrack::store {
namespace {

using testing::bare_point;
using testing::ids;
using testing::points_only;

class ReplicatedStoreTest : public ::testing::Test
{
protected:
  // Brings `store` to data version `version` or past it, each step an ingest of a point of its own.
  static void ingest_until(Store& store, std::int64_t version, const std::string& prefix)
  {
    for (int i = 0; store.data_version() < version; ++i) {
      ASSERT_TRUE(store.ingest(points_only({bare_point(prefix + std::to_string(i))})));
    }
  }

  test_engine::TestDatabase m_primary_database;
  test_engine::TestDatabase m_replica_database;
};

TEST_F(ReplicatedStoreTest, a_replica_answers_only_once_it_has_the_primarys_data_version)
{
  std::unique_ptr<Store> primary = m_primary_database.open();
  ASSERT_TRUE(primary->ingest(points_only({bare_point("p1")})));
  ASSERT_TRUE(primary->ingest(points_only({bare_point("p2")})));
  {
    // The replica stands in for one that lags: a version behind, with a point of its own to tell its answers apart.
    std::unique_ptr<Store> replica = m_replica_database.open();
    ASSERT_TRUE(replica->ingest(points_only({bare_point("r1")})));
  }
  std::vector<std::unique_ptr<Store>> replicas;
  replicas.push_back(m_replica_database.open());
  std::unique_ptr<Store> store = replicated_store(std::move(primary), std::move(replicas));
  EXPECT_EQ(ids(store->points({})), (std::vector<std::string>{"p1", "p2"}));
  EXPECT_EQ(store->point("r1"), std::nullopt);

  ingest_until(*m_replica_database.open(), store->data_version(), "r");
  // A PostgreSQL replica's version is followed, not read per call: it is known within a second.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  while (!store->point("r1") && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_NE(store->point("r1"), std::nullopt) << "a replica that caught up answers";
  EXPECT_EQ(store->point("p1"), std::nullopt);

  // An ingest goes to the primary, whose version then leaves the replica behind again.
  ASSERT_TRUE(store->ingest(points_only({bare_point("p3")})));
  EXPECT_NE(store->point("p3"), std::nullopt);
  EXPECT_EQ(store->point("r1"), std::nullopt);
}

TEST_F(ReplicatedStoreTest, accounts_and_comments_stay_on_the_primary)
{
  std::vector<std::unique_ptr<Store>> replicas;
  replicas.push_back(m_replica_database.open());
  std::unique_ptr<Store> store = replicated_store(m_primary_database.open(), std::move(replicas));
  const auto user = store->community().add_user(NewUser{"ada", "ada@example.com", "hash", false, 1});
  ASSERT_TRUE(user);
  EXPECT_NE(m_primary_database.open()->community().user(*user), std::nullopt);
  EXPECT_EQ(m_replica_database.open()->community().user(*user), std::nullopt);
}

TEST_F(ReplicatedStoreTest, without_replicas_the_primary_is_the_store)
{
  std::unique_ptr<Store> primary = m_primary_database.open();
  Store* const address = primary.get();
  EXPECT_EQ(replicated_store(std::move(primary), {}).get(), address);
}

}  // namespace
}  // namespace infertrack::store

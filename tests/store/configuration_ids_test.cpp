// The integer configuration ids an ingest gives (migration 5), against a real SQLite file.
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"

#include "store/store_test_support.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::store::sqlite {
namespace {

using domain::BenchmarkPoint;
using ::testing::ElementsAre;

class ConfigurationIdsTest : public ::testing::Test
{
protected:
  static domain::Dataset dataset(std::vector<BenchmarkPoint> points)
  {
    domain::Dataset d;
    d.source = "test";
    d.points = std::move(points);
    return d;
  }

  static BenchmarkPoint on(const std::string& id, const std::string& hardware)
  {
    BenchmarkPoint point = testing::bare_point(id);
    point.hardware = hardware;
    return point;
  }

  // "id hardware spec_method disaggregated" of every stored configuration, by id.
  std::vector<std::string> configurations()
  {
    return rows("SELECT id || ' ' || hardware || ' ' || spec_method || ' ' || disaggregated FROM configurations"
                " ORDER BY id");
  }

  // The points whose configuration_id names no configuration, or one of other columns than their own (no
  // foreign key checks it: only the ingester writes it).
  std::vector<std::string> points_without_their_configuration()
  {
    return rows("SELECT p.result_id FROM points p LEFT JOIN configurations c ON c.id = p.configuration_id"
                " AND c.model = p.model AND c.hardware = p.hardware AND c.framework = p.framework"
                " AND c.precision = p.precision AND c.spec_method = p.spec_method"
                " AND c.disaggregated = p.disaggregated AND c.workload = p.workload WHERE c.id IS NULL");
  }

  std::vector<std::string> rows(const std::string& sql)
  {
    Connection db(m_dir.file("ids.db").string());
    Statement statement(db, sql);
    std::vector<std::string> found;
    while (statement.step()) {
      found.emplace_back(statement.column_text(0));
    }
    return found;
  }

  testing::TempDir m_dir;
  std::unique_ptr<Store> m_store = open_store(m_dir.file("ids.db"));
};

TEST_F(ConfigurationIdsTest, each_configuration_gets_one_id_in_order_of_arrival)
{
  BenchmarkPoint mtp = on("m", "b200");
  mtp.spec_method = "mtp";
  BenchmarkPoint disaggregated = on("d", "b200");
  disaggregated.disaggregated = true;
  ASSERT_TRUE(m_store->ingest(dataset({on("g1", "gb200"), on("b1", "b200"), on("g2", "gb200"), mtp, disaggregated})));
  ASSERT_TRUE(m_store->ingest(dataset({on("b2", "b200"), on("a1", "a100")})));
  EXPECT_THAT(configurations(),
              ElementsAre("1 gb200 none 0", "2 b200 none 0", "3 b200 mtp 0", "4 b200 none 1", "5 a100 none 0"));
  EXPECT_THAT(rows("SELECT result_id || ':' || configuration_id FROM points ORDER BY rowid"),
              ElementsAre("g1:1", "b1:2", "g2:1", "m:3", "d:4", "b2:2", "a1:5"));
  EXPECT_THAT(points_without_their_configuration(), ::testing::IsEmpty());
}

TEST_F(ConfigurationIdsTest, a_failed_ingest_takes_its_new_configurations_with_it)
{
  ASSERT_TRUE(m_store->ingest(dataset({on("g1", "gb200")})));
  // b200 is new, then a conflicting g1 fails the whole ingest: b200's configuration is rolled back too.
  BenchmarkPoint conflicting = on("g1", "gb200");
  conflicting.concurrency += 1;
  ASSERT_FALSE(m_store->ingest(dataset({on("b1", "b200"), conflicting})));
  EXPECT_THAT(configurations(), ElementsAre("1 gb200 none 0"));
  // The same store meets b200 again and must store its configuration again, not reuse the id it had before
  // the rollback.
  ASSERT_TRUE(m_store->ingest(dataset({on("b1", "b200"), on("g2", "gb200")})));
  EXPECT_THAT(configurations(), ElementsAre("1 gb200 none 0", "2 b200 none 0"));
  EXPECT_THAT(points_without_their_configuration(), ::testing::IsEmpty());
  PointFilter b200;
  b200.hardware = "b200";
  ASSERT_EQ(m_store->points(b200).size(), 1u);
  EXPECT_EQ(m_store->points(b200).front().result_id, "b1");
}

TEST_F(ConfigurationIdsTest, two_stores_on_one_file_number_their_configurations_apart)
{
  // Each store caches the ids it met; the other's new configurations get the next free id all the same.
  auto other = open_store(m_dir.file("ids.db"));
  ASSERT_TRUE(m_store->ingest(dataset({on("g1", "gb200")})));
  ASSERT_TRUE(other->ingest(dataset({on("b1", "b200"), on("g2", "gb200")})));
  ASSERT_TRUE(m_store->ingest(dataset({on("h1", "h200"), on("b2", "b200")})));
  EXPECT_THAT(configurations(), ElementsAre("1 gb200 none 0", "2 b200 none 0", "3 h200 none 0"));
  EXPECT_EQ(m_store->points({}).size(), 5u);
  EXPECT_THAT(points_without_their_configuration(), ::testing::IsEmpty());
}

}  // namespace
}  // namespace infertrack::store::sqlite

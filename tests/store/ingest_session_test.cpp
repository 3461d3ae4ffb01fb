// Store::begin_ingest() against a real SQLite file: one transaction while datasets arrive, reads that see the
// store as it was before the session, and the bulk path taken once the arriving points make the ingest large
// while they come as fast as they are stored.
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/sqlite/ingester.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"

#include "store/store_test_support.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::store::sqlite {
namespace {

using domain::BenchmarkPoint;
using domain::DataFinding;
using domain::Dataset;
using domain::FindingKind;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing::dump_database;
using testing::full_point;
using testing::ids;
using testing::points_only;
using testing::schema_of;

class IngestSessionTest : public ::testing::Test
{
protected:
  std::filesystem::path db_path() const { return m_database.locator(); }

  testing::TempDir m_dir;
  test_engine::TestDatabase m_database;
  std::unique_ptr<Store> m_store = m_database.open();
};

// `count` points of one configuration and date, ids from `first`.
std::vector<BenchmarkPoint>
numbered_points(int first, int count)
{
  std::vector<BenchmarkPoint> points;
  for (int i = first; i < first + count; ++i) {
    points.push_back(full_point(std::to_string(i), i));
  }
  return points;
}

TEST_F(IngestSessionTest, reads_see_the_store_as_it_was_when_the_session_began)
{
  Dataset earlier = points_only({full_point("a1"), full_point("a2")});
  earlier.findings = {DataFinding{"a1", FindingKind::date_disagreement, "earlier"},
                      DataFinding{"a2", FindingKind::date_disagreement, "earlier too"}};
  ASSERT_TRUE(m_store->ingest(earlier));

  {
    const auto session = m_store->begin_ingest();
    Dataset later = points_only({full_point("b1"), full_point("b2")}); // the same configuration and date
    later.findings = {DataFinding{"b1", FindingKind::date_disagreement, "later"}};
    ASSERT_TRUE(session->add(later));

    PointFilter same_date;
    same_date.date = "2026-10-14";
    std::vector<BenchmarkPoint> stored;
    session->run_points_before(same_date, [&](BenchmarkPoint&& point) { stored.push_back(std::move(point)); });
    EXPECT_THAT(ids(stored), ElementsAre("a1", "a2"));
    // What the run-level checks read, and nothing else: the rest of a point keeps its default.
    BenchmarkPoint expected;
    const BenchmarkPoint a1 = full_point("a1");
    expected.result_id = a1.result_id;
    expected.model = a1.model;
    expected.hardware = a1.hardware;
    expected.framework = a1.framework;
    expected.precision = a1.precision;
    expected.spec_method = a1.spec_method;
    expected.disaggregated = a1.disaggregated;
    expected.workload = a1.workload;
    expected.date = a1.date;
    expected.interactivity_p90 = a1.interactivity_p90;
    expected.interactivity_median = a1.interactivity_median;
    expected.per_gpu_basis = a1.per_gpu_basis;
    EXPECT_EQ(stored.front(), expected);
    // As many ids as stored findings or more: one pass over them; fewer: a look-up per id.
    const std::string_view many[] = {"b1", "a2", "a1", "a1"};
    EXPECT_THAT(session->findings_before(many),
                ElementsAre(DataFinding{"a1", FindingKind::date_disagreement, "earlier"},
                            DataFinding{"a2", FindingKind::date_disagreement, "earlier too"}));
    const std::string_view one[] = {"a1"};
    EXPECT_THAT(session->findings_before(one),
                ElementsAre(DataFinding{"a1", FindingKind::date_disagreement, "earlier"}));
    const std::string_view new_one[] = {"b1"};
    EXPECT_THAT(session->findings_before(new_one), IsEmpty());

    const std::vector<DataFinding> about_both = {DataFinding{"a2", FindingKind::mixed_per_gpu_basis, "run"},
                                                 DataFinding{"b2", FindingKind::mixed_per_gpu_basis, "run"}};
    ASSERT_TRUE(session->add_findings(about_both));
    const IngestSummary summary = session->commit();
    EXPECT_EQ(summary.points_added, 2);
    EXPECT_EQ(summary.findings_added, 3);
  }
  EXPECT_THAT(ids(m_store->points({})), ElementsAre("a1", "a2", "b1", "b2"));
  EXPECT_EQ(m_store->findings(std::nullopt).size(), 5u);
}

TEST_F(IngestSessionTest, a_session_dropped_without_commit_leaves_the_store_as_before)
{
  ASSERT_TRUE(m_store->ingest(points_only({full_point("a1")})));
  const std::string before = dump_database(db_path());
  {
    const auto session = m_store->begin_ingest();
    ASSERT_TRUE(session->add(points_only(numbered_points(1000, 12'000)))); // the bulk path: indexes dropped
    ASSERT_TRUE(session->add_findings(std::vector{DataFinding{"1000", FindingKind::date_disagreement, "x"}}));
  }
  EXPECT_EQ(dump_database(db_path()), before);
  // The store takes other calls again, and a new ingest.
  EXPECT_EQ(m_store->point_count(), 1);
  ASSERT_TRUE(m_store->ingest(points_only({full_point("a2")})));
  EXPECT_EQ(m_store->point_count(), 2);
}

TEST_F(IngestSessionTest, a_failed_add_refuses_the_dataset_and_the_session_leaves_nothing)
{
  ASSERT_TRUE(m_store->ingest(points_only({full_point("a1")})));
  const std::string before = dump_database(db_path());
  {
    const auto session = m_store->begin_ingest();
    ASSERT_TRUE(session->add(points_only(numbered_points(1000, 3))));
    BenchmarkPoint changed = full_point("a1");
    changed.concurrency = 64;
    const auto refused = session->add(points_only({changed}));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().record, "a1");
    EXPECT_EQ(refused.error().field, "concurrency");
  }
  EXPECT_EQ(dump_database(db_path()), before);
}

TEST_F(IngestSessionTest, small_datasets_that_add_up_to_a_large_ingest_keep_the_schema)
{
  const std::string fresh_schema = schema_of(db_path());
  const auto session = m_store->begin_ingest();
  // 1,500 points at a time: the indexes go once 10,000 have arrived, and come back before the query.
  for (int first = 0; first < 12'000; first += 1'500) {
    ASSERT_TRUE(session->add(points_only(numbered_points(100'000 + first, 1'500))));
  }
  PointFilter same_date;
  same_date.date = "2026-10-14";
  std::size_t stored = 0;
  session->run_points_before(same_date, [&](BenchmarkPoint&&) { ++stored; });
  EXPECT_EQ(stored, 0u);
  // Points added after the indexes came back are indexed as they come.
  ASSERT_TRUE(session->add(points_only(numbered_points(200'000, 1'500))));
  EXPECT_EQ(session->commit().points_added, 13'500);

  EXPECT_EQ(schema_of(db_path()), fresh_schema);
  EXPECT_EQ(m_store->points(same_date).size(), 13'500u);
  PointFilter one_model;
  one_model.model = "DeepSeek-V4-Pro";
  EXPECT_EQ(m_store->latest_points(one_model).size(), 13'500u);
}

// What the ingest's own connection sees of the points table's secondary index while the transaction is open.
bool
has_configuration_index(Connection& db)
{
  return db.query_text("SELECT count(*) FROM sqlite_master WHERE name = 'points_by_configuration_id'") == "1";
}

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only
TEST_F(IngestSessionTest, a_large_ingest_drops_its_indexes_only_while_points_come_as_fast_as_they_are_stored)
{
  m_store.reset(); // the file stays migrated; the ingester below is alone with it
  Connection db(db_path().string());
  for (const DatasetArrival arrival :
       {DatasetArrival::at_once, DatasetArrival::pace_unknown, DatasetArrival::slower_than_stored}) {
    SCOPED_TRACE(static_cast<int>(arrival));
    Ingester ingester(db);
    ingester.begin();
    ingester.expect(arrival);
    ASSERT_TRUE(ingester.add(points_only(numbered_points(1000, 12'000))));
    EXPECT_EQ(has_configuration_index(db), arrival != DatasetArrival::at_once);
    ingester.rollback();
  }
  // A pace found later: the indexes go with the next dataset once points come at once, and stay dropped
  // until the commit builds them whatever is said after.
  Ingester ingester(db);
  ingester.begin();
  ingester.expect(DatasetArrival::pace_unknown);
  ASSERT_TRUE(ingester.add(points_only(numbered_points(1000, 12'000))));
  ingester.expect(DatasetArrival::at_once);
  ASSERT_TRUE(ingester.add(points_only(numbered_points(20'000, 10))));
  EXPECT_FALSE(has_configuration_index(db));
  ingester.expect(DatasetArrival::slower_than_stored);
  ASSERT_TRUE(ingester.add(points_only(numbered_points(30'000, 10))));
  EXPECT_FALSE(has_configuration_index(db));
  EXPECT_EQ(ingester.commit().points_added, 12'020);
  EXPECT_TRUE(has_configuration_index(db));
  EXPECT_EQ(db.query_text("PRAGMA integrity_check"), "ok");
}
#endif

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only
TEST_F(IngestSessionTest, points_that_come_slower_than_stored_are_stored_the_same)
{
  const std::vector<BenchmarkPoint> points = numbered_points(1000, 12'000);
  const auto stored_with = [&](DatasetArrival arrival) {
    testing::TempDir dir;
    const std::filesystem::path path = dir.file("paced.db");
    const std::unique_ptr<Store> store = open_store(path);
    const auto session = store->begin_ingest();
    session->expect(arrival);
    for (std::size_t first = 0; first < points.size(); first += 2'048) {
      const auto at = [&](std::size_t i) { return points.begin() + static_cast<std::ptrdiff_t>(i); };
      const std::vector<BenchmarkPoint> batch(at(first), at(std::min(points.size(), first + 2'048)));
      EXPECT_TRUE(session->add(points_only(batch)));
    }
    EXPECT_EQ(session->commit().points_added, 12'000);
    PointFilter same_date;
    same_date.date = "2026-10-14";
    std::vector<std::string> found = ids(store->points(same_date));
    Connection db(path.string());
    EXPECT_EQ(db.query_text("PRAGMA integrity_check"), "ok");
    found.push_back(schema_of(path));
    // The schema changes counted, so that the path taken shows: a dropped and rebuilt index counts two more.
    found.push_back(db.query_text("PRAGMA schema_version").value_or(""));
    return found;
  };
  std::vector<std::string> at_once = stored_with(DatasetArrival::at_once);
  std::vector<std::string> slower = stored_with(DatasetArrival::slower_than_stored);
  ASSERT_EQ(at_once.size(), 12'002u);
  ASSERT_EQ(slower.size(), 12'002u);
  EXPECT_EQ(std::stoi(at_once.back()), std::stoi(slower.back()) + 2);
  at_once.pop_back();
  slower.pop_back();
  EXPECT_EQ(slower, at_once);
}
#endif

}  // namespace
}  // namespace infertrack::store::sqlite

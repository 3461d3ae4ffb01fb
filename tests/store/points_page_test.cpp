// Store::points_page() against a real SQLite file: keyset pages of the listing, with their notes.
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"

#include "store/store_test_support.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

namespace infertrack::store::sqlite {
namespace {

using domain::BenchmarkPoint;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing::bare_point;
using testing::ids;

BenchmarkPoint
point_at(const std::string& id, const std::string& hardware, const std::string& date, std::int64_t concurrency)
{
  BenchmarkPoint point = bare_point(id);
  point.hardware = hardware;
  point.date = date;
  point.concurrency = concurrency;
  return point;
}

class PointsPageTest : public ::testing::Test
{
protected:
  void ingest(std::vector<BenchmarkPoint> points)
  {
    domain::Dataset dataset;
    dataset.source = "test";
    dataset.points = std::move(points);
    ASSERT_TRUE(m_store->ingest(dataset));
  }

  // Every page of `filter` at `limit` points each, followed from the last id of each page.
  std::vector<std::vector<std::string>> pages(const PointFilter& filter, std::size_t limit)
  {
    std::vector<std::vector<std::string>> result;
    std::optional<std::string> after;
    while (true) {
      std::vector<std::string> page = ids(m_store->points_page(filter, after, limit));
      if (page.empty()) {
        return result;
      }
      after = page.back();
      result.push_back(std::move(page));
    }
  }

  test_engine::TestDatabase m_database;
  std::unique_ptr<Store> m_store = m_database.open();
};

TEST_F(PointsPageTest, pages_follow_the_listing_order_of_points)
{
  // Ids out of listing order, so that an order by id alone would show.
  ingest({point_at("z1", "b200", "2026-05-01", 1), point_at("a9", "b200", "2026-05-01", 2),
          point_at("m5", "b200", "2026-06-01", 1), point_at("c3", "gb200", "2026-04-25", 4),
          point_at("c2", "gb200", "2026-04-25", 4), point_at("b7", "mi355x", "2026-04-25", 1)});
  EXPECT_THAT(ids(m_store->points({})), ElementsAre("z1", "a9", "m5", "c2", "c3", "b7"));
  EXPECT_THAT(pages({}, 4), ElementsAre(ElementsAre("z1", "a9", "m5", "c2"), ElementsAre("c3", "b7")));
  EXPECT_EQ(pages({}, 1).size(), 6u);
  EXPECT_THAT(pages({}, 6), ElementsAre(ids(m_store->points({}))));

  PointFilter b200;
  b200.hardware = "b200";
  EXPECT_THAT(pages(b200, 2), ElementsAre(ElementsAre("z1", "a9"), ElementsAre("m5")));
  // A cursor outside the filter still names a place in the listing.
  EXPECT_THAT(ids(m_store->points_page(b200, "c2", 10)), IsEmpty());
  PointFilter gb200;
  gb200.hardware = "gb200";
  EXPECT_THAT(ids(m_store->points_page(gb200, "a9", 10)), ElementsAre("c2", "c3"));
  PointFilter as_of;
  as_of.as_of = "2026-05-01";
  EXPECT_THAT(ids(m_store->points_page(as_of, "z1", 10)), ElementsAre("a9", "c2", "c3", "b7"));
}

TEST_F(PointsPageTest, an_unknown_cursor_gives_an_empty_page)
{
  ingest({point_at("a", "b200", "2026-05-01", 1)});
  EXPECT_THAT(m_store->points_page({}, "no-such-id", 10), IsEmpty());
  EXPECT_THAT(m_store->points_page({}, "a' OR '1'='1", 10), IsEmpty());
  EXPECT_THAT(m_store->points_page({}, std::nullopt, 0), IsEmpty());
}

TEST_F(PointsPageTest, the_limit_counts_points_not_notes)
{
  // full_point carries several notes: one row each in the query, one point in the page.
  const BenchmarkPoint first = testing::full_point("444914");
  const BenchmarkPoint second = testing::full_point("444915", 1);
  ingest({first, second});
  const std::vector<BenchmarkPoint> page = m_store->points_page({}, std::nullopt, 1);
  ASSERT_EQ(page.size(), 1);
  EXPECT_EQ(page.front(), m_store->points({}).front());
  EXPECT_EQ(page.front().notes, m_store->points({}).front().notes);
  EXPECT_EQ(m_store->points_page({}, page.front().result_id, 5), std::vector<BenchmarkPoint>{m_store->points({}).back()});
}

TEST_F(PointsPageTest, pages_cross_configurations_from_any_cursor_with_any_filter)
{
  // Six configurations (three hardware, two spec methods) of several runs each. The second ingest brings
  // configurations that sort before and between the first one's, so their ids are not in listing order.
  const auto batch = [](const std::vector<std::string>& hardware, const std::string& prefix) {
    std::vector<BenchmarkPoint> points;
    int n = 0;
    for (const std::string& name : hardware) {
      for (const char* spec : {"none", "mtp"}) {
        for (const char* date : {"2026-05-02", "2026-05-01", "2026-06-01"}) {
          for (std::int64_t concurrency : {8, 1}) {
            BenchmarkPoint point = point_at(prefix + std::to_string(n++), name, date, concurrency);
            point.spec_method = spec;
            points.push_back(point);
          }
        }
      }
    }
    return points;
  };
  ingest(batch({"gb200"}, "x"));
  ingest(batch({"b200", "h200"}, "y"));
  const std::vector<BenchmarkPoint> listing = m_store->points({});
  ASSERT_EQ(listing.size(), 36u);
  std::map<std::string, std::size_t> rank;
  for (std::size_t i = 0; i < listing.size(); ++i) {
    rank[listing[i].result_id] = i;
  }

  PointFilter none;
  PointFilter h200;
  h200.hardware = "h200";
  PointFilter mtp;
  mtp.spec_method = "mtp";
  PointFilter one_date;
  one_date.date = "2026-05-02";
  PointFilter mtp_as_of;
  mtp_as_of.spec_method = "mtp";
  mtp_as_of.as_of = "2026-05-02";
  for (const PointFilter& filter : {none, h200, mtp, one_date, mtp_as_of}) {
    const std::vector<std::string> all = ids(m_store->points(filter));
    for (std::size_t limit : {1u, 5u, 13u}) {
      // Walking the pages gives the whole listing once, in order.
      std::vector<std::string> walked;
      for (const std::vector<std::string>& page : pages(filter, limit)) {
        EXPECT_LE(page.size(), limit);
        walked.insert(walked.end(), page.begin(), page.end());
      }
      EXPECT_EQ(walked, all) << limit;
      // From any point, the filter's or not, a page holds the next matching points of the listing.
      for (const BenchmarkPoint& cursor : listing) {
        std::vector<std::string> expected;
        for (const std::string& id : all) {
          if (rank[id] > rank[cursor.result_id] && expected.size() < limit) {
            expected.push_back(id);
          }
        }
        EXPECT_EQ(ids(m_store->points_page(filter, cursor.result_id, limit)), expected)
          << "after " << cursor.result_id << ", limit " << limit;
      }
    }
  }
}

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only
TEST_F(PointsPageTest, a_page_reads_configurations_and_their_points_through_indexes)
{
  // The two query shapes read_points_page() runs, as SQLite plans them: the configurations in listing order
  // from their UNIQUE index alone (a filter on a later column sorts what it keeps: a few thousand rows at
  // most), and one configuration's points from points_by_configuration_id, never a scan of the points.
  Connection db(m_database.locator());
  const auto plan = [&db](const std::string& sql) {
    Statement statement(db, "EXPLAIN QUERY PLAN " + sql);
    std::string text;
    while (statement.step()) {
      text += std::string(statement.column_text(3)) + "\n";
    }
    return text;
  };
  const std::string configurations =
    plan("SELECT id FROM configurations WHERE hardware = ? AND (model, hardware, framework, precision,"
         " spec_method, disaggregated, workload) >= (SELECT model, hardware, framework, precision, spec_method,"
         " disaggregated, workload FROM configurations WHERE id = ?) ORDER BY model, hardware, framework,"
         " precision, spec_method, disaggregated, workload");
  EXPECT_THAT(configurations, ::testing::HasSubstr("USING COVERING INDEX sqlite_autoindex_configurations_1"));
  EXPECT_THAT(configurations, ::testing::Not(::testing::HasSubstr("points")));
  const std::string points = plan("SELECT rowid FROM points WHERE configuration_id = ? AND date <= ? AND"
                                  " (date, concurrency, result_id) > (?, ?, ?) ORDER BY date, concurrency,"
                                  " result_id LIMIT ?");
  EXPECT_THAT(points, ::testing::HasSubstr("USING INDEX points_by_configuration_id (configuration_id=?"));
  EXPECT_THAT(points, ::testing::Not(::testing::HasSubstr("SCAN")));
}
#endif

}  // namespace
}  // namespace infertrack::store::sqlite

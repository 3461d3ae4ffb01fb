// Store::latest_points() against a real SQLite file: the latest run of each configuration, chosen in SQL.
#include "infertrack/domain/config_group.hpp"
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/sqlite/migrations.hpp"
#include "infertrack/store/sqlite/bound_conditions.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"

#include "store/store_test_support.hpp"
#include "support/test_database.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>

namespace infertrack::store::sqlite {
namespace {

using domain::BenchmarkPoint;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing::bare_point;
using testing::ids;

// A point of bare_point's configuration (DeepSeek-V4.1-Flash mi355x sglang fp8 none agg 8192/1024),
// measured on `date` at `concurrency`; callers vary the configuration.
BenchmarkPoint
run_point(const std::string& id, const std::string& date, std::int64_t concurrency)
{
  BenchmarkPoint point = bare_point(id);
  point.date = date;
  point.concurrency = concurrency;
  point.interactivity_median = 100.0 / static_cast<double>(concurrency);
  point.per_gpu_tps.total = 10.0 * static_cast<double>(concurrency);
  return point;
}

// What latest_points() must give, computed in C++ from points(): per configuration, the points of its
// latest date among those `filter` selects.
std::vector<BenchmarkPoint>
expected_latest(Store& store, const PointFilter& filter)
{
  const std::vector<BenchmarkPoint> all = store.points(filter);
  std::map<domain::ConfigGroupKey, std::string> latest;
  for (const BenchmarkPoint& point : all) {
    std::string& date = latest[domain::config_group_of(point).without_date()];
    date = std::max(date, point.date);
  }
  std::vector<BenchmarkPoint> kept;
  for (const BenchmarkPoint& point : all) {
    if (latest[domain::config_group_of(point).without_date()] == point.date) {
      kept.push_back(point);
    }
  }
  return kept;
}

class LatestPointsTest : public ::testing::Test
{
protected:
  void ingest(std::vector<BenchmarkPoint> points)
  {
    domain::Dataset dataset;
    dataset.source = "test";
    dataset.points = std::move(points);
    ASSERT_TRUE(m_store->ingest(dataset));
  }

  testing::TempDir m_dir;
  test_engine::TestDatabase m_database;
  std::unique_ptr<Store> m_store = m_database.open();
};

TEST_F(LatestPointsTest, a_newer_run_replaces_an_older_one_per_configuration)
{
  BenchmarkPoint other = run_point("b-old", "2026-05-01", 4);
  other.hardware = "gb200"; // another configuration, run once, before the first one's newest run
  ingest({run_point("a-old-1", "2026-04-25", 1), run_point("a-old-2", "2026-04-25", 2),
          run_point("a-old-4", "2026-04-25", 4), run_point("a-new-2", "2026-05-10", 2),
          run_point("a-new-8", "2026-05-10", 8), other});

  // Listing order: gb200 before mi355x, then concurrency within the run.
  EXPECT_THAT(ids(m_store->latest_points({})), ElementsAre("b-old", "a-new-2", "a-new-8"));
  EXPECT_EQ(m_store->latest_points({}), expected_latest(*m_store, {}));
}

TEST_F(LatestPointsTest, points_come_whole_with_their_notes)
{
  BenchmarkPoint older = testing::full_point("444914");
  older.date = "2026-10-01";
  const BenchmarkPoint newer = testing::full_point("444915", 1); // dated 2026-10-14, three notes
  ingest({older, newer});
  const std::vector<BenchmarkPoint> latest = m_store->latest_points({});
  ASSERT_EQ(latest.size(), 1);
  EXPECT_EQ(latest.front(), newer);
  EXPECT_EQ(latest.front().notes, newer.notes);
}

TEST_F(LatestPointsTest, as_of_picks_the_latest_run_on_or_before_the_date)
{
  ingest({run_point("a-1", "2026-04-25", 1), run_point("a-2", "2026-04-25", 2), run_point("b-1", "2026-05-02", 1),
          run_point("c-1", "2026-05-21", 1), run_point("c-4", "2026-05-21", 4)});
  auto as_of = [&](const char* date) {
    PointFilter filter;
    filter.as_of = date;
    return ids(m_store->latest_points(filter));
  };
  EXPECT_THAT(as_of("2026-04-24"), IsEmpty());
  EXPECT_THAT(as_of("2026-04-25"), ElementsAre("a-1", "a-2"));
  EXPECT_THAT(as_of("2026-05-01"), ElementsAre("a-1", "a-2"));
  EXPECT_THAT(as_of("2026-05-02"), ElementsAre("b-1"));
  EXPECT_THAT(as_of("2026-05-20"), ElementsAre("b-1"));
  EXPECT_THAT(as_of("2026-05-21"), ElementsAre("c-1", "c-4"));
  EXPECT_THAT(as_of("2027-01-01"), ElementsAre("c-1", "c-4"));
}

TEST_F(LatestPointsTest, an_exact_date_gives_that_run_of_each_configuration)
{
  ingest({run_point("a-1", "2026-04-25", 1), run_point("a-2", "2026-04-25", 2), run_point("b-1", "2026-05-02", 1)});
  PointFilter filter;
  filter.date = "2026-04-25";
  EXPECT_THAT(ids(m_store->latest_points(filter)), ElementsAre("a-1", "a-2"));
  EXPECT_EQ(m_store->latest_points(filter), m_store->points(filter));
  filter.date = "2026-04-30";
  EXPECT_THAT(m_store->latest_points(filter), IsEmpty());
}

TEST_F(LatestPointsTest, filters_narrow_the_configurations_before_the_latest_is_chosen)
{
  std::vector<BenchmarkPoint> points;
  int id = 0;
  // Eight configurations on two models, each run on two or three dates with a ladder of concurrencies;
  // the dates differ between configurations, so a filter condition left out would pick other runs.
  for (const std::string hardware : {"gb200", "mi355x"}) {
    for (const std::string precision : {"fp4", "fp8"}) {
      for (const bool disaggregated : {false, true}) {
        const int dates = precision == "fp4" ? 3 : 2;
        for (int d = 0; d < dates; ++d) {
          for (const std::int64_t concurrency : {1, 4, 16}) {
            const std::string date = "2026-05-" + std::to_string(10 + d * 5 + (disaggregated ? 1 : 0));
            BenchmarkPoint point = run_point("p" + std::to_string(id++), date, concurrency);
            point.model = hardware == "gb200" ? "DeepSeek-V4-Pro" : "DeepSeek-V4.1-Flash";
            point.hardware = hardware;
            point.precision = precision;
            point.disaggregated = disaggregated;
            points.push_back(point);
          }
        }
      }
    }
  }
  ingest(points);

  std::vector<PointFilter> filters(8);
  filters[1].model = "DeepSeek-V4-Pro";
  filters[2].hardware = "mi355x";
  filters[3].precision = "fp8";
  filters[4].disaggregated = true;
  filters[5].model = "DeepSeek-V4.1-Flash";
  filters[5].precision = "fp4";
  filters[5].disaggregated = false;
  filters[6].hardware = "gb200";
  filters[6].as_of = "2026-05-15";
  filters[7].framework = "vllm"; // matches nothing
  for (std::size_t i = 0; i < filters.size(); ++i) {
    EXPECT_EQ(m_store->latest_points(filters[i]), expected_latest(*m_store, filters[i])) << "filter " << i;
  }
  EXPECT_EQ(m_store->latest_points(filters[0]).size(), 8 * 3); // eight configurations, one run of three each
  for (const BenchmarkPoint& point : m_store->latest_points(filters[4])) {
    EXPECT_TRUE(point.disaggregated);
  }
  for (const BenchmarkPoint& point : m_store->latest_points(filters[6])) {
    EXPECT_EQ(point.date, point.disaggregated ? "2026-05-11" : "2026-05-15");
  }
  EXPECT_THAT(m_store->latest_points(filters[7]), IsEmpty());
}

TEST_F(LatestPointsTest, never_mixes_dates_within_a_configuration)
{
  // Configurations that differ only in spec method, disaggregation or workload are separate: each keeps
  // its own latest run, and no configuration shows two dates, even when its newest run measured fewer
  // concurrencies than an older one.
  std::vector<BenchmarkPoint> points;
  auto add = [&](const std::string& date, std::int64_t concurrency, auto&& vary) {
    BenchmarkPoint point = run_point("m" + std::to_string(points.size()), date, concurrency);
    vary(point);
    points.push_back(point);
  };
  const auto base = [](BenchmarkPoint&) {};
  const auto mtp = [](BenchmarkPoint& p) { p.spec_method = "mtp"; };
  const auto disaggregated = [](BenchmarkPoint& p) { p.disaggregated = true; };
  const auto agentic = [](BenchmarkPoint& p) { p.workload = "agentic"; };
  add("2026-05-01", 1, base);
  add("2026-05-01", 2, base);
  add("2026-05-03", 4, base);
  add("2026-05-05", 1, mtp);
  add("2026-05-02", 1, disaggregated);
  add("2026-05-02", 2, disaggregated);
  add("2026-05-09", 8, agentic);
  add("2026-05-04", 8, agentic);
  ingest(points);

  const std::vector<BenchmarkPoint> latest = m_store->latest_points({});
  EXPECT_EQ(latest, expected_latest(*m_store, {}));
  std::map<domain::ConfigGroupKey, std::set<std::string>> dates;
  for (const BenchmarkPoint& point : latest) {
    dates[domain::config_group_of(point).without_date()].insert(point.date);
  }
  EXPECT_EQ(dates.size(), 4);
  for (const auto& [configuration, run_dates] : dates) {
    EXPECT_EQ(run_dates.size(), 1) << configuration.label();
  }
  // Listing order: spec method "mtp" < "none", then aggregated before disaggregated, "8192/1024" < "agentic".
  EXPECT_THAT(ids(latest), ElementsAre("m3", "m2", "m6", "m4", "m5"));
}

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only
TEST_F(LatestPointsTest, a_version_one_database_gains_the_configuration_index)
{
  const std::filesystem::path path = m_dir.file("v1.db");
  {
    Connection db(path.string());
    testing::migrate_up_to(db, 1);
  }
  auto store = open_store(path);
  EXPECT_EQ(store->schema_version(), latest_schema_version());
  Connection db(path.string());
  EXPECT_EQ(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_configuration_id'"),
            "points_by_configuration_id");
  EXPECT_FALSE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_model'").has_value());
  domain::Dataset dataset;
  dataset.source = "test";
  dataset.points = {run_point("a-1", "2026-04-25", 1), run_point("a-2", "2026-05-25", 2)};
  ASSERT_TRUE(store->ingest(dataset));
  EXPECT_THAT(ids(store->latest_points({})), ElementsAre("a-2"));
}
#endif

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only
TEST_F(LatestPointsTest, the_latest_runs_are_chosen_and_read_through_the_configuration_id_index)
{
  // The plans SQLite picks for the shape read_latest_points() runs: the (configuration_id, MAX(date)) pairs
  // from points_by_configuration_id alone (a covering scan, or the ids a configuration filter picks from the
  // small configurations table), then each chosen run as one range of the same index.
  auto store = open_store(m_dir.file("plan.db"));
  Connection db(m_dir.file("plan.db").string());
  const auto plan = [&db](const std::string& where) {
    Statement statement(db, "EXPLAIN QUERY PLAN SELECT p.result_id FROM (SELECT configuration_id, MAX(date) AS date"
                            " FROM points" + where + " GROUP BY configuration_id) AS latest JOIN points p"
                            " ON p.configuration_id = latest.configuration_id AND p.date = latest.date");
    std::string text;
    while (statement.step()) {
      text += std::string(statement.column_text(3)) + "\n";
    }
    return text;
  };
  const std::string all = plan("");
  EXPECT_THAT(all, ::testing::HasSubstr("SCAN points USING COVERING INDEX points_by_configuration_id"));
  EXPECT_THAT(all, ::testing::HasSubstr("points_by_configuration_id (configuration_id=? AND date=?)"));
  const std::string one_hardware = plan(" WHERE configuration_id IN (SELECT id FROM configurations"
                                       " WHERE hardware = 'b200') AND date <= '2026-05-01'");
  EXPECT_THAT(one_hardware, ::testing::HasSubstr("SEARCH points USING COVERING INDEX points_by_configuration_id"
                                                 " (configuration_id=?"));
  EXPECT_THAT(one_hardware, ::testing::Not(::testing::HasSubstr("SCAN points")));
}
#endif

#ifndef INFERTRACK_TEST_ENGINE_POSTGRES // SQLite only
TEST_F(LatestPointsTest, a_filter_on_dates_alone_seeks_them_in_the_configuration_id_index)
{
  // There is no index on the date alone: the filter's conditions must lead SQLite to the configuration index.
  auto store = open_store(m_dir.file("plan.db"));
  Connection db(m_dir.file("plan.db").string());
  EXPECT_FALSE(db.query_text("SELECT name FROM sqlite_master WHERE name = 'points_by_date'").has_value());
  const auto plan = [&db](const PointFilter& filter) {
    const BoundConditions conditions = point_filter_conditions(filter);
    Statement statement(db, "EXPLAIN QUERY PLAN SELECT result_id FROM points" + conditions.where_clause());
    bind_conditions(statement, conditions);
    std::string text;
    while (statement.step()) {
      text += std::string(statement.column_text(3)) + "\n";
    }
    return text;
  };
  PointFilter one_date;
  one_date.date = "2026-05-01";
  EXPECT_THAT(plan(one_date), ::testing::HasSubstr("SEARCH points USING INDEX points_by_configuration_id"
                                                   " (configuration_id=? AND date=?)"));
  PointFilter as_of;
  as_of.as_of = "2026-05-01";
  EXPECT_THAT(plan(as_of), ::testing::HasSubstr("SEARCH points USING INDEX points_by_configuration_id"
                                                " (configuration_id=? AND date<?)"));
  EXPECT_THAT(plan(one_date) + plan(as_of), ::testing::Not(::testing::HasSubstr("SCAN points")));
}
#endif

}  // namespace
}  // namespace infertrack::store::sqlite

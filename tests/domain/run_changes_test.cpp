#include "infertrack/domain/run_changes.hpp"
#include "infertrack/domain/point_recurrence.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace infertrack::domain {
namespace {

// A fixed-length (median) mi355x point of `precision` on `date`.
BenchmarkPoint
point(std::string id, std::string date, double interactivity, double total_per_gpu, std::string precision = "fp4")
{
  BenchmarkPoint p;
  p.result_id = std::move(id);
  p.model = "DeepSeek-V4-Pro";
  p.hardware = "mi355x";
  p.framework = "sglang";
  p.precision = std::move(precision);
  p.workload = "8192/1024";
  p.date = std::move(date);
  p.concurrency = static_cast<std::int64_t>(1000 / interactivity);
  p.interactivity_median = interactivity;
  p.per_gpu_tps.total = total_per_gpu;
  return p;
}

// A run measured at 5, 10 and 20 tok/s/user (2v, v, v/2) and at `fastest` beyond: read at 10 and 20 it is
// v and v/2, so that two such runs differ by the ratio of their `value`s at both. A `fastest` below 20 replaces 20.
std::vector<BenchmarkPoint>
flat_run(const std::string& date, double value, double fastest = 25)
{
  std::vector<BenchmarkPoint> run = {point(date + "-a", date, 5, 2 * value), point(date + "-b", date, 10, value)};
  if (fastest >= 20) {
    run.push_back(point(date + "-c", date, 20, value / 2));
  }
  if (fastest != 20) {
    run.push_back(point(date + "-d", date, fastest, fastest > 20 ? value / 4 : value * 0.75));
  }
  return run;
}

std::vector<BenchmarkPoint>
joined(std::initializer_list<std::vector<BenchmarkPoint>> runs)
{
  std::vector<BenchmarkPoint> points;
  for (const auto& run : runs) {
    points.insert(points.end(), run.begin(), run.end());
  }
  return points;
}

ChangeSeries
changes_of(const std::vector<BenchmarkPoint>& points, ChangeOptions options = {}, RunImages images = {})
{
  HistoryFrontiers frontiers(std::nullopt, ThroughputMetric::total);
  frontiers.add(points);
  std::vector<std::size_t> group;
  for (std::size_t c = 0; c < frontiers.configuration_count(); ++c) {
    group.push_back(c);
  }
  return detect_changes(frontiers, group, images, options);
}

TEST(DetectChanges, ExactlyTheThresholdIsAFindingAndJustBelowIsNot)
{
  // 100 -> 110 is +10% exactly; 100 -> 90 is -10% exactly (0.9 is not exact in binary: the tolerance holds it).
  for (const auto& [later, direction] : {std::pair{110.0, ChangeDirection::improvement},
                                         std::pair{90.0, ChangeDirection::regression}}) {
    const ChangeSeries series = changes_of(joined({flat_run("2026-05-01", 100), flat_run("2026-05-02", later)}));
    ASSERT_EQ(series.comparisons.size(), 1u);
    const RunComparison& comparison = series.comparisons[0];
    ASSERT_EQ(comparison.targets.size(), 2u);
    EXPECT_EQ(comparison.targets[0].target, 10);
    EXPECT_EQ(comparison.targets[1].target, 20);
    ASSERT_EQ(comparison.findings.size(), 1u) << later;
    EXPECT_EQ(comparison.findings[0].direction, direction);
    EXPECT_NEAR(comparison.findings[0].percent, later - 100, 1e-9);
    EXPECT_EQ(comparison.findings[0].targets, (std::vector<double>{10, 20}));
    EXPECT_EQ(comparison.earlier.date, "2026-05-01");
    EXPECT_EQ(comparison.later.date, "2026-05-02");
    EXPECT_EQ(comparison.targets[0].later.state, InterpolationState::exact);
    EXPECT_EQ(comparison.targets[0].later.lower_result_id, "2026-05-02-b");
  }
  for (const double later : {109.99, 90.01}) {
    const ChangeSeries series = changes_of(joined({flat_run("2026-05-01", 100), flat_run("2026-05-02", later)}));
    ASSERT_EQ(series.comparisons.size(), 1u);
    EXPECT_TRUE(series.comparisons[0].findings.empty()) << later;
  }
}

TEST(DetectChanges, ThresholdIsTheCallers)
{
  ChangeOptions options;
  options.threshold = 0.25;
  EXPECT_TRUE(changes_of(joined({flat_run("2026-05-01", 100), flat_run("2026-05-02", 120)}), options)
                .comparisons[0]
                .findings.empty());
  options.threshold = 0.2;
  EXPECT_EQ(changes_of(joined({flat_run("2026-05-01", 100), flat_run("2026-05-02", 120)}), options)
              .comparisons[0]
              .findings.size(),
            1u);
}

TEST(DetectChanges, ARunThatReachesFewerTargetsIsComparedWhereBothReach)
{
  // The later run stops at 15 tok/s/user: 20 is not a common target, 10 is.
  const ChangeSeries series =
    changes_of(joined({flat_run("2026-05-01", 100), flat_run("2026-05-02", 150, 15)}));
  ASSERT_EQ(series.comparisons.size(), 1u);
  ASSERT_EQ(series.comparisons[0].targets.size(), 1u);
  EXPECT_EQ(series.comparisons[0].targets[0].target, 10);
  ASSERT_EQ(series.comparisons[0].findings.size(), 1u);
  EXPECT_EQ(series.comparisons[0].findings[0].targets, (std::vector<double>{10}));
}

TEST(DetectChanges, ARegressionThenARecoveryAreTwoFindings)
{
  const ChangeSeries series = changes_of(
    joined({flat_run("2026-05-01", 100), flat_run("2026-05-08", 70), flat_run("2026-05-15", 100)}));
  ASSERT_EQ(series.runs, 3u);
  ASSERT_EQ(series.comparisons.size(), 2u);
  ASSERT_EQ(series.comparisons[0].findings.size(), 1u);
  EXPECT_EQ(series.comparisons[0].findings[0].direction, ChangeDirection::regression);
  EXPECT_NEAR(series.comparisons[0].findings[0].ratio, 0.7, 1e-12);
  ASSERT_EQ(series.comparisons[1].findings.size(), 1u);
  EXPECT_EQ(series.comparisons[1].findings[0].direction, ChangeDirection::improvement);
  EXPECT_NEAR(series.comparisons[1].findings[0].ratio, 100.0 / 70, 1e-12);
  EXPECT_EQ(series.comparisons[1].earlier.date, "2026-05-08");

  ChangeOptions since;
  since.since = "2026-05-09";
  const ChangeSeries later = changes_of(
    joined({flat_run("2026-05-01", 100), flat_run("2026-05-08", 70), flat_run("2026-05-15", 100)}), since);
  ASSERT_EQ(later.comparisons.size(), 1u);
  EXPECT_EQ(later.comparisons[0].later.date, "2026-05-15");
}

TEST(DetectChanges, ASingleRunHasNoChange)
{
  const ChangeSeries series = changes_of(flat_run("2026-05-01", 100));
  EXPECT_EQ(series.runs, 1u);
  EXPECT_TRUE(series.comparisons.empty());
}

TEST(DetectChanges, LaunchDayRunsBelowTenAreReadAtWholeTargetsWithTheLaterEndABound)
{
  // fp8 measured 0.93-2.43 tok/s/user, fp4 from 3.61 up: no multiple of 10 is reached by the fp8 run, so 1 and 2;
  // the fp4 run is clamped_low there (a lower bound), so the improvement is at least its ratio.
  const std::vector<BenchmarkPoint> points = {
    point("f8a", "2026-04-25", 2.43, 20.4, "fp8"), point("f8b", "2026-04-25", 1.19, 42.0, "fp8"),
    point("f8c", "2026-04-25", 0.93, 67.4, "fp8"), point("f4a", "2026-05-02", 3.61, 500.2),
    point("f4b", "2026-05-02", 23.89, 25.2)};
  const ChangeSeries series = changes_of(points);
  EXPECT_EQ(series.configuration.precision, "fp4/fp8");
  ASSERT_EQ(series.comparisons.size(), 1u);
  const RunComparison& comparison = series.comparisons[0];
  EXPECT_EQ(comparison.earlier.precision, "fp8");
  EXPECT_EQ(comparison.later.precision, "fp4");
  ASSERT_EQ(comparison.targets.size(), 2u);
  EXPECT_EQ(comparison.targets[1].target, 2);
  EXPECT_EQ(comparison.targets[1].later.state, InterpolationState::clamped_low);
  EXPECT_EQ(comparison.targets[1].bound, FactorBound::at_least);
  ASSERT_EQ(comparison.findings.size(), 1u);
  EXPECT_EQ(comparison.findings[0].direction, ChangeDirection::improvement);
  EXPECT_EQ(comparison.findings[0].bound, FactorBound::at_least);
  EXPECT_GT(comparison.findings[0].ratio, 10);
}

TEST(DetectChanges, AnAtLeastBoundNeverProvesARegression)
{
  // The later run starts at 30: at 10 and 20 its value is a lower bound of 50, below the earlier 100.
  const std::vector<BenchmarkPoint> points = {point("a", "2026-05-01", 5, 100), point("b", "2026-05-01", 40, 100),
                                              point("c", "2026-05-02", 30, 50), point("d", "2026-05-02", 50, 40)};
  const ChangeSeries series = changes_of(points);
  ASSERT_EQ(series.comparisons.size(), 1u);
  for (const ChangeFinding& finding : series.comparisons[0].findings) {
    EXPECT_EQ(finding.targets, (std::vector<double>{30, 40})); // measured by both: a proven regression
  }
}

TEST(ChangeTargets, NoneWhenTheRangesShareNoWholeTarget)
{
  std::size_t left_out = 7;
  EXPECT_TRUE(change_targets({"2026-05-01", "fp4", "", 0.2, 0.5}, {"2026-05-02", "fp4", "", 0.3, 0.9}, &left_out)
                .empty());
  EXPECT_EQ(left_out, 0u);
}

TEST(ValueSpread, OneRunMakesNoBand)
{
  HistoryFrontiers frontiers(std::nullopt, ThroughputMetric::total);
  frontiers.add(joined({flat_run("2026-05-01", 100), flat_run("2026-05-05", 110), flat_run("2026-05-30", 90)}));
  const std::vector<std::vector<std::string>> images = {{"img:1", "img:1", "img:1"}};
  const ValueSpread alone = value_spread(frontiers, 0, 0, images, 10, k_default_spread_days);
  EXPECT_EQ(alone.runs, 1u);
  EXPECT_FALSE(alone.min);
  EXPECT_FALSE(alone.max);

  const ValueSpread two = value_spread(frontiers, 0, 1, images, 10, k_default_spread_days);
  EXPECT_EQ(two.runs, 2u);
  EXPECT_EQ(two.min, 100);
  EXPECT_EQ(two.max, 110);
  EXPECT_EQ(two.dates, (std::vector<std::string>{"2026-05-01", "2026-05-05"}));

  // 25 days after the last: outside the window, alone again.
  EXPECT_EQ(value_spread(frontiers, 0, 2, images, 10, k_default_spread_days).runs, 1u);
  // Another image, or none known: alone.
  const std::vector<std::vector<std::string>> other = {{"img:1", "img:2", "img:2"}};
  EXPECT_EQ(value_spread(frontiers, 0, 1, other, 10, k_default_spread_days).runs, 1u);
  EXPECT_EQ(value_spread(frontiers, 0, 1, {}, 10, k_default_spread_days).runs, 1u);
}

TEST(PointRecurrence, SameConcurrencyAndValuesInTheRunBeforeIsCarriedOver)
{
  std::vector<BenchmarkPoint> points = {point("a1", "2026-05-01", 10, 100), point("a2", "2026-05-01", 20, 50),
                                        point("b1", "2026-05-02", 10, 100), point("b2", "2026-05-02", 20, 55),
                                        point("c1", "2026-05-03", 10, 100)};
  const std::vector<PointRecurrence> marks = point_recurrence(points);
  EXPECT_EQ(marks, (std::vector<PointRecurrence>{PointRecurrence::new_numbers, PointRecurrence::new_numbers,
                                                 PointRecurrence::carried_over, PointRecurrence::new_numbers,
                                                 PointRecurrence::carried_over}));
  EXPECT_STREQ(to_string(marks[2]), "carried_over");
  EXPECT_STREQ(to_string(marks[0]), "new");
}

TEST(PointRecurrence, OnlyTheSameConfigurationCarriesOver)
{
  const std::vector<BenchmarkPoint> points = {point("a", "2026-05-01", 10, 100, "fp8"),
                                              point("b", "2026-05-02", 10, 100, "fp4")};
  EXPECT_EQ(point_recurrence(points),
            (std::vector<PointRecurrence>{PointRecurrence::new_numbers, PointRecurrence::new_numbers}));
}

}  // namespace
}  // namespace infertrack::domain

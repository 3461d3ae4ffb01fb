#include "infertrack/domain/glance_table.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace infertrack::domain {
namespace {

PerformanceCurve
curve(std::string framework, std::vector<FrontierKnot> knots)
{
  PerformanceCurve made;
  made.group.model = "M";
  made.group.hardware = "gpu";
  made.group.framework = std::move(framework);
  made.group.date = "2026-05-01";
  made.frontier = std::move(knots);
  return made;
}

std::vector<double>
interactivities(const std::vector<GlanceColumn>& columns)
{
  std::vector<double> values;
  for (const GlanceColumn& column : columns) {
    values.push_back(column.interactivity);
  }
  return values;
}

TEST(GlanceTargets, EveryTenTokPerUserFromTheFirstMultipleAboveTheLowestKnotToTheLastBelowTheHighest)
{
  const std::vector<PerformanceCurve> curves = {curve("a", {{12.5, 900, "a1"}, {38, 500, "a2"}}),
                                                curve("b", {{21, 800, "b1"}, {59.9, 100, "b2"}})};
  const GlanceTargets targets = glance_targets(curves);
  EXPECT_EQ(interactivities(targets.columns), (std::vector<double>{20, 30, 40, 50}));
  EXPECT_EQ(targets.columns.front().label, "20 tok/s/user");
  EXPECT_EQ(targets.left_out, 0u);
}

TEST(GlanceTargets, KnotsOnMultiplesAreTargetsThemselves)
{
  const std::vector<PerformanceCurve> curves = {curve("a", {{10, 900, "a1"}, {30, 500, "a2"}})};
  EXPECT_EQ(interactivities(glance_targets(curves).columns), (std::vector<double>{10, 20, 30}));
}

TEST(GlanceTargets, NoneWhenNoMultipleFallsInTheRangeOrThereAreNoCurves)
{
  EXPECT_TRUE(glance_targets(std::vector<PerformanceCurve>{curve("a", {{1.2, 9, "a1"}, {2.4, 5, "a2"}})}).columns.empty());
  EXPECT_TRUE(glance_targets(std::vector<PerformanceCurve>{}).columns.empty());
}

TEST(GlanceTargets, TakeAnotherStep)
{
  const std::vector<PerformanceCurve> curves = {curve("a", {{1.2, 9, "a1"}, {2.4, 5, "a2"}})};
  EXPECT_EQ(interactivities(glance_targets(curves, 0.5).columns), (std::vector<double>{1.5, 2}));
}

TEST(GlanceTargets, StopAtTheMostAndCountTheRest)
{
  const std::vector<PerformanceCurve> curves = {curve("a", {{10, 9, "a1"}, {20000, 5, "a2"}})};
  const GlanceTargets targets = glance_targets(curves);
  ASSERT_EQ(targets.columns.size(), k_glance_max_targets);
  EXPECT_EQ(targets.columns.back().interactivity, 10000);
  EXPECT_EQ(targets.left_out, 2000u - k_glance_max_targets);
}

TEST(GlanceTable, OneRowPerCurveAndOneCellPerColumnWithEachState)
{
  // a spans 15..45; b only 25..35: below its range a value is a lower bound, above it there is none.
  const GlanceTable table = glance_table({curve("a", {{15, 900, "a1"}, {30, 600, "a2"}, {45, 300, "a3"}}),
                                          curve("b", {{25, 800, "b1"}, {35, 700, "b2"}})});
  EXPECT_EQ(interactivities(table.columns), (std::vector<double>{20, 30, 40}));
  ASSERT_EQ(table.rows.size(), 2u);
  const GlanceRow& a = table.rows[0];
  EXPECT_EQ(a.curve.group.framework, "a");
  ASSERT_EQ(a.cells.size(), 3u);
  EXPECT_EQ(a.cells[0].state, InterpolationState::interpolated);
  EXPECT_EQ(a.cells[0].lower_result_id, "a1");
  EXPECT_EQ(a.cells[0].upper_result_id, "a2");
  EXPECT_EQ(a.cells[1].state, InterpolationState::exact);
  EXPECT_EQ(a.cells[1].throughput, 600);
  EXPECT_EQ(a.cells[1].lower_result_id, "a2");
  EXPECT_EQ(a.cells[2].state, InterpolationState::interpolated);

  const GlanceRow& b = table.rows[1];
  EXPECT_EQ(b.cells[0].state, InterpolationState::clamped_low);
  EXPECT_EQ(b.cells[0].throughput, 800);
  EXPECT_EQ(b.cells[1].state, InterpolationState::interpolated);
  EXPECT_EQ(b.cells[2].state, InterpolationState::unreachable);
  EXPECT_EQ(b.cells[2].throughput, std::nullopt);
  // Each cell is interpolate_curve's answer.
  EXPECT_EQ(b.cells[1].throughput, interpolate_curve(b.curve, 30).throughput);
}

TEST(GlanceTable, TakesAppendedColumnsOfAnotherKind)
{
  std::vector<GlanceColumn> columns = {target_column(20), {"chat preset", 33}};
  const GlanceTable table = glance_table({curve("a", {{15, 900, "a1"}, {45, 300, "a3"}})}, columns);
  EXPECT_EQ(table.columns, columns);
  ASSERT_EQ(table.rows.front().cells.size(), 2u);
  EXPECT_EQ(table.rows.front().cells[1].throughput, interpolate_curve(table.rows.front().curve, 33).throughput);
}

}  // namespace
}  // namespace infertrack::domain

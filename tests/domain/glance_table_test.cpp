#include "infertrack/domain/glance_table.hpp"

#include "infertrack/domain/service_level_presets.hpp"

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

// A fixed-length point of framework `framework`'s one run; `ttft_p99` of zero: the run reports no latencies.
BenchmarkPoint
run_point(std::string framework, std::string id, double interactivity, double total_per_gpu, double ttft_p99)
{
  BenchmarkPoint p;
  p.result_id = std::move(id);
  p.model = "M";
  p.hardware = "gpu";
  p.framework = std::move(framework);
  p.precision = "fp8";
  p.workload = "1024/1024";
  p.date = "2026-05-01";
  p.concurrency = 4;
  p.total_allocated_gpus = 8;
  p.per_gpu_tps.total = total_per_gpu;
  p.interactivity_median = interactivity;
  if (ttft_p99 > 0) {
    p.latency.ttft.p99 = ttft_p99;
  }
  return p;
}

TEST(AddServiceLevelColumns, EachRowsOperatingPointUnderEachPresetAsEvaluateServiceLevelGivesIt)
{
  // "a" reports TTFT: chat binds at P99 TTFT 2 s between a2 and a3; "b" reports none, so only batch has a value.
  const std::vector<BenchmarkPoint> points = {
    run_point("a", "a1", 90, 1000, 0.5), run_point("a", "a2", 70, 3000, 1.5), run_point("a", "a3", 55, 5000, 2.5),
    run_point("a", "a4", 20, 8000, 6),   run_point("b", "b1", 60, 2000, 0),   run_point("b", "b2", 8, 6000, 0)};
  const CurveOptions options;
  GlanceTable table = glance_table(build_curves(points, options));
  add_service_level_columns(table, points, preset_columns(), options);

  ASSERT_EQ(table.slo_columns.size(), service_level_presets().size());
  EXPECT_EQ(table.slo_columns[0].key, "chat");
  EXPECT_EQ(table.slo_columns[0].label, "Chat");
  EXPECT_EQ(table.slo_columns[2].target.text(), "interactivity>=10");
  ASSERT_EQ(table.rows.size(), 2u);
  for (std::size_t column = 0; column < table.slo_columns.size(); ++column) {
    const std::vector<ServiceLevelAnswer> answers =
      evaluate_service_level(points, table.slo_columns[column].target, options);
    ASSERT_EQ(answers.size(), table.rows.size());
    for (std::size_t row = 0; row < table.rows.size(); ++row) {
      const GlanceServiceLevelCell& cell = table.rows[row].slo_cells.at(column);
      EXPECT_EQ(answers[row].group, table.rows[row].curve.group);
      EXPECT_EQ(cell.throughput, answers[row].throughput) << row << "," << column;
      EXPECT_EQ(cell.binding, answers[row].binding) << row << "," << column;
      EXPECT_EQ(cell.none_reason, answers[row].none_reason) << row << "," << column;
    }
  }
  const GlanceRow& a = table.rows[0];
  ASSERT_TRUE(a.slo_cells[0].throughput);
  EXPECT_GT(*a.slo_cells[0].throughput, 3000);
  EXPECT_LT(*a.slo_cells[0].throughput, 5000);
  EXPECT_EQ(a.slo_cells[0].binding, 1u); // ttft_p99<=2s
  EXPECT_EQ(a.slo_cells[2].binding, 0u); // batch's one limit
  const GlanceRow& b = table.rows[1];
  EXPECT_EQ(b.slo_cells[0].throughput, std::nullopt);
  EXPECT_EQ(b.slo_cells[0].binding, std::nullopt);
  ASSERT_TRUE(b.slo_cells[0].none_reason);
  EXPECT_NE(b.slo_cells[0].none_reason->find("reports no P99 time to first token"), std::string::npos);
  EXPECT_TRUE(b.slo_cells[2].throughput);
  // The target columns are untouched.
  EXPECT_EQ(a.cells.size(), table.columns.size());
}

}  // namespace
}  // namespace infertrack::domain

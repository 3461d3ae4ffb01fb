#include "infertrack/domain/history.hpp"
#include "support/history_expectations.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace infertrack::domain {
namespace {

// A fixed-length (median) point of `hardware` on `date`.
BenchmarkPoint
point(std::string id, std::string hardware, std::string date, double interactivity, double total_per_gpu)
{
  BenchmarkPoint p;
  p.result_id = std::move(id);
  p.model = "DeepSeek-V4-Pro";
  p.hardware = std::move(hardware);
  p.framework = "sglang";
  p.precision = "fp4";
  p.workload = "8192/1024";
  p.date = std::move(date);
  p.interactivity_median = interactivity;
  p.per_gpu_tps.total = total_per_gpu;
  p.run_url = "https://example.test/runs/" + p.date;
  return p;
}

// Four runs of one mi355x configuration, deliberately out of order and interleaved with a b200 one. At 4
// tok/s/user: 2026-04-25 tops out at 3 (unreachable); 2026-05-02 is a straight line between (2, 100) and
// (6, 60), so 80; 2026-05-04 has a knot at 4 (exact, 120); 2026-05-10 starts at 5 (clamped_low, 200).
std::vector<BenchmarkPoint>
story_points()
{
  return {
    point("d", "mi355x", "2026-05-04", 4, 120),   point("b2", "b200", "2026-05-02", 10, 500),
    point("a1", "mi355x", "2026-04-25", 1, 30),   point("b1", "mi355x", "2026-05-02", 2, 100),
    point("b3", "mi355x", "2026-05-02", 1, 50),   point("e", "mi355x", "2026-05-04", 8, 90),
    point("a2", "mi355x", "2026-04-25", 3, 10),   point("f", "mi355x", "2026-05-10", 5, 200),
    point("b4", "mi355x", "2026-05-02", 6, 60),   point("g", "mi355x", "2026-05-10", 9, 150),
  };
}

const HistorySeries&
series_of(const std::vector<HistorySeries>& history, const std::string& hardware)
{
  const auto found = std::find_if(history.begin(), history.end(), [&](const HistorySeries& series) {
    return series.configuration.hardware == hardware;
  });
  EXPECT_NE(found, history.end());
  return *found;
}

TEST(BuildHistory, OneValuePerRunDateOrderedByDateAndConfiguration)
{
  const std::vector<BenchmarkPoint> points = story_points();
  HistoryOptions options;
  options.target = 4;
  const std::vector<HistorySeries> history = build_history(points, options);
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].configuration.hardware, "b200"); // ConfigGroupKey order
  EXPECT_EQ(history[1].configuration.label(), "DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024");
  EXPECT_EQ(history[1].basis, InteractivityBasis::median_tpot);

  const std::vector<HistoryPoint>& mi355x = history[1].points;
  ASSERT_EQ(mi355x.size(), 4u);
  EXPECT_EQ(mi355x[0].date, "2026-04-25");
  EXPECT_EQ(mi355x[0].days_since_launch, 1);
  EXPECT_EQ(mi355x[0].value.state, InterpolationState::unreachable);
  EXPECT_FALSE(mi355x[0].value.throughput); // a gap, never a zero
  EXPECT_DOUBLE_EQ(mi355x[0].fastest_interactivity, 3);
  EXPECT_EQ(mi355x[0].lower->result_id, "a2");
  EXPECT_FALSE(mi355x[0].since_first); // before the first value

  EXPECT_EQ(mi355x[1].date, "2026-05-02");
  EXPECT_EQ(mi355x[1].days_since_launch, 8);
  EXPECT_EQ(mi355x[1].value.state, InterpolationState::interpolated);
  EXPECT_DOUBLE_EQ(*mi355x[1].value.throughput, 80);
  EXPECT_EQ(mi355x[1].lower, (FrontierKnot{2, 100, "b1"}));
  EXPECT_EQ(mi355x[1].upper, (FrontierKnot{6, 60, "b4"}));
  EXPECT_EQ(mi355x[1].frontier_size, 2u); // b3 (1, 50) is dominated by b1
  EXPECT_EQ(mi355x[1].run_url, "https://example.test/runs/2026-05-02");
  ASSERT_TRUE(mi355x[1].since_first);
  EXPECT_DOUBLE_EQ(*mi355x[1].since_first->factor, 1);

  EXPECT_EQ(mi355x[2].value.state, InterpolationState::exact);
  EXPECT_DOUBLE_EQ(*mi355x[2].value.throughput, 120);
  EXPECT_DOUBLE_EQ(*mi355x[2].since_first->factor, 1.5);
  EXPECT_EQ(mi355x[2].since_first->from_date, "2026-05-02");
  EXPECT_EQ(mi355x[2].since_first->bound, FactorBound::exact);

  EXPECT_EQ(mi355x[3].days_since_launch, 16);
  EXPECT_EQ(mi355x[3].value.state, InterpolationState::clamped_low);
  EXPECT_DOUBLE_EQ(*mi355x[3].value.throughput, 200);
  EXPECT_DOUBLE_EQ(*mi355x[3].since_first->factor, 2.5);
  // A clamped_low value is a lower bound on the throughput at the target, so the factor is too.
  EXPECT_EQ(mi355x[3].since_first->bound, FactorBound::at_least);
}

TEST(BuildHistory, EachValueIsTheSingleRunCurveOfBuildCurves)
{
  const std::vector<BenchmarkPoint> points = story_points();
  for (const double target : {0.5, 2.0, 3.0, 4.0, 5.5, 7.0, 10.0}) {
    HistoryOptions options;
    options.target = target;
    for (const HistorySeries& series : build_history(points, options)) {
      for (const HistoryPoint& run : series.points) {
        CurveOptions curve_options;
        curve_options.basis = series.basis;
        curve_options.date = run.date;
        const std::vector<PerformanceCurve> curves = build_curves(points, curve_options);
        const auto curve = std::find_if(curves.begin(), curves.end(), [&](const PerformanceCurve& c) {
          return c.group.without_date() == series.configuration;
        });
        ASSERT_NE(curve, curves.end());
        const InterpolatedThroughput expected = interpolate_curve(*curve, target);
        EXPECT_EQ(run.value.state, expected.state) << run.date << " at " << target;
        EXPECT_EQ(run.value.throughput, expected.throughput) << run.date << " at " << target;
        EXPECT_EQ(run.value.lower_result_id, expected.lower_result_id);
        EXPECT_EQ(run.value.upper_result_id, expected.upper_result_id);
        EXPECT_EQ(run.frontier_size, curve->frontier.size());
      }
    }
  }
}

TEST(BuildHistory, BasisIsOnePerConfigurationItsWorkloadsDefault)
{
  // Fixed-length points with both statistics are read at the median TPOT, as interpolate reads their runs.
  std::vector<BenchmarkPoint> points = {point("x1", "gb200", "2026-05-01", 4, 100),
                                        point("x2", "gb200", "2026-05-02", 4, 200)};
  points[0].interactivity_p90 = 3;
  points[1].interactivity_p90 = 3;
  HistoryOptions options;
  options.target = 4;
  std::vector<HistorySeries> history = build_history(points, options);
  EXPECT_EQ(history[0].basis, InteractivityBasis::median_tpot);
  EXPECT_EQ(history[0].points[0].value.state, InterpolationState::exact);
  // One run without the median puts the whole series on P90: values on two bases never compare.
  points[1].interactivity_median.reset();
  history = build_history(points, options);
  EXPECT_EQ(history[0].basis, InteractivityBasis::p90_itl);
  EXPECT_EQ(history[0].points[0].value.state, InterpolationState::unreachable);  // P90 3 < 4
  EXPECT_EQ(history[0].points[1].value.state, InterpolationState::unreachable);

  // Agentic points are read at P90 ITL, and on the median when a point lacks P90.
  for (BenchmarkPoint& p : points) {
    p.workload = "agentic";
    p.interactivity_median = 4;
    p.interactivity_p90 = 3;
  }
  EXPECT_EQ(build_history(points, options)[0].basis, InteractivityBasis::p90_itl);
  points[0].interactivity_p90.reset();
  history = build_history(points, options);
  EXPECT_EQ(history[0].basis, InteractivityBasis::median_tpot);
  EXPECT_EQ(history[0].points[1].value.state, InterpolationState::exact);
}

// A run with no point at the asked basis is a gap in its series, so that the first measurement, and every
// factor since it, is told from the run it really is.
TEST(BuildHistory, ARunWithoutTheAskedBasisIsAGap)
{
  std::vector<BenchmarkPoint> points = story_points();
  for (BenchmarkPoint& p : points) {
    if (p.date != "2026-05-02") {
      p.interactivity_p90 = p.interactivity_median; // every run but 2026-05-02 has P90 too
    }
  }
  HistoryOptions options;
  options.target = 4;
  options.basis = InteractivityBasis::p90_itl;
  const std::vector<HistorySeries> history = build_history(points, options);
  ASSERT_EQ(history.size(), 1u) << "b200 has no P90 point at all: no series";
  const std::vector<HistoryPoint>& mi355x = history[0].points;
  ASSERT_EQ(mi355x.size(), 4u);
  EXPECT_EQ(mi355x[1].date, "2026-05-02");
  EXPECT_EQ(mi355x[1].value.state, InterpolationState::unreachable);
  EXPECT_FALSE(mi355x[1].value.throughput);
  EXPECT_EQ(mi355x[1].frontier_size, 0u);
  EXPECT_FALSE(mi355x[1].lower);
  EXPECT_FALSE(mi355x[1].since_first); // before the first value
  // The first value is 2026-05-04's, not a run that had none.
  ASSERT_TRUE(mi355x[2].since_first);
  EXPECT_EQ(mi355x[2].since_first->from_date, "2026-05-04");
  EXPECT_DOUBLE_EQ(*mi355x[2].since_first->factor, 1);
}

TEST(BuildHistory, ConfigurationsWithoutTheMetricAreLeftOut)
{
  std::vector<BenchmarkPoint> points = story_points();
  HistoryOptions options;
  options.target = 4;
  options.metric = ThroughputMetric::output; // no point has it
  EXPECT_TRUE(build_history(points, options).empty());
  EXPECT_TRUE(build_history({}, options).empty());
}

TEST(ReadHistory, APageOfConfigurationsIsThoseSeriesOfTheWholeHistory)
{
  std::vector<BenchmarkPoint> points = story_points();
  for (const char* hardware : {"gb200", "h200"}) {
    points.push_back(point(std::string(hardware) + "-1", hardware, "2026-05-02", 3, 70));
  }
  HistoryOptions options;
  options.target = 4;
  HistoryFrontiers frontiers(options.basis, options.metric);
  frontiers.add(points);
  const std::vector<HistorySeries> whole = read_history(frontiers, options);
  ASSERT_EQ(whole.size(), 4u);
  test::expect_same_history(read_history(frontiers, options, 1, 2), {whole[1], whole[2]});
  test::expect_same_history(read_history(frontiers, options, 3, 10), {whole[3]}); // cut at the end
  EXPECT_TRUE(read_history(frontiers, options, 4, 10).empty());
  EXPECT_TRUE(read_history(frontiers, options, 99, 1).empty());
  EXPECT_TRUE(read_history(frontiers, options, 0, 0).empty());
}

TEST(ImprovementBetween, NamesBothStatesAndTheBound)
{
  HistoryOptions options;
  options.target = 4;
  const std::vector<BenchmarkPoint> points = story_points();
  const std::vector<HistorySeries> history = build_history(points, options);
  const HistorySeries& mi355x = series_of(history, "mi355x");

  const auto up = improvement_between(mi355x, "2026-05-04", "2026-05-10");
  ASSERT_TRUE(up);
  EXPECT_DOUBLE_EQ(*up->factor, 200.0 / 120.0);
  EXPECT_EQ(up->from_state, InterpolationState::exact);
  EXPECT_EQ(up->to_state, InterpolationState::clamped_low);
  EXPECT_EQ(up->bound, FactorBound::at_least);

  const auto down = improvement_between(mi355x, "2026-05-10", "2026-05-02");
  EXPECT_DOUBLE_EQ(*down->factor, 0.4);
  EXPECT_EQ(down->bound, FactorBound::at_most);

  const auto from_gap = improvement_between(mi355x, "2026-04-25", "2026-05-10");
  ASSERT_TRUE(from_gap);
  EXPECT_EQ(from_gap->from_state, InterpolationState::unreachable);
  EXPECT_FALSE(from_gap->factor);

  EXPECT_FALSE(improvement_between(mi355x, "2026-05-03", "2026-05-10")); // no run that day

  // A clamped_low run against itself is exactly 1, not a ratio of two bounds.
  const auto itself = improvement_between(mi355x, "2026-05-10", "2026-05-10");
  ASSERT_TRUE(itself && itself->factor);
  EXPECT_EQ(*itself->factor, 1.0);
  EXPECT_EQ(itself->to_state, InterpolationState::clamped_low);
  EXPECT_EQ(itself->bound, FactorBound::exact);
}

TEST(DaysBetween, CountsCalendarDays)
{
  EXPECT_EQ(days_between(k_deepseek_v4_launch_date, "2026-05-21"), 27);
  EXPECT_EQ(days_between("2026-04-24", "2026-04-24"), 0);
  EXPECT_EQ(days_between("2026-04-25", "2026-04-24"), -1);
  EXPECT_EQ(days_between("2028-02-28", "2028-03-01"), 2); // leap year
  EXPECT_EQ(days_between("2026-12-31", "2027-01-01"), 1);
}

TEST(FactorBound, ToString)
{
  EXPECT_STREQ(to_string(FactorBound::exact), "exact");
  EXPECT_STREQ(to_string(FactorBound::at_least), "at_least");
  EXPECT_STREQ(to_string(FactorBound::at_most), "at_most");
  EXPECT_STREQ(to_string(FactorBound::indeterminate), "indeterminate");
}

// A GPU's launch-day runs in fp8 and its later ones in fp4 are one series once precisions are joined: each date its
// best run, each point naming its precision, the factor since the first taken across them.
TEST(JoinPrecisions, OneSeriesPerConfigurationButThePrecisionEachDateItsBestRun)
{
  std::vector<BenchmarkPoint> points = story_points();
  for (BenchmarkPoint& p : points) {
    if (p.date == "2026-04-25") {
      p.precision = "fp8";
    }
  }
  // On 2026-05-10 an fp8 run too, slower than the fp4 one at 6 tok/s/user: the fp4 run is kept.
  for (BenchmarkPoint extra : {point("h1", "mi355x", "2026-05-10", 5, 100), point("h2", "mi355x", "2026-05-10", 9, 80)}) {
    extra.precision = "fp8";
    points.push_back(std::move(extra));
  }
  HistoryOptions options;
  options.target = 6;
  HistoryFrontiers frontiers(options.basis, options.metric);
  frontiers.add(points);
  ASSERT_EQ(frontiers.configuration_count(), 3u); // b200 fp4, mi355x fp4, mi355x fp8
  const std::vector<std::vector<std::size_t>> groups = precision_groups(frontiers);
  ASSERT_EQ(groups.size(), 2u);
  std::vector<HistorySeries> joined;
  for (const std::vector<std::size_t>& group : groups) {
    joined.push_back(join_precisions(read_history(frontiers, options, group)));
  }
  const HistorySeries& mi355x = series_of(joined, "mi355x");
  EXPECT_EQ(mi355x.configuration.precision, "fp4/fp8");
  std::vector<std::string> dates;
  std::vector<std::string> precisions;
  for (const HistoryPoint& p : mi355x.points) {
    dates.push_back(p.date);
    precisions.push_back(p.precision);
  }
  EXPECT_EQ(dates, (std::vector<std::string>{"2026-04-25", "2026-05-02", "2026-05-04", "2026-05-10"}));
  EXPECT_EQ(precisions, (std::vector<std::string>{"fp8", "fp4", "fp4", "fp4"}));
  // 2026-04-25 tops out at 3 tok/s/user: a gap, so the factors count from 2026-05-02 (60 at 6 tok/s/user).
  EXPECT_EQ(mi355x.points[0].value.state, InterpolationState::unreachable);
  EXPECT_FALSE(mi355x.points[0].since_first);
  ASSERT_TRUE(mi355x.points[3].since_first && mi355x.points[3].since_first->factor);
  EXPECT_EQ(mi355x.points[3].since_first->from_date, "2026-05-02");
  EXPECT_DOUBLE_EQ(*mi355x.points[3].since_first->factor, *mi355x.points[3].value.throughput / 60);
  EXPECT_GT(*mi355x.points[3].value.throughput, 150.0) << "the fp4 run (187.5), not the slower fp8 one (95)";
  // A series alone in its configuration is unchanged, its points naming their own precision.
  EXPECT_EQ(series_of(joined, "b200").points.front().precision, "fp4");
  EXPECT_EQ(series_of(joined, "b200").configuration.precision, "fp4");
}

}  // namespace
}  // namespace infertrack::domain

#include "infertrack/domain/performance_curve.hpp"

#include "domain/seed_points.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace infertrack::domain {
namespace {

using Ids = std::vector<std::string>;

Ids
frontier_ids(const PerformanceCurve& curve)
{
  Ids ids;
  for (const FrontierKnot& knot : curve.frontier) {
    ids.push_back(knot.result_id);
  }
  return ids;
}

const PerformanceCurve*
find_curve(const std::vector<PerformanceCurve>& curves, const std::string& framework)
{
  const auto found = std::find_if(curves.begin(), curves.end(), [&](const PerformanceCurve& curve) {
    return curve.group.framework == framework;
  });
  return found == curves.end() ? nullptr : &*found;
}

// A copy of `point` under another id and run date, with its own numbers.
BenchmarkPoint
rerun(BenchmarkPoint point, std::string id, std::string date, double interactivity, double total_per_gpu)
{
  point.result_id = std::move(id);
  point.date = std::move(date);
  point.interactivity_p90 = interactivity;
  point.interactivity_median = interactivity * 1.2;
  point.per_gpu_tps.total = total_per_gpu;
  return point;
}

TEST(BuildCurves, SeedGivesOneCurvePerConfiguration)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  const std::vector<PerformanceCurve> curves = build_curves(points, {});
  ASSERT_EQ(curves.size(), 3u);
  // Ordered by configuration: "DeepSeek-V4-Pro" sorts before "DeepSeek-V4.1-Flash", sglang before vllm.
  EXPECT_EQ(curves[0].group.framework, "dynamo-vllm");
  EXPECT_EQ(curves[1].group.framework, "sglang");
  EXPECT_EQ(curves[2].group.framework, "vllm");

  const PerformanceCurve& pro = curves[0];
  EXPECT_EQ(pro.group.label(), "DeepSeek-V4-Pro gb200 dynamo-vllm fp4 draft_model disagg agentic 2026-10-14");
  EXPECT_EQ(pro.basis, InteractivityBasis::p90_itl);
  EXPECT_EQ(pro.metric, ThroughputMetric::total);
  EXPECT_EQ(frontier_ids(pro), Ids({"444911", "444914"}));
  EXPECT_DOUBLE_EQ(pro.frontier[0].interactivity, 95.78544061302682);
  EXPECT_DOUBLE_EQ(pro.frontier[0].throughput, 85065.93201);
  EXPECT_DOUBLE_EQ(pro.frontier[1].interactivity, 104.60251046025104);
  EXPECT_DOUBLE_EQ(pro.frontier[1].throughput, 38655.26001);
  EXPECT_TRUE(pro.off_frontier_result_ids.empty());
  EXPECT_TRUE(pro.skipped_result_ids.empty());

  EXPECT_EQ(frontier_ids(curves[2]), Ids({"444210", "444212"}));
  EXPECT_EQ(curves[2].group.date, "2026-10-07");
  EXPECT_EQ(frontier_ids(curves[1]), Ids({"446626"}));
  EXPECT_EQ(curves[1].group.date, "2026-10-26");
}

TEST(BuildCurves, MetricSelectsThePerGpuThroughput)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  CurveOptions options;
  options.metric = ThroughputMetric::output;
  const std::vector<PerformanceCurve> curves = build_curves(points, options);
  const PerformanceCurve* vllm = find_curve(curves, "vllm");
  ASSERT_NE(vllm, nullptr);
  EXPECT_EQ(vllm->metric, ThroughputMetric::output);
  EXPECT_EQ(frontier_ids(*vllm), Ids({"444210", "444212"}));
  EXPECT_DOUBLE_EQ(vllm->frontier[0].throughput, 1375.0364);
  EXPECT_DOUBLE_EQ(vllm->frontier[1].throughput, 811.27461);
}

class BuildCurvesDates : public ::testing::Test
{
protected:
  void SetUp() override
  {
    m_points = test::seed_points();
    const BenchmarkPoint& flash = m_points[2]; // 444212, vllm, 2026-10-07
    // An older run of the same vLLM configuration, faster and richer: mixed in, it would dominate both newer
    // points.
    m_points.push_back(rerun(flash, "old-1", "2026-09-01", 90, 200000));
    m_points.push_back(rerun(flash, "old-2", "2026-09-01", 140, 150000));
    // A run after the seed's, for as_of to skip.
    m_points.push_back(rerun(flash, "new-1", "2026-11-01", 100, 100000));
  }

  const PerformanceCurve& vllm_curve(const CurveOptions& options)
  {
    m_curves = build_curves(m_points, options);
    const PerformanceCurve* curve = find_curve(m_curves, "vllm");
    EXPECT_NE(curve, nullptr);
    return *curve;
  }

  std::vector<BenchmarkPoint> m_points;
  std::vector<PerformanceCurve> m_curves;
};

TEST_F(BuildCurvesDates, LatestRunByDefault)
{
  const PerformanceCurve& curve = vllm_curve({});
  EXPECT_EQ(curve.group.date, "2026-11-01");
  EXPECT_EQ(frontier_ids(curve), Ids({"new-1"}));
  EXPECT_TRUE(curve.off_frontier_result_ids.empty());
}

TEST_F(BuildCurvesDates, AsOfTakesTheLatestRunOnOrBeforeIt)
{
  CurveOptions options;
  options.as_of = "2026-10-31";
  const PerformanceCurve& seed_run = vllm_curve(options);
  EXPECT_EQ(seed_run.group.date, "2026-10-07");
  // Only the seed run's points, although the older run would dominate them.
  EXPECT_EQ(frontier_ids(seed_run), Ids({"444210", "444212"}));
  EXPECT_TRUE(seed_run.off_frontier_result_ids.empty());

  options.as_of = "2026-10-07";
  EXPECT_EQ(vllm_curve(options).group.date, "2026-10-07");
  options.as_of = "2026-10-06";
  const PerformanceCurve& old_run = vllm_curve(options);
  EXPECT_EQ(old_run.group.date, "2026-09-01");
  EXPECT_EQ(frontier_ids(old_run), Ids({"old-1", "old-2"}));
}

TEST_F(BuildCurvesDates, ExactDateSelectsThatRunOnly)
{
  CurveOptions options;
  options.date = "2026-09-01";
  const PerformanceCurve& curve = vllm_curve(options);
  EXPECT_EQ(curve.group.date, "2026-09-01");
  EXPECT_EQ(frontier_ids(curve), Ids({"old-1", "old-2"}));
  // Configurations without a run on that date are left out.
  EXPECT_EQ(m_curves.size(), 1u);
}

TEST_F(BuildCurvesDates, NoRunOnOrBeforeAsOfLeavesTheConfigurationOut)
{
  CurveOptions options;
  options.as_of = "2026-01-01";
  EXPECT_TRUE(build_curves(m_points, options).empty());
  options.as_of.reset();
  options.date = "2026-10-08";
  EXPECT_TRUE(build_curves(m_points, options).empty());
}

TEST_F(BuildCurvesDates, NeverMixesDates)
{
  for (const char* as_of : {"2026-09-01", "2026-10-07", "2026-10-26", "2026-11-01", "2027-01-01"}) {
    CurveOptions options;
    options.as_of = as_of;
    for (const PerformanceCurve& curve : build_curves(m_points, options)) {
      for (const FrontierKnot& knot : curve.frontier) {
        const auto point = std::find_if(m_points.begin(), m_points.end(), [&](const BenchmarkPoint& p) {
          return p.result_id == knot.result_id;
        });
        ASSERT_NE(point, m_points.end());
        EXPECT_EQ(point->date, curve.group.date) << knot.result_id << " as of " << as_of;
      }
    }
  }
}

TEST(BuildCurves, DominatedPointsStayVisibleOffTheFrontier)
{
  std::vector<BenchmarkPoint> points = test::seed_points();
  points.push_back(rerun(points[3], "dominated", "2026-10-07", 90, 100000));
  points.push_back(rerun(points[3], "duplicate", "2026-10-07", *points[3].interactivity_p90, 175618.32904));
  const std::vector<PerformanceCurve> curves = build_curves(points, {});
  const PerformanceCurve* vllm = find_curve(curves, "vllm");
  ASSERT_NE(vllm, nullptr);
  EXPECT_EQ(frontier_ids(*vllm), Ids({"444210", "444212"}));
  EXPECT_EQ(vllm->off_frontier_result_ids, Ids({"dominated", "duplicate"}));
}

TEST(BuildCurves, BasisIsP90OnlyWhenEveryPointOfTheRunHasIt)
{
  std::vector<BenchmarkPoint> points = test::seed_points();
  points[3].interactivity_p90.reset(); // 444210
  std::vector<PerformanceCurve> curves = build_curves(points, {});
  const PerformanceCurve* vllm = find_curve(curves, "vllm");
  ASSERT_NE(vllm, nullptr);
  EXPECT_EQ(vllm->basis, InteractivityBasis::median_tpot);
  EXPECT_EQ(frontier_ids(*vllm), Ids({"444210", "444212"}));
  EXPECT_DOUBLE_EQ(vllm->frontier[0].interactivity, 134.77088948787062);
  EXPECT_DOUBLE_EQ(vllm->frontier[1].interactivity, 198.01980198019803);
  // The other configurations keep P90.
  EXPECT_EQ(find_curve(curves, "sglang")->basis, InteractivityBasis::p90_itl);

  // Asking for P90 skips the point that lacks it rather than mixing bases.
  CurveOptions options;
  options.basis = InteractivityBasis::p90_itl;
  curves = build_curves(points, options);
  vllm = find_curve(curves, "vllm");
  ASSERT_NE(vllm, nullptr);
  EXPECT_EQ(vllm->basis, InteractivityBasis::p90_itl);
  EXPECT_EQ(frontier_ids(*vllm), Ids({"444212"}));
  EXPECT_EQ(vllm->skipped_result_ids, Ids({"444210"}));
}

TEST(BuildCurves, FixedLengthRunsAreReadAtTheMedianWhenTheyHaveIt)
{
  // The seed points re-labelled as one fixed-length run: both statistics present, the median wins.
  std::vector<BenchmarkPoint> points = test::seed_points();
  for (BenchmarkPoint& point : points) {
    point.workload = "8192/1024";
  }
  std::vector<PerformanceCurve> curves = build_curves(points, {});
  const PerformanceCurve* vllm = find_curve(curves, "vllm");
  ASSERT_NE(vllm, nullptr);
  EXPECT_EQ(vllm->basis, InteractivityBasis::median_tpot);
  EXPECT_DOUBLE_EQ(vllm->frontier[0].interactivity, 134.77088948787062);

  // Without a median on one point the run falls back to P90 whole, never a mixture.
  points[3].interactivity_median.reset(); // 444210
  curves = build_curves(points, {});
  vllm = find_curve(curves, "vllm");
  ASSERT_NE(vllm, nullptr);
  EXPECT_EQ(vllm->basis, InteractivityBasis::p90_itl);
  EXPECT_EQ(frontier_ids(*vllm), Ids({"444210", "444212"}));
}

TEST(DefaultInteractivity, IsTheStatisticTheWorkloadsRunsAreReadAt)
{
  BenchmarkPoint point = test::seed_points()[0];  // agentic, with both statistics
  ASSERT_TRUE(point.interactivity_p90 && point.interactivity_median);
  auto shown = default_interactivity(point);
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->basis, InteractivityBasis::p90_itl);
  EXPECT_EQ(shown->value, *point.interactivity_p90);
  point.interactivity_p90.reset();
  EXPECT_EQ(default_interactivity(point)->basis, InteractivityBasis::median_tpot);

  point = test::seed_points()[0];
  point.workload = "8192/1024";
  shown = default_interactivity(point);
  EXPECT_EQ(shown->basis, InteractivityBasis::median_tpot);
  EXPECT_EQ(shown->value, *point.interactivity_median);
  point.interactivity_median.reset();
  EXPECT_EQ(default_interactivity(point)->basis, InteractivityBasis::p90_itl);
  point.interactivity_p90.reset();
  EXPECT_FALSE(default_interactivity(point));
}

TEST(BuildCurves, PointsLackingTheMetricAreSkipped)
{
  std::vector<BenchmarkPoint> points = test::seed_points();
  points[0].per_gpu_tps.input.reset(); // 444914
  CurveOptions options;
  options.metric = ThroughputMetric::input;
  const std::vector<PerformanceCurve> curves = build_curves(points, options);
  const PerformanceCurve* pro = find_curve(curves, "dynamo-vllm");
  ASSERT_NE(pro, nullptr);
  EXPECT_EQ(frontier_ids(*pro), Ids({"444911"}));
  EXPECT_EQ(pro->skipped_result_ids, Ids({"444914"}));
}

TEST(BuildCurves, ConfigurationWithNoUsablePointIsLeftOut)
{
  std::vector<BenchmarkPoint> points = test::seed_points();
  points[4].per_gpu_tps.total.reset(); // 446626, the only SGLang point
  const std::vector<PerformanceCurve> curves = build_curves(points, {});
  EXPECT_EQ(curves.size(), 2u);
  EXPECT_EQ(find_curve(curves, "sglang"), nullptr);
  EXPECT_TRUE(build_curves({}, {}).empty());
}

TEST(InterpolateCurve, SeedFlashAt100IsTheStraightLineBetweenItsTwoKnots)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  const std::vector<PerformanceCurve> curves = build_curves(points, {});
  const PerformanceCurve* vllm = find_curve(curves, "vllm");
  ASSERT_NE(vllm, nullptr);
  const InterpolatedThroughput value = interpolate_curve(*vllm, 100);
  EXPECT_EQ(value.state, InterpolationState::interpolated);
  EXPECT_EQ(value.lower_result_id, "444210");
  EXPECT_EQ(value.upper_result_id, "444212");
  const double x0 = 85.6898029134533;
  const double x1 = 132.4503311258278;
  const double y0 = 175618.32904;
  const double y1 = 116552.26393;
  EXPECT_NEAR(*value.throughput, y0 + (y1 - y0) * (100 - x0) / (x1 - x0), 1e-6);

  const PerformanceCurve* sglang = find_curve(curves, "sglang");
  EXPECT_EQ(interpolate_curve(*sglang, 100).state, InterpolationState::clamped_low);
  EXPECT_EQ(interpolate_curve(*sglang, 200).state, InterpolationState::unreachable);
}

TEST(SampleCurve, OneKnotGivesThatKnotAndTwoKnotsALine)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  const std::vector<PerformanceCurve> curves = build_curves(points, {});
  const auto one = sample_curve(*find_curve(curves, "sglang"), 50);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].first, 112.73957158962797);
  EXPECT_EQ(one[0].second, 361699.85709);

  const PerformanceCurve& pro = *find_curve(curves, "dynamo-vllm");
  const auto line = sample_curve(pro, 5);
  ASSERT_EQ(line.size(), 5u);
  EXPECT_EQ(line.front().first, pro.frontier[0].interactivity);
  EXPECT_EQ(line.back().second, pro.frontier[1].throughput);
  const double slope = (pro.frontier[1].throughput - pro.frontier[0].throughput)
                       / (pro.frontier[1].interactivity - pro.frontier[0].interactivity);
  for (const auto& [x, y] : line) {
    EXPECT_NEAR(y, pro.frontier[0].throughput + slope * (x - pro.frontier[0].interactivity), 1e-6);
  }
  EXPECT_TRUE(sample_curve(PerformanceCurve{}, 10).empty());
}

TEST(ThroughputMetric, ToStringAndParseRoundTrip)
{
  for (const ThroughputMetric metric :
       {ThroughputMetric::total, ThroughputMetric::input, ThroughputMetric::output}) {
    EXPECT_EQ(parse_throughput_metric(to_string(metric)), metric);
  }
  EXPECT_STREQ(to_string(ThroughputMetric::total), "total");
  EXPECT_STREQ(to_string(ThroughputMetric::input), "input");
  EXPECT_STREQ(to_string(ThroughputMetric::output), "output");
  EXPECT_EQ(parse_throughput_metric("Total"), std::nullopt);
  EXPECT_EQ(parse_throughput_metric(""), std::nullopt);
}

}  // namespace
}  // namespace infertrack::domain

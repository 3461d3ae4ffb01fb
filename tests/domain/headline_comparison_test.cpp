#include "infertrack/domain/headline_comparison.hpp"

#include "domain/seed_points.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace infertrack::domain {
namespace {

double
straight_line_at(double x, double x0, double y0, double x1, double y1)
{
  return y0 + (y1 - y0) * (x - x0) / (x1 - x0);
}

TEST(CompareHeadlines, SeedFlashIsInterpolatedBetweenItsBrackets)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  const std::vector<PublishedHeadline> headlines = test::seed_headlines();
  const std::vector<HeadlineComparison> comparisons = compare_headlines(headlines, points);
  ASSERT_EQ(comparisons.size(), 2u);

  const HeadlineComparison& flash = comparisons[1];
  EXPECT_EQ(flash.published, headlines[1]);
  EXPECT_EQ(flash.curve_label, "DeepSeek-V4.1-Flash gb200 vllm fp4 mtp agg agentic 2026-10-07");
  EXPECT_EQ(flash.computed.state, InterpolationState::interpolated);
  EXPECT_EQ(flash.computed.lower_result_id, "444210");
  EXPECT_EQ(flash.computed.upper_result_id, "444212");
  // Two knots: the straight line between them at 100 tok/s/user.
  const double expected =
    straight_line_at(100, 85.6898029134533, 175618.32904, 132.4503311258278, 116552.26393);
  ASSERT_TRUE(flash.computed.throughput);
  EXPECT_NEAR(*flash.computed.throughput, expected, 1e-6);
  EXPECT_NEAR(*flash.computed.throughput, 157542.0, 1.0);
  ASSERT_TRUE(flash.difference);
  EXPECT_NEAR(*flash.difference, expected - 156095.303, 1e-6);
  ASSERT_TRUE(flash.relative_difference);
  EXPECT_NEAR(*flash.relative_difference, (expected - 156095.303) / 156095.303, 1e-12);
}

TEST(CompareHeadlines, SeedProIsInterpolatedBetween444911And444914)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  const std::vector<PublishedHeadline> headlines = test::seed_headlines();
  const HeadlineComparison pro = compare_headlines(headlines, points)[0];
  EXPECT_EQ(pro.curve_label, "DeepSeek-V4-Pro gb200 dynamo-vllm fp4 draft_model disagg agentic 2026-10-14");
  EXPECT_EQ(pro.computed.state, InterpolationState::interpolated);
  EXPECT_EQ(pro.computed.lower_result_id, "444911");
  EXPECT_EQ(pro.computed.upper_result_id, "444914");
  const double expected =
    straight_line_at(100, 95.78544061302682, 85065.93201, 104.60251046025104, 38655.26001);
  ASSERT_TRUE(pro.computed.throughput);
  EXPECT_NEAR(*pro.computed.throughput, expected, 1e-6);
  // The published Pro figure divides by P+D once more in the source's overview: the gap stays visible.
  EXPECT_NEAR(*pro.difference, expected - 37029.643, 1e-6);
  EXPECT_GT(*pro.relative_difference, 0.5);
}

TEST(CompareHeadlines, UsesOnlyTheBracketRunEvenWhenANewerRunExists)
{
  std::vector<BenchmarkPoint> points = test::seed_points();
  BenchmarkPoint newer = points[2];
  newer.result_id = "newer";
  newer.date = "2026-10-30";
  newer.interactivity_p90 = 100;
  newer.per_gpu_tps.total = 1;
  points.push_back(newer);
  const std::vector<PublishedHeadline> headlines = test::seed_headlines();
  const HeadlineComparison flash = compare_headlines(headlines, points)[1];
  EXPECT_EQ(flash.computed.state, InterpolationState::interpolated);
  EXPECT_EQ(flash.computed.lower_result_id, "444210");
  EXPECT_EQ(flash.computed.upper_result_id, "444212");
}

TEST(CompareHeadlines, UnstoredBracketsGiveNoComputedValue)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  PublishedHeadline headline = test::seed_headlines()[1];
  headline.bracket_result_ids = {"999998", "999999"};
  const std::vector<PublishedHeadline> headlines{headline};
  const std::vector<HeadlineComparison> comparisons = compare_headlines(headlines, points);
  ASSERT_EQ(comparisons.size(), 1u);
  EXPECT_EQ(comparisons[0].published, headline);
  EXPECT_EQ(comparisons[0].curve_label, std::nullopt);
  EXPECT_EQ(comparisons[0].computed.throughput, std::nullopt);
  EXPECT_EQ(comparisons[0].difference, std::nullopt);
  EXPECT_EQ(comparisons[0].relative_difference, std::nullopt);
  EXPECT_TRUE(compare_headlines({}, points).empty());
}

TEST(CompareHeadlines, SeedHeadlinesHaveNoCurveFindings)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  for (const HeadlineComparison& comparison : compare_headlines(test::seed_headlines(), points)) {
    EXPECT_TRUE(comparison.findings.empty()) << comparison.published.label;
  }
}

TEST(CompareHeadlines, HeadlineAboveTheMeasuredRangeIsAFinding)
{
  const std::vector<BenchmarkPoint> points = test::seed_points();
  PublishedHeadline headline = test::seed_headlines()[1];
  headline.target_interactivity = 200; // the Flash run's fastest knot is 132.45 tok/s/user
  const std::vector<PublishedHeadline> headlines{headline};
  const HeadlineComparison flash = compare_headlines(headlines, points)[0];
  EXPECT_EQ(flash.computed.state, InterpolationState::unreachable);
  ASSERT_EQ(flash.findings.size(), 1u);
  EXPECT_EQ(flash.findings[0].kind, FindingKind::headline_outside_range);
  EXPECT_EQ(flash.findings[0].result_id, headline.bracket_result_ids.front());
}

TEST(CompareHeadlines, HeadlineAcrossAThinBracketIsAFinding)
{
  std::vector<BenchmarkPoint> points = test::seed_points();
  // Stretch the Flash run's fast knot so that its bracket spans more than k_thin_frontier_ratio.
  for (BenchmarkPoint& point : points) {
    if (point.result_id == "444212") {
      point.interactivity_p90 = 300;
    }
  }
  const std::vector<PublishedHeadline> headlines{test::seed_headlines()[1]};
  const HeadlineComparison flash = compare_headlines(headlines, points)[0];
  EXPECT_EQ(flash.computed.state, InterpolationState::interpolated);
  ASSERT_EQ(flash.findings.size(), 1u);
  EXPECT_EQ(flash.findings[0].kind, FindingKind::thin_frontier);
  EXPECT_EQ(flash.findings[0].result_id, "444210");
}

}  // namespace
}  // namespace infertrack::domain

#include "infertrack/domain/curve_findings.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace infertrack::domain {
namespace {

const std::vector<FrontierKnot> k_knots{{10, 900, "slow"}, {25, 700, "middle"}, {40, 500, "fast"}};

TEST(ThinFrontierFinding, BracketWiderThanTheRatioIsFlagged)
{
  const std::vector<FrontierKnot> knots{{10, 900, "slow"}, {50, 400, "fast"}};
  const InterpolatedThroughput value = interpolate_at(knots, 30);
  ASSERT_EQ(value.state, InterpolationState::interpolated);
  const std::optional<DataFinding> finding = thin_frontier_finding(knots, value, 30);
  ASSERT_TRUE(finding);
  EXPECT_EQ(finding->kind, FindingKind::thin_frontier);
  EXPECT_EQ(finding->result_id, "slow");
  EXPECT_EQ(finding->detail,
            "30 tok/s/user is interpolated between results slow (10 tok/s/user) and fast (50 tok/s/user), 5x apart "
            "(more than 2x): the value rests on the spline's shape more than on measurements.");
}

TEST(ThinFrontierFinding, BracketWithinTheRatioIsNotFlagged)
{
  // 10 -> 25 is 2.5x (flagged), 25 -> 40 is 1.6x (not).
  EXPECT_TRUE(thin_frontier_finding(k_knots, interpolate_at(k_knots, 20), 20));
  EXPECT_FALSE(thin_frontier_finding(k_knots, interpolate_at(k_knots, 30), 30));
  // Exactly the ratio is not more than it.
  const std::vector<FrontierKnot> doubling{{10, 900, "a"}, {20, 400, "b"}};
  EXPECT_FALSE(thin_frontier_finding(doubling, interpolate_at(doubling, 15), 15));
}

TEST(ThinFrontierFinding, OnlyInterpolatedValues)
{
  const std::vector<FrontierKnot> knots{{10, 900, "slow"}, {50, 400, "fast"}};
  EXPECT_FALSE(thin_frontier_finding(knots, interpolate_at(knots, 10), 10));  // exact
  EXPECT_FALSE(thin_frontier_finding(knots, interpolate_at(knots, 5), 5));    // clamped_low
  EXPECT_FALSE(thin_frontier_finding(knots, interpolate_at(knots, 60), 60));  // unreachable
}

PublishedHeadline
headline_at(double target)
{
  PublishedHeadline headline;
  headline.label = "Pro";
  headline.model = "DeepSeek-V4-Pro";
  headline.target_interactivity = target;
  headline.total_tps_per_gpu = 600;
  headline.interpolated = true;
  headline.bracket_result_ids = {"middle", "fast"};
  return headline;
}

TEST(HeadlineRangeFinding, TargetAboveTheFastestKnot)
{
  const std::optional<DataFinding> finding = headline_range_finding(headline_at(100), k_knots);
  ASSERT_TRUE(finding);
  EXPECT_EQ(finding->kind, FindingKind::headline_outside_range);
  EXPECT_EQ(finding->result_id, "middle");
  EXPECT_EQ(finding->detail,
            "Headline Pro is published at 100 tok/s/user, above the measured range 10 to 40 tok/s/user of its "
            "curve: its value was extrapolated past the fastest measurement (unreachable), not interpolated.");
}

TEST(HeadlineRangeFinding, TargetBelowTheSlowestKnot)
{
  const std::optional<DataFinding> finding = headline_range_finding(headline_at(5), k_knots);
  ASSERT_TRUE(finding);
  EXPECT_NE(finding->detail.find("below the measured range 10 to 40"), std::string::npos);
}

TEST(HeadlineRangeFinding, TargetInsideOrOnTheEdgesIsNotFlagged)
{
  EXPECT_FALSE(headline_range_finding(headline_at(10), k_knots));
  EXPECT_FALSE(headline_range_finding(headline_at(30), k_knots));
  EXPECT_FALSE(headline_range_finding(headline_at(40), k_knots));
  EXPECT_FALSE(headline_range_finding(headline_at(100), {}));
}

}  // namespace
}  // namespace infertrack::domain

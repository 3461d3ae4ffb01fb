#include "infertrack/domain/interpolation.hpp"

#include "infertrack/domain/monotone_spline.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace infertrack::domain {
namespace {

const std::vector<FrontierKnot> k_knots{
  {50, 900, "a"},
  {80, 600, "b"},
  {100, 500, "c"},
  {150, 100, "d"},
};

TEST(InterpolateAt, ExactAtAKnot)
{
  for (const FrontierKnot& knot : k_knots) {
    const InterpolatedThroughput value = interpolate_at(k_knots, knot.interactivity);
    EXPECT_EQ(value.state, InterpolationState::exact);
    EXPECT_EQ(value.throughput, knot.throughput);
    EXPECT_EQ(value.lower_result_id, knot.result_id);
    EXPECT_EQ(value.upper_result_id, std::nullopt);
  }
}

TEST(InterpolateAt, ExactWithinATinyRelativeEpsilon)
{
  const InterpolatedThroughput above = interpolate_at(k_knots, 80 * (1 + 1e-14));
  EXPECT_EQ(above.state, InterpolationState::exact);
  EXPECT_EQ(above.lower_result_id, "b");
  const InterpolatedThroughput below = interpolate_at(k_knots, 100 * (1 - 1e-14));
  EXPECT_EQ(below.state, InterpolationState::exact);
  EXPECT_EQ(below.lower_result_id, "c");
  // Well beyond the epsilon it is an interpolation again.
  EXPECT_EQ(interpolate_at(k_knots, 80 * (1 + 1e-9)).state, InterpolationState::interpolated);
}

TEST(InterpolateAt, InterpolatedInsideNamesBothBrackets)
{
  const InterpolatedThroughput value = interpolate_at(k_knots, 90);
  EXPECT_EQ(value.state, InterpolationState::interpolated);
  EXPECT_EQ(value.lower_result_id, "b");
  EXPECT_EQ(value.upper_result_id, "c");
  const MonotoneSpline spline({50, 80, 100, 150}, {900, 600, 500, 100});
  ASSERT_TRUE(value.throughput);
  EXPECT_DOUBLE_EQ(*value.throughput, spline(90));
  EXPECT_GT(*value.throughput, 500);
  EXPECT_LT(*value.throughput, 600);

  const InterpolatedThroughput first_segment = interpolate_at(k_knots, 51);
  EXPECT_EQ(first_segment.lower_result_id, "a");
  EXPECT_EQ(first_segment.upper_result_id, "b");
  const InterpolatedThroughput last_segment = interpolate_at(k_knots, 149);
  EXPECT_EQ(last_segment.lower_result_id, "c");
  EXPECT_EQ(last_segment.upper_result_id, "d");
}

TEST(InterpolateAt, ClampedLowGivesTheSlowestKnot)
{
  const InterpolatedThroughput value = interpolate_at(k_knots, 10);
  EXPECT_EQ(value.state, InterpolationState::clamped_low);
  EXPECT_EQ(value.throughput, 900);
  EXPECT_EQ(value.lower_result_id, "a");
  EXPECT_EQ(value.upper_result_id, std::nullopt);
}

TEST(InterpolateAt, UnreachableAboveTheFastestKnot)
{
  const InterpolatedThroughput value = interpolate_at(k_knots, 151);
  EXPECT_EQ(value.state, InterpolationState::unreachable);
  EXPECT_EQ(value.throughput, std::nullopt);
  EXPECT_EQ(value.lower_result_id, "d");
  EXPECT_EQ(value.upper_result_id, std::nullopt);
}

TEST(InterpolateAt, OneKnotFrontier)
{
  const std::vector<FrontierKnot> one{{112.7, 361699.9, "446626"}};
  EXPECT_EQ(interpolate_at(one, 112.7).state, InterpolationState::exact);
  EXPECT_EQ(interpolate_at(one, 112.7).throughput, 361699.9);
  const InterpolatedThroughput low = interpolate_at(one, 100);
  EXPECT_EQ(low.state, InterpolationState::clamped_low);
  EXPECT_EQ(low.throughput, 361699.9);
  EXPECT_EQ(low.lower_result_id, "446626");
  const InterpolatedThroughput high = interpolate_at(one, 120);
  EXPECT_EQ(high.state, InterpolationState::unreachable);
  EXPECT_EQ(high.throughput, std::nullopt);
  EXPECT_EQ(high.lower_result_id, "446626");
}

TEST(InterpolateAt, FloorsAtZero)
{
  // A straight line through a negative knot would give -8 at 1.9: a throughput is never negative.
  const std::vector<FrontierKnot> knots{{1, 10, "p"}, {2, -10, "q"}};
  const InterpolatedThroughput value = interpolate_at(knots, 1.9);
  EXPECT_EQ(value.state, InterpolationState::interpolated);
  EXPECT_EQ(value.throughput, 0.0);
  EXPECT_DOUBLE_EQ(*interpolate_at(knots, 1.25).throughput, 5.0);
}

TEST(ReadFrontier, NamesTheKnotsInterpolateAtNamesByIndex)
{
  const std::vector<double> xs{50, 80, 100, 150};
  const std::vector<double> ys{900, 600, 500, 100};
  for (const double target : {10.0, 50.0, 65.0, 80.0, 99.0, 100.0, 120.0, 150.0, 151.0}) {
    const FrontierReading reading = read_frontier(xs, ys, target);
    const InterpolatedThroughput value = interpolate_at(k_knots, target);
    EXPECT_EQ(reading.state, value.state) << target;
    EXPECT_EQ(reading.throughput, value.throughput) << target;
    EXPECT_EQ(k_knots[reading.lower].result_id, value.lower_result_id) << target;
    EXPECT_EQ(reading.upper.has_value(), value.upper_result_id.has_value()) << target;
    if (reading.upper) {
      EXPECT_EQ(k_knots[*reading.upper].result_id, value.upper_result_id) << target;
    }
  }
  const FrontierReading between = read_frontier(xs, ys, 90);
  EXPECT_EQ(between.lower, 1u);
  EXPECT_EQ(between.upper, 2u);
  EXPECT_EQ(read_frontier(xs, ys, 200).lower, 3u); // unreachable: the fastest knot
  EXPECT_EQ(read_frontier(xs, ys, 1).lower, 0u);   // clamped_low: the slowest
}

TEST(InterpolationState, ToString)
{
  EXPECT_STREQ(to_string(InterpolationState::exact), "exact");
  EXPECT_STREQ(to_string(InterpolationState::interpolated), "interpolated");
  EXPECT_STREQ(to_string(InterpolationState::clamped_low), "clamped_low");
  EXPECT_STREQ(to_string(InterpolationState::unreachable), "unreachable");
}

TEST(InterpolateAtDeathTest, RefusesAnEmptyOrUnsortedFrontier)
{
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(static_cast<void>(interpolate_at({}, 1.0)), "assertion failed");
  const std::vector<FrontierKnot> unsorted{{2, 1, "a"}, {1, 2, "b"}};
  EXPECT_DEATH(static_cast<void>(interpolate_at(unsorted, 1.5)), "assertion failed");
}

}  // namespace
}  // namespace infertrack::domain

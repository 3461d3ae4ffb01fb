#include "infertrack/domain/monotone_spline.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace infertrack::domain {
namespace {

TEST(MonotoneSpline, ThreeKnotsMatchHandComputedValues)
{
  // h = 1, 2; secants 2, 0.5; p_1 = (2*2 + 0.5*1)/3 = 1.5; m_1 = 2*min(2, 0.5, 0.75) = 1;
  // m_0 = (3*2 - 1)/2 = 2.5; m_2 = (3*0.5 - 1)/2 = 0.25.
  const MonotoneSpline spline({0, 1, 3}, {0, 2, 3});
  ASSERT_EQ(spline.tangents().size(), 3u);
  EXPECT_DOUBLE_EQ(spline.tangents()[0], 2.5);
  EXPECT_DOUBLE_EQ(spline.tangents()[1], 1.0);
  EXPECT_DOUBLE_EQ(spline.tangents()[2], 0.25);
  // Midpoints: 0.5 y0 + 0.125 h m0 + 0.5 y1 - 0.125 h m1.
  EXPECT_DOUBLE_EQ(spline(0.5), 1.1875);
  EXPECT_DOUBLE_EQ(spline(2.0), 2.6875);
}

TEST(MonotoneSpline, FourKnotsMatchHandComputedValues)
{
  // h = 1, 1, 2; secants 2, 1, 0.5. p_1 = 1.5, m_1 = 2*min(2, 1, 0.75) = 1.5;
  // p_2 = (1*2 + 0.5*1)/3 = 5/6, m_2 = 2*min(1, 0.5, 5/12) = 5/6;
  // m_0 = (6 - 1.5)/2 = 2.25; m_3 = (1.5 - 5/6)/2 = 1/3.
  const MonotoneSpline spline({0, 1, 2, 4}, {0, 2, 3, 4});
  EXPECT_DOUBLE_EQ(spline.tangents()[0], 2.25);
  EXPECT_DOUBLE_EQ(spline.tangents()[1], 1.5);
  EXPECT_DOUBLE_EQ(spline.tangents()[2], 5.0 / 6.0);
  EXPECT_DOUBLE_EQ(spline.tangents()[3], 1.0 / 3.0);
  EXPECT_DOUBLE_EQ(spline(0.5), 1.09375);
  EXPECT_DOUBLE_EQ(spline(1.5), 31.0 / 12.0);
  EXPECT_DOUBLE_EQ(spline(3.0), 3.625);
}

TEST(MonotoneSpline, TwoKnotsGiveAStraightLine)
{
  const MonotoneSpline spline({85.0, 132.0}, {175000.0, 116000.0});
  const double slope = (116000.0 - 175000.0) / (132.0 - 85.0);
  EXPECT_DOUBLE_EQ(spline.tangents()[0], slope);
  EXPECT_DOUBLE_EQ(spline.tangents()[1], slope);
  for (double x = 85.0; x <= 132.0; x += 0.5) {
    EXPECT_NEAR(spline(x), 175000.0 + slope * (x - 85.0), 1e-9);
  }
}

TEST(MonotoneSpline, PassesThroughEveryKnot)
{
  const std::vector<double> xs{1, 2.5, 3, 7, 11, 11.5};
  const std::vector<double> ys{10, 8, 8, 3, 5, -2};
  const MonotoneSpline spline(xs, ys);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    EXPECT_EQ(spline(xs[i]), ys[i]) << "knot " << i;
  }
}

TEST(MonotoneSpline, EndTangentsFollowTheOneSidedFormula)
{
  // Not the 1.5x / 0.75x secant rule of one public implementation: m_0 = (3 s_0 - m_1)/2, m_{n-1} likewise.
  const std::vector<double> xs{0, 2, 3, 6, 7};
  const std::vector<double> ys{1, 5, 6, 6.5, 9};
  const MonotoneSpline spline(xs, ys);
  const auto m = spline.tangents();
  const double s_first = (ys[1] - ys[0]) / (xs[1] - xs[0]);
  const double s_last = (ys[4] - ys[3]) / (xs[4] - xs[3]);
  EXPECT_DOUBLE_EQ(m[0], (3 * s_first - m[1]) / 2);
  EXPECT_DOUBLE_EQ(m[4], (3 * s_last - m[3]) / 2);
  EXPECT_NE(m[0], 1.5 * s_first);
  EXPECT_NE(m[4], 0.75 * s_last);
}

TEST(MonotoneSpline, InteriorTangentIsZeroWhenSecantsDifferInSign)
{
  const MonotoneSpline spline({0, 1, 2}, {0, 4, 1});
  EXPECT_EQ(spline.tangents()[1], 0.0);
  // The peak stays at the knot: no overshoot on either side.
  for (double x = 0; x <= 2; x += 0.01) {
    EXPECT_LE(spline(x), 4.0);
  }
}

TEST(MonotoneSpline, FlatSegmentsStayFlat)
{
  const MonotoneSpline spline({0, 1, 2, 3, 4}, {1, 2, 2, 2, 3});
  EXPECT_EQ(spline.tangents()[1], 0.0);
  EXPECT_EQ(spline.tangents()[2], 0.0);
  EXPECT_EQ(spline.tangents()[3], 0.0);
  for (double x = 1; x <= 3; x += 0.125) {
    EXPECT_DOUBLE_EQ(spline(x), 2.0) << "x " << x;
  }
  const MonotoneSpline flat({0, 1, 5}, {7, 7, 7});
  for (double x = 0; x <= 5; x += 0.25) {
    EXPECT_DOUBLE_EQ(flat(x), 7.0);
  }
}

// Random monotone knot sets: the curve must be monotone and stay inside each segment's knot values.
TEST(MonotoneSpline, MonotoneKnotsGiveAMonotoneCurveWithoutOvershoot)
{
  std::mt19937 random(20261102);
  std::uniform_int_distribution<int> knot_count(2, 12);
  std::uniform_real_distribution<double> gap(1e-3, 50.0);
  std::uniform_real_distribution<double> rise(0.0, 1e5);
  std::bernoulli_distribution flat(0.2);
  std::bernoulli_distribution decreasing(0.5);
  constexpr int k_sets = 2000;
  constexpr int k_samples_per_segment = 64;

  for (int set = 0; set < k_sets; ++set) {
    const int n = knot_count(random);
    const double direction = decreasing(random) ? -1.0 : 1.0;
    std::vector<double> xs{gap(random)};
    std::vector<double> ys{rise(random)};
    for (int i = 1; i < n; ++i) {
      xs.push_back(xs.back() + gap(random));
      ys.push_back(ys.back() + (flat(random) ? 0.0 : direction * rise(random)));
    }
    const MonotoneSpline spline(xs, ys);
    const double tolerance = 1e-9 * (1 + std::abs(ys.front()) + std::abs(ys.back()));
    double previous = ys.front();
    for (int i = 0; i + 1 < n; ++i) {
      const double low = std::min(ys[i], ys[i + 1]);
      const double high = std::max(ys[i], ys[i + 1]);
      for (int k = 0; k <= k_samples_per_segment; ++k) {
        const double x = std::min(xs[i] + (xs[i + 1] - xs[i]) * k / k_samples_per_segment, xs[i + 1]);
        const double y = spline(x);
        ASSERT_GE(y, low - tolerance) << "set " << set << " segment " << i;
        ASSERT_LE(y, high + tolerance) << "set " << set << " segment " << i;
        ASSERT_GE(direction * (y - previous), -tolerance) << "set " << set << " segment " << i;
        previous = y;
      }
    }
  }
}

// Steffen's limiter keeps every segment between its own knots even when the data turn.
TEST(MonotoneSpline, NonMonotoneKnotsNeverOvershootASegment)
{
  std::mt19937 random(7);
  std::uniform_real_distribution<double> gap(0.01, 10.0);
  std::uniform_real_distribution<double> value(-100.0, 100.0);
  for (int set = 0; set < 500; ++set) {
    std::vector<double> xs{0.0};
    std::vector<double> ys{value(random)};
    for (int i = 1; i < 8; ++i) {
      xs.push_back(xs.back() + gap(random));
      ys.push_back(value(random));
    }
    const MonotoneSpline spline(xs, ys);
    for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
      for (int k = 0; k <= 32; ++k) {
        const double y = spline(xs[i] + (xs[i + 1] - xs[i]) * k / 32.0);
        ASSERT_GE(y, std::min(ys[i], ys[i + 1]) - 1e-9);
        ASSERT_LE(y, std::max(ys[i], ys[i + 1]) + 1e-9);
      }
    }
  }
}

TEST(MonotoneSpline, SampleSpansFirstToLastKnot)
{
  const MonotoneSpline spline({0.1, 0.2, 0.7}, {3, 2, 1});
  const auto samples = spline.sample(11);
  ASSERT_EQ(samples.size(), 11u);
  EXPECT_EQ(samples.front().first, 0.1);
  EXPECT_EQ(samples.front().second, 3.0);
  EXPECT_EQ(samples.back().first, 0.7);
  EXPECT_EQ(samples.back().second, 1.0);
  for (std::size_t k = 1; k < samples.size(); ++k) {
    EXPECT_GT(samples[k].first, samples[k - 1].first);
    EXPECT_LE(samples[k].second, samples[k - 1].second);
    EXPECT_DOUBLE_EQ(samples[k].second, spline(samples[k].first));
  }
}

// One value without the whole curve must be the curve's value to the last bit: a history reads it from every
// run and must agree with the chart's and the interpolation's spline.
TEST(MonotoneSplineAt, IsTheSplineValueExactly)
{
  std::mt19937 random(20261130);
  std::uniform_int_distribution<int> knot_count(2, 10);
  std::uniform_real_distribution<double> gap(1e-3, 40.0);
  std::uniform_real_distribution<double> value(0.0, 1e5);
  std::uniform_real_distribution<double> where(0.0, 1.0);
  for (int set = 0; set < 3000; ++set) {
    const int n = knot_count(random);
    std::vector<double> xs{gap(random)};
    std::vector<double> ys{value(random)};
    for (int i = 1; i < n; ++i) {
      xs.push_back(xs.back() + gap(random));
      ys.push_back(set % 3 == 0 ? ys.back() : value(random)); // some flat runs
    }
    const MonotoneSpline spline(xs, ys);
    for (int k = 0; k < 8; ++k) {
      const double x = k == 0 ? xs.front() : k == 1 ? xs.back() : xs.front() + (xs.back() - xs.front()) * where(random);
      ASSERT_EQ(monotone_spline_at(xs, ys, x), spline(x)) << "set " << set << " x " << x;
    }
    for (const double knot : xs) {
      ASSERT_EQ(monotone_spline_at(xs, ys, knot), spline(knot));
    }
  }
}

TEST(MonotoneSplineDeathTest, RefusesBrokenPreconditions)
{
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(MonotoneSpline({1.0}, {1.0}), "assertion failed");
  EXPECT_DEATH(MonotoneSpline({1.0, 1.0}, {1.0, 2.0}), "assertion failed");
  EXPECT_DEATH(MonotoneSpline({2.0, 1.0}, {1.0, 2.0}), "assertion failed");
  EXPECT_DEATH(MonotoneSpline({1.0, 2.0}, {1.0}), "assertion failed");
  const MonotoneSpline spline({1.0, 2.0}, {1.0, 2.0});
  EXPECT_DEATH(static_cast<void>(spline(2.5)), "assertion failed");
  EXPECT_DEATH(static_cast<void>(spline.sample(1)), "assertion failed");
  const std::vector<double> xs{1.0, 2.0};
  const std::vector<double> ys{1.0, 2.0};
  EXPECT_DEATH(static_cast<void>(monotone_spline_at(xs, ys, 0.5)), "assertion failed");
  EXPECT_DEATH(static_cast<void>(monotone_spline_at(xs, std::vector<double>{1.0}, 1.5)), "assertion failed");
}

}  // namespace
}  // namespace infertrack::domain

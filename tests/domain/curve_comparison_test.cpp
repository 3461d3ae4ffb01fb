#include "infertrack/domain/curve_comparison.hpp"

#include <gtest/gtest.h>

namespace infertrack::domain {
namespace {

PerformanceCurve
curve(std::vector<FrontierKnot> knots)
{
  PerformanceCurve curve;
  curve.basis = InteractivityBasis::median_tpot;
  curve.frontier = std::move(knots);
  return curve;
}

const PerformanceCurve k_slow = curve({{5, 400, "s1"}, {25, 100, "s2"}});
const PerformanceCurve k_fast = curve({{12, 1600, "f1"}, {40, 400, "f2"}});

TEST(compare_at, gives_b_over_a_and_says_when_it_is_a_bound)
{
  const ComparedValue both = compare_at(k_slow, k_fast, 15);
  EXPECT_EQ(both.a.state, InterpolationState::interpolated);
  EXPECT_EQ(both.bound, RatioBound::exact);
  EXPECT_DOUBLE_EQ(*both.ratio, *both.b.throughput / *both.a.throughput);
  // Below b's slowest point, b's value is a lower bound: so is the ratio.
  EXPECT_EQ(compare_at(k_slow, k_fast, 5).bound, RatioBound::at_least);
  EXPECT_DOUBLE_EQ(*compare_at(k_slow, k_fast, 5).ratio, 4.0);
  EXPECT_EQ(compare_at(k_fast, k_slow, 5).bound, RatioBound::at_most);
  EXPECT_EQ(compare_at(k_slow, k_fast, 2).bound, RatioBound::unbounded);
  const ComparedValue beyond = compare_at(k_slow, k_fast, 30);
  EXPECT_FALSE(beyond.ratio.has_value());
  EXPECT_EQ(beyond.bound, RatioBound::none);
  EXPECT_EQ(to_string(RatioBound::at_least), std::string("at_least"));
}

TEST(compare_at_shared_targets, keeps_the_tens_inside_both_measured_ranges)
{
  const std::vector<ComparedValue> values = compare_at_shared_targets(k_slow, k_fast);
  ASSERT_EQ(values.size(), 1u); // 5-25 and 12-40 share 20 alone
  EXPECT_EQ(values[0].target, 20);
  EXPECT_EQ(values[0].bound, RatioBound::exact);
  EXPECT_TRUE(compare_at_shared_targets(k_slow, curve({{30, 10, "x"}, {50, 5, "y"}})).empty());
}

TEST(compare_settings, lists_each_setting_and_whether_it_differs)
{
  BenchmarkPoint a;
  a.hardware = "mi355x";
  a.precision = "fp8";
  a.tp = 8;
  a.image = "rocm/sglang:1";
  a.date = "2026-04-25";
  BenchmarkPoint a2 = a;
  a2.tp = 4;
  BenchmarkPoint b = a;
  b.precision = "fp4";
  b.date = "2026-05-21";
  const std::vector<BenchmarkPoint> as = {a, a2};
  const std::vector<BenchmarkPoint> bs = {b};
  const std::vector<SettingComparison> settings = compare_settings(as, bs);
  ASSERT_EQ(settings.size(), 15u);
  const auto find = [&](const std::string& name) {
    for (const SettingComparison& setting : settings) {
      if (setting.setting == name) {
        return setting;
      }
    }
    ADD_FAILURE() << name;
    return SettingComparison{};
  };
  EXPECT_FALSE(find("hardware").differs);
  EXPECT_TRUE(find("precision").differs);
  EXPECT_EQ(find("tp").a, (std::vector<std::string>{"4", "8"}));
  EXPECT_EQ(find("tp").b, (std::vector<std::string>{"8"}));
  EXPECT_TRUE(find("tp").differs);
  EXPECT_EQ(find("ep").a, (std::vector<std::string>{"unknown"}));
  EXPECT_FALSE(find("image").differs);
}

}  // namespace
}  // namespace infertrack::domain

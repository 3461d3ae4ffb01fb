#include "infertrack/domain/accuracy_tradeoff.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace infertrack::domain {
namespace {

EvalResult
scored(double score, double standard_error, std::string task = "gsm8k")
{
  EvalResult eval;
  eval.task = std::move(task);
  eval.score = score;
  eval.standard_error = standard_error;
  return eval;
}

ScoredConfiguration
configuration(std::string label, double throughput, std::vector<EvalResult> evals, std::string hardware = "mi355x")
{
  return ScoredConfiguration{std::move(label), "DeepSeek-R1-0528", std::move(hardware), throughput,
                             std::move(evals)};
}

TEST(scores_measurably_lower, needs_more_than_two_combined_standard_errors)
{
  // sqrt(0.03^2 + 0.04^2) = 0.05: a difference above 0.10 is measurable, 0.10 itself is not.
  EXPECT_TRUE(scores_measurably_lower(scored(0.70, 0.03), scored(0.8001, 0.04)));
  EXPECT_FALSE(scores_measurably_lower(scored(0.70, 0.03), scored(0.79, 0.04)));
  EXPECT_FALSE(scores_measurably_lower(scored(0.80, 0.03), scored(0.70, 0.04)));
  // Without errors any lower score is measurable.
  EXPECT_TRUE(scores_measurably_lower(scored(0.5, 0), scored(0.5001, 0)));
}

TEST(accuracy_warnings, names_the_faster_configuration_that_scores_measurably_lower)
{
  const std::vector<ScoredConfiguration> configurations = {
    configuration("fp8", 1000, {scored(0.951, 0.0059)}),
    configuration("fp4", 1800, {scored(0.912, 0.0078)}),
  };
  const std::vector<AccuracyWarning> warnings = accuracy_warnings(configurations);
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_EQ(warnings[0].faster, "fp4");
  EXPECT_EQ(warnings[0].slower, "fp8");
  EXPECT_EQ(warnings[0].task, "gsm8k");
  EXPECT_NEAR(warnings[0].combined_standard_error, 0.00978, 1e-5);
  EXPECT_THAT(warnings[0].detail, ::testing::HasSubstr("fp4 is faster than fp8"));
}

TEST(accuracy_warnings, leave_out_other_tasks_other_hardware_slower_and_equal_configurations)
{
  const std::vector<ScoredConfiguration> configurations = {
    configuration("fp8", 1000, {scored(0.95, 0.005)}),
    configuration("fp4 other task", 1800, {scored(0.50, 0.005, "mmlu")}),
    configuration("fp4 other gpu", 1800, {scored(0.50, 0.005)}, "b200"),
    configuration("fp4 as fast", 1000, {scored(0.50, 0.005)}),
    configuration("fp4 within noise", 1800, {scored(0.94, 0.005)}),
    configuration("slower and worse", 500, {scored(0.50, 0.005)}),
  };
  EXPECT_TRUE(accuracy_warnings(configurations).empty());
}

}  // namespace
}  // namespace infertrack::domain

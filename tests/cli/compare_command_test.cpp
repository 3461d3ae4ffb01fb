#include "cli_runner.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;
using testing::StartsWith;

using CompareCommand = CliDatabaseTest;

constexpr const char* k_fp8_launch = "DeepSeek-V4-Pro mi355x sglang fp8 none agg 8192/1024 2026-04-25";

TEST_F(CompareCommand, mi355x_fp8_on_launch_day_against_fp4_later)
{
  const CliResult result = run({"compare", "--a", k_fp8_launch, "--b", "dsv4 mi355x sglang nvfp4", "--at", "2",
                                "--gpus-per-rack", "mi355x=8"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, StartsWith("a: DeepSeek-V4-Pro mi355x sglang fp8 none agg 8192/1024 2026-04-25\n"
                                     "b: DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024 2026-05-21\n"));
  // The README's ">= 91.7x": fp4 was never measured as slow as 2 tok/s/user, so its value is a lower bound.
  EXPECT_THAT(result.out, HasSubstr("2 (target)           25     >= 2,256  >= 91.73x\n"));
  EXPECT_THAT(result.out, HasSubstr("Plan for 40T tokens/day at 2 tok/s/user, utilization 0.6:\n"));
  EXPECT_THAT(result.out, HasSubstr("precision              fp8            fp4            differs\n"));
  EXPECT_THAT(result.out, HasSubstr("date                   2026-04-25     2026-05-21     differs\n"));
}

TEST_F(CompareCommand, json_values_and_plans_are_those_of_interpolate_and_plan)
{
  const json answer = run_json({"compare", "--a", "dsv4 gb200", "--b", "DeepSeek-V4-Pro mi355x sglang fp4 * * * 2026-05-10",
                                "--at", "20", "--gpus-per-rack", "mi355x=8"});
  const json gb200 = run_json({"interpolate", "--model", "dsv4", "--hardware", "gb200", "--at", "20"});
  const json mi355x =
    run_json({"interpolate", "--model", "dsv4", "--hardware", "mi355x", "--precision", "fp4", "--date", "2026-05-10", "--at", "20"});
  EXPECT_EQ(answer["a"]["value"], gb200["rows"][0]);
  EXPECT_EQ(answer["b"]["value"], mi355x["rows"][0]);
  const json plan = run_json({"plan", "--model", "dsv4", "--hardware", "mi355x", "--precision", "fp4", "--date",
                              "2026-05-10", "--at", "20", "--demand", "40T", "--gpus-per-rack", "mi355x=8"});
  EXPECT_EQ(answer["b"]["plan"], plan[0]);
  EXPECT_EQ(answer["provenance"]["kind"], "compare");
}

TEST_F(CompareCommand, csv_has_provenance_and_a_row_per_target)
{
  const CliResult result = run({"compare", "--a", "DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024 2026-05-02",
                                "--b", "DeepSeek-V4-Pro mi355x sglang fp4", "--csv"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, StartsWith("# infertrack export: compare\n"));
  EXPECT_THAT(result.out, HasSubstr("100,target,,unreachable,,unreachable,,none\n10,shared,"));
  EXPECT_THAT(result.out, HasSubstr(",interpolated,12.81223120918944,exact\n20,shared,"));
}

TEST_F(CompareCommand, refuses_unknown_and_ambiguous_names_naming_the_flag)
{
  const CliResult unknown = run({"compare", "--a", "DeepSeek-V4-Pro h100", "--b", k_fp8_launch});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, HasSubstr("--a: no stored points for hardware 'h100' (stored: gb200, mi355x)"));
  const CliResult ambiguous = run({"compare", "--a", k_fp8_launch, "--b", "DeepSeek-V4-Pro mi355x"});
  EXPECT_EQ(ambiguous.exit_code, 2);
  EXPECT_THAT(ambiguous.err, HasSubstr("--b: 'DeepSeek-V4-Pro mi355x' names 2 configurations"));
  const CliResult missing = run({"compare", "--a", k_fp8_launch});
  EXPECT_EQ(missing.exit_code, 2);
}

}  // namespace
}  // namespace infertrack::test

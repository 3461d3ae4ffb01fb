// `interpolate --spread`: the run-to-run spread beside each value, in text, JSON and CSV, and its refusal on a
// latency axis. What it holds is checked against runs of one image in tests/server/run_spread_route_test.cpp.
#include "cli_runner.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;
using testing::StartsWith;

using InterpolateSpread = CliDatabaseTest;

const std::vector<std::string> k_mi355x_fp4 = {"interpolate", "--model", "dsv4", "--hardware", "mi355x",
                                               "--precision", "fp4", "--at", "10", "--spread"};

std::vector<std::string>
with(std::vector<std::string> args, const std::string& flag)
{
  args.push_back(flag);
  return args;
}

TEST_F(InterpolateSpread, bundled_runs_name_no_image_so_each_rests_on_itself)
{
  const json answer = run_json(k_mi355x_fp4);
  ASSERT_EQ(answer["rows"].size(), 1u);
  const json& spread = answer["rows"][0]["spread"];
  EXPECT_EQ(spread["runs"], 1);
  EXPECT_TRUE(spread["min"].is_null());
  EXPECT_EQ(spread["dates"], json::array({"2026-05-21"}));
  // Without the flag there is no spread.
  EXPECT_FALSE(run_json({"interpolate", "--model", "dsv4", "--at", "10"})["rows"][0].contains("spread"));
}

TEST_F(InterpolateSpread, text_and_csv_have_a_spread_column)
{
  const CliResult text = run(k_mi355x_fp4);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("run-to-run spread"));
  EXPECT_THAT(text.out, HasSubstr("  1 run\n"));
  const CliResult csv = run(with(k_mi355x_fp4, "--csv"));
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_THAT(csv.out, StartsWith("configuration,run_date,basis,metric,state,tps_per_gpu,lower_result_id,"
                                  "upper_result_id,cost_per_million_tokens,tokens_per_s_per_mw,joules_per_token,"
                                  "findings,spread_runs,spread_min,spread_max\n"));
  EXPECT_THAT(csv.out, HasSubstr(",1,,\n"));
}

TEST_F(InterpolateSpread, is_refused_on_a_latency_axis)
{
  const CliResult result =
    run({"interpolate", "--model", "dsv4", "--axis", "ttft_p99", "--at", "2", "--spread"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("--spread: the run-to-run spread is read on interactivity curves"));
}

}  // namespace
}  // namespace infertrack::test

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

using ChangesCommand = CliDatabaseTest;

TEST_F(ChangesCommand, lists_the_mi355x_jumps_from_the_fp8_launch_day_run_on)
{
  const CliResult result = run({"changes", "--model", "dsv4", "--hardware", "mi355x", "--join-precisions"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("Changes of at least 10% between each run and the run before it"));
  // fp8 on launch day tops out at 2.43 tok/s/user, fp4 starts at 3.61: read at 1 and 2, fp4's value a lower bound.
  EXPECT_THAT(result.out, HasSubstr("2026-04-25  2026-05-02  improvement  >= 20.34x (+1933.7%)"));
  EXPECT_THAT(result.out, HasSubstr("2026-05-02  2026-05-04  improvement  2.27x (+126.5%)"));
  EXPECT_THAT(result.out, HasSubstr("5 runs, 5 new, 0 carried over"));
}

TEST_F(ChangesCommand, json_names_both_runs_brackets_and_the_spread)
{
  const json answer = run_json({"changes", "--model", "dsv4", "--hardware", "mi355x", "--join-precisions"});
  EXPECT_EQ(answer["threshold"], 0.1);
  ASSERT_EQ(answer["findings"].size(), 4u);
  const json& launch = answer["findings"][3];
  EXPECT_EQ(launch["direction"], "improvement");
  EXPECT_EQ(launch["bound"], "at_least");
  EXPECT_EQ(launch["earlier"]["date"], "2026-04-25");
  EXPECT_EQ(launch["earlier"]["precision"], "fp8");
  EXPECT_EQ(launch["later"]["date"], "2026-05-02");
  EXPECT_EQ(launch["later"]["precision"], "fp4");
  EXPECT_EQ(launch["targets"], json::array({1, 2}));
  ASSERT_EQ(launch["values"].size(), 2u);
  EXPECT_EQ(launch["values"][1]["later"]["state"], "clamped_low");
  EXPECT_FALSE(launch["values"][1]["earlier"]["lower_result_id"].get<std::string>().empty());
  // A lower bound is no measured value: no spread. The bundled runs name no image: a spread rests on its own run.
  EXPECT_EQ(launch["values"][1]["later_spread"]["runs"], 0);
  const json& spread = answer["findings"][0]["values"][0]["later_spread"];
  EXPECT_EQ(spread["runs"], 1);
  EXPECT_TRUE(spread["min"].is_null());
  EXPECT_EQ(spread["dates"], json::array({"2026-05-21"}));
  EXPECT_EQ(answer["runs"].size(), 5u);
  EXPECT_EQ(answer["runs"][0]["status"], "new");
}

TEST_F(ChangesCommand, without_joining_precisions_the_fp8_run_has_nothing_before_it)
{
  const json answer = run_json({"changes", "--model", "dsv4", "--hardware", "mi355x"});
  ASSERT_EQ(answer["findings"].size(), 3u);
  for (const json& finding : answer["findings"]) {
    EXPECT_EQ(finding["precision"], "fp4");
  }
}

TEST_F(ChangesCommand, since_and_threshold_narrow_the_findings)
{
  const json since =
    run_json({"changes", "--model", "dsv4", "--hardware", "mi355x", "--join-precisions", "--since", "2026-05-10"});
  ASSERT_EQ(since["findings"].size(), 2u);
  EXPECT_EQ(since["runs"].size(), 2u);
  const json high =
    run_json({"changes", "--model", "dsv4", "--hardware", "mi355x", "--join-precisions", "--threshold", "3"});
  ASSERT_EQ(high["findings"].size(), 2u); // >= 20.3x and 6.7x; 3.98x and 2.27x are below +300%
}

TEST_F(ChangesCommand, csv_has_one_row_per_finding)
{
  const CliResult result = run({"changes", "--model", "dsv4", "--hardware", "mi355x", "--csv"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, StartsWith("configuration,earlier_date,later_date,earlier_precision,later_precision,"
                                     "direction,ratio,percent,bound,at,targets,earlier_result_ids,later_result_ids\n"));
  EXPECT_THAT(result.out, HasSubstr(",2026-05-02,2026-05-04,fp4,fp4,improvement,2.26543,126.54,exact,20,10 20,"));
}

TEST_F(ChangesCommand, refuses_a_threshold_that_is_not_a_positive_fraction)
{
  const CliResult result = run({"changes", "--model", "dsv4", "--threshold", "0"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("--threshold: must be a positive fraction"));
}

}  // namespace
}  // namespace infertrack::test

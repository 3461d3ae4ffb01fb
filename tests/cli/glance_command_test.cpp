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

using GlanceCommand = CliDatabaseTest;

TEST_F(GlanceCommand, prints_each_configuration_at_every_ten_tok_s_user_as_an_aligned_table)
{
  const CliResult result = run({"glance", "--model", "DeepSeek-V4.1-Flash"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // The Flash frontiers span 85.7 to 132.5 tok/s/user: targets 90 to 130.
  EXPECT_THAT(result.out, HasSubstr("Throughput per GPU at every 10 tok/s/user measured (columns: tok/s/user)\n"));
  EXPECT_THAT(result.out, HasSubstr("configuration "));
  EXPECT_THAT(result.out, HasSubstr("         90         100         110      120      130\n"));
  // sglang's one knot at 112.7: a lower bound below it, none above; vllm read off its spline.
  EXPECT_THAT(result.out, HasSubstr(">= 361,700  >= 361,700  >= 361,700        -        -\n"));
  EXPECT_THAT(result.out, HasSubstr("170,174     157,542     144,911  132,279  119,647\n"));
  EXPECT_THAT(result.out, HasSubstr(">=  a lower bound"));
}

TEST_F(GlanceCommand, json_is_the_apis_answer_and_its_cells_are_interpolates_values)
{
  const json answer = run_json({"glance", "--model", "dsv4"});
  EXPECT_EQ(answer["model"], "DeepSeek-V4-Pro");
  ASSERT_EQ(answer["columns"].size(), 10u); // 10 to 100: the MI355X runs start below 10, GB200 reaches past 100
  EXPECT_EQ(answer["columns"][9]["label"], "100 tok/s/user");
  const json at_100 = run_json({"interpolate", "--model", "dsv4", "--at", "100"});
  ASSERT_EQ(answer["rows"].size(), at_100["rows"].size());
  for (std::size_t i = 0; i < answer["rows"].size(); ++i) {
    EXPECT_EQ(answer["rows"][i]["cells"][9], at_100["rows"][i]["value"]) << i;
  }
  EXPECT_EQ(answer["provenance"]["kind"], "glance");
}

TEST_F(GlanceCommand, csv_has_a_value_and_a_state_cell_per_target_without_provenance_lines)
{
  const CliResult result = run({"glance", "--model", "DeepSeek-V4.1-Flash", "--csv"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, StartsWith("configuration,model,hardware,framework,precision,spec_method,disaggregated,"
                                     "workload,run_date,interactivity_basis,metric,90 tok/s/user,90 tok/s/user state,"));
  EXPECT_THAT(result.out, HasSubstr(",361699.85709,clamped_low,"));
  EXPECT_THAT(result.out, HasSubstr(",,unreachable\n"));
}

TEST_F(GlanceCommand, needs_a_stored_model)
{
  const CliResult missing = run({"glance"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("--model is required"));
  const CliResult unknown = run({"glance", "--model", "GPT-9"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, HasSubstr("--model: no stored points for model 'GPT-9'"));
}

}  // namespace
}  // namespace infertrack::test

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
  EXPECT_THAT(result.out, HasSubstr("         90         100         110      120      130  "));
  // sglang's one knot at 112.7: a lower bound below it, none above; vllm read off its spline.
  EXPECT_THAT(result.out, HasSubstr(">= 361,700  >= 361,700  >= 361,700        -        -"));
  EXPECT_THAT(result.out, HasSubstr("170,174     157,542     144,911  132,279  119,647"));
  EXPECT_THAT(result.out, HasSubstr(">=  a lower bound"));
  // Then one column per service-level preset: the bundled runs have no latencies, so only batch has a value.
  EXPECT_THAT(result.out, HasSubstr("      130  chat  reasoning                    batch\n"));
  EXPECT_THAT(result.out, HasSubstr("119,647     -          -  175,618 (interactivity)\n"));
  EXPECT_THAT(result.out, HasSubstr("  chat       interactivity>=50,ttft_p99<=2s\n"
                                    "  reasoning  interactivity>=30,e2el_p90<=120s\n"
                                    "  batch      interactivity>=10\n"));
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

TEST_F(GlanceCommand, json_has_a_cell_per_service_level_preset_saying_why_there_is_none)
{
  const json answer = run_json({"glance", "--model", "DeepSeek-V4.1-Flash"});
  ASSERT_EQ(answer["slo_columns"].size(), 3u);
  EXPECT_EQ(answer["slo_columns"][0], (json{{"key", "chat"}, {"label", "Chat"}, {"slo", "interactivity>=50,ttft_p99<=2s"}}));
  const json batch = run_json({"slo", "--model", "DeepSeek-V4.1-Flash", "--preset", "batch"});
  ASSERT_EQ(answer["rows"].size(), batch["rows"].size());
  for (std::size_t i = 0; i < answer["rows"].size(); ++i) {
    const json& cells = answer["rows"][i]["slo_cells"];
    ASSERT_EQ(cells.size(), 3u);
    // No latencies in the bundled data: chat and reasoning say so.
    EXPECT_TRUE(cells[0]["tps_per_gpu"].is_null());
    EXPECT_THAT(cells[0]["none_reason"].get<std::string>(), HasSubstr("reports no P99 time to first token"));
    EXPECT_THAT(cells[1]["none_reason"].get<std::string>(), HasSubstr("reports no P90 end-to-end latency"));
    EXPECT_EQ(cells[2], (json{{"tps_per_gpu", batch["rows"][i]["tps_per_gpu"]}, {"binding_limit", "interactivity>=10"},
                              {"none_reason", nullptr}}));
  }
}

TEST_F(GlanceCommand, csv_has_a_value_and_a_state_cell_per_target_without_provenance_lines)
{
  const CliResult result = run({"glance", "--model", "DeepSeek-V4.1-Flash", "--csv"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, StartsWith("configuration,model,hardware,framework,precision,spec_method,disaggregated,"
                                     "workload,run_date,interactivity_basis,metric,90 tok/s/user,90 tok/s/user state,"));
  EXPECT_THAT(result.out, HasSubstr(",361699.85709,clamped_low,"));
  EXPECT_THAT(result.out, HasSubstr(",,unreachable,"));
  EXPECT_THAT(result.out, HasSubstr(",130 tok/s/user state,chat slo,chat slo binding,reasoning slo,reasoning slo binding,"
                                    "batch slo,batch slo binding\n"));
  EXPECT_THAT(result.out, HasSubstr(",,unreachable,,,,,361699.85709,interactivity>=10\n"));
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

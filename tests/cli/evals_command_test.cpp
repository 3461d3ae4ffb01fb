// End to end: the real binary ingests InferenceX evaluation results and lists them beside the bundled curves.
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

// Scores in the documented shape (docs/FORMATS.md) for the bundled MI355X configurations, and one for a
// configuration with no stored curve. Illustrative numbers: the fp4 score is lower than the fp8 one by more than
// 2 combined standard errors (0.05 > 2 x 0.01).
constexpr const char* k_evals = R"([
{"hardware": "mi355x", "framework": "sglang", "model": "dsv4", "precision": "fp8", "spec_method": "none",
 "disagg": false, "isl": 8192, "osl": 1024, "conc": 64, "date": "2026-04-25", "task": "gsm8k", "score": 0.95,
 "stderr": 0.006, "metric": "exact_match,strict-match"},
{"hardware": "mi355x", "framework": "sglang", "model": "DeepSeek-V4-Pro", "precision": "fp4", "spec_method": "none",
 "disagg": false, "date": "2026-05-21", "task": "gsm8k", "score": 0.90, "stderr": 0.008},
{"hardware": "b200", "framework": "sglang", "model": "DeepSeek-V4-Pro", "precision": "fp4", "spec_method": "none",
 "disagg": false, "date": "2026-05-21", "task": "gsm8k", "score": 0.93, "stderr": 0.007}
])";

class EvalsCommand : public CliDatabaseTest
{
protected:
  std::string write(const std::string& name, const std::string& text) { return dir.write(name, text).string(); }
};

TEST_F(EvalsCommand, ingest_detects_the_format_and_evals_lists_each_score_beside_its_throughput)
{
  const json ingested = run_json({"ingest", write("evals.json", k_evals)});
  EXPECT_EQ(ingested["evals_added"], 3);
  EXPECT_EQ(ingested["points_added"], 0);
  EXPECT_EQ(run_json({"ingest", write("evals.json", k_evals)})["evals_unchanged"], 3);

  const json answer = run_json({"evals", "--model", "dsv4", "--at", "2"});
  EXPECT_EQ(answer["target_interactivity"], 2);
  ASSERT_EQ(answer["evals"].size(), 3u);
  const json& fp8 = answer["evals"][2];
  EXPECT_EQ(fp8["precision"], "fp8");
  EXPECT_EQ(fp8["workload"], "8192/1024");
  EXPECT_EQ(fp8["score"], 0.95);
  EXPECT_EQ(fp8["stderr"], 0.006);
  EXPECT_EQ(fp8["conc"], 64);
  EXPECT_TRUE(fp8["interpolation"]["tps_per_gpu"].is_number());
  // A score that names no workload joins its configuration's curve; one without a stored curve stays unjoined.
  const json& fp4 = answer["evals"][1];
  EXPECT_EQ(fp4["hardware"], "mi355x");
  EXPECT_EQ(fp4["workload"], "8192/1024");
  EXPECT_TRUE(fp4["interpolation"]["tps_per_gpu"].is_number());
  EXPECT_EQ(answer["evals"][0]["hardware"], "b200");
  EXPECT_TRUE(answer["evals"][0]["interpolation"].is_null());

  ASSERT_EQ(answer["warnings"].size(), 1u);
  const json& warning = answer["warnings"][0];
  EXPECT_EQ(warning["task"], "gsm8k");
  EXPECT_THAT(warning["faster"].get<std::string>(), HasSubstr("fp4"));
  EXPECT_THAT(warning["slower"].get<std::string>(), HasSubstr("fp8"));
  EXPECT_NEAR(warning["combined_stderr"].get<double>(), 0.01, 1e-12);
  EXPECT_GT(warning["faster_tps_per_gpu"].get<double>(), warning["slower_tps_per_gpu"].get<double>());

  const CliResult text = run({"evals", "--model", "dsv4", "--at", "2"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("0.9500 ± 0.0060"));
  EXPECT_THAT(text.out, HasSubstr("no curve"));
  EXPECT_THAT(text.out, HasSubstr("Accuracy warnings:"));

  const CliResult csv = run({"evals", "--model", "dsv4", "--at", "2", "--csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_THAT(csv.out, StartsWith("configuration,model,hardware,framework,precision,spec_method,disaggregated,"
                                  "workload,task,score,stderr,date,tps_per_gpu,state\n"));
  EXPECT_THAT(csv.out, HasSubstr(",gsm8k,0.95,0.006,2026-04-25,"));
}

TEST_F(EvalsCommand, a_malformed_file_is_refused_naming_the_field_and_nothing_is_stored)
{
  std::string bad = k_evals;
  bad.replace(bad.find("0.90"), 4, "90.0");
  const CliResult refused = run({"ingest", write("bad.json", bad)});
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_THAT(refused.err, HasSubstr("bad.json:rows[1]:score: "));
  EXPECT_THAT(refused.err, HasSubstr("(nothing was stored)"));
  EXPECT_TRUE(run_json({"evals", "--model", "dsv4"})["evals"].empty());
}

}  // namespace
}  // namespace infertrack::test

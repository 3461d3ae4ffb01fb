// End to end: the real binary ingests a real InferenceX API answer and interpolates its frontiers.
#include "cli_runner.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace infertrack::test {
namespace {

using nlohmann::json;
using testing::HasSubstr;

// 435 rows of GET /api/v1/benchmarks?model=DeepSeek-R1-0528 (tests/cases/inferencex/README.md).
const std::string k_capture =
  std::string(INFERTRACK_SOURCE_DIR) + "/tests/cases/inferencex/benchmarks-dsr1-latest.json";
constexpr std::size_t k_capture_rows = 435;
constexpr std::size_t k_bundled_points = 40;  // loaded into every new database

class InferencexIngest : public CliDatabaseTest
{
};

TEST_F(InferencexIngest, stores_every_row_once_with_its_findings)
{
  const json first = run_json({"ingest", k_capture});
  EXPECT_EQ(first["files"], 1);
  EXPECT_EQ(first["points_added"], k_capture_rows);
  // Eight role-local rows of 2025-12 whose per-GPU parts do not add up to their total (formats test).
  EXPECT_EQ(first["findings_added"], 8);

  const json again = run_json({"ingest", k_capture});
  EXPECT_EQ(again["points_added"], 0);
  EXPECT_EQ(again["points_unchanged"], k_capture_rows);
  EXPECT_EQ(run_json({"points"}).size(), k_bundled_points + k_capture_rows);
  EXPECT_EQ(run_json({"points", "--model", "dsr1"}).size(), k_capture_rows);  // the API's model key is an alias

  std::size_t mismatches = 0;
  const json check = run_json({"check"});
  for (const json& finding : check["findings"]) {
    mismatches += finding["kind"] == "per_gpu_mismatch" ? 1 : 0;
  }
  EXPECT_EQ(mismatches, 8u);

  // Row 199: mi355x mori-sglang, 16 prefill + 8 decode GPUs, per-GPU values divided role-locally.
  const json point = run_json({"points", "show", "ix-759fff73e00dd149"});
  EXPECT_EQ(point["framework"], "mori-sglang");
  EXPECT_EQ(point["per_gpu_basis"], "role_local");
  EXPECT_EQ(point["prefill_gpus"], 16);
  EXPECT_EQ(point["decode_gpus"], 8);
  EXPECT_EQ(point["total_allocated_gpus"], 24);
  EXPECT_EQ(point["tps_per_gpu"]["output"].get<double>(), 1186.2472529925478);
  EXPECT_EQ(point["tps"]["output"].get<double>(), 1186.2472529925478 * 8);  // over the decode GPUs only
  EXPECT_EQ(point["run_url"], "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/26607091549/attempts/1");
}

TEST_F(InferencexIngest, interpolates_the_captured_frontiers)
{
  ASSERT_EQ(run_json({"ingest", k_capture})["points_added"], k_capture_rows);
  const json answer = run_json({"interpolate", "--model", "DeepSeek-R1-0528", "--at", "50"});
  // One row per configuration (hardware, engine, precision, spec method, P/D, sequence lengths), each from its
  // latest run.
  ASSERT_EQ(answer["rows"].size(), 151u);
  std::map<std::string, int> states;
  for (const json& row : answer["rows"]) {
    EXPECT_EQ(row["model"], "DeepSeek-R1-0528");
    ++states[row["value"]["state"].get<std::string>()];
  }
  // Every run of this capture is fixed-length, so every curve is read at the median TPOT.
  EXPECT_EQ(states, (std::map<std::string, int>{{"clamped_low", 52}, {"interpolated", 75}, {"unreachable", 24}}));
  for (const json& row : answer["rows"]) {
    EXPECT_EQ(row["interactivity_basis"], "median_tpot") << row["configuration"];
  }

  const json* found = nullptr;
  for (const json& row : answer["rows"]) {
    if (row["configuration"] == "DeepSeek-R1-0528 gb200 dynamo-trt fp8 none disagg 1024/1024 2026-02-05") {
      found = &row;
    }
  }
  ASSERT_NE(found, nullptr);
  const json& row = *found;
  EXPECT_EQ(row["interactivity_basis"], "median_tpot");  // these rows carry no P90 interactivity
  ASSERT_EQ(row["frontier"].size(), 5u);
  EXPECT_EQ(row["value"]["state"], "interpolated");
  EXPECT_EQ(row["value"]["lower_result_id"], "ix-d9f3f04141639e20");  // 34.94 tok/s/user, 5,356.8 tok/s/GPU
  EXPECT_EQ(row["value"]["upper_result_id"], "ix-136295022f219298");  // 51.44 tok/s/user, 2,398.4 tok/s/GPU
  // The Steffen spline through the five knots at 50 tok/s/user, computed independently from DOMAIN.md section 5.
  EXPECT_NEAR(row["value"]["tps_per_gpu"].get<double>(), 2579.44200518015, 1e-6);

  const CliResult text = run({"interpolate", "--model", "DeepSeek-R1-0528", "--at", "50"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("2,579.4"));
}

TEST_F(InferencexIngest, history_reads_each_run_at_the_basis_interpolate_reads_it)
{
  ASSERT_EQ(run_json({"ingest", k_capture})["points_added"], k_capture_rows);
  // Fixed-length rows with P90 as well as median interactivity: the series must be on the median, as the curves
  // interpolate reads, or the value at one date differs between the two (at 80 tok/s/user this run's P90 tops out at
  // 75.8, its median reaches 86.2).
  const std::vector<std::string> flags = {"--model", "DeepSeek-R1-0528", "--hardware", "mi355x", "--framework",
                                          "sglang", "--precision", "fp4", "--spec-method", "mtp", "--at", "80"};
  std::vector<std::string> interpolate = {"interpolate"};
  interpolate.insert(interpolate.end(), flags.begin(), flags.end());
  std::vector<std::string> history = {"history"};
  history.insert(history.end(), flags.begin(), flags.end());
  const json curves = run_json(interpolate)["rows"];
  const json series = run_json(history)["rows"];
  ASSERT_FALSE(series.empty());
  int compared = 0;
  for (const json& row : series) {
    const json& latest = row["points"].back();
    for (const json& curve : curves) {
      if (curve["configuration"] != row["configuration"].get<std::string>() + " " + latest["date"].get<std::string>()) {
        continue;
      }
      EXPECT_EQ(row["interactivity_basis"], curve["interactivity_basis"]) << curve["configuration"];
      EXPECT_EQ(latest["value"]["state"], curve["value"]["state"]) << curve["configuration"];
      EXPECT_EQ(latest["value"]["tps_per_gpu"], curve["value"]["tps_per_gpu"]) << curve["configuration"];
      ++compared;
    }
  }
  EXPECT_EQ(compared, static_cast<int>(series.size()));
  for (const json& row : series) {
    if (row["workload"] == "1024/1024") {
      EXPECT_EQ(row["interactivity_basis"], "median_tpot");
      EXPECT_EQ(row["points"].back()["value"]["state"], "interpolated");
    }
  }
}

TEST_F(InferencexIngest, role_local_input_and_output_are_compared_per_allocated_gpu)
{
  ASSERT_EQ(run_json({"ingest", k_capture})["points_added"], k_capture_rows);
  // ix-b562ab8357b2acca: 8 prefill + 8 decode GPUs, input 28.99 per prefill GPU, output 29.19 per decode GPU and
  // total 29.09 per GPU of the 16, as the runner divides fixed-length disaggregated runs.
  const std::vector<std::string> flags = {"--model", "DeepSeek-R1-0528", "--hardware", "mi355x", "--framework",
                                          "mori-sglang", "--precision", "fp4", "--spec-method", "mtp",
                                          "--disaggregated", "true", "--at", "244.1726940365324"};
  const auto value_of = [&](const std::string& command, const std::string& metric) {
    std::vector<std::string> args = {command};
    args.insert(args.end(), flags.begin(), flags.end());
    args.insert(args.end(), {"--metric", metric});
    const json answer = run_json(args);
    for (const json& row : answer["rows"]) {
      if (row["workload"] == "1024/1024") {
        return (command == "history" ? row["points"].back()["value"] : row["value"])["tps_per_gpu"].get<double>();
      }
    }
    ADD_FAILURE() << "no 1024/1024 row for " << command << " " << metric;
    return 0.0;
  };
  const double input = value_of("interpolate", "input");
  const double output = value_of("interpolate", "output");
  EXPECT_DOUBLE_EQ(input, 28.988028942221792 * 8 / 16);
  EXPECT_DOUBLE_EQ(output, 29.19397733890388 * 8 / 16);
  EXPECT_NEAR(input + output, value_of("interpolate", "total"), 1e-9);
  EXPECT_EQ(value_of("history", "output"), output) << "history reads the stored rows the same way";

  // The chart's dots sit on their curve: each point's y is the value its knot has.
  std::vector<std::string> exported = {"export", "frontiers", "--metric", "output", "--format", "json"};
  exported.insert(exported.end(), flags.begin(), flags.end() - 2);  // without --at
  const CliResult export_result = run(exported);
  ASSERT_EQ(export_result.exit_code, 0) << export_result.err;
  const json frontiers = json::parse(export_result.out)["frontiers"];
  ASSERT_FALSE(frontiers.empty());
  int knots = 0;
  for (const json& curve : frontiers) {
    for (const json& knot : curve["frontier"]) {
      for (const json& point : curve["points"]) {
        if (point["result_id"] == knot["result_id"]) {
          EXPECT_EQ(point["y"], knot["tps_per_gpu"]) << point["result_id"];
          EXPECT_EQ(point["y"], point["tps_per_allocated_gpu"]["output"]) << point["result_id"];
          ++knots;
        }
      }
    }
  }
  EXPECT_GT(knots, 0);
}

}  // namespace
}  // namespace infertrack::test

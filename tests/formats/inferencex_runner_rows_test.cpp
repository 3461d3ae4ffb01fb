#include "infertrack/formats/inferencex_runner_rows.hpp"

#include "formats/test_files.hpp"
#include "infertrack/domain/data_quality.hpp"
#include "infertrack/formats/input_format.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace infertrack::formats {
namespace {

using domain::BenchmarkPoint;
using domain::PerGpuBasis;

// Illustrative rows in the runner's shapes (tests/cases/runner/README.md).
constexpr std::string_view k_runs = "tests/cases/runner/dsv4-runs/";

BenchmarkPoint
read_one(std::string_view file)
{
  const std::string content = test::read_source_file(std::string(k_runs) + std::string(file));
  EXPECT_EQ(detect_format(content), InputFormat::inferencex_runner_rows);
  auto read = read_inferencex_runner_rows(content);
  EXPECT_TRUE(read) << read.error().to_string();
  if (!read || read->points.size() != 1) {
    ADD_FAILURE() << file << ": expected one point";
    return {};
  }
  return read->points[0];
}

TEST(read_inferencex_runner_rows, maps_a_one_node_fixed_length_row)
{
  const BenchmarkPoint point = read_one("agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json");
  EXPECT_TRUE(point.result_id.starts_with("ixr-")) << point.result_id;
  EXPECT_EQ(point.model, "DeepSeek-V4-Pro");  // infmax_model_prefix "dsv4"
  EXPECT_EQ(point.hardware, "mi355x");        // runner label "mi355x-amds"
  EXPECT_EQ(point.framework, "sglang");
  EXPECT_EQ(point.precision, "fp4");  // "mxfp4"
  EXPECT_EQ(point.spec_method, "none");
  EXPECT_FALSE(point.disaggregated);
  EXPECT_EQ(point.workload, "8192/1024");
  EXPECT_EQ(point.concurrency, 64);
  EXPECT_EQ(point.tp, 8);
  EXPECT_EQ(point.ep, 1);
  EXPECT_EQ(point.aggregate_engine_gpus, 8);
  EXPECT_EQ(point.total_allocated_gpus, 8);
  EXPECT_FALSE(point.prefill_gpus);
  EXPECT_FALSE(point.decode_gpus);
  EXPECT_EQ(point.per_gpu_basis, PerGpuBasis::all_allocated);
  EXPECT_EQ(point.per_gpu_tps, (domain::Throughput{1800.0, 200.0, 2000.0}));
  // The runner writes per-GPU values only; the reader completes the absolute ones over the 8 GPUs.
  EXPECT_EQ(point.absolute_tps, (domain::Throughput{1800.0 * 8, 200.0 * 8, 2000.0 * 8}));
  EXPECT_EQ(point.interactivity_median, 20.0);
  EXPECT_EQ(point.interactivity_p90, 16.0);
  EXPECT_EQ(point.date, "2026-07-15");
  EXPECT_EQ(point.image, "lmsysorg/sglang:v0.5.12-rocm700-mi35x");
  EXPECT_EQ(point.run_url, "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/1000000001/attempts/1");
  EXPECT_EQ(point.tokens, domain::TokenStatistics{});
  EXPECT_EQ(point.cache, domain::CacheHitRates{});
}

TEST(read_inferencex_runner_rows, refuses_an_unmapped_value_nested_too_deeply)
{
  std::string content = test::read_source_file(std::string(k_runs) + "agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json");
  const std::size_t close = content.rfind('}');
  ASSERT_NE(close, std::string::npos);
  // Deep enough to have ended the process by exhausting the reading thread's stack, one frame per level.
  const auto nested = [](std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  const auto read_with = [&](std::size_t depth) {
    return read_inferencex_runner_rows(content.substr(0, close) + ", \"validation\": " + nested(depth) + "}");
  };
  EXPECT_TRUE(read_with(1000)) << "an ignored value nested a thousand levels is still read";
  const auto refused = read_with(200'000);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().field, "validation");
  EXPECT_NE(refused.error().message.find("nested too deeply"), std::string::npos) << refused.error().to_string();
}

TEST(read_inferencex_runner_rows, divides_fixed_length_disaggregated_rows_role_locally)
{
  const BenchmarkPoint point = read_one("agg_dsv4_8k1k_gb200_dynamo-trt_fp4_p8d8_conc128.json");
  EXPECT_EQ(point.hardware, "gb200");  // "cluster:gb200-nv"
  EXPECT_EQ(point.framework, "dynamo-trt");  // "dynamo-trtllm"
  EXPECT_EQ(point.precision, "fp4");         // "nvfp4"
  EXPECT_EQ(point.spec_method, "mtp");
  EXPECT_TRUE(point.disaggregated);
  EXPECT_EQ(point.prefill_gpus, 8);
  EXPECT_EQ(point.decode_gpus, 8);
  EXPECT_EQ(point.total_allocated_gpus, 16);
  EXPECT_FALSE(point.aggregate_engine_gpus);
  EXPECT_EQ(point.tp, 8);  // the decode engine's
  EXPECT_EQ(point.ep, 8);
  EXPECT_EQ(point.per_gpu_basis, PerGpuBasis::role_local);

  BenchmarkPoint completed = point;
  domain::complete_point(completed);
  EXPECT_EQ(completed.absolute_tps.input, 9000.0 * 8);   // over the prefill GPUs
  EXPECT_EQ(completed.absolute_tps.output, 1000.0 * 8);  // over the decode GPUs
  EXPECT_EQ(completed.absolute_tps.total, 5000.0 * 16);
  EXPECT_TRUE(domain::check_point(completed).empty());
}

TEST(read_inferencex_runner_rows, flattens_an_agentic_rows_nested_metrics)
{
  const BenchmarkPoint point = read_one("agg_dsv4_agentic_gb200_dynamo-vllm_fp4_p8d8_conc64.json");
  EXPECT_EQ(point.workload, "agentic");
  EXPECT_FALSE(point.isl);
  EXPECT_EQ(point.framework, "dynamo-vllm");
  EXPECT_TRUE(point.disaggregated);
  EXPECT_EQ(point.total_allocated_gpus, 16);
  EXPECT_EQ(point.tp, 8);  // decode_tp, not the row's tp (prefill + decode TP)
  // Agentic runs divide every throughput by all GPUs.
  EXPECT_EQ(point.per_gpu_basis, PerGpuBasis::all_allocated);
  EXPECT_EQ(point.per_gpu_tps, (domain::Throughput{38750.0, 300.0, 39050.0}));
  EXPECT_EQ(point.absolute_tps, (domain::Throughput{620000.0, 4800.0, 624800.0}));
  EXPECT_EQ(point.interactivity_median, 80.0);  // request_metrics.latency.intvty.p50
  EXPECT_EQ(point.interactivity_p90, 50.0);     // .p90: 1 / P90 ITL
  EXPECT_EQ(point.tokens, (domain::TokenStatistics{60000.0, 52311.0, 118500.0, 464.0, 400.0, 902.0}));
  EXPECT_EQ(point.cache, (domain::CacheHitRates{0.9, 0.05, 0.05, 0.95}));
  EXPECT_EQ(point.kv_offloading, "cpu");
  EXPECT_EQ(point.kv_offload_backend, "lmcache");
  EXPECT_FALSE(point.offload_mode);

  BenchmarkPoint completed = point;
  domain::complete_point(completed);
  EXPECT_TRUE(domain::check_point(completed).empty());  // 39,050 x 16 = 624,800
}

TEST(read_inferencex_runner_rows, derives_distinct_stable_ids)
{
  const BenchmarkPoint one_node = read_one("agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json");
  const BenchmarkPoint disaggregated = read_one("agg_dsv4_8k1k_gb200_dynamo-trt_fp4_p8d8_conc128.json");
  const BenchmarkPoint agentic = read_one("agg_dsv4_agentic_gb200_dynamo-vllm_fp4_p8d8_conc64.json");
  EXPECT_NE(one_node.result_id, disaggregated.result_id);
  EXPECT_NE(disaggregated.result_id, agentic.result_id);
  EXPECT_EQ(read_one("agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json").result_id, one_node.result_id);

  // The measured numbers are not part of the identity; the concurrency is.
  std::string row = test::read_source_file(std::string(k_runs) + "agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json");
  row.replace(row.find("\"tput_per_gpu\": 2000.0"), 22, "\"tput_per_gpu\": 2100.0");
  auto changed = read_inferencex_runner_rows(row);
  ASSERT_TRUE(changed) << changed.error().to_string();
  EXPECT_EQ(changed->points[0].result_id, one_node.result_id);
  row.replace(row.find("\"conc\": 64"), 10, "\"conc\": 32");
  auto other = read_inferencex_runner_rows(row);
  ASSERT_TRUE(other) << other.error().to_string();
  EXPECT_NE(other->points[0].result_id, one_node.result_id);
}

TEST(read_inferencex_runner_rows, takes_the_model_from_model_when_the_prefix_is_empty)
{
  // The runner wrote an empty infmax_model_prefix when MODEL_PREFIX was not passed into its container.
  std::string row = test::read_source_file(std::string(k_runs) + "agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json");
  row.replace(row.find("\"infmax_model_prefix\": \"dsv4\""), 29, "\"infmax_model_prefix\": \"\"");
  auto read = read_inferencex_runner_rows(row);
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->points[0].model, "DeepSeek-V4-Pro");  // "deepseek-ai/DeepSeek-V4-Pro"
}

TEST(read_inferencex_runner_rows, takes_the_model_from_the_prefix_when_model_is_empty_or_null)
{
  // The agentic runner writes MODEL as given, "" when it was not set; the prefix names the model then.
  const std::string row = test::read_source_file(std::string(k_runs) + "agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json");
  const std::string model = "\"model\": \"deepseek-ai/DeepSeek-V4-Pro\"";
  ASSERT_NE(row.find(model), std::string::npos);
  for (const char* written : {"\"model\": \"\"", "\"model\": null", "\"model\": \"  \""}) {
    std::string variant = row;
    variant.replace(variant.find(model), model.size(), written);
    auto read = read_inferencex_runner_rows(variant);
    ASSERT_TRUE(read) << written << ": " << read.error().to_string();
    EXPECT_EQ(read->points[0].model, "DeepSeek-V4-Pro") << written;
    // Without a prefix either, the model is missing, and the message says what would name it.
    variant.replace(variant.find("\"infmax_model_prefix\": \"dsv4\""), 29, "\"infmax_model_prefix\": \"\"");
    auto refused = read_inferencex_runner_rows(variant);
    ASSERT_FALSE(refused) << written;
    EXPECT_THAT(refused.error().to_string(), testing::HasSubstr("a non-empty infmax_model_prefix")) << written;
  }
}

// The one-node row without its date and run URL, as the runner writes it.
std::string
dateless_row()
{
  std::string row = test::read_source_file(std::string(k_runs) + "agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json");
  row.replace(row.find("\"date\": \"2026-07-15\","), 21, "");
  row.replace(row.find("\"run_url\""), row.rfind('"') - row.find("\"run_url\"") + 1, "\"other\": 1");
  return row;
}

TEST(read_inferencex_runner_rows, dates_and_links_a_row_with_the_runs_defaults)
{
  const RunDefaults defaults{"2026-07-15", "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/1000000001/attempts/1"};
  auto read = read_inferencex_runner_rows(dateless_row(), defaults);
  ASSERT_TRUE(read) << read.error().to_string();
  const BenchmarkPoint& point = read->points[0];
  EXPECT_EQ(point.date, "2026-07-15");
  EXPECT_EQ(point.run_url, defaults.run_url);
  // The same identity as the row that carries the same date and URL itself.
  EXPECT_EQ(point.result_id, read_one("agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json").result_id);

  auto undated = read_inferencex_runner_rows(dateless_row(), RunDefaults{std::nullopt, defaults.run_url});
  ASSERT_FALSE(undated);
  EXPECT_EQ(undated.error().to_string(),
            "row:date: missing required field (got nothing, expected a date YYYY-MM-DD; the runner writes none: "
            "give the run's date with ingest --date YYYY-MM-DD or add it to the row)");
  auto unlinked = read_inferencex_runner_rows(dateless_row(), RunDefaults{defaults.date, std::nullopt});
  ASSERT_TRUE(unlinked) << unlinked.error().to_string();
  EXPECT_FALSE(unlinked->points[0].run_url);
  EXPECT_NE(unlinked->points[0].result_id, point.result_id);  // the run is part of the identity
}

TEST(read_inferencex_runner_rows, keeps_a_rows_own_date_and_url_over_the_defaults)
{
  const std::string row =
    test::read_source_file(std::string(k_runs) + "agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json");
  auto read = read_inferencex_runner_rows(row, RunDefaults{"2026-08-01", "https://example.invalid/run/2"});
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->points[0].date, "2026-07-15");
  EXPECT_EQ(read->points[0].run_url, "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/1000000001/attempts/1");
  EXPECT_EQ(read->points[0].result_id, read_one("agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json").result_id);
}

TEST(read_input, gives_the_run_defaults_to_runner_rows_only)
{
  const RunDefaults defaults{"2026-08-01", "https://example.invalid/run/2"};
  auto runner = read_input(dateless_row(), "agg_x.json", defaults);
  ASSERT_TRUE(runner) << runner.error().to_string();
  EXPECT_EQ(runner->points[0].date, "2026-08-01");
  // A CSV row carries its own date (required) and has no run URL: the defaults change nothing.
  const std::string csv = "model,hardware,framework,precision,date,concurrency,total_allocated_gpus,tput_per_gpu,"
                          "interactivity,interactivity_basis\n"
                          "DeepSeek-V4-Pro,b200,vllm,fp8,2026-06-01,16,8,1200.5,40.2,median_tpot\n";
  auto plain = read_input(csv, "points.csv");
  auto with_defaults = read_input(csv, "points.csv", defaults);
  ASSERT_TRUE(plain && with_defaults);
  EXPECT_EQ(with_defaults->points, plain->points);
  EXPECT_EQ(with_defaults->points[0].date, "2026-06-01");
  EXPECT_FALSE(with_defaults->points[0].run_url);
}

TEST(read_input, reads_runner_rows_and_names_the_file)
{
  const auto bad = read_input(R"({"hw": "b200-nv", "conc": 0})", "agg_x.json");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().to_string(), "agg_x.json:row:conc: must be positive (got 0, expected an integer > 0)");
}

}  // namespace
}  // namespace infertrack::formats

#include "infertrack/formats/inferencex_rows.hpp"

#include "formats/test_files.hpp"
#include "infertrack/domain/data_quality.hpp"
#include "infertrack/formats/inferencex_row.hpp"
#include "infertrack/formats/input_format.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace infertrack::formats {
namespace {

using domain::BenchmarkPoint;
using domain::FindingKind;
using domain::PerGpuBasis;

// Real answers of the public API, copied unchanged (tests/cases/inferencex/README.md).
constexpr std::string_view k_latest = "tests/cases/inferencex/benchmarks-dsr1-latest.json";
constexpr std::string_view k_history = "tests/cases/inferencex/benchmarks-dsr1-history.json";

domain::Dataset
read_capture(std::string_view path)
{
  auto read = read_inferencex_rows(test::read_source_file(std::string(path)));
  EXPECT_TRUE(read) << read.error().to_string();
  return read ? std::move(*read) : domain::Dataset{};
}

// An agentic-trace row in the shape DOMAIN.md section 8 and the API's BenchmarkRow type document: a
// benchmark_type, null isl/osl, an offload mode and the server's cache-hit rates among the metrics.
constexpr std::string_view k_agentic_row = R"([{
  "hardware": "gb200", "framework": "dynamo-sglang", "model": "deepseek-ai/DeepSeek-V4-Pro", "precision": "nvfp4",
  "spec_method": "none", "disagg": true, "is_multinode": true,
  "prefill_tp": 8, "prefill_ep": 8, "prefill_dp_attention": true, "prefill_num_workers": 1,
  "decode_tp": 8, "decode_ep": 8, "decode_dp_attention": true, "decode_num_workers": 1,
  "num_prefill_gpu": 8, "num_decode_gpu": 8,
  "benchmark_type": "agentic_traces", "isl": null, "osl": null, "conc": 64, "offload_mode": "on",
  "image": "lmsysorg/sglang:deepseek-v4", "id": 91234,
  "metrics": {"p90_itl": 0.02, "p90_intvty": 50, "median_itl": 0.0125, "median_intvty": 80,
              "tput_per_gpu": 40000, "input_tput_per_gpu": 39680, "output_tput_per_gpu": 320,
              "server_gpu_cache_hit_rate": 0.9, "server_cpu_cache_hit_rate": 0.05,
              "theoretical_cache_hit_rate": 0.95, "mean_input_tokens": 60000,
              "median_output_tokens_actual": 400, "joules_per_output_token": 0.7},
  "workers": null, "date": "2026-10-14",
  "run_url": "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/2/attempts/1"
}])";

std::size_t
count_if_point(const domain::Dataset& dataset, bool (*predicate)(const BenchmarkPoint&))
{
  return static_cast<std::size_t>(std::count_if(dataset.points.begin(), dataset.points.end(), predicate));
}

TEST(read_inferencex_rows, reads_the_latest_capture_whole)
{
  const domain::Dataset dataset = read_capture(k_latest);
  ASSERT_EQ(dataset.points.size(), 435u);
  std::set<std::string> ids;
  std::map<std::string, std::size_t> workloads;
  for (const BenchmarkPoint& point : dataset.points) {
    EXPECT_EQ(point.model, "DeepSeek-R1-0528");  // "dsr1"
    EXPECT_TRUE(point.result_id.starts_with("ix-")) << point.result_id;
    ids.insert(point.result_id);
    ++workloads[point.workload];
  }
  EXPECT_EQ(ids.size(), 435u);  // no two rows share an identity
  EXPECT_EQ(workloads, (std::map<std::string, std::size_t>{{"1024/1024", 170}, {"1024/8192", 95}, {"8192/1024", 170}}));
  EXPECT_EQ(count_if_point(dataset, [](const BenchmarkPoint& p) { return p.disaggregated; }), 235u);
  EXPECT_EQ(count_if_point(dataset, [](const BenchmarkPoint& p) { return p.per_gpu_basis == PerGpuBasis::role_local; }),
            235u);
  // 145 rows (the newer runs) carry a P90 interactivity as well as the median.
  EXPECT_EQ(count_if_point(dataset, [](const BenchmarkPoint& p) { return p.interactivity_p90.has_value(); }), 145u);
  EXPECT_EQ(count_if_point(dataset, [](const BenchmarkPoint& p) { return p.interactivity_median.has_value(); }), 435u);
  // Two rows of 2025-10-06 predate the runner writing input_tput_per_gpu and output_tput_per_gpu.
  EXPECT_EQ(count_if_point(dataset, [](const BenchmarkPoint& p) { return !p.per_gpu_tps.input; }), 2u);
}

TEST(read_inferencex_rows, reads_the_history_capture_whole)
{
  const domain::Dataset dataset = read_capture(k_history);
  ASSERT_EQ(dataset.points.size(), 1462u);
  std::set<std::string> dates;
  for (const BenchmarkPoint& point : dataset.points) {
    dates.insert(point.date);
    EXPECT_FALSE(point.image) << point.result_id;  // the history route leaves images out
  }
  EXPECT_EQ(dates.size(), 64u);
  EXPECT_EQ(*dates.begin(), "2025-12-05");
  EXPECT_EQ(*dates.rbegin(), "2026-06-11");
  EXPECT_EQ(count_if_point(dataset, [](const BenchmarkPoint& p) { return p.per_gpu_basis == PerGpuBasis::role_local; }),
            435u);
}

TEST(read_inferencex_rows, keeps_an_aggregated_rows_numbers_exactly)
{
  const domain::Dataset dataset = read_capture(k_latest);
  ASSERT_FALSE(dataset.points.empty());
  const BenchmarkPoint& point = dataset.points[0];
  EXPECT_EQ(point.result_id, "ix-ef13c23f4bebac92");
  EXPECT_EQ(point.hardware, "mi355x");
  EXPECT_EQ(point.framework, "sglang");
  EXPECT_EQ(point.precision, "fp4");
  EXPECT_EQ(point.spec_method, "none");
  EXPECT_FALSE(point.disaggregated);
  EXPECT_EQ(point.workload, "1024/1024");
  EXPECT_EQ(point.isl, 1024);
  EXPECT_EQ(point.osl, 1024);
  EXPECT_EQ(point.concurrency, 4);
  EXPECT_EQ(point.tp, 4);
  EXPECT_EQ(point.ep, 1);
  EXPECT_EQ(point.per_gpu_tps.total, 198.9447984579421);
  EXPECT_EQ(point.per_gpu_tps.input, 99.95643343100151);
  EXPECT_EQ(point.per_gpu_tps.output, 98.9883650269406);
  // The API gives per-GPU values only; the reader completes the absolute ones over the 4 allocated GPUs.
  EXPECT_EQ(point.absolute_tps, (domain::Throughput{99.95643343100151 * 4, 98.9883650269406 * 4, 198.9447984579421 * 4}));
  EXPECT_EQ(point.per_gpu_basis, PerGpuBasis::all_allocated);
  EXPECT_EQ(point.interactivity_median, 103.64816793368249);
  EXPECT_EQ(point.interactivity_p90, 103.09077106347006);
  EXPECT_EQ(point.date, "2026-06-11");
  EXPECT_EQ(point.image, "lmsysorg/sglang:v0.5.12-rocm700-mi35x");
  EXPECT_EQ(point.run_url, "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/27213443242/attempts/1");
  EXPECT_FALSE(point.offload_mode);
  EXPECT_EQ(point.tokens, domain::TokenStatistics{});  // no fabrication: fixed-length rows have no token stats
  EXPECT_EQ(point.cache, domain::CacheHitRates{});
  EXPECT_TRUE(point.notes.empty());
}

TEST(read_inferencex_rows, counts_an_aggregated_engine_once)
{
  const domain::Dataset dataset = read_capture(k_latest);
  ASSERT_GT(dataset.points.size(), 16u);
  // The API mirrors the engine's 4 GPUs into num_prefill_gpu and num_decode_gpu: 4 GPUs, not 8.
  const BenchmarkPoint& mirrored = dataset.points[0];
  EXPECT_EQ(mirrored.aggregate_engine_gpus, 4);
  EXPECT_EQ(mirrored.total_allocated_gpus, 4);
  EXPECT_FALSE(mirrored.prefill_gpus);
  EXPECT_FALSE(mirrored.decode_gpus);
  EXPECT_EQ(domain::physical_gpu_count(mirrored), 4);

  // b200 trt TP8 EP8 on one node: the API lists 64 GPUs (TP x EP); the runner divided by TP, 8 GPUs.
  const BenchmarkPoint& expert_parallel = dataset.points[16];
  EXPECT_EQ(expert_parallel.hardware, "b200");
  EXPECT_EQ(expert_parallel.tp, 8);
  EXPECT_EQ(expert_parallel.ep, 8);
  EXPECT_EQ(expert_parallel.aggregate_engine_gpus, 8);
  EXPECT_EQ(expert_parallel.total_allocated_gpus, 8);
  ASSERT_EQ(expert_parallel.notes.size(), 1u);
  EXPECT_EQ(expert_parallel.notes[0].kind, k_gpu_count_note);
  EXPECT_EQ(expert_parallel.notes[0].text,
            "The API lists 64 GPUs in num_prefill_gpu and num_decode_gpu, decode_tp 8 x decode_ep 8; expert "
            "parallelism shares the engine's tensor-parallel GPUs and the InferenceX runner divided the per-GPU "
            "throughputs by TP, so the engine is counted as 8 GPUs.");
  BenchmarkPoint completed = expert_parallel;
  domain::complete_point(completed);
  EXPECT_EQ(completed.absolute_tps.total, 193.44744504181523 * 8);

  std::size_t noted = 0;
  for (const BenchmarkPoint& point : dataset.points) {
    noted += point.notes.empty() ? 0 : 1;
    if (!point.disaggregated) {
      EXPECT_EQ(point.total_allocated_gpus, point.tp) << point.result_id;
    }
  }
  EXPECT_EQ(noted, 46u);  // 33 rows of TP8 x EP8 and 13 of TP4 x EP4
}

TEST(read_inferencex_rows, divides_fixed_length_disaggregated_rows_role_locally)
{
  const domain::Dataset dataset = read_capture(k_latest);
  ASSERT_GT(dataset.points.size(), 199u);
  // mi355x mori-sglang fp8, 2 prefill workers of 8 GPUs and 1 decode worker of 8, 8192/1024 at 2048 users.
  const BenchmarkPoint& point = dataset.points[199];
  EXPECT_EQ(point.framework, "mori-sglang");
  EXPECT_TRUE(point.disaggregated);
  EXPECT_EQ(point.prefill_gpus, 16);
  EXPECT_EQ(point.decode_gpus, 8);
  EXPECT_EQ(point.total_allocated_gpus, 24);
  EXPECT_FALSE(point.aggregate_engine_gpus);
  EXPECT_EQ(point.per_gpu_basis, PerGpuBasis::role_local);
  EXPECT_EQ(point.per_gpu_tps.total, 3555.5119447679103);
  EXPECT_EQ(point.per_gpu_tps.input, 4740.144290655592);
  EXPECT_EQ(point.per_gpu_tps.output, 1186.2472529925478);
  EXPECT_EQ(point.interactivity_median, 17.170964939292613);
  EXPECT_EQ(point.interactivity_p90, 16.89586397206878);

  // Completed on its basis: input over the prefill GPUs, output over the decode GPUs, total over all 24.
  BenchmarkPoint completed = point;
  domain::complete_point(completed);
  EXPECT_EQ(completed.absolute_tps.input, 4740.144290655592 * 16);
  EXPECT_EQ(completed.absolute_tps.output, 1186.2472529925478 * 8);
  EXPECT_EQ(completed.absolute_tps.total, 3555.5119447679103 * 24);
  EXPECT_TRUE(domain::check_point(completed).empty());
  EXPECT_DOUBLE_EQ(*domain::derived_output_tps_per_decode_gpu(completed), 1186.2472529925478);
}

TEST(read_inferencex_rows, reads_the_agentic_row_shape)
{
  const auto read = read_inferencex_rows(k_agentic_row);
  ASSERT_TRUE(read) << read.error().to_string();
  ASSERT_EQ(read->points.size(), 1u);
  const BenchmarkPoint& point = read->points[0];
  EXPECT_EQ(point.model, "DeepSeek-V4-Pro");
  EXPECT_EQ(point.precision, "fp4");
  EXPECT_EQ(point.workload, "agentic");
  EXPECT_FALSE(point.isl);
  EXPECT_FALSE(point.osl);
  EXPECT_EQ(point.concurrency, 64);
  EXPECT_EQ(point.total_allocated_gpus, 16);
  // Agentic runs divide all three throughputs by P + D.
  EXPECT_EQ(point.per_gpu_basis, PerGpuBasis::all_allocated);
  EXPECT_EQ(point.interactivity_p90, 50);
  EXPECT_EQ(point.interactivity_median, 80);
  EXPECT_EQ(point.offload_mode, "on");
  EXPECT_EQ(point.cache.gpu, 0.9);
  EXPECT_EQ(point.cache.cpu, 0.05);
  EXPECT_FALSE(point.cache.external);
  EXPECT_EQ(point.cache.theoretical, 0.95);
  EXPECT_EQ(point.tokens.mean_input, 60000);
  EXPECT_EQ(point.tokens.median_output, 400);
  EXPECT_FALSE(point.tokens.p90_input);

  BenchmarkPoint completed = point;
  domain::complete_point(completed);
  EXPECT_EQ(completed.absolute_tps.input, 39680.0 * 16);
  EXPECT_EQ(completed.absolute_tps.output, 320.0 * 16);
  EXPECT_TRUE(domain::check_point(completed).empty());
}

TEST(read_inferencex_rows, derives_result_ids_from_the_identity_only)
{
  const std::string row = test::read_source_file("tests/cases/formats/inferencex_minimal.case");
  const std::string json = row.substr(row.find("----\n") + 5);
  const auto first = read_inferencex_rows(json);
  const auto again = read_inferencex_rows(json);
  ASSERT_TRUE(first && again);
  ASSERT_EQ(first->points.size(), 2u);
  EXPECT_EQ(first->points[0].result_id, again->points[0].result_id);
  EXPECT_NE(first->points[0].result_id, first->points[1].result_id);  // they differ only in conc

  const auto id_with = [&](std::string_view from, std::string_view to) {
    std::string changed = json;
    changed.replace(changed.find(from), from.size(), to);
    const auto read = read_inferencex_rows(changed);
    EXPECT_TRUE(read) << read.error().to_string();
    return read ? read->points[0].result_id : std::string();
  };
  const std::string& id = first->points[0].result_id;
  EXPECT_NE(id_with("runs/1/", "runs/9/"), id);        // another run of the same configuration
  EXPECT_NE(id_with("2026-06-11", "2026-06-12"), id);  // another date
  EXPECT_EQ(id_with("198.9", "205.5"), id);            // a number is not identity: a changed one conflicts
  EXPECT_EQ(id_with("\"model\": \"dsr1\"", "\"model\": \"DeepSeek-R1-0528\""), id);  // canonical names
  // Fields newer answers add count with their defaults, so old and new captures of a result agree.
  EXPECT_EQ(id_with("\"conc\": 4,", "\"conc\": 4, \"benchmark_type\": \"single_turn\", \"offload_mode\": \"off\","),
            id);
}

// Complete and check every point, as an ingest does; the findings by kind.
std::map<FindingKind, std::vector<std::size_t>>
findings_by_kind(domain::Dataset& dataset)
{
  std::map<FindingKind, std::vector<std::size_t>> found;
  for (std::size_t i = 0; i < dataset.points.size(); ++i) {
    domain::complete_point(dataset.points[i]);
    for (const domain::DataFinding& finding : domain::check_point(dataset.points[i])) {
      found[finding.kind].push_back(i);
    }
  }
  return found;
}

TEST(check_point, role_local_rows_of_the_captures_add_up_except_eight_early_ones)
{
  // Role-local division is the runner's basis, not a mismatch: input x P + output x D = total x (P + D). The
  // exceptions are eight gb200 rows of 2025-12-01/05 whose artifacts predate explicit P/D counts and worker
  // numbers: the API lists P = D = the artifact's TP (e.g. 72 and 72), and their per-GPU numbers fit no such split.
  domain::Dataset latest = read_capture(k_latest);
  const auto found = findings_by_kind(latest);
  ASSERT_EQ(found.size(), 1u);
  ASSERT_TRUE(found.contains(FindingKind::per_gpu_mismatch));
  const std::vector<std::size_t> expected = {150, 152, 155, 157, 158, 163, 165, 169};
  EXPECT_EQ(found.at(FindingKind::per_gpu_mismatch), expected);
  for (const std::size_t i : expected) {
    const BenchmarkPoint& point = latest.points[i];
    EXPECT_EQ(point.hardware, "gb200");
    EXPECT_EQ(point.per_gpu_basis, PerGpuBasis::role_local);
    EXPECT_EQ(point.prefill_gpus, point.decode_gpus);
    EXPECT_TRUE(point.date.starts_with("2025-12-0")) << point.date;
  }
  const std::vector<domain::DataFinding> row_163 = domain::check_point(latest.points[163]);
  ASSERT_EQ(row_163.size(), 1u);
  EXPECT_EQ(row_163[0].detail,
            "Total throughput 281579.42036138306 tok/s differs from input 188300.4510901632 + output "
            "45768.228361748166 = 234068.67945191136 tok/s by 330 tok/s per allocated GPU (144 GPUs, per-GPU basis "
            "role_local; tolerance 1.8e-05).");

  domain::Dataset history = read_capture(k_history);
  EXPECT_TRUE(findings_by_kind(history).empty());
}

// A disaggregated point of 8 prefill and 12 decode GPUs with per-GPU values only, as the API gives them.
BenchmarkPoint
per_gpu_only_point(PerGpuBasis basis)
{
  BenchmarkPoint point;
  point.result_id = "crafted";
  point.disaggregated = true;
  point.prefill_gpus = 8;
  point.decode_gpus = 12;
  point.total_allocated_gpus = 20;
  point.per_gpu_basis = basis;
  // 1,600 input tok/s over 8 prefill GPUs and 600 output tok/s over 12 decode GPUs: 2,200 tok/s over 20.
  point.per_gpu_tps = {200.0, 50.0, 110.0};
  return point;
}

TEST(check_point, parts_add_up_on_the_points_basis)
{
  // Role-local values that add up: input x P + output x D = total x (P + D).
  EXPECT_TRUE(domain::check_point(per_gpu_only_point(PerGpuBasis::role_local)).empty());
  BenchmarkPoint completed = per_gpu_only_point(PerGpuBasis::role_local);
  domain::complete_point(completed);
  EXPECT_TRUE(domain::check_point(completed).empty());

  // The same values read as all-allocated: 200 + 50 is not 110 per GPU. Without absolutes, only the sum shows it.
  const std::vector<domain::DataFinding> misread = domain::check_point(per_gpu_only_point(PerGpuBasis::all_allocated));
  ASSERT_EQ(misread.size(), 1u);
  EXPECT_EQ(misread[0].kind, FindingKind::per_gpu_mismatch);
  EXPECT_EQ(misread[0].detail,
            "Total throughput 2200 tok/s differs from input 4000 + output 1000 = 5000 tok/s by 140 tok/s per "
            "allocated GPU (20 GPUs, per-GPU basis all_allocated; tolerance 1.8e-05).");

  // Absolutes the source gave win over per-GPU values: the seed's 444914 adds up within its rounding.
  BenchmarkPoint seed = per_gpu_only_point(PerGpuBasis::all_allocated);
  seed.prefill_gpus = 8;
  seed.decode_gpus = 8;
  seed.total_allocated_gpus = 16;
  seed.absolute_tps = {613533.27093, 4950.88918, 618484.1601};
  seed.per_gpu_tps = {38345.82943, 309.43057375, 38655.26001};
  EXPECT_TRUE(domain::check_point(seed).empty());
  seed.absolute_tps.total = 618484.2601;  // 0.1 tok/s more: 6.25e-3 per GPU
  ASSERT_EQ(domain::check_point(seed).size(), 2u);  // total != total per GPU x 16, and the parts

  // Without all three, there is nothing to add up.
  BenchmarkPoint partial = per_gpu_only_point(PerGpuBasis::all_allocated);
  partial.per_gpu_tps.input.reset();
  EXPECT_TRUE(domain::check_point(partial).empty());
}

TEST(detect_format, recognises_inferencex_rows)
{
  EXPECT_EQ(detect_format(test::read_source_file(std::string(k_latest))), InputFormat::inferencex_rows);
  EXPECT_EQ(detect_format(test::read_source_file(std::string(k_history))), InputFormat::inferencex_rows);
  EXPECT_EQ(detect_format(k_agentic_row), InputFormat::inferencex_rows);
  EXPECT_EQ(detect_format("\xEF\xBB\xBF [ {\"metrics\": {\"hardware\": 1}, \"hardware\": \"b200\"}]"),
            InputFormat::inferencex_rows);
  EXPECT_EQ(detect_format("[{\"hardware\": \"b200\"}]"), std::nullopt);
  EXPECT_EQ(detect_format("[{\"x\": {\"hardware\": 1, \"metrics\": {}}}]"), std::nullopt);  // nested keys
  EXPECT_EQ(detect_format("[1, {\"hardware\": \"b200\", \"metrics\": {}}]"), std::nullopt);  // first element only
  EXPECT_EQ(detect_format("[{\"x\": \"hardware\", \"y\": \"metrics\"}]"), std::nullopt);   // values, not keys
  EXPECT_EQ(detect_format("{\"hardware\": \"b200\", \"metrics\": {}}"), std::nullopt);
  EXPECT_EQ(detect_format("[]"), std::nullopt);
  // The snapshot's detection is unchanged: the first top-level "points" decides.
  EXPECT_EQ(detect_format("{\"points\": {}, \"points\": []}"), std::nullopt);
  EXPECT_STREQ(to_string(InputFormat::inferencex_rows), "inferencex_rows");
}

TEST(read_input, reads_inferencex_rows_and_names_the_file)
{
  const auto read = read_input(test::read_source_file(std::string(k_latest)), "latest.json");
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->source, "latest.json");
  EXPECT_EQ(read->points.size(), 435u);
  const auto bad = read_input("[{\"hardware\": \"b200\", \"metrics\": {}}]", "rows.json");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().to_string(),
            "rows.json:rows[0]:framework: missing required field (got nothing, expected a string)");
}

}  // namespace
}  // namespace infertrack::formats

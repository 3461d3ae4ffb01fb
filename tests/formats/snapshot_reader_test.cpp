#include "infertrack/formats/snapshot_reader.hpp"

#include "formats/test_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace infertrack::formats {
namespace {

using domain::BenchmarkPoint;

const domain::Dataset&
seed()
{
  static const domain::Dataset dataset = [] {
    auto read = read_snapshot(test::read_source_file("data/deepseek-v4-gb200-snapshot.json"));
    EXPECT_TRUE(read.has_value()) << read.error().to_string();
    return read.value_or(domain::Dataset{});
  }();
  return dataset;
}

const BenchmarkPoint&
seed_point(std::string_view id)
{
  const auto& points = seed().points;
  const auto found = std::find_if(points.begin(), points.end(), [&](const auto& p) { return p.result_id == id; });
  EXPECT_NE(found, points.end()) << id;
  return *found;
}

// A one-point snapshot with `extra` appended to the point's fields (a later duplicate key is refused).
std::string
one_point(std::string_view extra = "")
{
  return R"({"points": [{"result_id": "1", "model": "deepseek-ai/DeepSeek-V4-Pro", "hardware": "GB200",
    "framework": "dynamo-trtllm", "precision": "nvfp4", "concurrency": 8, "disaggregated": false,
    "total_allocated_gpus": 4, "date_api": "2026-10-14", "total_tps_per_allocated_gpu": 100.5,
    "interactivity_median_tok_s_user": 50)"
         + std::string(extra) + "}]}";
}

TEST(read_snapshot, reads_the_seed_sections)
{
  const auto& dataset = seed();
  EXPECT_EQ(dataset.points.size(), 5U);
  EXPECT_EQ(dataset.notes.size(), 5U);
  EXPECT_EQ(dataset.notes[1], "Aggregate Flash rows mirror 4 GPUs in both P/D columns; physical count is 4, not 8.");
  EXPECT_EQ(dataset.retrieved, "2026-11-02T21:42:00.302387+00:00");
  ASSERT_TRUE(dataset.method.has_value());
  EXPECT_TRUE(dataset.method->starts_with("Fixed replay rates: max(logical input demand"));
  EXPECT_TRUE(dataset.findings.empty());
}

TEST(read_snapshot, reads_every_number_of_a_disaggregated_point)
{
  const BenchmarkPoint& p = seed_point("444914");
  EXPECT_EQ(p.model, "DeepSeek-V4-Pro");
  EXPECT_EQ(p.hardware, "gb200");
  EXPECT_EQ(p.framework, "dynamo-vllm");
  EXPECT_EQ(p.precision, "fp4");
  EXPECT_EQ(p.spec_method, "draft_model");
  EXPECT_EQ(p.workload, "agentic");
  EXPECT_EQ(p.concurrency, 128);
  EXPECT_TRUE(p.disaggregated);
  EXPECT_EQ(p.isl, std::nullopt);
  EXPECT_EQ(p.osl, std::nullopt);
  EXPECT_EQ(p.total_allocated_gpus, 16);
  EXPECT_EQ(p.prefill_gpus, 8);
  EXPECT_EQ(p.decode_gpus, 8);
  EXPECT_EQ(p.aggregate_engine_gpus, std::nullopt);
  EXPECT_EQ(p.tp, std::nullopt);
  EXPECT_EQ(p.per_gpu_basis, domain::PerGpuBasis::all_allocated);
  EXPECT_EQ(p.interactivity_p90, 104.60251046025104);
  EXPECT_EQ(p.interactivity_median, 112.48593925759279);
  EXPECT_EQ(p.absolute_tps.total, 618484.1601);
  EXPECT_EQ(p.absolute_tps.input, 613533.27093);
  EXPECT_EQ(p.absolute_tps.output, 4950.88918);
  EXPECT_EQ(p.per_gpu_tps.total, 38655.26001);
  EXPECT_EQ(p.per_gpu_tps.input, 38345.82943);
  EXPECT_EQ(p.per_gpu_tps.output, 309.43057);
  EXPECT_EQ(p.tokens.mean_input, 129515.21396);
  EXPECT_EQ(p.tokens.median_input, 91623.5);
  EXPECT_EQ(p.tokens.p90_input, 270987.6);
  EXPECT_EQ(p.tokens.mean_output, 1045.11931);
  EXPECT_EQ(p.tokens.median_output, 469);
  EXPECT_EQ(p.tokens.p90_output, 2353.1);
  EXPECT_EQ(p.cache.gpu, 0.26306);
  EXPECT_EQ(p.cache.cpu, 0.70983);
  EXPECT_EQ(p.cache.external, 0.70983);
  EXPECT_EQ(p.cache.theoretical, 0.96889);
  EXPECT_EQ(p.offload_mode, "off");
  EXPECT_EQ(p.kv_offloading, "none");
  EXPECT_EQ(p.kv_offload_backend, std::nullopt);
  EXPECT_EQ(p.isolated_uncached_prefill_tps_per_gpu, std::nullopt);
  EXPECT_EQ(p.context_limit_tokens, 1048576);
  EXPECT_EQ(p.kv_precision, "fp8");
  EXPECT_EQ(p.date, "2026-10-14");
  EXPECT_EQ(p.run_date, std::nullopt);
  EXPECT_EQ(p.image, "vllm/vllm-openai:nightly-dev-arm64-cu13.0.1-20ebb28");
  EXPECT_EQ(p.run_url, "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/36425419107/attempts/3");
  EXPECT_EQ(p.workflow_id, "2641");
  EXPECT_EQ(p.recipe_fingerprint, "a8b5659f936d126934f8e3ea4719f963228a4d78d6cd78021226cdc9d2109d2c");
  EXPECT_EQ(p.source_url, std::nullopt);
  ASSERT_EQ(p.notes.size(), 3U);
  EXPECT_EQ(p.notes[0].kind, "role_note");
  EXPECT_TRUE(p.notes[0].text.starts_with("API P/D TP fields encode serving topology"));
  EXPECT_EQ(p.notes[1].kind, "cache_note");
  EXPECT_EQ(p.notes[2].kind, "precision_note");
  EXPECT_TRUE(p.notes[2].text.ends_with("not uniform FP4 arithmetic."));
}

TEST(read_snapshot, reads_aggregated_and_offload_points)
{
  const BenchmarkPoint& flash = seed_point("444212");
  EXPECT_EQ(flash.model, "DeepSeek-V4.1-Flash");
  EXPECT_FALSE(flash.disaggregated);
  EXPECT_EQ(flash.aggregate_engine_gpus, 4);
  EXPECT_EQ(flash.prefill_gpus, std::nullopt);
  EXPECT_EQ(flash.cache.cpu, 0.0);
  ASSERT_EQ(flash.notes.size(), 2U);
  EXPECT_EQ(flash.notes[1].kind, "speculative_note");

  const BenchmarkPoint& sglang = seed_point("446626");
  EXPECT_EQ(sglang.framework, "sglang");
  EXPECT_EQ(sglang.offload_mode, "on");
  EXPECT_EQ(sglang.kv_offloading, "dram");
  EXPECT_EQ(sglang.kv_offload_backend, "hicache");
  EXPECT_EQ(sglang.context_limit_tokens, std::nullopt);
  EXPECT_EQ(sglang.kv_precision, std::nullopt);
  EXPECT_EQ(sglang.per_gpu_tps.total, 361699.85709);
}

TEST(read_snapshot, maps_headline_labels_to_models)
{
  const auto& headlines = seed().headlines;
  ASSERT_EQ(headlines.size(), 2U);
  EXPECT_EQ(headlines[0].label, "Pro");
  EXPECT_EQ(headlines[0].model, "DeepSeek-V4-Pro");
  EXPECT_EQ(headlines[0].target_interactivity, 100);
  EXPECT_EQ(headlines[0].total_tps_per_gpu, 37029.643);
  EXPECT_TRUE(headlines[0].interpolated);
  EXPECT_EQ(headlines[0].bracket_result_ids, (std::vector<std::string>{"444911", "444914"}));
  EXPECT_TRUE(headlines[0].extra_disagg_factor_in_overview);
  EXPECT_FALSE(headlines[0].use_as_decode_tps);
  EXPECT_EQ(headlines[1].label, "Flash");
  EXPECT_EQ(headlines[1].model, "DeepSeek-V4.1-Flash");
  EXPECT_EQ(headlines[1].total_tps_per_gpu, 156095.303);
  EXPECT_FALSE(headlines[1].extra_disagg_factor_in_overview);
}

TEST(read_snapshot, reads_hardware_with_the_points_gpu_key)
{
  ASSERT_EQ(seed().hardware.size(), 1U);
  const auto& hardware = seed().hardware[0];
  EXPECT_EQ(hardware.hardware, "gb200");
  EXPECT_EQ(hardware.name, "NVIDIA GB200 NVL72");
  EXPECT_EQ(hardware.gpus_per_rack, 72);
  EXPECT_EQ(hardware.cost_per_gpu_hour, 1.86);
  EXPECT_EQ(hardware.kw_per_gpu, 1.87);
  EXPECT_EQ(hardware.effective_date, "2026-11-02");
  EXPECT_EQ(hardware.source_url, "https://inferencex.semianalysis.com/chips/gb200-nvl72");
}

TEST(read_snapshot, reads_presets_in_tokens_per_day)
{
  const auto& presets = seed().presets;
  ASSERT_EQ(presets.size(), 6U);
  const std::vector<std::string> keys = {
    "illustrative-market", "fireworks", "openai-api", "openrouter", "deepseek", "custom"};
  for (std::size_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(presets[i].key, keys[i]);
  }
  EXPECT_DOUBLE_EQ(*presets[0].tokens_per_day, 500e12);
  EXPECT_EQ(presets[0].source_url, std::nullopt);
  EXPECT_DOUBLE_EQ(*presets[2].tokens_per_day, 21.6e12);
  EXPECT_DOUBLE_EQ(*presets[3].tokens_per_day, 18.342857142857145e12);
  EXPECT_EQ(presets[1].label, "Fireworks \u00b7 40T/day (disclosed floor)");
  EXPECT_EQ(presets[1].source_url, "https://fireworks.ai/blog/fireworks-series-d-funding");
  EXPECT_EQ(presets[5].tokens_per_day, std::nullopt);
  EXPECT_TRUE(presets[5].note.starts_with("Custom assumed logical token demand"));
}

TEST(read_snapshot, canonicalises_names)
{
  const auto read = read_snapshot(one_point());
  ASSERT_TRUE(read) << read.error().to_string();
  const BenchmarkPoint& p = read->points.at(0);
  EXPECT_EQ(p.model, "DeepSeek-V4-Pro");
  EXPECT_EQ(p.hardware, "gb200");
  EXPECT_EQ(p.framework, "dynamo-trt");
  EXPECT_EQ(p.precision, "fp4");
  EXPECT_EQ(p.spec_method, "none");
  EXPECT_EQ(p.interactivity_median, 50);
  EXPECT_EQ(p.interactivity_p90, std::nullopt);
}

TEST(read_snapshot, names_fixed_length_workloads_by_isl_osl)
{
  const auto read = read_snapshot(one_point(R"(, "isl": 8192, "osl": 1024, "date_run": "2026-10-13")"));
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->points.at(0).workload, "8192/1024");
  EXPECT_EQ(read->points.at(0).run_date, "2026-10-13");
}

TEST(read_snapshot, keeps_one_record_of_an_identical_duplicate)
{
  std::string json = one_point();
  const std::string point = json.substr(json.find('{', 1), json.rfind('}') - json.find('{', 1) - 1);
  json = "{\"points\": [" + point + ", " + point + "]}";
  const auto read = read_snapshot(json);
  ASSERT_TRUE(read) << read.error().to_string();
  EXPECT_EQ(read->points.size(), 1U);
}

TEST(read_snapshot, refuses_a_conflicting_duplicate_naming_both_records)
{
  std::string json = one_point();
  const std::string point = json.substr(json.find('{', 1), json.rfind('}') - json.find('{', 1) - 1);
  std::string changed = point;
  changed.replace(changed.find("100.5"), 5, "100.6");
  const auto read = read_snapshot("{\"points\": [" + point + ", " + changed + "]}");
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().to_string(),
            "points[1]:result_id: conflicting duplicate (got result id \"1\" again with "
            "different values, expected the same values as points[0])");
}

TEST(read_snapshot, names_the_record_and_field_of_a_bad_value)
{
  const auto read = read_snapshot(one_point(R"(, "prefill_gpus": -2)"));
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().record, "points[0]");
  EXPECT_EQ(read.error().field, "prefill_gpus");
  EXPECT_EQ(read.error().message, "must be positive (got -2, expected an integer > 0)");
  EXPECT_EQ(read.error().file, "");
}

TEST(read_snapshot, refuses_every_truncation_of_the_seed)
{
  const std::string seed_text = test::read_source_file("data/deepseek-v4-gb200-snapshot.json");
  const std::size_t last_brace = seed_text.rfind('}');
  for (std::size_t size = 0; size < last_brace; size += 97) {
    EXPECT_FALSE(read_snapshot(std::string_view(seed_text).substr(0, size))) << size;
  }
}

}  // namespace
}  // namespace infertrack::formats

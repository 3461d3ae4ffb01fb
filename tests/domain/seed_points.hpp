#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/published_headline.hpp"

#include <string>
#include <utility>
#include <vector>

// The five points and two headlines of data/deepseek-v4-gb200-snapshot.json, built by hand with every number
// the snapshot gives, so that domain tests do not depend on a format reader.
namespace infertrack::domain::test {

inline const std::string k_seed_role_note =
  "API P/D TP fields encode serving topology; worker logs show TP1 with data/expert parallelism. Do not "
  "multiply TP by EP to infer physical count.";
inline const std::string k_seed_pro_cache_note =
  "CPU/external rate may denote external KV transfer. Offload_mode off and allocated_cpu_dram_gb 0; do not "
  "infer CPU offload or sum CPU and external rates.";
inline const std::string k_seed_precision_note =
  "API fp4; inspected engine log quantization=deepseek_v4_fp8 and dtype=bfloat16; precision labels "
  "unresolved, not uniform FP4 arithmetic.";
inline const std::string k_seed_flash_cache_note =
  "P/D GPU fields mirror one aggregate engine; do not sum them.";
inline const std::string k_seed_speculative_note =
  "vLLM DSpark five draft tokens, synthetic rejection, synthetic_acceptance_length 3.51; adaptive verification "
  "enabled (verified on row444210 engine log; same recipe fingerprint for row444212).";

inline BenchmarkPoint
seed_point_base(std::string result_id, std::string model, std::string framework, std::string spec_method)
{
  BenchmarkPoint point;
  point.result_id = std::move(result_id);
  point.model = std::move(model);
  point.hardware = "gb200";
  point.framework = std::move(framework);
  point.precision = "fp4";
  point.spec_method = std::move(spec_method);
  point.workload = "agentic";
  point.per_gpu_basis = PerGpuBasis::all_allocated;
  return point;
}

inline BenchmarkPoint
seed_pro_point(std::string result_id)
{
  BenchmarkPoint point = seed_point_base(std::move(result_id), "DeepSeek-V4-Pro", "dynamo-vllm", "draft_model");
  point.disaggregated = true;
  point.date = "2026-10-14";
  point.run_url = "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/36425419107/attempts/3";
  point.workflow_id = "2641";
  point.image = "vllm/vllm-openai:nightly-dev-arm64-cu13.0.1-20ebb28";
  point.offload_mode = "off";
  point.kv_offloading = "none";
  point.context_limit_tokens = 1048576;
  point.kv_precision = "fp8";
  point.notes = {{"role_note", k_seed_role_note},
                 {"cache_note", k_seed_pro_cache_note},
                 {"precision_note", k_seed_precision_note}};
  return point;
}

inline BenchmarkPoint
seed_flash_point(std::string result_id, std::string framework)
{
  BenchmarkPoint point =
    seed_point_base(std::move(result_id), "DeepSeek-V4.1-Flash", std::move(framework), "mtp");
  point.disaggregated = false;
  point.aggregate_engine_gpus = 4;
  point.total_allocated_gpus = 4;
  point.notes = {{"cache_note", k_seed_flash_cache_note}};
  return point;
}

// In the snapshot's order: 444914, 444911 (Pro), 444212, 444210 (Flash vLLM), 446626 (Flash SGLang).
inline std::vector<BenchmarkPoint>
seed_points()
{
  std::vector<BenchmarkPoint> points;

  BenchmarkPoint p = seed_pro_point("444914");
  p.recipe_fingerprint = "a8b5659f936d126934f8e3ea4719f963228a4d78d6cd78021226cdc9d2109d2c";
  p.concurrency = 128;
  p.total_allocated_gpus = 16;
  p.prefill_gpus = 8;
  p.decode_gpus = 8;
  p.interactivity_p90 = 104.60251046025104;
  p.interactivity_median = 112.48593925759279;
  p.absolute_tps = {613533.27093, 4950.88918, 618484.1601};
  p.per_gpu_tps = {38345.82943, 309.43057, 38655.26001};
  p.tokens = {129515.21396, 91623.5, 270987.6, 1045.11931, 469, 2353.1};
  p.cache = {0.26306, 0.70983, 0.70983, 0.96889};
  points.push_back(p);

  p = seed_pro_point("444911");
  p.recipe_fingerprint = "2bae653797b283a2acc89cd5616fb9abb222a485035cbb33887229da08debbcc";
  p.concurrency = 360;
  p.total_allocated_gpus = 20;
  p.prefill_gpus = 8;
  p.decode_gpus = 12;
  p.interactivity_p90 = 95.78544061302682;
  p.interactivity_median = 101.52284263959392;
  p.absolute_tps = {1688667.64671, 12650.99349, 1701318.64019};
  p.per_gpu_tps = {84433.38234, 632.54967, 85065.93201};
  p.tokens = {134298.4109, 93292, 284512.1, 1006.12357, 430, 2328};
  p.cache = {0.10242614337544448, 0.8657066256024453, 0.86567, 0.96981};
  points.push_back(p);

  BenchmarkPoint f = seed_flash_point("444212", "vllm");
  f.date = "2026-10-07";
  f.run_url = "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/37173401305/attempts/4";
  f.workflow_id = "2602";
  f.recipe_fingerprint = "a0d6c3c06f5b5f83c37cd56dd7a870fa8a05dd82f5a00f90dde7013f750ea586";
  f.image = "vllm/vllm-openai:nightly-dev-arm64-cu130-ac9126e58aa7";
  f.offload_mode = "off";
  f.kv_offloading = "none";
  f.context_limit_tokens = 1048576;
  f.kv_precision = "fp8";
  f.notes.push_back({"speculative_note", k_seed_speculative_note});
  f.concurrency = 64;
  f.interactivity_p90 = 132.4503311258278;
  f.interactivity_median = 198.01980198019803;
  f.absolute_tps = {462963.95725, 3245.09845, 466209.0557};
  f.per_gpu_tps = {115740.98931, 811.27461, 116552.26393};
  f.tokens = {146421.23793, 87876, 342432.2, 1026.32467, 461.5, 2350.1};
  f.cache = {0.9596622140923428, 0, 0, 0.97337};
  points.push_back(f);

  f.result_id = "444210";
  f.concurrency = 128;
  f.interactivity_p90 = 85.6898029134533;
  f.interactivity_median = 134.77088948787062;
  f.absolute_tps = {696973.17057, 5500.14558, 702473.31615};
  f.per_gpu_tps = {174243.29264, 1375.0364, 175618.32904};
  f.tokens = {132906.47682, 93105, 279171.2, 1048.82799, 468, 2363};
  f.cache = {0.9523450330453175, 0, 0, 0.96984};
  points.push_back(f);

  BenchmarkPoint s = seed_flash_point("446626", "sglang");
  s.date = "2026-10-26";
  s.run_url = "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/40261068322/attempts/1";
  s.workflow_id = "2828";
  s.recipe_fingerprint = "139106d97a964588c9227e6aaf24a870302ddb20c3ca2325f96d43b9e36325d2";
  s.image = "lmsysorg/sglang:nightly-dev-cu13-20261025-65633129@sha256:"
            "069efa1d6a2d58309529f53eeee34c39d69b1cdb455eaf7fb8de83e3fd0be727";
  s.offload_mode = "on";
  s.kv_offloading = "dram";
  s.kv_offload_backend = "hicache";
  s.concurrency = 256;
  s.interactivity_p90 = 112.73957158962797;
  s.interactivity_median = 121.95121951219511;
  s.absolute_tps = {1436664.84734, 10134.58102, 1446799.42836};
  s.per_gpu_tps = {359166.21183, 2533.64526, 361699.85709};
  s.tokens = {141693.42782, 102206, 296117.8, 999.53968, 415, 2320.6};
  s.cache = {0.9245942230518933, 0.024765823876327243, 0.02713, 0.97187};
  points.push_back(s);

  return points;
}

// headline_100 of the snapshot: total tok/s/GPU at 100 tok/s/user (P90 ITL), both interpolated.
inline std::vector<PublishedHeadline>
seed_headlines()
{
  return {
    {"Pro", "DeepSeek-V4-Pro", 100, 37029.643, true, {"444911", "444914"}, true, false},
    {"Flash", "DeepSeek-V4.1-Flash", 100, 156095.303, true, {"444210", "444212"}, false, false},
  };
}

}  // namespace infertrack::domain::test

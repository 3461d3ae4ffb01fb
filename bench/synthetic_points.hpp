#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/formats/points_csv.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Deterministic, realistic-looking benchmark points for benchmarks and load tests: N points spread over G
// configuration groups and D run dates, each group a concurrency ladder whose throughput rises and
// interactivity falls with concurrency. Same spec, same points, on every platform (no <random>
// distributions, whose output is implementation-defined).
namespace infertrack::bench {

struct SyntheticSpec
{
  std::size_t points = 1000;
  std::size_t groups = 20;
  std::size_t dates = 5;
  std::uint64_t seed = 0x5eed;
};

namespace synthetic_detail {

// SplitMix64: a tiny generator with a fixed, documented output sequence.
class SplitMix64
{
public:
  explicit SplitMix64(std::uint64_t seed)
    : m_state(seed)
  {
  }

  std::uint64_t next()
  {
    std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [lo, hi).
  double uniform(double lo, double hi)
  {
    constexpr double k_two_to_53 = 9007199254740992.0;
    return lo + (hi - lo) * static_cast<double>(next() >> 11) / k_two_to_53;
  }

private:
  std::uint64_t m_state;
};

inline constexpr std::array<std::string_view, 2> k_models = {"DeepSeek-V4-Pro", "DeepSeek-V4.1-Flash"};
inline constexpr std::array<std::string_view, 5> k_hardware = {"gb200", "b200", "mi355x", "h200", "b300"};
inline constexpr std::array<std::string_view, 4> k_frameworks = {"vllm", "sglang", "dynamo-vllm", "trt"};
inline constexpr std::array<std::string_view, 2> k_precisions = {"fp4", "fp8"};
inline constexpr std::array<std::string_view, 3> k_spec_methods = {"none", "mtp", "draft_model"};
inline constexpr std::array<std::string_view, 3> k_workloads = {"agentic", "8192/1024", "1024/1024"};
inline constexpr std::size_t k_ladder_rungs = 11;  // concurrency 1, 2, 4, ... 1024

// "2026-04-01" plus `days`, in the proleptic Gregorian calendar.
inline std::string
date_after(std::size_t days)
{
  constexpr std::array<int, 12> k_month_days = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int year = 2026;
  int month = 4;
  int day = 1 + static_cast<int>(days);
  while (true) {
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int length = k_month_days[static_cast<std::size_t>(month - 1)] + (month == 2 && leap ? 1 : 0);
    if (day <= length) {
      break;
    }
    day -= length;
    if (++month == 13) {
      month = 1;
      ++year;
    }
  }
  std::string text = std::to_string(year) + "-00-00";
  text[5] = static_cast<char>('0' + month / 10);
  text[6] = static_cast<char>('0' + month % 10);
  text[8] = static_cast<char>('0' + day / 10);
  text[9] = static_cast<char>('0' + day % 10);
  return text;
}

inline void
put_number(std::string& out, double value)
{
  std::array<char, 32> digits{};
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), value).ptr;
  out.append(digits.data(), end);
}

inline void
put_integer(std::string& out, std::int64_t value)
{
  std::array<char, 24> digits{};
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), value).ptr;
  out.append(digits.data(), end);
}

}  // namespace synthetic_detail

// The points of `spec`: point i belongs to group i % G, date (i / G) % D and ladder rung i / (G * D).
inline std::vector<domain::BenchmarkPoint>
synthetic_points(const SyntheticSpec& spec)
{
  using namespace synthetic_detail;
  SplitMix64 random(spec.seed);
  const std::size_t groups = spec.groups == 0 ? 1 : spec.groups;
  const std::size_t dates = spec.dates == 0 ? 1 : spec.dates;
  std::vector<domain::BenchmarkPoint> points;
  points.reserve(spec.points);
  for (std::size_t i = 0; i < spec.points; ++i) {
    const std::size_t group = i % groups;
    const std::size_t date = (i / groups) % dates;
    const std::size_t rung = i / (groups * dates);
    domain::BenchmarkPoint p;
    p.result_id = "syn-" + std::to_string(i);
    p.model = k_models[group % k_models.size()];
    p.hardware = k_hardware[(group / 2) % k_hardware.size()];
    p.framework = k_frameworks[(group / 3) % k_frameworks.size()];
    p.precision = k_precisions[(group / 5) % k_precisions.size()];
    p.spec_method = k_spec_methods[(group / 7) % k_spec_methods.size()];
    p.disaggregated = p.framework.starts_with("dynamo");
    p.workload = k_workloads[(group / 11) % k_workloads.size()];
    if (p.workload != "agentic") {
      p.isl = p.workload.starts_with("8192") ? 8192 : 1024;
      p.osl = 1024;
    }
    p.concurrency =
      static_cast<std::int64_t>((std::size_t{1} << (rung % k_ladder_rungs)) * (1 + rung / k_ladder_rungs));
    p.total_allocated_gpus = p.disaggregated ? 16 : 8;
    if (p.disaggregated) {
      p.prefill_gpus = 8;
      p.decode_gpus = 8;
    } else {
      p.aggregate_engine_gpus = 8;
    }
    p.tp = 8;
    // Interactivity falls and throughput rises with concurrency; later dates are faster (software improves).
    const double speedup = 1.0 + 0.1 * static_cast<double>(date);
    const double concurrency = static_cast<double>(p.concurrency);
    const double interactivity = speedup * 150.0 / (1.0 + concurrency / 64.0) * random.uniform(0.95, 1.05);
    const double output_per_gpu = concurrency * interactivity / static_cast<double>(p.total_allocated_gpus);
    const double input_ratio = p.workload == "agentic" ? random.uniform(80, 140) : 8.0;
    const double gpus = static_cast<double>(p.total_allocated_gpus);
    p.per_gpu_tps = {output_per_gpu * input_ratio, output_per_gpu, output_per_gpu * (1 + input_ratio)};
    p.absolute_tps = {*p.per_gpu_tps.input * gpus, *p.per_gpu_tps.output * gpus, *p.per_gpu_tps.total * gpus};
    p.per_gpu_basis = domain::PerGpuBasis::all_allocated;
    (p.workload == "agentic" ? p.interactivity_p90 : p.interactivity_median) = interactivity;
    if (p.workload == "agentic") {
      p.interactivity_median = interactivity * random.uniform(1.05, 1.5);
      p.tokens = {random.uniform(120000, 150000),
                  random.uniform(85000, 105000),
                  random.uniform(260000, 345000),
                  random.uniform(990, 1050),
                  random.uniform(410, 470),
                  random.uniform(2300, 2370)};
      const double gpu_hit = random.uniform(0.1, 0.96);
      p.cache = {gpu_hit, 1 - gpu_hit, 1 - gpu_hit, random.uniform(0.96, 0.98)};
    }
    p.offload_mode = "off";
    p.kv_offloading = "none";
    p.date = date_after(date * 7);
    p.image = "vllm/vllm-openai:nightly-dev-" + std::to_string(group);
    p.run_url =
      "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/" + std::to_string(36000000000 + group * 1000 + date);
    p.workflow_id = std::to_string(2600 + date);
    p.recipe_fingerprint = "fp" + std::to_string(group);
    p.source_url = "https://inferencex.semianalysis.com/";
    p.notes.push_back({"notes", "synthetic point " + std::to_string(i) + ", group " + std::to_string(group)});
    points.push_back(std::move(p));
  }
  return points;
}

// The points of `spec` as measured-points CSV text.
inline std::string
synthetic_points_csv(const SyntheticSpec& spec)
{
  const std::vector<domain::BenchmarkPoint> points = synthetic_points(spec);
  return formats::write_points_csv(points);
}

// The points of `spec` as snapshot-format JSON text (every point field the seed uses, derived views included),
// one point per line as a machine export writes it.
inline std::string
synthetic_snapshot_json(const SyntheticSpec& spec)
{
  using namespace synthetic_detail;
  const std::vector<domain::BenchmarkPoint> points = synthetic_points(spec);
  std::string out;
  constexpr std::size_t k_bytes_per_point = 1600;
  out.reserve(points.size() * k_bytes_per_point + 1024);
  out +=
    "{\n  \"retrieved_utc\": \"2026-11-02T21:42:00+00:00\",\n  \"notes\": [\"Synthetic points for benchmarks.\"],\n";
  out += "  \"points\": [\n";
  const auto text = [&out](std::string_view key, std::string_view value) {
    out += '"';
    out += key;
    out += "\":\"";
    out += value;  // generated text needs no JSON escapes
    out += "\",";
  };
  const auto number = [&out](std::string_view key, const std::optional<double>& value) {
    out += '"';
    out += key;
    out += "\":";
    if (value) {
      put_number(out, *value);
    } else {
      out += "null";
    }
    out += ',';
  };
  const auto integer = [&out](std::string_view key, const std::optional<std::int64_t>& value) {
    out += '"';
    out += key;
    out += "\":";
    if (value) {
      put_integer(out, *value);
    } else {
      out += "null";
    }
    out += ',';
  };
  for (std::size_t i = 0; i < points.size(); ++i) {
    const domain::BenchmarkPoint& p = points[i];
    out += '{';
    text("result_id", p.result_id);
    text("model", p.model);
    text("hardware", p.hardware);
    text("date_api", p.date);
    text("run_url", *p.run_url);
    text("workflow_db_id", *p.workflow_id);
    text("recipe_fingerprint", *p.recipe_fingerprint);
    text("framework", p.framework);
    text("precision", p.precision);
    text("spec_method", p.spec_method);
    integer("concurrency", p.concurrency);
    out += p.disaggregated ? "\"disaggregated\":true," : "\"disaggregated\":false,";
    integer("total_allocated_gpus", p.total_allocated_gpus);
    integer("prefill_gpus", p.prefill_gpus);
    integer("decode_gpus", p.decode_gpus);
    integer("aggregate_engine_gpus", p.aggregate_engine_gpus);
    if (p.isl) {
      integer("isl", p.isl);
      integer("osl", p.osl);
    }
    text("per_gpu_denominator", "all allocated physical GPUs");
    number("interactivity_p90_tok_s_user", p.interactivity_p90);
    number("interactivity_median_tok_s_user", p.interactivity_median);
    number("total_tps", p.absolute_tps.total);
    number("input_tps", p.absolute_tps.input);
    number("output_tps", p.absolute_tps.output);
    number("total_tps_per_allocated_gpu", p.per_gpu_tps.total);
    number("input_tps_per_allocated_gpu", p.per_gpu_tps.input);
    number("output_tps_per_allocated_gpu", p.per_gpu_tps.output);
    number("mean_input_tokens", p.tokens.mean_input);
    number("median_input_tokens", p.tokens.median_input);
    number("p90_input_tokens", p.tokens.p90_input);
    number("mean_output_tokens_actual", p.tokens.mean_output);
    number("median_output_tokens_actual", p.tokens.median_output);
    number("p90_output_tokens_actual", p.tokens.p90_output);
    number("gpu_cache_hit_rate", p.cache.gpu);
    number("cpu_cache_hit_rate", p.cache.cpu);
    number("external_cache_hit_rate", p.cache.external);
    number("theoretical_cache_hit_rate", p.cache.theoretical);
    text("offload_mode", *p.offload_mode);
    text("kv_offloading", *p.kv_offloading);
    out += "\"kv_offload_backend\":null,";
    text("image", *p.image);
    number("isolated_uncached_prefill_capacity_tps_per_gpu", std::nullopt);
    integer("context_limit_tokens_engine_log", 1048576);
    text("kv_precision_engine_log", "fp8");
    number("derived_output_tps_per_decode_gpu",
           *p.absolute_tps.output / static_cast<double>(p.decode_gpus.value_or(p.total_allocated_gpus)));
    text("cache_note", p.notes.front().text);
    out += "\"hypothetical_same_group_rack_packing\":{\"rack_gpus\":72,\"scope\":\"arithmetic\"}";
    out += i + 1 == points.size() ? "}\n" : "},\n";
  }
  out += "  ],\n  \"hardware\": {\"name\": \"NVIDIA GB200 NVL72\", \"gpus_per_rack\": 72, \"cost_per_gpu_hour\": 1.86, "
         "\"all_in_power_kw_per_gpu\": 1.87, \"retrieved\": \"2026-11-02\"},\n";
  out += "  \"method\": \"synthetic\",\n  \"presets\": [{\"label\": \"Custom assumption\", \"value\": null, \"note\": "
         "\"\"}]\n}\n";
  return out;
}

// The points of `spec` as an InferenceX API answer (docs/FORMATS.md): one JSON array of rows, each with its
// configuration, GPU layout, run and a metrics object holding the throughputs, interactivity and the latency
// percentiles the API also sends (about 1.3 KB per row, as the API's own rows). The reader derives the result
// ids from each row's identity, so they are hashes in no particular order, as in a real answer.
inline std::string
synthetic_inferencex_rows_json(const SyntheticSpec& spec)
{
  using namespace synthetic_detail;
  const std::vector<domain::BenchmarkPoint> points = synthetic_points(spec);
  std::string out;
  constexpr std::size_t k_bytes_per_row = 1400;
  out.reserve(points.size() * k_bytes_per_row + 16);
  const auto text = [&out](std::string_view key, std::string_view value) {
    out += '"';
    out += key;
    out += "\":\"";
    out += value;  // generated text needs no JSON escapes
    out += "\",";
  };
  const auto integer = [&out](std::string_view key, const std::optional<std::int64_t>& value) {
    out += '"';
    out += key;
    out += "\":";
    if (value) {
      put_integer(out, *value);
    } else {
      out += "null";
    }
    out += ',';
  };
  const auto number = [&out](std::string_view key, double value) {
    out += '"';
    out += key;
    out += "\":";
    put_number(out, value);
  };
  // Latency percentiles the reader validates and does not keep, as in the API's answer.
  constexpr std::array<std::string_view, 24> k_latencies = {
    "mean_ttft", "median_ttft", "p90_ttft", "p99_ttft", "p99.9_ttft", "std_ttft",
    "mean_tpot", "median_tpot", "p90_tpot", "p99_tpot", "p99.9_tpot", "std_tpot",
    "mean_itl", "median_itl", "p90_itl", "p99_itl", "p99.9_itl", "std_itl",
    "mean_e2el", "median_e2el", "p90_e2el", "p99_e2el", "p99.9_e2el", "std_e2el"};
  out += "[\n";
  for (std::size_t i = 0; i < points.size(); ++i) {
    const domain::BenchmarkPoint& p = points[i];
    const bool agentic = p.workload == "agentic";
    out += '{';
    text("hardware", p.hardware);
    text("framework", p.framework);
    text("model", p.model);
    text("precision", p.precision);
    text("spec_method", p.spec_method);
    out += p.disaggregated ? "\"disagg\":true," : "\"disagg\":false,";
    out += "\"is_multinode\":false,";
    const std::int64_t prefill = p.prefill_gpus.value_or(*p.aggregate_engine_gpus);
    const std::int64_t decode = p.decode_gpus.value_or(*p.aggregate_engine_gpus);
    integer("prefill_tp", prefill);
    integer("prefill_ep", 1);
    out += "\"prefill_dp_attention\":false,";
    integer("prefill_num_workers", p.disaggregated ? 1 : 0);
    integer("decode_tp", decode);
    integer("decode_ep", 1);
    out += "\"decode_dp_attention\":false,";
    integer("decode_num_workers", p.disaggregated ? 1 : 0);
    integer("num_prefill_gpu", prefill);
    integer("num_decode_gpu", decode);
    integer("isl", p.isl);
    integer("osl", p.osl);
    integer("conc", p.concurrency);
    text("image", *p.image);
    out += "\"metrics\":{";
    number("tput_per_gpu", *p.per_gpu_tps.total);
    out += ',';
    number("input_tput_per_gpu", *p.per_gpu_tps.input);
    out += ',';
    number("output_tput_per_gpu", *p.per_gpu_tps.output);
    out += ',';
    number("median_intvty", p.interactivity_median.value_or(*p.interactivity_p90 * 1.2));
    out += ',';
    number("p90_intvty", p.interactivity_p90.value_or(*p.interactivity_median * 0.9));
    if (agentic) {
      out += ',';
      number("server_gpu_cache_hit_rate", *p.cache.gpu);
    }
    for (std::size_t k = 0; k < k_latencies.size(); ++k) {
      out += ',';
      number(k_latencies[k], 0.01 * static_cast<double>(k + 1) + 1e-6 * static_cast<double>(i));
    }
    out += "},\"workers\":null,";
    text("date", p.date);
    if (agentic) {
      text("benchmark_type", "agentic_traces");
      text("offload_mode", "on");
    }
    // The attempt tells apart rungs of one ladder whose concurrencies coincide (2 x 1 and 1 x 2), as a
    // re-run does in the API: a row's identity (its result id) includes the run but no rung number.
    out += "\"run_url\":\"";
    out += *p.run_url;
    out += "/attempts/";
    const std::size_t rung = i / (std::max<std::size_t>(spec.groups, 1) * std::max<std::size_t>(spec.dates, 1));
    put_integer(out, static_cast<std::int64_t>(1 + rung / k_ladder_rungs));
    out += i + 1 == points.size() ? "\"}\n" : "\"},\n";
  }
  out += "]\n";
  return out;
}

}  // namespace infertrack::bench

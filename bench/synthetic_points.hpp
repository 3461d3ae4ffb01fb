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

// Writes the members of generated JSON objects to `out`: `colon` after each key, `separator` after each value.
// A missing number is null. Generated text needs no JSON escapes.
class JsonMembers
{
public:
  JsonMembers(std::string& out, std::string_view colon, std::string_view separator)
    : m_out(out),
      m_colon(colon),
      m_separator(separator)
  {
  }

  void key(std::string_view name)
  {
    m_out += '"';
    m_out += name;
    m_out += '"';
    m_out += m_colon;
  }

  void text(std::string_view name, std::string_view value)
  {
    key(name);
    m_out += '"';
    m_out += value;
    m_out += '"';
    m_out += m_separator;
  }

  void boolean(std::string_view name, bool value)
  {
    key(name);
    m_out += value ? "true" : "false";
    m_out += m_separator;
  }

  void integer(std::string_view name, const std::optional<std::int64_t>& value)
  {
    key(name);
    if (value) {
      put_integer(m_out, *value);
    } else {
      m_out += "null";
    }
    m_out += m_separator;
  }

  void number(std::string_view name, const std::optional<double>& value)
  {
    last_number(name, value);
    m_out += m_separator;
  }

  // A number with no separator after it, to end an object.
  void last_number(std::string_view name, const std::optional<double>& value)
  {
    key(name);
    if (value) {
      put_number(m_out, *value);
    } else {
      m_out += "null";
    }
  }

private:
  std::string& m_out;
  std::string_view m_colon;
  std::string_view m_separator;
};

// Point i's rung of its group's concurrency ladder (see synthetic_points).
inline std::size_t
ladder_rung(const SyntheticSpec& spec, std::size_t i)
{
  return i / (std::max<std::size_t>(spec.groups, 1) * std::max<std::size_t>(spec.dates, 1));
}

// Point i's run URL with an attempt that tells apart rungs of one ladder whose concurrencies coincide
// (2 x 1 and 1 x 2), as a re-run does: a row's identity (its result id) includes the run but no rung number.
inline void
put_attempt_url(std::string& out, const SyntheticSpec& spec, const domain::BenchmarkPoint& p, std::size_t i)
{
  out += *p.run_url;
  out += "/attempts/";
  put_integer(out, static_cast<std::int64_t>(1 + ladder_rung(spec, i) / k_ladder_rungs));
}

// A point holds only the interactivity of its workload's basis; rows report both, the other made up from it.
inline double
median_interactivity(const domain::BenchmarkPoint& p)
{
  return p.interactivity_median.value_or(*p.interactivity_p90 * 1.2);
}

inline double
p90_interactivity(const domain::BenchmarkPoint& p)
{
  return p.interactivity_p90.value_or(*p.interactivity_median * 0.9);
}

}  // namespace synthetic_detail

// The points of `spec`: point i belongs to group i % G, date (i / G) % D and ladder rung i / (G * D).
inline std::vector<domain::BenchmarkPoint>
synthetic_points(const SyntheticSpec& spec)
{
  using namespace synthetic_detail;
  SplitMix64 random(spec.seed);
  const std::size_t groups = std::max<std::size_t>(spec.groups, 1);
  const std::size_t dates = std::max<std::size_t>(spec.dates, 1);
  std::vector<domain::BenchmarkPoint> points;
  points.reserve(spec.points);
  for (std::size_t i = 0; i < spec.points; ++i) {
    const std::size_t group = i % groups;
    const std::size_t date = (i / groups) % dates;
    const std::size_t rung = ladder_rung(spec, i);
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
  JsonMembers members(out, ":", ",");
  for (std::size_t i = 0; i < points.size(); ++i) {
    const domain::BenchmarkPoint& p = points[i];
    out += '{';
    members.text("result_id", p.result_id);
    members.text("model", p.model);
    members.text("hardware", p.hardware);
    members.text("date_api", p.date);
    members.text("run_url", *p.run_url);
    members.text("workflow_db_id", *p.workflow_id);
    members.text("recipe_fingerprint", *p.recipe_fingerprint);
    members.text("framework", p.framework);
    members.text("precision", p.precision);
    members.text("spec_method", p.spec_method);
    members.integer("concurrency", p.concurrency);
    members.boolean("disaggregated", p.disaggregated);
    members.integer("total_allocated_gpus", p.total_allocated_gpus);
    members.integer("prefill_gpus", p.prefill_gpus);
    members.integer("decode_gpus", p.decode_gpus);
    members.integer("aggregate_engine_gpus", p.aggregate_engine_gpus);
    if (p.isl) {
      members.integer("isl", p.isl);
      members.integer("osl", p.osl);
    }
    members.text("per_gpu_denominator", "all allocated physical GPUs");
    members.number("interactivity_p90_tok_s_user", p.interactivity_p90);
    members.number("interactivity_median_tok_s_user", p.interactivity_median);
    members.number("total_tps", p.absolute_tps.total);
    members.number("input_tps", p.absolute_tps.input);
    members.number("output_tps", p.absolute_tps.output);
    members.number("total_tps_per_allocated_gpu", p.per_gpu_tps.total);
    members.number("input_tps_per_allocated_gpu", p.per_gpu_tps.input);
    members.number("output_tps_per_allocated_gpu", p.per_gpu_tps.output);
    members.number("mean_input_tokens", p.tokens.mean_input);
    members.number("median_input_tokens", p.tokens.median_input);
    members.number("p90_input_tokens", p.tokens.p90_input);
    members.number("mean_output_tokens_actual", p.tokens.mean_output);
    members.number("median_output_tokens_actual", p.tokens.median_output);
    members.number("p90_output_tokens_actual", p.tokens.p90_output);
    members.number("gpu_cache_hit_rate", p.cache.gpu);
    members.number("cpu_cache_hit_rate", p.cache.cpu);
    members.number("external_cache_hit_rate", p.cache.external);
    members.number("theoretical_cache_hit_rate", p.cache.theoretical);
    members.text("offload_mode", *p.offload_mode);
    members.text("kv_offloading", *p.kv_offloading);
    out += "\"kv_offload_backend\":null,";
    members.text("image", *p.image);
    members.number("isolated_uncached_prefill_capacity_tps_per_gpu", std::nullopt);
    members.integer("context_limit_tokens_engine_log", 1048576);
    members.text("kv_precision_engine_log", "fp8");
    members.number("derived_output_tps_per_decode_gpu",
                   *p.absolute_tps.output / static_cast<double>(p.decode_gpus.value_or(p.total_allocated_gpus)));
    members.text("cache_note", p.notes.front().text);
    out += "\"hypothetical_same_group_rack_packing\":{\"rack_gpus\":72,\"scope\":\"arithmetic\"}";
    out += i + 1 == points.size() ? "}\n" : "},\n";
  }
  // The bundled snapshot's hardware entry as it is, and no presets, so that the command (which seeds a new
  // database with the bundled data) stores this file rather than refusing a conflicting cost or preset.
  out += "  ],\n  \"hardware\": {\"name\": \"NVIDIA GB200 NVL72\", \"gpus_per_rack\": 72, \"cost_per_gpu_hour\": 1.86, "
         "\"all_in_power_kw_per_gpu\": 1.87, \"source_url\": \"https://inferencex.semianalysis.com/chips/gb200-nvl72\", "
         "\"retrieved\": \"2026-11-02\"},\n";
  out += "  \"method\": \"synthetic\"\n}\n";
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
  JsonMembers members(out, ":", ",");
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
    members.text("hardware", p.hardware);
    members.text("framework", p.framework);
    members.text("model", p.model);
    members.text("precision", p.precision);
    members.text("spec_method", p.spec_method);
    members.boolean("disagg", p.disaggregated);
    members.boolean("is_multinode", false);
    const std::int64_t prefill = p.prefill_gpus.value_or(*p.aggregate_engine_gpus);
    const std::int64_t decode = p.decode_gpus.value_or(*p.aggregate_engine_gpus);
    members.integer("prefill_tp", prefill);
    members.integer("prefill_ep", 1);
    members.boolean("prefill_dp_attention", false);
    members.integer("prefill_num_workers", p.disaggregated ? 1 : 0);
    members.integer("decode_tp", decode);
    members.integer("decode_ep", 1);
    members.boolean("decode_dp_attention", false);
    members.integer("decode_num_workers", p.disaggregated ? 1 : 0);
    members.integer("num_prefill_gpu", prefill);
    members.integer("num_decode_gpu", decode);
    members.integer("isl", p.isl);
    members.integer("osl", p.osl);
    members.integer("conc", p.concurrency);
    members.text("image", *p.image);
    out += "\"metrics\":{";
    members.number("tput_per_gpu", *p.per_gpu_tps.total);
    members.number("input_tput_per_gpu", *p.per_gpu_tps.input);
    members.number("output_tput_per_gpu", *p.per_gpu_tps.output);
    members.number("median_intvty", median_interactivity(p));
    members.number("p90_intvty", p90_interactivity(p));
    if (agentic) {
      members.number("server_gpu_cache_hit_rate", *p.cache.gpu);
    }
    for (std::size_t k = 0; k < k_latencies.size(); ++k) {
      const double seconds = 0.01 * static_cast<double>(k + 1) + 1e-6 * static_cast<double>(i);
      if (k + 1 < k_latencies.size()) {
        members.number(k_latencies[k], seconds);
      } else {
        members.last_number(k_latencies[k], seconds);
      }
    }
    out += "},\"workers\":null,";
    members.text("date", p.date);
    if (agentic) {
      members.text("benchmark_type", "agentic_traces");
      members.text("offload_mode", "on");
    }
    members.key("run_url");
    out += '"';
    put_attempt_url(out, spec, p, i);
    out += i + 1 == points.size() ? "\"}\n" : "\"},\n";
  }
  out += "]\n";
  return out;
}

// Synthetic InferenceX runner results (docs/FORMATS.md "InferenceX runner rows"), shaped like the fixtures
// of tests/cases/runner/: point i of `spec` as the runner's `agg_*.json` object, on one line. Fixed-length rows
// keep their metrics and latency percentiles at the top level (about 1.4 KB); agentic rows nest them under
// `request_metrics` and `server_metrics` with the accounting and cache blocks the runner adds (about 3.5 KB).
// Disaggregated fixed-length rows are divided role-locally, as the runner does. Each row carries its `date`
// and `run_url` (whose attempt tells apart rungs of one ladder with equal concurrencies), so no default is
// needed.
class SyntheticRunnerRows
{
public:
  explicit SyntheticRunnerRows(const SyntheticSpec& spec)
    : m_spec(spec),
      m_points(synthetic_points(spec))
  {
  }

  std::size_t size() const { return m_points.size(); }

  // Appends row `i` to `out`.
  void append_row(std::string& out, std::size_t i) const
  {
    using namespace synthetic_detail;
    const domain::BenchmarkPoint& p = m_points[i];
    JsonMembers members(out, ": ", ", ");
    out += '{';
    members.text("hw", std::string(p.hardware) + (p.hardware.starts_with("mi") ? "-amds" : "-nv"));
    members.integer("conc", p.concurrency);
    members.text("image", *p.image);
    members.text("model", "deepseek-ai/" + p.model);
    members.text("infmax_model_prefix", p.model.find("Flash") != std::string::npos ? "dsv4.1" : "dsv4");
    members.text("framework", p.framework);
    members.text("precision", p.precision);
    members.text("spec_decoding", p.spec_method);
    members.boolean("disagg", p.disaggregated);
    members.boolean("is_multinode", p.disaggregated);
    append_parallelism(members, p);
    if (p.workload == "agentic") {
      append_agentic_metrics(members, out, p);
    } else {
      append_fixed_length_metrics(members, p, i);
    }
    members.text("date", p.date);
    members.key("run_url");
    out += '"';
    put_attempt_url(out, m_spec, p, i);
    out += "\"}";
  }

private:
  // The parallelism the runner records: per role for a disaggregated run, for its one engine otherwise.
  static void append_parallelism(synthetic_detail::JsonMembers& members, const domain::BenchmarkPoint& p)
  {
    if (p.disaggregated) {
      members.integer("prefill_tp", 8);
      members.integer("prefill_ep", 1);
      members.text("prefill_dp_attention", "false");
      members.integer("prefill_num_workers", 1);
      members.integer("decode_tp", 8);
      members.integer("decode_ep", 1);
      members.text("decode_dp_attention", "false");
      members.integer("decode_num_workers", 1);
      members.integer("num_prefill_gpu", *p.prefill_gpus);
      members.integer("num_decode_gpu", *p.decode_gpus);
    } else {
      members.integer("tp", 8);
      members.integer("ep", 1);
      members.text("dp_attention", "false");
    }
  }

  // A fixed-length row's per-GPU throughputs and latency percentiles, kept at the top level of the row.
  static void append_fixed_length_metrics(synthetic_detail::JsonMembers& members,
                                          const domain::BenchmarkPoint& p,
                                          std::size_t i)
  {
    using namespace synthetic_detail;
    const double gpus = static_cast<double>(p.total_allocated_gpus);
    const double median = median_interactivity(p);
    const double p90 = p90_interactivity(p);
    members.integer("isl", *p.isl);
    members.integer("osl", *p.osl);
    // The runner divides a disaggregated fixed-length run role-locally: input by prefill GPUs, output by
    // decode GPUs, total by both.
    const double input = *p.per_gpu_tps.input * gpus / static_cast<double>(p.prefill_gpus.value_or(8));
    const double output = *p.per_gpu_tps.output * gpus / static_cast<double>(p.decode_gpus.value_or(8));
    members.number("tput_per_gpu", *p.per_gpu_tps.total);
    members.number("output_tput_per_gpu", p.disaggregated ? output : *p.per_gpu_tps.output);
    members.number("input_tput_per_gpu", p.disaggregated ? input : *p.per_gpu_tps.input);
    // Latency percentiles (seconds) and their interactivities, validated and not kept.
    constexpr std::array<std::string_view, 5> k_stats = {"mean", "median", "std", "p99", "p90"};
    for (const std::string_view metric : {"ttft", "tpot", "itl", "e2el"}) {
      for (std::size_t k = 0; k < k_stats.size(); ++k) {
        members.number(std::string(k_stats[k]) + "_" + std::string(metric),
                       0.01 * static_cast<double>(k + 1) + 1e-7 * static_cast<double>(i));
      }
      if (metric == "tpot") {
        members.number("mean_intvty", median * 0.97);
        members.number("median_intvty", median);
        members.number("std_intvty", median * 0.2);
        members.number("p99_intvty", p90 * 0.8);
        members.number("p90_intvty", p90);
      }
    }
  }

  // A block of statistics {"mean": .., "p50": .., ...} the reader validates and does not keep.
  static void append_statistics(synthetic_detail::JsonMembers& members,
                                std::string& out,
                                std::string_view name,
                                double base,
                                std::string_view last)
  {
    using namespace synthetic_detail;
    members.key(name);
    out += "{\"mean\": ";
    put_number(out, base * 1.05);
    out += ", \"p50\": ";
    put_number(out, base);
    out += ", \"p75\": ";
    put_number(out, base * 1.3);
    out += ", \"p90\": ";
    put_number(out, base * 1.7);
    out += ", \"p95\": ";
    put_number(out, base * 2.1);
    out += ", \"std\": ";
    put_number(out, base * 0.4);
    out += '}';
    out += last;
  }

  // An agentic row's metrics, nested under request_metrics and server_metrics as the runner writes them.
  static void append_agentic_metrics(synthetic_detail::JsonMembers& members,
                                     std::string& out,
                                     const domain::BenchmarkPoint& p)
  {
    using namespace synthetic_detail;
    const double median = median_interactivity(p);
    const double p90 = p90_interactivity(p);
    members.text("scenario_type", "agentic-coding");
    members.text("kv_offloading", *p.kv_offloading);
    members.text("kv_offload_backend", "");
    members.integer("num_requests_total", 5210);
    members.integer("num_requests_successful", 5184);
    out += "\"request_accounting\": {\"records_total\": 5210, \"records_profiled\": 5184, "
           "\"records_dropped_total\": 26, \"records_warmup_dropped\": 26, \"records_error_dropped\": 0, "
           "\"error_categories\": {}}, ";
    out += "\"dataset\": {\"name\": \"cc-traces-weka-062126\"}, ";
    out += "\"request_metrics\": {";
    append_statistics(members, out, "qps", 3.0, ", ");
    out += "\"latency\": {";
    append_statistics(members, out, "ttft", 1.9, ", ");
    append_statistics(members, out, "e2el", 8.1, ", ");
    append_statistics(members, out, "itl", 1 / median, ", ");
    append_statistics(members, out, "tpot", 1 / median, ", ");
    out += "\"intvty\": {\"mean\": ";
    put_number(out, median * 0.95);
    out += ", \"p50\": ";
    put_number(out, median);
    out += ", \"p75\": ";
    put_number(out, (median + p90) / 2);
    out += ", \"p90\": ";
    put_number(out, p90);
    out += ", \"p95\": ";
    put_number(out, p90 * 0.9);
    out += ", \"std\": 14.9}}, \"tokens\": {\"input\": {\"mean\": ";
    put_number(out, *p.tokens.mean_input);
    out += ", \"p50\": ";
    put_number(out, *p.tokens.median_input);
    out += ", \"p75\": 81022.0, \"p90\": ";
    put_number(out, *p.tokens.p90_input);
    out += ", \"p95\": 342000.0, \"std\": 38011.2}, \"output_actual\": {\"mean\": ";
    put_number(out, *p.tokens.mean_output);
    out += ", \"p50\": ";
    put_number(out, *p.tokens.median_output);
    out += ", \"p75\": 610.0, \"p90\": ";
    put_number(out, *p.tokens.p90_output);
    out += ", \"p95\": 2450.0, \"std\": 301.7}, \"output_expected\": {}}, \"throughput\": {";
    for (const auto& [name, value] : {std::pair{"input", *p.absolute_tps.input},
                                      std::pair{"output", *p.absolute_tps.output},
                                      std::pair{"total", *p.absolute_tps.total}}) {
      members.key(name);
      out += "{\"tokens_per_second\": ";
      put_number(out, value);
      out += "}, ";
    }
    out += "\"full_response_output_token_throughput_per_user\": {\"mean\": 61.2, \"p50\": 63.0}, "
           "\"duration_seconds\": 1800.0, \"per_gpu\": {";
    members.number("total_tput_tps", *p.per_gpu_tps.total);
    members.number("output_tput_tps", *p.per_gpu_tps.output);
    members.last_number("input_tput_tps", *p.per_gpu_tps.input);
    out += "}}, \"cache\": {\"theoretical_cache_hit_rate\": ";
    put_number(out, *p.cache.theoretical);
    out += "}}, \"server_metrics\": {\"present\": true, \"adapter\": \"";
    out += p.framework;
    out += "\", \"metric_count\": 212, \"cache\": {";
    members.number("gpu_cache_hit_rate", *p.cache.gpu);
    members.number("cpu_cache_hit_rate", *p.cache.cpu);
    members.number("external_cache_hit_rate", *p.cache.external);
    out += "\"overall_cache_hit_rate\": 0.95, \"prefix_cache_hits\": 1779000000, \"prefix_cache_queries\": "
           "1976666667, \"external_prefix_cache_hits\": null, \"router_kv_hit_rate\": 0.91}, "
           "\"kv_cache\": {\"gpu_usage_pct\": 0.97, \"cpu_usage_pct\": 0.62, \"cpu_used_tokens\": null}, "
           "\"tokens\": {\"prompt_total\": 1116000000, \"generation_total\": 8640000, "
           "\"requests_completed\": 5184}, \"sources\": []}, ";
    members.integer("kv_cache_pool_tokens", 4194304);
  }

public:

  // Rows `first` to `first + count` as one JSON array, a row a line (the runner's collected agg_bmk.json).
  std::string array(std::size_t first, std::size_t count) const
  {
    std::string out;
    out.reserve(count * 2500 + 4);
    out += "[\n";
    for (std::size_t i = first; i < first + count; ++i) {
      append_row(out, i);
      out += i + 1 == first + count ? "\n" : ",\n";
    }
    out += "]\n";
    return out;
  }

private:
  SyntheticSpec m_spec;
  std::vector<domain::BenchmarkPoint> m_points;
};

}  // namespace infertrack::bench

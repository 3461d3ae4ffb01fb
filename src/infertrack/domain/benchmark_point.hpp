#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace infertrack::domain {

// Which per-request statistic an interactivity value (tok/s/user) was computed from.
enum class InteractivityBasis
{
  p90_itl,     // 1 / P90 inter-token latency: agentic-trace runs
  median_tpot, // 1000 / median TPOT (ms): fixed input/output-length runs
};

// Which GPUs a per-GPU throughput was divided by.
enum class PerGpuBasis
{
  all_allocated, // every allocated physical GPU of the group (the seed's denominator)
  role_local,    // output by decode GPUs, input by prefill GPUs, total by all (InferenceX fixed-length P/D)
};

// Input, output and total tokens per second; any may be unknown.
struct Throughput
{
  std::optional<double> input;
  std::optional<double> output;
  std::optional<double> total;

  bool operator==(const Throughput&) const = default;
};

// Per-request token counts of a run (agentic traces vary per request).
struct TokenStatistics
{
  std::optional<double> mean_input;
  std::optional<double> median_input;
  std::optional<double> p90_input;
  std::optional<double> mean_output;
  std::optional<double> median_output;
  std::optional<double> p90_output;

  bool operator==(const TokenStatistics&) const = default;
};

// Mean and percentiles of one per-request latency of a run, in seconds; any may be unknown.
struct LatencyPercentiles
{
  std::optional<double> mean;
  std::optional<double> median;
  std::optional<double> p90;
  std::optional<double> p99;

  bool operator==(const LatencyPercentiles&) const = default;
};

// The per-request latencies a run reports: time to first token and end-to-end latency.
struct RequestLatency
{
  LatencyPercentiles ttft;
  LatencyPercentiles e2el;

  bool operator==(const RequestLatency&) const = default;
};

// Token-weighted prefix-cache hit fractions. CPU and external may describe the same transfer: never add them.
struct CacheHitRates
{
  std::optional<double> gpu;
  std::optional<double> cpu;
  std::optional<double> external;
  std::optional<double> theoretical; // upper bound with an infinite per-session prefix cache

  bool operator==(const CacheHitRates&) const = default;
};

// A free-text caveat attached to a point by its source, kept verbatim (kind: "role_note", "notes", ...).
struct PointNote
{
  std::string kind;
  std::string text;

  bool operator==(const PointNote&) const = default;
};

// One measured benchmark result: a configuration served at one concurrency, with everything its source says
// about it. Throughputs are logical tokens (agentic input counts cached prefixes).
struct BenchmarkPoint
{
  std::string result_id;
  std::string model;     // canonical, e.g. "DeepSeek-V4-Pro"
  std::string hardware;  // GPU key, lower case, e.g. "gb200"
  std::string framework; // canonical, e.g. "dynamo-vllm"
  std::string precision; // label as published, canonicalised ("nvfp4" -> "fp4")
  std::string spec_method = "none";
  std::string workload; // "agentic" or "ISL/OSL" such as "8192/1024"; part of the config group
  std::int64_t concurrency = 0;
  bool disaggregated = false;
  std::optional<std::int64_t> isl;
  std::optional<std::int64_t> osl;
  std::optional<std::int64_t> prefill_gpus;
  std::optional<std::int64_t> decode_gpus;
  std::optional<std::int64_t> aggregate_engine_gpus;
  std::int64_t total_allocated_gpus = 0; // the physical GPUs of the group: the per-GPU denominator
  std::optional<std::int64_t> tp;
  std::optional<std::int64_t> ep;

  Throughput absolute_tps;
  Throughput per_gpu_tps;
  PerGpuBasis per_gpu_basis = PerGpuBasis::all_allocated;

  std::optional<double> interactivity_p90;    // tok/s/user from P90 ITL
  std::optional<double> interactivity_median; // tok/s/user from the median
  RequestLatency latency;

  TokenStatistics tokens;
  CacheHitRates cache;
  std::optional<std::string> offload_mode;
  std::optional<std::string> kv_offloading;
  std::optional<std::string> kv_offload_backend;
  std::optional<double> isolated_uncached_prefill_tps_per_gpu;
  std::optional<std::int64_t> context_limit_tokens; // from the engine log
  std::optional<std::string> kv_precision;          // from the engine log

  std::string date;                    // YYYY-MM-DD the source dates the result by (the API's `date`)
  std::optional<std::string> run_date; // the run's own metadata date, when known
  std::optional<std::string> image;
  std::optional<std::string> run_url;
  std::optional<std::string> workflow_id;
  std::optional<std::string> recipe_fingerprint;
  std::optional<std::string> source_url;
  std::vector<PointNote> notes;

  bool operator==(const BenchmarkPoint&) const = default;

  // The interactivity on `basis`, if the source gave it.
  std::optional<double> interactivity(InteractivityBasis basis) const
  {
    return basis == InteractivityBasis::p90_itl ? interactivity_p90 : interactivity_median;
  }
};

// "p90_itl" / "median_tpot", the names used in files, flags and JSON.
const char* to_string(InteractivityBasis basis);
std::optional<InteractivityBasis> parse_interactivity_basis(std::string_view text);
const char* to_string(PerGpuBasis basis);
std::optional<PerGpuBasis> parse_per_gpu_basis(std::string_view text);

}  // namespace infertrack::domain

#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/point_fields.hpp"
#include "infertrack/formats/json_point_fields.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/util/result.hpp"

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <string_view>

// The keys of an InferenceX API row and of its `metrics` that the reader maps (docs/FORMATS.md), and the typed
// reads of their values.
namespace infertrack::formats {

inline constexpr std::string_view k_agentic_traces = "agentic_traces";
inline constexpr std::string_view k_single_turn = "single_turn";

// The row keys the reader maps or checks. Any other key is checked to be JSON and otherwise ignored: the API
// adds fields over time (`id`, `workers`, `kv_transfer_lib`), and every field a point needs is required.
// clang-format off
enum class InferencexField : unsigned char
{
  hardware, framework, model, precision, spec_method, disagg, is_multinode,
  prefill_tp, prefill_ep, prefill_dp_attention, prefill_num_workers,
  decode_tp, decode_ep, decode_dp_attention, decode_num_workers,
  num_prefill_gpu, num_decode_gpu, benchmark_type, isl, osl, conc, offload_mode, image, date, run_url, metrics,
};
inline constexpr std::array<std::string_view, 26> k_inferencex_fields = {
  "hardware", "framework", "model", "precision", "spec_method", "disagg", "is_multinode",
  "prefill_tp", "prefill_ep", "prefill_dp_attention", "prefill_num_workers",
  "decode_tp", "decode_ep", "decode_dp_attention", "decode_num_workers",
  "num_prefill_gpu", "num_decode_gpu", "benchmark_type", "isl", "osl", "conc", "offload_mode", "image", "date",
  "run_url", "metrics",
};

// The metrics the reader maps; the others (ITL and TPOT percentiles, power, energy) have no place in a point.
enum class InferencexMetric : unsigned char
{
  tput_per_gpu, input_tput_per_gpu, output_tput_per_gpu, total_tput_tps, input_tput_tps, output_tput_tps,
  median_intvty, p90_intvty, mean_input_tokens, median_input_tokens, p90_input_tokens,
  mean_output_tokens, median_output_tokens, p90_output_tokens,
  gpu_cache_hit_rate, cpu_cache_hit_rate, external_cache_hit_rate, theoretical_cache_hit_rate,
  mean_ttft, median_ttft, p90_ttft, p99_ttft, mean_e2el, median_e2el, p90_e2el, p99_e2el,
};
// Each metric's key as a diagnostic's field: "metrics." + its key in the row.
inline constexpr std::array<std::string_view, 26> k_inferencex_metrics = {
  "metrics.tput_per_gpu", "metrics.input_tput_per_gpu", "metrics.output_tput_per_gpu",
  "metrics.total_tput_tps", "metrics.input_tput_tps", "metrics.output_tput_tps",
  "metrics.median_intvty", "metrics.p90_intvty",
  "metrics.mean_input_tokens", "metrics.median_input_tokens", "metrics.p90_input_tokens",
  "metrics.mean_output_tokens_actual", "metrics.median_output_tokens_actual", "metrics.p90_output_tokens_actual",
  "metrics.server_gpu_cache_hit_rate", "metrics.server_cpu_cache_hit_rate",
  "metrics.server_external_cache_hit_rate", "metrics.theoretical_cache_hit_rate",
  "metrics.mean_ttft", "metrics.median_ttft", "metrics.p90_ttft", "metrics.p99_ttft", "metrics.mean_e2el", "metrics.median_e2el", "metrics.p90_e2el", "metrics.p99_e2el",
};
// clang-format on
inline constexpr std::string_view k_metrics_prefix = "metrics.";

// The field a row key names; nullopt for a key the reader ignores.
std::optional<InferencexField> inferencex_field_named(std::string_view key);

// The metric a key inside `metrics` names; nullopt for a metric the reader ignores.
std::optional<InferencexMetric> inferencex_metric_named(std::string_view key);

// The point field a row key fills by the point field table's rule; nullopt for a key that fills the row state (or,
// for `metrics`, holds the metrics).
std::optional<domain::PointField> point_field_of(InferencexField field);

// The point field a metric fills.
domain::PointField point_field_of(InferencexMetric metric);

// The row key of `field`.
std::string_view name_of(InferencexField field);

// The field a diagnostic about `metric` names: "metrics." + its key.
std::string_view place_of(InferencexMetric metric);

// What one row said besides what goes straight into its point: the fields checked together once all are read,
// and the identity its result id is derived from.
struct InferencexRowState
{
  std::bitset<k_inferencex_fields.size()> seen;
  std::bitset<k_inferencex_metrics.size()> seen_metrics;
  bool agentic = false;  // benchmark_type agentic_traces; a missing type means single_turn
  std::optional<bool> is_multinode;
  std::optional<bool> prefill_dp_attention;
  std::optional<bool> decode_dp_attention;
  std::optional<std::int64_t> prefill_tp;
  std::optional<std::int64_t> prefill_ep;
  std::optional<std::int64_t> prefill_num_workers;
  std::optional<std::int64_t> decode_num_workers;
  std::int64_t num_prefill_gpu = 0;
  std::int64_t num_decode_gpu = 0;
};

// An integer >= 0 or null: a worker count, which is 0 on aggregated rows (no separate prefill and decode workers).
util::Result<std::optional<std::int64_t>> read_optional_non_negative_count(JsonValue& value, const JsonPlace& at);

// Reads the value of `field` (not `metrics`, which the row reader handles) into `state`, or through `fields` into
// `point`, refusing what the format does not allow.
util::Result<void> read_inferencex_field(InferencexField field,
                                         JsonValue& value,
                                         const JsonPlace& at,
                                         InferencexRowState& state,
                                         JsonPointFields& fields,
                                         domain::BenchmarkPoint& point);

// Reads the value of `metric` through `fields` into `point`.
util::Result<void> read_inferencex_metric(InferencexMetric metric,
                                          JsonValue& value,
                                          const JsonPlace& at,
                                          JsonPointFields& fields,
                                          domain::BenchmarkPoint& point);

}  // namespace infertrack::formats

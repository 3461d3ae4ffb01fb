#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

// The one table of a benchmark point's fields: what each is called, its unit and the rule its value obeys. The
// readers, the points CSV writer and the store's record codec all go through it, so a rule is stated once; each
// format keeps only where a field lives in it (a column, a JSON key, a runner key).
namespace infertrack::domain {

// Every scalar member of BenchmarkPoint, in the order a store conflict names them (per GPU before absolute: a
// conflict names the figure every format carries, not the one derived from it). Notes are a list, kept apart.
// clang-format off
enum class PointField : unsigned char
{
  result_id, model, hardware, framework, precision, spec_method, workload, concurrency, disaggregated,
  isl, osl, prefill_gpus, decode_gpus, aggregate_engine_gpus, total_allocated_gpus, tp, ep,
  input_tps_per_gpu, output_tps_per_gpu, total_tps_per_gpu, input_tps, output_tps, total_tps, per_gpu_basis,
  interactivity_p90, interactivity_median,
  mean_ttft, median_ttft, p90_ttft, p99_ttft, mean_e2el, median_e2el, p90_e2el, p99_e2el,
  mean_input_tokens, median_input_tokens, p90_input_tokens, mean_output_tokens, median_output_tokens,
  p90_output_tokens, gpu_cache_hit_rate, cpu_cache_hit_rate, external_cache_hit_rate, theoretical_cache_hit_rate,
  offload_mode, kv_offloading, kv_offload_backend, isolated_prefill_tps_per_gpu, context_limit_tokens,
  kv_precision, date, run_date, image, run_url, workflow_id, recipe_fingerprint, source_url,
};
// clang-format on

inline constexpr std::size_t k_point_field_count = static_cast<std::size_t>(PointField::source_url) + 1;

// What a field's value must be; the member's type (BenchmarkPoint) follows from it.
enum class FieldRule : unsigned char
{
  id,           // a result id: printable, and a link to /points/{id} can name it
  name,         // a model, GPU, engine or precision: printable, kept in its canonical form
  label,        // printable text that is not empty once trimmed (the speculative-decoding method)
  workload,     // "agentic", "unspecified" or "ISL/OSL"
  count,        // an integer > 0
  non_negative, // a finite number >= 0
  positive,     // a finite number > 0
  fraction,     // a finite number from 0 to 1
  flag,         // true or false
  basis,        // a PerGpuBasis
  date,         // a calendar date YYYY-MM-DD from 2000 to 2099
  text,         // free text, kept as given
  external_id,  // another system's id: text, or an integer written as its decimal text
};

// Whether a point always has the field (a plain member) or may leave it unknown (an optional member).
enum class FieldNeed : unsigned char
{
  always,
  optional,
};

// One field of a point.
struct PointFieldInfo
{
  std::string_view member; // the BenchmarkPoint member path, e.g. "per_gpu_tps.total"
  std::string_view column; // the store's column, e.g. "total_tps_per_gpu"
  std::string_view unit;   // e.g. "tok/s/GPU"; empty for names and text
  FieldRule rule;
  FieldNeed need;
  std::string (*canonical_of)(std::string_view) = nullptr; // a name's canonical form (name_aliases.hpp)
};

// The fields in PointField order.
extern const std::array<PointFieldInfo, k_point_field_count> k_point_fields;

inline const PointFieldInfo&
info_of(PointField field)
{
  return k_point_fields[static_cast<std::size_t>(field)];
}

}  // namespace infertrack::domain

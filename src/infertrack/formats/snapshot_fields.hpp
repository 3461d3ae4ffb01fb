#pragma once

#include "infertrack/domain/point_fields.hpp"

#include <cstddef>
#include <optional>
#include <string_view>

namespace infertrack::formats {

// Every field a snapshot point may hold (docs/FORMATS.md lists their keys, units and rules).
// clang-format off
enum class SnapshotField : unsigned char
{
  result_id, model, hardware, framework, precision, spec_method, concurrency, disaggregated,
  total_allocated_gpus, date_api, total_tps_per_gpu, interactivity_p90, interactivity_median,
  isl, osl, prefill_gpus, decode_gpus, aggregate_engine_gpus, tp, ep, per_gpu_denominator,
  total_tps, input_tps, output_tps, input_tps_per_gpu, output_tps_per_gpu,
  mean_input_tokens, median_input_tokens, p90_input_tokens, mean_output_tokens, median_output_tokens,
  p90_output_tokens, gpu_cache_hit_rate, cpu_cache_hit_rate, external_cache_hit_rate,
  theoretical_cache_hit_rate, offload_mode, kv_offloading, kv_offload_backend, image, run_url,
  workflow_id, recipe_fingerprint, date_run, context_limit_tokens, kv_precision, isolated_prefill_tps,
  source_url, derived_view,
};
// clang-format on

inline constexpr std::size_t k_snapshot_field_count = static_cast<std::size_t>(SnapshotField::derived_view) + 1;

// The field a snapshot point key names (`derived_view` for both derived views); nullopt for any other key.
std::optional<SnapshotField> snapshot_field_named(std::string_view key);

// The point field `field` fills; nullopt for per_gpu_denominator and derived_view, which fill none.
std::optional<domain::PointField> point_field_of(SnapshotField field);

// The key of `field` in the snapshot ("total_tps_per_allocated_gpu" for total_tps_per_gpu).
std::string_view snapshot_field_name(SnapshotField field);

}  // namespace infertrack::formats

#include "infertrack/formats/snapshot_fields.hpp"

#include "infertrack/formats/name_table.hpp"

#include <array>

namespace infertrack::formats {

namespace {

using Field = SnapshotField;

const NameTable<Field>&
field_names()
{
  static const NameTable<Field> names = {
    {"result_id", Field::result_id},
    {"model", Field::model},
    {"hardware", Field::hardware},
    {"framework", Field::framework},
    {"precision", Field::precision},
    {"spec_method", Field::spec_method},
    {"concurrency", Field::concurrency},
    {"disaggregated", Field::disaggregated},
    {"total_allocated_gpus", Field::total_allocated_gpus},
    {"date_api", Field::date_api},
    {"total_tps_per_allocated_gpu", Field::total_tps_per_gpu},
    {"interactivity_p90_tok_s_user", Field::interactivity_p90},
    {"interactivity_median_tok_s_user", Field::interactivity_median},
    {"isl", Field::isl},
    {"osl", Field::osl},
    {"prefill_gpus", Field::prefill_gpus},
    {"decode_gpus", Field::decode_gpus},
    {"aggregate_engine_gpus", Field::aggregate_engine_gpus},
    {"tp", Field::tp},
    {"ep", Field::ep},
    {"per_gpu_denominator", Field::per_gpu_denominator},
    {"total_tps", Field::total_tps},
    {"input_tps", Field::input_tps},
    {"output_tps", Field::output_tps},
    {"input_tps_per_allocated_gpu", Field::input_tps_per_gpu},
    {"output_tps_per_allocated_gpu", Field::output_tps_per_gpu},
    {"mean_input_tokens", Field::mean_input_tokens},
    {"median_input_tokens", Field::median_input_tokens},
    {"p90_input_tokens", Field::p90_input_tokens},
    {"mean_output_tokens_actual", Field::mean_output_tokens},
    {"median_output_tokens_actual", Field::median_output_tokens},
    {"p90_output_tokens_actual", Field::p90_output_tokens},
    {"gpu_cache_hit_rate", Field::gpu_cache_hit_rate},
    {"cpu_cache_hit_rate", Field::cpu_cache_hit_rate},
    {"external_cache_hit_rate", Field::external_cache_hit_rate},
    {"theoretical_cache_hit_rate", Field::theoretical_cache_hit_rate},
    {"offload_mode", Field::offload_mode},
    {"kv_offloading", Field::kv_offloading},
    {"kv_offload_backend", Field::kv_offload_backend},
    {"image", Field::image},
    {"run_url", Field::run_url},
    {"workflow_db_id", Field::workflow_id},
    {"recipe_fingerprint", Field::recipe_fingerprint},
    {"date_run", Field::date_run},
    {"context_limit_tokens_engine_log", Field::context_limit_tokens},
    {"kv_precision_engine_log", Field::kv_precision},
    {"isolated_uncached_prefill_capacity_tps_per_gpu", Field::isolated_prefill_tps},
    {"source_url", Field::source_url},
    // Derived views of the measured numbers, recomputed by the tracker: never stored.
    {"derived_output_tps_per_decode_gpu", Field::derived_view},
    {"hypothetical_same_group_rack_packing", Field::derived_view},
  };
  return names;
}

using domain::PointField;

// The point field of each snapshot field, in SnapshotField order.
// clang-format off
constexpr std::array<std::optional<PointField>, k_snapshot_field_count> k_point_fields = {
  PointField::result_id, PointField::model, PointField::hardware, PointField::framework, PointField::precision,
  PointField::spec_method, PointField::concurrency, PointField::disaggregated, PointField::total_allocated_gpus,
  PointField::date, PointField::total_tps_per_gpu, PointField::interactivity_p90, PointField::interactivity_median,
  PointField::isl, PointField::osl, PointField::prefill_gpus, PointField::decode_gpus,
  PointField::aggregate_engine_gpus, PointField::tp, PointField::ep, std::nullopt,
  PointField::total_tps, PointField::input_tps, PointField::output_tps, PointField::input_tps_per_gpu,
  PointField::output_tps_per_gpu, PointField::mean_input_tokens, PointField::median_input_tokens,
  PointField::p90_input_tokens, PointField::mean_output_tokens, PointField::median_output_tokens,
  PointField::p90_output_tokens, PointField::gpu_cache_hit_rate, PointField::cpu_cache_hit_rate,
  PointField::external_cache_hit_rate, PointField::theoretical_cache_hit_rate, PointField::offload_mode,
  PointField::kv_offloading, PointField::kv_offload_backend, PointField::image, PointField::run_url,
  PointField::workflow_id, PointField::recipe_fingerprint, PointField::run_date, PointField::context_limit_tokens,
  PointField::kv_precision, PointField::isolated_prefill_tps_per_gpu, PointField::source_url, std::nullopt,
};
// clang-format on
static_assert(k_point_fields[static_cast<std::size_t>(Field::date_run)] == PointField::run_date);
static_assert(k_point_fields[static_cast<std::size_t>(Field::isolated_prefill_tps)]
              == PointField::isolated_prefill_tps_per_gpu);

}  // namespace

std::optional<domain::PointField>
point_field_of(SnapshotField field)
{
  return k_point_fields[static_cast<std::size_t>(field)];
}

std::optional<SnapshotField>
snapshot_field_named(std::string_view key)
{
  const Field* found = field_names().find(key);
  return found == nullptr ? std::nullopt : std::optional<SnapshotField>(*found);
}

std::string_view
snapshot_field_name(SnapshotField field)
{
  for (const auto& [name, known] : field_names().entries()) {
    if (known == field) {
      return name;
    }
  }
  return {};
}

}  // namespace infertrack::formats

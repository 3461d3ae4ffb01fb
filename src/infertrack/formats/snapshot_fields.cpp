#include "infertrack/formats/snapshot_fields.hpp"

#include "infertrack/formats/name_table.hpp"

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

}  // namespace

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

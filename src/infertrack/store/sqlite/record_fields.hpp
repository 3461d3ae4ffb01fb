#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/demand_preset.hpp"
#include "infertrack/domain/hardware_cost.hpp"
#include "infertrack/domain/published_headline.hpp"

namespace infertrack::store::sqlite {

// The name of one stored field: its column, and the domain member path used in diagnostics.
struct FieldName
{
  const char* column;
  const char* field;
};

// The scalar fields of each stored record type, in the order a conflict names them (columns are bound and read by
// name, so the table's own order may differ). `visit(visitor, records...)` calls
// `visitor(FieldName, records.member...)` once per field, so one list drives binding, reading and comparing
// (with several records the visitor sees the same member of each). Keep each list in step with the
// migrations: the column names here must exist in the table.
template<typename Record> struct RecordFields;

template<> struct RecordFields<domain::BenchmarkPoint>
{
  template<typename Visitor, typename... Points> static void visit(Visitor&& v, Points&... p)
  {
    v(FieldName{"result_id", "result_id"}, p.result_id...);
    v(FieldName{"model", "model"}, p.model...);
    v(FieldName{"hardware", "hardware"}, p.hardware...);
    v(FieldName{"framework", "framework"}, p.framework...);
    v(FieldName{"precision", "precision"}, p.precision...);
    v(FieldName{"spec_method", "spec_method"}, p.spec_method...);
    v(FieldName{"workload", "workload"}, p.workload...);
    v(FieldName{"concurrency", "concurrency"}, p.concurrency...);
    v(FieldName{"disaggregated", "disaggregated"}, p.disaggregated...);
    v(FieldName{"isl", "isl"}, p.isl...);
    v(FieldName{"osl", "osl"}, p.osl...);
    v(FieldName{"prefill_gpus", "prefill_gpus"}, p.prefill_gpus...);
    v(FieldName{"decode_gpus", "decode_gpus"}, p.decode_gpus...);
    v(FieldName{"aggregate_engine_gpus", "aggregate_engine_gpus"}, p.aggregate_engine_gpus...);
    v(FieldName{"total_allocated_gpus", "total_allocated_gpus"}, p.total_allocated_gpus...);
    v(FieldName{"tp", "tp"}, p.tp...);
    v(FieldName{"ep", "ep"}, p.ep...);
    // Per GPU first: a conflict names the figure every format carries, not the one derived from it.
    v(FieldName{"input_tps_per_gpu", "per_gpu_tps.input"}, p.per_gpu_tps.input...);
    v(FieldName{"output_tps_per_gpu", "per_gpu_tps.output"}, p.per_gpu_tps.output...);
    v(FieldName{"total_tps_per_gpu", "per_gpu_tps.total"}, p.per_gpu_tps.total...);
    v(FieldName{"input_tps", "absolute_tps.input"}, p.absolute_tps.input...);
    v(FieldName{"output_tps", "absolute_tps.output"}, p.absolute_tps.output...);
    v(FieldName{"total_tps", "absolute_tps.total"}, p.absolute_tps.total...);
    v(FieldName{"per_gpu_basis", "per_gpu_basis"}, p.per_gpu_basis...);
    v(FieldName{"interactivity_p90", "interactivity_p90"}, p.interactivity_p90...);
    v(FieldName{"interactivity_median", "interactivity_median"}, p.interactivity_median...);
    v(FieldName{"mean_input_tokens", "tokens.mean_input"}, p.tokens.mean_input...);
    v(FieldName{"median_input_tokens", "tokens.median_input"}, p.tokens.median_input...);
    v(FieldName{"p90_input_tokens", "tokens.p90_input"}, p.tokens.p90_input...);
    v(FieldName{"mean_output_tokens", "tokens.mean_output"}, p.tokens.mean_output...);
    v(FieldName{"median_output_tokens", "tokens.median_output"}, p.tokens.median_output...);
    v(FieldName{"p90_output_tokens", "tokens.p90_output"}, p.tokens.p90_output...);
    v(FieldName{"gpu_cache_hit_rate", "cache.gpu"}, p.cache.gpu...);
    v(FieldName{"cpu_cache_hit_rate", "cache.cpu"}, p.cache.cpu...);
    v(FieldName{"external_cache_hit_rate", "cache.external"}, p.cache.external...);
    v(FieldName{"theoretical_cache_hit_rate", "cache.theoretical"}, p.cache.theoretical...);
    v(FieldName{"offload_mode", "offload_mode"}, p.offload_mode...);
    v(FieldName{"kv_offloading", "kv_offloading"}, p.kv_offloading...);
    v(FieldName{"kv_offload_backend", "kv_offload_backend"}, p.kv_offload_backend...);
    v(FieldName{"isolated_uncached_prefill_tps_per_gpu", "isolated_uncached_prefill_tps_per_gpu"},
      p.isolated_uncached_prefill_tps_per_gpu...);
    v(FieldName{"context_limit_tokens", "context_limit_tokens"}, p.context_limit_tokens...);
    v(FieldName{"kv_precision", "kv_precision"}, p.kv_precision...);
    v(FieldName{"date", "date"}, p.date...);
    v(FieldName{"run_date", "run_date"}, p.run_date...);
    v(FieldName{"image", "image"}, p.image...);
    v(FieldName{"run_url", "run_url"}, p.run_url...);
    v(FieldName{"workflow_id", "workflow_id"}, p.workflow_id...);
    v(FieldName{"recipe_fingerprint", "recipe_fingerprint"}, p.recipe_fingerprint...);
    v(FieldName{"source_url", "source_url"}, p.source_url...);
  }
};

template<> struct RecordFields<domain::HardwareCost>
{
  template<typename Visitor, typename... Costs> static void visit(Visitor&& v, Costs&... c)
  {
    v(FieldName{"hardware", "hardware"}, c.hardware...);
    v(FieldName{"name", "name"}, c.name...);
    v(FieldName{"effective_date", "effective_date"}, c.effective_date...);
    v(FieldName{"gpus_per_rack", "gpus_per_rack"}, c.gpus_per_rack...);
    v(FieldName{"cost_per_gpu_hour", "cost_per_gpu_hour"}, c.cost_per_gpu_hour...);
    v(FieldName{"kw_per_gpu", "kw_per_gpu"}, c.kw_per_gpu...);
    v(FieldName{"source_url", "source_url"}, c.source_url...);
  }
};

template<> struct RecordFields<domain::DemandPreset>
{
  template<typename Visitor, typename... Presets> static void visit(Visitor&& v, Presets&... p)
  {
    v(FieldName{"key", "key"}, p.key...);
    v(FieldName{"label", "label"}, p.label...);
    v(FieldName{"tokens_per_day", "tokens_per_day"}, p.tokens_per_day...);
    v(FieldName{"note", "note"}, p.note...);
    v(FieldName{"source_url", "source_url"}, p.source_url...);
  }
};

template<> struct RecordFields<domain::PublishedHeadline>
{
  template<typename Visitor, typename... Headlines> static void visit(Visitor&& v, Headlines&... h)
  {
    v(FieldName{"label", "label"}, h.label...);
    v(FieldName{"model", "model"}, h.model...);
    v(FieldName{"target_interactivity", "target_interactivity"}, h.target_interactivity...);
    v(FieldName{"total_tps_per_gpu", "total_tps_per_gpu"}, h.total_tps_per_gpu...);
    v(FieldName{"interpolated", "interpolated"}, h.interpolated...);
    v(FieldName{"bracket_result_ids", "bracket_result_ids"}, h.bracket_result_ids...);
    v(FieldName{"extra_disagg_factor_in_overview", "extra_disagg_factor_in_overview"},
      h.extra_disagg_factor_in_overview...);
    v(FieldName{"use_as_decode_tps", "use_as_decode_tps"}, h.use_as_decode_tps...);
  }
};

}  // namespace infertrack::store::sqlite

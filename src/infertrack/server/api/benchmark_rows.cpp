#include "infertrack/server/api/benchmark_rows.hpp"

#include <charconv>
#include <set>
#include <string>
#include <tuple>

namespace infertrack::server::api {
namespace {

template<typename T>
nlohmann::json
nullable(const std::optional<T>& value)
{
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

// The public API names a sequence by ISL/OSL ("8k1k", from the workload "8192/1024") or as agentic traces.
std::string
sequence_of(std::string_view workload)
{
  const std::size_t slash = workload.find('/');
  std::int64_t isl = 0;
  std::int64_t osl = 0;
  const char* const end = workload.data() + workload.size();
  if (slash != std::string_view::npos &&
      std::from_chars(workload.data(), workload.data() + slash, isl).ptr == workload.data() + slash &&
      std::from_chars(workload.data() + slash + 1, end, osl).ptr == end) {
    auto kilo = [](std::int64_t tokens) { return std::to_string((tokens + 512) / 1024) + "k"; };
    return kilo(isl) + kilo(osl);
  }
  return workload == "agentic" ? "agentic-traces" : std::string(workload);
}

}  // namespace

nlohmann::json
benchmark_row(const domain::BenchmarkPoint& point)
{
  const bool agentic = point.workload == "agentic";
  nlohmann::json notes = nlohmann::json::array();
  for (const domain::PointNote& note : point.notes) {
    notes.push_back({{"kind", note.kind}, {"text", note.text}});
  }
  return {
    {"hardware", point.hardware},
    {"framework", point.framework},
    {"model", point.model},
    {"precision", point.precision},
    {"spec_method", point.spec_method},
    {"disagg", point.disaggregated},
    {"is_multinode", nullptr},
    {"prefill_tp", point.disaggregated ? nullable(point.tp) : nullptr},
    {"prefill_ep", point.disaggregated ? nullable(point.ep) : nullptr},
    {"prefill_dp_attention", nullptr},
    {"prefill_num_workers", nullptr},
    {"decode_tp", nullable(point.tp)},
    {"decode_ep", nullable(point.ep)},
    {"decode_dp_attention", nullptr},
    {"decode_num_workers", nullptr},
    {"num_prefill_gpu", point.disaggregated ? nullable(point.prefill_gpus) : nlohmann::json(point.total_allocated_gpus)},
    {"num_decode_gpu", point.disaggregated ? nullable(point.decode_gpus) : nlohmann::json(point.total_allocated_gpus)},
    {"isl", nullable(point.isl)},
    {"osl", nullable(point.osl)},
    {"conc", point.concurrency},
    {"image", nullable(point.image)},
    {"date", point.date},
    {"run_url", nullable(point.run_url)},
    {"benchmark_type", agentic ? "agentic_traces" : "single_turn"},
    {"sequence", sequence_of(point.workload)},
    {"offload_mode", nullable(point.offload_mode)},
    {"metrics",
     {{"tput_per_gpu", nullable(point.per_gpu_tps.total)},
      {"input_tput_per_gpu", nullable(point.per_gpu_tps.input)},
      {"output_tput_per_gpu", nullable(point.per_gpu_tps.output)},
      {"p90_intvty", nullable(point.interactivity_p90)},
      {"median_intvty", nullable(point.interactivity_median)},
      {"gpu_cache_hit_rate", nullable(point.cache.gpu)},
      {"cpu_cache_hit_rate", nullable(point.cache.cpu)},
      {"external_cache_hit_rate", nullable(point.cache.external)},
      {"theoretical_cache_hit_rate", nullable(point.cache.theoretical)}}},
    {"provenance",
     {{"result_id", point.result_id},
      {"total_allocated_gpus", point.total_allocated_gpus},
      {"per_gpu_basis", domain::to_string(point.per_gpu_basis)},
      {"run_date", nullable(point.run_date)},
      {"workflow_id", nullable(point.workflow_id)},
      {"recipe_fingerprint", nullable(point.recipe_fingerprint)},
      {"source_url", nullable(point.source_url)},
      {"notes", std::move(notes)}}},
  };
}

nlohmann::json
availability_rows(std::span<const domain::ConfigGroupKey> runs)
{
  // Two workloads may name one sequence (8192/1024 and 8000/1024 are both "8k1k"): one row for both.
  std::set<std::tuple<std::string_view, std::string, std::string_view, std::string_view, std::string_view,
                      std::string_view, bool, std::string_view>>
    seen;
  nlohmann::json rows = nlohmann::json::array();
  for (const domain::ConfigGroupKey& run : runs) {
    std::string sequence = sequence_of(run.workload);
    if (!seen.emplace(run.model, sequence, run.precision, run.hardware, run.framework, run.spec_method,
                      run.disaggregated, run.date)
           .second) {
      continue;
    }
    rows.push_back({{"model", run.model},
                    {"sequence", std::move(sequence)},
                    {"precision", run.precision},
                    {"hardware", run.hardware},
                    {"framework", run.framework},
                    {"spec_method", run.spec_method},
                    {"disagg", run.disaggregated},
                    {"date", run.date}});
  }
  return rows;
}

}  // namespace infertrack::server::api

#include "infertrack/server/api/benchmark_rows.hpp"

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

// The public API names a sequence by ISL/OSL ("8k1k") or as agentic traces.
std::string
sequence_of(const domain::BenchmarkPoint& point)
{
  if (point.isl && point.osl) {
    auto kilo = [](std::int64_t tokens) { return std::to_string((tokens + 512) / 1024) + "k"; };
    return kilo(*point.isl) + kilo(*point.osl);
  }
  return point.workload == "agentic" ? "agentic-traces" : point.workload;
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
    {"sequence", sequence_of(point)},
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
availability_rows(std::span<const domain::BenchmarkPoint> points)
{
  std::set<std::tuple<std::string, std::string, std::string, std::string, std::string, std::string, bool, std::string>>
    seen;
  nlohmann::json rows = nlohmann::json::array();
  for (const domain::BenchmarkPoint& point : points) {
    auto key = std::tuple(point.model,
                          sequence_of(point),
                          point.precision,
                          point.hardware,
                          point.framework,
                          point.spec_method,
                          point.disaggregated,
                          point.date);
    if (!seen.insert(key).second) {
      continue;
    }
    rows.push_back({{"model", point.model},
                    {"sequence", sequence_of(point)},
                    {"precision", point.precision},
                    {"hardware", point.hardware},
                    {"framework", point.framework},
                    {"spec_method", point.spec_method},
                    {"disagg", point.disaggregated},
                    {"date", point.date}});
  }
  return rows;
}

}  // namespace infertrack::server::api

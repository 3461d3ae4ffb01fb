#include "infertrack/domain/per_gpu_throughput.hpp"

#include "infertrack/domain/configuration_view.hpp"

namespace infertrack::domain {

std::optional<double>
on_all_allocated_gpus(std::optional<double> per_gpu, ThroughputMetric metric, const PerGpuPools& pools)
{
  if (!per_gpu || pools.basis == PerGpuBasis::all_allocated || metric == ThroughputMetric::total) {
    return per_gpu;
  }
  // The runner divided the total by P + D: the pools' sum, whatever the group's allocated count says.
  if (!pools.prefill_gpus || !pools.decode_gpus || *pools.prefill_gpus <= 0 || *pools.decode_gpus <= 0) {
    return std::nullopt;
  }
  const std::int64_t pool = metric == ThroughputMetric::input ? *pools.prefill_gpus : *pools.decode_gpus;
  return *per_gpu * static_cast<double>(pool) / static_cast<double>(*pools.prefill_gpus + *pools.decode_gpus);
}

std::optional<double>
per_allocated_gpu(const BenchmarkPoint& point, ThroughputMetric metric)
{
  return on_all_allocated_gpus(
    metric_of(point.per_gpu_tps, metric),
    metric,
    PerGpuPools{point.per_gpu_basis, point.prefill_gpus, point.decode_gpus});
}

}  // namespace infertrack::domain

#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/performance_curve.hpp"

#include <cstdint>
#include <optional>

namespace infertrack::domain {

// How a per-GPU throughput was divided: its basis and the GPU pools of its group.
struct PerGpuPools
{
  PerGpuBasis basis = PerGpuBasis::all_allocated;
  std::optional<std::int64_t> prefill_gpus;
  std::optional<std::int64_t> decode_gpus;
};

// `per_gpu`, the `metric` throughput per GPU as the source gave it, on the seed's denominator: all allocated GPUs
// (DOMAIN.md section 3). A role-local input was divided by the prefill GPUs and output by the decode GPUs, so it is
// scaled by that pool's share of P + D; their total was divided by P + D already. Nullopt when a role-local
// value's pools are unknown.
std::optional<double> on_all_allocated_gpus(std::optional<double> per_gpu, ThroughputMetric metric,
                                            const PerGpuPools& pools);

// The `metric` throughput per allocated GPU of `point`: what curves, histories and their costs compare.
std::optional<double> per_allocated_gpu(const BenchmarkPoint& point, ThroughputMetric metric);

}  // namespace infertrack::domain

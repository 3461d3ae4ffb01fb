#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/data_finding.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace infertrack::domain {

// How far a per-GPU value may stray from absolute / allocated GPUs, in tok/s/GPU (the seed's own bound).
inline constexpr double k_per_gpu_tolerance = 6e-6;

// The physical GPUs behind a point: P + D when disaggregated, the engine's count when aggregated (its
// count mirrored into both P and D columns is one set of GPUs, not two), else total_allocated_gpus.
std::int64_t physical_gpu_count(const BenchmarkPoint& point);

// Fills what follows from what the source gave: a missing total_allocated_gpus from the GPU columns, and
// each missing absolute or per-GPU throughput from its counterpart on the point's per-GPU basis.
// Values the source gave are never changed (already-divided P/D rows are not divided again).
void complete_point(BenchmarkPoint& point);

// Output tokens per decode GPU: a derived view for disaggregated points, never a headline.
std::optional<double> derived_output_tps_per_decode_gpu(const BenchmarkPoint& point);

// Data-quality findings for one point (mismatch, mirror, GPU count, precision label, date disagreement).
std::vector<DataFinding> check_point(const BenchmarkPoint& point);

// Findings about the runs (config groups, date included) `points` form: a point measured on another
// interactivity statistic than the rest of its run, and a disaggregated point whose per-GPU basis differs from
// the rest of its run. Each finding names the odd point; order follows `points`.
std::vector<DataFinding> check_runs(std::span<const BenchmarkPoint> points);

// The same over points held in several places (e.g. the datasets of one ingest), without copying them.
std::vector<DataFinding> check_runs(std::span<const BenchmarkPoint* const> points);

}  // namespace infertrack::domain

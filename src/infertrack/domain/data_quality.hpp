#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/domain/data_finding.hpp"
#include "infertrack/domain/run_points.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace infertrack::domain {

// How far a per-GPU value may stray from absolute / allocated GPUs, in tok/s/GPU (the seed's own bound).
inline constexpr double k_per_gpu_tolerance = 6e-6;
// How far total may stray from input + output, per allocated GPU: three values, each within the bound above (a
// source that gives per-GPU values rounded to five decimals, or a CSV of them, can be 1.5e-5 off).
inline constexpr double k_per_gpu_sum_tolerance = 3 * k_per_gpu_tolerance;

// The physical GPUs behind a point: P + D when disaggregated, the engine's count when aggregated (its
// count mirrored into both P and D columns is one set of GPUs, not two), else total_allocated_gpus.
std::int64_t physical_gpu_count(const BenchmarkPoint& point);

// Fills what follows from what the source gave: a missing total_allocated_gpus from the GPU columns, and
// each missing absolute or per-GPU throughput from its counterpart on the point's per-GPU basis.
// Values the source gave are never changed (already-divided P/D rows are not divided again).
void complete_point(BenchmarkPoint& point);

// Output tokens per decode GPU: a derived view for disaggregated points, never a headline.
std::optional<double> derived_output_tps_per_decode_gpu(const BenchmarkPoint& point);

// Data-quality findings for one point (mismatch, mirror, GPU count, precision label, date disagreement, a P90
// interactivity above the median).
std::vector<DataFinding> check_point(const BenchmarkPoint& point);

// Findings about the runs (config groups, date included) `points` form: a point measured on another
// interactivity statistic than the rest of its run, and a disaggregated point whose per-GPU basis differs from
// the rest of its run. Each finding names the odd point; order follows `points`.
std::vector<DataFinding> check_runs(std::span<const BenchmarkPoint> points);

// The same over points held in several places (e.g. the datasets of one ingest), without copying them.
std::vector<DataFinding> check_runs(std::span<const BenchmarkPoint* const> points);

// The same over what the checks read of each point (RunPoints), the form an ingest keeps of points it has let go.
std::vector<DataFinding> check_runs(const RunPoints& points);

// The runs the `fresh` points form or join, each checked whole: with the `stored` points of the same
// configuration and date besides the fresh ones (a stored point with the id of a fresh one is that point, not
// another). Runs that only `stored` points form are not checked again. A finding may name a stored point: the
// odd one out may be the earlier point. Order: the fresh points' findings first, as check_runs gives them.
std::vector<DataFinding> check_runs(const RunPoints& fresh, std::span<const BenchmarkPoint* const> stored);
std::vector<DataFinding> check_runs(std::span<const BenchmarkPoint* const> fresh,
                                    std::span<const BenchmarkPoint* const> stored);

}  // namespace infertrack::domain

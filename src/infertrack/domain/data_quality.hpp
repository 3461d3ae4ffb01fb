#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/domain/data_finding.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_set>
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

// A run (configuration and date) viewed in place: an ingest of a million points copies no strings to group them.
struct RunView
{
  ConfigurationView configuration;
  std::string_view date;

  bool operator==(const RunView&) const = default;
};

struct RunHash
{
  std::size_t operator()(const RunView& run) const
  {
    return hash_combine(ConfigurationHash{}(run.configuration), run.date);
  }
};

inline RunView
run_of(const BenchmarkPoint& point)
{
  return {configuration_of(point), point.date};
}

// The runs some points form, viewed in place (the points must outlive it): which other points, such as stored
// ones, the run-level checks of these points must see.
class RunSet
{
public:
  explicit RunSet(std::span<const BenchmarkPoint* const> points)
  {
    for (const BenchmarkPoint* point : points) {
      m_runs.insert(run_of(*point));
    }
  }

  bool contains(const BenchmarkPoint& point) const { return m_runs.contains(run_of(point)); }

private:
  std::unordered_set<RunView, RunHash> m_runs;
};

// The runs the `fresh` points form or join, each checked whole: with the `stored` points of the same
// configuration and date besides the fresh ones (a stored point with the id of a fresh one is that point, not
// another). Runs that only `stored` points form are not checked again. A finding may name a stored point: the
// odd one out may be the earlier point. Order: the fresh points' findings first, as check_runs gives them.
std::vector<DataFinding> check_runs(std::span<const BenchmarkPoint* const> fresh,
                                    std::span<const BenchmarkPoint* const> stored);

}  // namespace infertrack::domain

#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/interpolation.hpp"
#include "infertrack/domain/performance_curve.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace infertrack::domain {

// What b / a is when a value is a lower bound (below the slowest measured point, DOMAIN.md section 5).
enum class RatioBound
{
  none,        // no ratio: a value is missing, or a's is 0
  exact,       // both values read off the measured range
  at_least,    // b is a lower bound: the ratio is at least this
  at_most,     // a is a lower bound: the ratio is at most this
  unbounded,   // both are lower bounds: the figure bounds nothing
};

const char* to_string(RatioBound bound);

// Two curves read at one target: each value as interpolate_curve reads it, and b's over a's.
struct ComparedValue
{
  double target = 0; // tok/s/user
  InterpolatedThroughput a;
  InterpolatedThroughput b;
  std::optional<double> ratio; // b / a; empty when either has no value or a's is 0
  RatioBound bound = RatioBound::none;
};

// `a` and `b` read at `target`.
ComparedValue compare_at(const PerformanceCurve& a, const PerformanceCurve& b, double target);

// The two curves read at every 10 tok/s/user (the glance table's targets, domain/glance_table.hpp) that both were
// measured across: each value exact or interpolated on both, never a lower bound nor a missing one.
std::vector<ComparedValue> compare_at_shared_targets(const PerformanceCurve& a, const PerformanceCurve& b);

// One setting of two runs (the engine image, tensor parallelism, GPU counts, ...): the distinct values each run's
// points give it, sorted ("unknown" where a point does not say), and whether they differ.
struct SettingComparison
{
  std::string setting;
  std::vector<std::string> a;
  std::vector<std::string> b;
  bool differs = false;
};

// The settings of the runs whose points are `a` and `b`, in a fixed order: hardware, framework, precision,
// spec_method, layout, workload, date, image, tp, ep, total_allocated_gpus, prefill_gpus, decode_gpus,
// aggregate_engine_gpus, per_gpu_basis.
std::vector<SettingComparison> compare_settings(std::span<const BenchmarkPoint> a, std::span<const BenchmarkPoint> b);

}  // namespace infertrack::domain

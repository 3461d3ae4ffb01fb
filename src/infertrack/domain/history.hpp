#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/config_group.hpp"
#include "infertrack/domain/history_frontiers.hpp"
#include "infertrack/domain/interpolation.hpp"
#include "infertrack/domain/performance_curve.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::domain {

// DeepSeek V4's public launch: day 0 of its history. Callers pass it in, so that models can get their own.
inline constexpr std::string_view k_deepseek_v4_launch_date = "2026-04-24";

// What a history reads off each run's curve, and from which day it counts.
struct HistoryOptions
{
  double target = 100; // tok/s/user
  // Unset: default_basis (performance_curve.hpp) of every point of the configuration, all its runs, so that one
  // series never compares values on two bases.
  std::optional<InteractivityBasis> basis;
  ThroughputMetric metric = ThroughputMetric::total;
  std::string launch_date = std::string(k_deepseek_v4_launch_date); // YYYY-MM-DD
};

// How far an improvement factor can be trusted: a clamped_low value is a lower bound on the throughput at
// the target, so a factor with one at either end is only a bound.
enum class FactorBound
{
  exact,         // both ends exact or interpolated
  at_least,      // the later end is clamped_low: the improvement is at least the factor
  at_most,       // the earlier end is clamped_low: the improvement is at most the factor
  indeterminate, // both ends clamped_low: neither bound holds
};

const char* to_string(FactorBound bound);

// value(to) / value(from) of one configuration at the history's target.
struct ImprovementFactor
{
  std::string from_date;
  std::string to_date;
  InterpolationState from_state = InterpolationState::unreachable;
  InterpolationState to_state = InterpolationState::unreachable;
  // Empty when either end is unreachable or the earlier value is 0: a gap never turns into a factor.
  std::optional<double> factor;
  FactorBound bound = FactorBound::exact;
};

// One run date of a configuration: the value at the target on the curve of that run alone.
struct HistoryPoint
{
  std::string date;
  std::int64_t days_since_launch = 0; // negative before launch
  InterpolatedThroughput value;
  std::optional<FrontierKnot> lower;  // the knot named by value.lower_result_id
  std::optional<FrontierKnot> upper;  // interpolated: the knot above the target
  double slowest_interactivity = 0;   // the run's frontier range, tok/s/user (0 when frontier_size is 0)
  double fastest_interactivity = 0;   // unreachable: the reason (the target lies above it)
  std::size_t frontier_size = 0;      // 0: no point of the run at the series' basis and metric, a gap
  std::optional<std::string> run_url; // of the point behind value.lower_result_id
  std::string precision;              // of the run read: a series with precisions joined holds several
  // Against the first date of the series with a value; empty before it.
  std::optional<ImprovementFactor> since_first;
};

// One configuration over time: a gap (unreachable) stays in `points`, never a zero.
struct HistorySeries
{
  ConfigGroupKey configuration; // date empty
  InteractivityBasis basis = InteractivityBasis::p90_itl;
  ThroughputMetric metric = ThroughputMetric::total;
  // Oldest first. A run with no point at the basis with the metric is a gap: unreachable, frontier_size 0.
  std::vector<HistoryPoint> points;
};

// Per configuration and run date, the frontier of that run alone (as build_curves with `CurveOptions::date`
// makes it) read at `options.target`. Points are grouped once, so cost grows with the points, not with
// configurations x dates. Ordered by configuration. Dates are YYYY-MM-DD.
std::vector<HistorySeries> build_history(std::span<const BenchmarkPoint> points, const HistoryOptions& options);

// The history `options` asks for from frontiers built with the same basis and metric (asserted): only
// `options.target` and `options.launch_date` are read here. build_history is read_history of its points'
// frontiers, so both give the same series.
std::vector<HistorySeries> read_history(const HistoryFrontiers& frontiers, const HistoryOptions& options);
// read_history of the configurations [first, first + count) only (fewer at the end): one page of an answer
// reads only its own runs.
std::vector<HistorySeries> read_history(const HistoryFrontiers& frontiers,
                                        const HistoryOptions& options,
                                        std::size_t first,
                                        std::size_t count);

// read_history of the configurations `configurations` (indices, ascending) only.
std::vector<HistorySeries> read_history(const HistoryFrontiers& frontiers,
                                        const HistoryOptions& options,
                                        std::span<const std::size_t> configurations);

// The configurations of `frontiers` that differ only in precision (on one interactivity basis), as groups of their
// indices, ascending; the groups in the order of their first configuration. Read off the keys alone: no run is read.
std::vector<std::vector<std::size_t>> precision_groups(const HistoryFrontiers& frontiers);

// One group's series (precision_groups) joined into one, for a story such as a GPU's first runs in fp8 and its later
// ones in fp4: each date keeps the run of the precision with the highest value at the target (any run when none has
// one), each point says which precision it is, and the factors since the first are taken again. Its configuration's
// precision names them all, sorted ("fp4/fp8"). Each value is still read off one run's curve.
HistorySeries join_precisions(std::vector<HistorySeries> group);

// The factor between the series' runs of `from` and `to` (dates); empty when either date has no run.
std::optional<ImprovementFactor>
improvement_between(const HistorySeries& series, std::string_view from, std::string_view to);

// Whole days from `from` to `to` (both YYYY-MM-DD; asserted), negative when `to` is earlier.
std::int64_t days_between(std::string_view from, std::string_view to);

}  // namespace infertrack::domain

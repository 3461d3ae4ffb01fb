#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/config_group.hpp"
#include "infertrack/domain/interpolation.hpp"
#include "infertrack/domain/latency_axis.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::domain {

// One limit of a service-level target: an interactivity floor (tok/s/user) or a latency ceiling (seconds).
struct ServiceLimit
{
  std::optional<LatencyAxis> latency;      // set: a latency ceiling on this statistic
  std::optional<InteractivityBasis> basis; // an interactivity floor's statistic; unset: each configuration's default
  double value = 0;                        // tok/s/user, or seconds
  std::string text;                        // normalised, e.g. "interactivity>=50", "ttft_p99<=2s"

  bool operator==(const ServiceLimit&) const = default;
};

// A service-level target (SLO): every limit must hold at once.
struct ServiceLevelTarget
{
  std::vector<ServiceLimit> limits;

  // The limits as one text, "interactivity>=50,ttft_p99<=2s".
  std::string text() const;
};

// "interactivity>=50,ttft_p99<=2s,e2el_p90<=30s": comma-separated limits. Interactivity (optionally
// interactivity_p90 or interactivity_median) takes >= and tok/s/user; a latency (a name parse_latency_axis knows)
// takes <= and a duration in s or ms (s when no unit is given). Fails naming the bad limit and what was expected.
util::Result<ServiceLevelTarget> parse_service_level_target(std::string_view text);

// What one limit allows on a configuration's curve: its throughput cap, or why it allows nothing.
struct LimitReading
{
  std::size_t limit = 0;               // index in the target's limits
  std::optional<std::string> statistic; // the statistic read: "p90_itl", "median_tpot" or a latency axis name
  std::optional<InterpolatedThroughput> reading; // unset: the run lacks the statistic
  // The brackets' x on this limit's curve (tok/s/user or seconds), for sizing an interpolated deployment.
  std::optional<double> lower_x;
  std::optional<double> upper_x;
};

// A lower bound on goodput (throughput of requests that meet every limit) from percentiles alone: each limit
// met at its P-th percentile speaks for at least P% of requests, and together for at least 1 - sum of the rest.
struct GoodputBound
{
  double share = 0;            // of requests, at least
  double throughput = 0;       // per GPU, at least: share x the point's throughput
  std::string basis;           // how it was stated, e.g. "from percentiles: P99 TTFT, P90 ITL (no per-request data)"
};

// The best measured point of the run that meets every limit.
struct MeasuredOperatingPoint
{
  std::string result_id;
  double throughput = 0; // per GPU, the target's metric
  std::optional<GoodputBound> goodput;
};

// A configuration's answer to a service-level target.
struct ServiceLevelAnswer
{
  ConfigGroupKey group;
  ThroughputMetric metric = ThroughputMetric::total;
  std::vector<LimitReading> limits; // one per limit, in the target's order
  // Read on the curves: each limit caps the throughput; the lowest cap binds. Unset when some limit allows nothing.
  std::optional<double> throughput;
  std::optional<std::size_t> binding; // index of the binding limit
  std::optional<MeasuredOperatingPoint> measured;
  std::optional<std::string> none_reason; // why no operating point meets the target
};

// For each configuration of `points` (its run chosen by `options`, whose `latency` is ignored): the best
// operating point meeting every limit of `target`, the limit that binds it, and the best measured point that
// meets them all. A configuration whose run lacks a limit's statistic is answered with the reason.
std::vector<ServiceLevelAnswer> evaluate_service_level(std::span<const BenchmarkPoint> points,
                                                       const ServiceLevelTarget& target,
                                                       const CurveOptions& options);

}  // namespace infertrack::domain

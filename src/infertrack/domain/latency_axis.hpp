#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace infertrack::domain {

// Which per-request latency a curve or a service-level limit reads.
enum class LatencyKind
{
  ttft, // time to first token
  e2el, // end-to-end latency of a request
};

// Which statistic of it over a run's requests.
enum class LatencyStatistic
{
  mean,
  median,
  p90,
  p99,
};

// One latency statistic: the x of a latency curve, e.g. P99 TTFT. Lower is better.
struct LatencyAxis
{
  LatencyKind kind = LatencyKind::ttft;
  LatencyStatistic statistic = LatencyStatistic::median;

  bool operator==(const LatencyAxis&) const = default;
};

const char* to_string(LatencyKind kind);
const char* to_string(LatencyStatistic statistic);

// "ttft_p99", "e2el_median": the name in flags, parameters and answers.
std::string to_string(LatencyAxis axis);

// "P99 time to first token", "median end-to-end latency".
std::string latency_phrase(LatencyAxis axis);

// A name as to_string gives it, or with the statistic first ("p99_ttft", the InferenceX spelling), or with p50 for
// the median. nullopt for anything else.
std::optional<LatencyAxis> parse_latency_axis(std::string_view text);
inline constexpr std::string_view k_latency_axis_choices =
  "ttft_mean, ttft_median, ttft_p90, ttft_p99, e2el_mean, e2el_median, e2el_p90 or e2el_p99";

// The point's value of `axis` in seconds, if its source reported it.
std::optional<double> latency_of(const BenchmarkPoint& point, LatencyAxis axis);

// The fraction of requests a statistic speaks for: a P99 at or under a limit means at least 99% of requests met it
// (the median: half). nullopt for the mean, which says nothing about how many requests met a limit.
std::optional<double> share_at_or_below(LatencyStatistic statistic);

}  // namespace infertrack::domain

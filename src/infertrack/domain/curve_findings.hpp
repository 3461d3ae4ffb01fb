#pragma once

#include "infertrack/domain/data_finding.hpp"
#include "infertrack/domain/interpolation.hpp"
#include "infertrack/domain/published_headline.hpp"

#include <optional>
#include <span>

namespace infertrack::domain {

// A bracket whose upper knot is more than this many times faster (tok/s/user) than its lower knot is too
// wide to read a value off. Between two measurements the spline only guesses the curve's shape, and across a
// doubling of interactivity the throughput of an inference frontier typically moves by a large factor (the
// concurrency that buys the speed roughly halves), so the guess carries more of the value than the
// measurements do.
inline constexpr double k_thin_frontier_ratio = 2.0;

// Findings computed from a curve when it is read, never stored: they depend on the target asked for.

// A thin-frontier finding when `value` was interpolated (at `target` tok/s/user) between knots of `knots`
// whose interactivities differ by more than k_thin_frontier_ratio; names the lower bracket. `knots`:
// interactivity strictly increasing.
std::optional<DataFinding> thin_frontier_finding(std::span<const FrontierKnot> knots,
                                                 const InterpolatedThroughput& value,
                                                 double target);

// A finding when `headline`'s target lies outside the measured interactivity range of `knots` (its curve):
// the published value was then extrapolated, or is unreachable. Names the headline's first bracket, if any.
std::optional<DataFinding> headline_range_finding(const PublishedHeadline& headline,
                                                  std::span<const FrontierKnot> knots);

}  // namespace infertrack::domain

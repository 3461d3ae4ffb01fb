#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>

namespace infertrack::domain {

// How a value at a target interactivity was obtained; users must always see which.
enum class InterpolationState
{
  exact,        // the target is a measured knot
  interpolated, // inside the frontier's range: read off the monotone spline
  clamped_low,  // below the slowest knot: its throughput, a lower bound (serving slower is always possible)
  unreachable,  // above the fastest knot: never measured that fast, no value
};

const char* to_string(InterpolationState state);

// One frontier point: its interactivity (x), throughput (y) and the measured result behind it.
struct FrontierKnot
{
  double interactivity = 0;
  double throughput = 0;
  std::string result_id;

  bool operator==(const FrontierKnot&) const = default;
};

struct InterpolatedThroughput
{
  InterpolationState state = InterpolationState::unreachable;
  std::optional<double> throughput; // empty when unreachable; never negative
  // exact: the knot; interpolated: the bracket below; clamped_low: the slowest knot; unreachable: the fastest
  // (none for a history run without knots).
  std::optional<std::string> lower_result_id;
  std::optional<std::string> upper_result_id; // interpolated: the bracket above
};

// The frontier's throughput at `target` tok/s/user. `knots`: non-empty, interactivity strictly increasing.
InterpolatedThroughput interpolate_at(std::span<const FrontierKnot> knots, double target);

// interpolate_at's answer with the knots named by index: for callers that keep a frontier's coordinates apart
// from its result ids (a history holds hundreds of thousands of frontiers).
struct FrontierReading
{
  InterpolationState state = InterpolationState::unreachable;
  std::optional<double> throughput;
  std::size_t lower = 0;            // the knot interpolate_at names by lower_result_id
  std::optional<std::size_t> upper; // interpolated: the bracket above
};

// interpolate_at of the frontier whose knots are (`interactivity[i]`, `throughput[i]`): same size, non-empty,
// interactivity strictly increasing. Allocates nothing.
FrontierReading
read_frontier(std::span<const double> interactivity, std::span<const double> throughput, double target);

}  // namespace infertrack::domain

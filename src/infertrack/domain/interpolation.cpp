#include "infertrack/domain/interpolation.hpp"

#include "infertrack/domain/monotone_spline.hpp"
#include "infertrack/util/assertions.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>
#include <vector>

namespace infertrack::domain {
namespace {

// A target this close to a knot (relative) is that knot: interactivities parsed from text or computed as
// 1 / ITL may differ from the stored knot in the last bits.
constexpr double k_knot_relative_epsilon = 1e-12;

bool
same_interactivity(double target, double knot)
{
  return target == knot
         || std::abs(target - knot) <= k_knot_relative_epsilon * std::max(std::abs(target), std::abs(knot));
}

}  // namespace

const char*
to_string(InterpolationState state)
{
  switch (state) {
    case InterpolationState::exact:
      return "exact";
    case InterpolationState::interpolated:
      return "interpolated";
    case InterpolationState::clamped_low:
      return "clamped_low";
    case InterpolationState::unreachable:
      return "unreachable";
  }
  return "unknown";
}

FrontierReading
read_frontier(std::span<const double> interactivity, std::span<const double> throughput, double target)
{
  INFERTRACK_ASSERT(!interactivity.empty());
  INFERTRACK_ASSERT(interactivity.size() == throughput.size());
  INFERTRACK_ASSERT(std::isfinite(target));
  for (std::size_t i = 1; i < interactivity.size(); ++i) {
    INFERTRACK_ASSERT(interactivity[i] > interactivity[i - 1]);
  }

  // The first knot at or above the target; the exact match may also be the one just below it.
  const auto above = std::lower_bound(interactivity.begin(), interactivity.end(), target);
  const auto at = [&](InterpolationState state, std::span<const double>::iterator knot) {
    const auto index = static_cast<std::size_t>(knot - interactivity.begin());
    return FrontierReading{state, throughput[index], index, std::nullopt};
  };
  if (above != interactivity.end() && same_interactivity(target, *above)) {
    return at(InterpolationState::exact, above);
  }
  if (above != interactivity.begin() && same_interactivity(target, *std::prev(above))) {
    return at(InterpolationState::exact, std::prev(above));
  }
  if (above == interactivity.begin()) {
    // Serving more slowly than the slowest measurement is always possible: its throughput is a lower bound.
    return at(InterpolationState::clamped_low, above);
  }
  if (above == interactivity.end()) {
    return {InterpolationState::unreachable, std::nullopt, interactivity.size() - 1, std::nullopt};
  }
  const auto upper = static_cast<std::size_t>(above - interactivity.begin());
  const double value = std::max(0.0, monotone_spline_at(interactivity, throughput, target));
  return {InterpolationState::interpolated, value, upper - 1, upper};
}

InterpolatedThroughput
interpolate_at(std::span<const FrontierKnot> knots, double target)
{
  std::vector<double> xs;
  std::vector<double> ys;
  xs.reserve(knots.size());
  ys.reserve(knots.size());
  for (const FrontierKnot& knot : knots) {
    xs.push_back(knot.interactivity);
    ys.push_back(knot.throughput);
  }
  const FrontierReading reading = read_frontier(xs, ys, target);
  InterpolatedThroughput value{reading.state, reading.throughput, knots[reading.lower].result_id, std::nullopt};
  if (reading.upper) {
    value.upper_result_id = knots[*reading.upper].result_id;
  }
  return value;
}

}  // namespace infertrack::domain

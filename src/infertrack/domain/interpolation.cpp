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

InterpolatedThroughput
at_knot(InterpolationState state, const FrontierKnot& knot)
{
  return {state, knot.throughput, knot.result_id, std::nullopt};
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

InterpolatedThroughput
interpolate_at(std::span<const FrontierKnot> knots, double target)
{
  INFERTRACK_ASSERT(!knots.empty());
  INFERTRACK_ASSERT(std::isfinite(target));
  for (std::size_t i = 1; i < knots.size(); ++i) {
    INFERTRACK_ASSERT(knots[i].interactivity > knots[i - 1].interactivity);
  }

  // The first knot at or above the target; the exact match may also be the one just below it.
  const auto above = std::lower_bound(
    knots.begin(), knots.end(), target, [](const FrontierKnot& knot, double value) {
      return knot.interactivity < value;
    });
  if (above != knots.end() && same_interactivity(target, above->interactivity)) {
    return at_knot(InterpolationState::exact, *above);
  }
  if (above != knots.begin() && same_interactivity(target, std::prev(above)->interactivity)) {
    return at_knot(InterpolationState::exact, *std::prev(above));
  }
  if (above == knots.begin()) {
    // Serving more slowly than the slowest measurement is always possible: its throughput is a lower bound.
    return at_knot(InterpolationState::clamped_low, knots.front());
  }
  if (above == knots.end()) {
    return {InterpolationState::unreachable, std::nullopt, knots.back().result_id, std::nullopt};
  }

  std::vector<double> xs;
  std::vector<double> ys;
  xs.reserve(knots.size());
  ys.reserve(knots.size());
  for (const FrontierKnot& knot : knots) {
    xs.push_back(knot.interactivity);
    ys.push_back(knot.throughput);
  }
  const MonotoneSpline spline(std::move(xs), std::move(ys));
  const double value = std::max(0.0, spline(target));
  return {InterpolationState::interpolated, value, std::prev(above)->result_id, above->result_id};
}

}  // namespace infertrack::domain

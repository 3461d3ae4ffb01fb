#include "infertrack/domain/curve_findings.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace infertrack::domain {

std::optional<DataFinding>
thin_frontier_finding(std::span<const FrontierKnot> knots, const InterpolatedThroughput& value, double target)
{
  if (value.state != InterpolationState::interpolated) {
    return std::nullopt;
  }
  // The bracket is the first knot at or above the target and the one before it, as interpolate_at reads it.
  const auto upper = std::lower_bound(knots.begin(), knots.end(), target, [](const FrontierKnot& knot, double x) {
    return knot.interactivity < x;
  });
  if (upper == knots.begin() || upper == knots.end()) {
    return std::nullopt;
  }
  const FrontierKnot& low = *(upper - 1);
  const FrontierKnot& high = *upper;
  if (!(low.interactivity > 0) || !(high.interactivity > k_thin_frontier_ratio * low.interactivity)) {
    return std::nullopt;
  }
  return DataFinding{low.result_id,
                     FindingKind::thin_frontier,
                     fmt::format("{:g} tok/s/user is interpolated between results {} ({:g} tok/s/user) and {} "
                                 "({:g} tok/s/user), {:.2g}x apart (more than {:g}x): the value rests on the "
                                 "spline's shape more than on measurements.",
                                 target,
                                 low.result_id,
                                 low.interactivity,
                                 high.result_id,
                                 high.interactivity,
                                 high.interactivity / low.interactivity,
                                 k_thin_frontier_ratio)};
}

std::optional<DataFinding>
headline_range_finding(const PublishedHeadline& headline, std::span<const FrontierKnot> knots)
{
  if (knots.empty()) {
    return std::nullopt;
  }
  const double lowest = knots.front().interactivity;
  const double highest = knots.back().interactivity;
  const double target = headline.target_interactivity;
  if (target >= lowest && target <= highest) {
    return std::nullopt;
  }
  const std::string result_id = headline.bracket_result_ids.empty() ? "" : headline.bracket_result_ids.front();
  return DataFinding{result_id,
                     FindingKind::headline_outside_range,
                     fmt::format("Headline {} is published at {:g} tok/s/user, {} the measured range {:g} to "
                                 "{:g} tok/s/user of its curve: its value was {}, not interpolated.",
                                 headline.label,
                                 target,
                                 target < lowest ? "below" : "above",
                                 lowest,
                                 highest,
                                 target < lowest ? "extrapolated below the slowest measurement"
                                                 : "extrapolated past the fastest measurement (unreachable)")};
}

}  // namespace infertrack::domain

#include "infertrack/domain/pareto_frontier.hpp"

#include "infertrack/util/assertions.hpp"

#include <algorithm>
#include <cmath>

namespace infertrack::domain {
namespace {

// A point in "higher is better" coordinates on both axes, so one sweep serves all four directions.
struct OrientedPoint
{
  double x = 0;
  double y = 0;
  std::size_t index = 0;
};

double
oriented(double value, Preference preference)
{
  return preference == Preference::higher ? value : -value;
}

}  // namespace

std::vector<std::size_t>
pareto_frontier(std::span<const PlanePoint> points, FrontierAxes axes)
{
  std::vector<OrientedPoint> sorted;
  sorted.reserve(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    INFERTRACK_ASSERT(std::isfinite(points[i].x) && std::isfinite(points[i].y));
    sorted.push_back({oriented(points[i].x, axes.x), oriented(points[i].y, axes.y), i});
  }
  // Best x first; within one x the best y first, and of identical points the first index first.
  std::sort(sorted.begin(), sorted.end(), [](const OrientedPoint& a, const OrientedPoint& b) {
    if (a.x != b.x) {
      return a.x > b.x;
    }
    if (a.y != b.y) {
      return a.y > b.y;
    }
    return a.index < b.index;
  });

  std::vector<std::size_t> frontier;
  // Sweeping from the best x, a point survives only if it beats every y seen at a strictly better x; the
  // rest of its own x (a lower y, or a duplicate) is dominated by, or identical to, the first of that x.
  double best_y = 0;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const bool first_of_its_x = i == 0 || sorted[i].x != sorted[i - 1].x;
    if (first_of_its_x && (frontier.empty() || sorted[i].y > best_y)) {
      frontier.push_back(sorted[i].index);
      best_y = sorted[i].y;
    }
  }

  std::sort(frontier.begin(), frontier.end(), [&](std::size_t a, std::size_t b) {
    return points[a].x < points[b].x;
  });
  return frontier;
}

}  // namespace infertrack::domain

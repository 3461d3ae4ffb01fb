#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace infertrack::domain {

// Whether larger or smaller values of an axis are better (interactivity: higher; latency, cost: lower).
enum class Preference
{
  higher,
  lower,
};

struct FrontierAxes
{
  Preference x = Preference::higher;
  Preference y = Preference::higher;
};

struct PlanePoint
{
  double x = 0;
  double y = 0;
};

// Indices of the points no other point dominates (at least as good on both axes, better on one), sorted by
// x ascending. Of several identical points only the first index is kept, so the frontier's x values are
// strictly increasing and can be splined.
std::vector<std::size_t> pareto_frontier(std::span<const PlanePoint> points, FrontierAxes axes = {});

}  // namespace infertrack::domain

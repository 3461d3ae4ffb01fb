#include "infertrack/domain/pareto_frontier.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace infertrack::domain {
namespace {

using Indices = std::vector<std::size_t>;

// The definition itself, O(n^2): a point is kept when nothing dominates it and no identical point comes first.
Indices
brute_force_frontier(const std::vector<PlanePoint>& points, FrontierAxes axes)
{
  const auto better_or_equal = [](double a, double b, Preference preference) {
    return preference == Preference::higher ? a >= b : a <= b;
  };
  Indices kept;
  for (std::size_t i = 0; i < points.size(); ++i) {
    bool dropped = false;
    for (std::size_t j = 0; j < points.size() && !dropped; ++j) {
      const bool identical = points[j].x == points[i].x && points[j].y == points[i].y;
      if (identical) {
        dropped = j < i;
      } else {
        dropped = better_or_equal(points[j].x, points[i].x, axes.x)
                  && better_or_equal(points[j].y, points[i].y, axes.y);
      }
    }
    if (!dropped) {
      kept.push_back(i);
    }
  }
  std::sort(kept.begin(), kept.end(), [&](std::size_t a, std::size_t b) { return points[a].x < points[b].x; });
  return kept;
}

// A staircase with one point inside and one at each corner of the bounding box.
const std::vector<PlanePoint> k_points{
  {1, 1}, // 0: lower left
  {1, 9}, // 1: upper left
  {9, 1}, // 2: lower right
  {9, 9}, // 3: upper right
  {5, 5}, // 4: inside
  {3, 7}, // 5
  {7, 3}, // 6
};

TEST(ParetoFrontier, HigherXHigherYKeepsTheUpperRight)
{
  EXPECT_EQ(pareto_frontier(k_points, {Preference::higher, Preference::higher}), Indices({3}));
  const std::vector<PlanePoint> curve{{50, 900}, {100, 500}, {80, 400}, {150, 100}, {120, 100}};
  EXPECT_EQ(pareto_frontier(curve), Indices({0, 1, 3}));
}

TEST(ParetoFrontier, LowerXHigherYKeepsTheUpperLeft)
{
  EXPECT_EQ(pareto_frontier(k_points, {Preference::lower, Preference::higher}), Indices({1}));
  // Latency (lower better) against throughput: faster and more throughput wins.
  const std::vector<PlanePoint> latency{{10, 100}, {20, 300}, {30, 250}, {40, 500}};
  EXPECT_EQ(pareto_frontier(latency, {Preference::lower, Preference::higher}), Indices({0, 1, 3}));
}

TEST(ParetoFrontier, HigherXLowerYKeepsTheLowerRight)
{
  EXPECT_EQ(pareto_frontier(k_points, {Preference::higher, Preference::lower}), Indices({2}));
  // Interactivity against cost per million tokens (lower better).
  const std::vector<PlanePoint> cost{{50, 1.0}, {100, 2.0}, {80, 2.5}, {150, 4.0}};
  EXPECT_EQ(pareto_frontier(cost, {Preference::higher, Preference::lower}), Indices({0, 1, 3}));
}

TEST(ParetoFrontier, LowerXLowerYKeepsTheLowerLeft)
{
  EXPECT_EQ(pareto_frontier(k_points, {Preference::lower, Preference::lower}), Indices({0}));
  const std::vector<PlanePoint> joules{{10, 5}, {20, 3}, {25, 4}, {30, 1}};
  EXPECT_EQ(pareto_frontier(joules, {Preference::lower, Preference::lower}), Indices({0, 1, 3}));
}

TEST(ParetoFrontier, EqualXKeepsOnlyTheBestY)
{
  const std::vector<PlanePoint> points{{10, 5}, {10, 8}, {10, 6}, {20, 7}};
  EXPECT_EQ(pareto_frontier(points), Indices({1, 3}));
  EXPECT_EQ(pareto_frontier(points, {Preference::higher, Preference::lower}), Indices({0, 3}));
}

TEST(ParetoFrontier, EqualYKeepsOnlyTheBestX)
{
  const std::vector<PlanePoint> points{{10, 5}, {20, 5}, {15, 5}};
  EXPECT_EQ(pareto_frontier(points), Indices({1}));
  EXPECT_EQ(pareto_frontier(points, {Preference::lower, Preference::higher}), Indices({0}));
}

TEST(ParetoFrontier, IdenticalPointsKeepTheFirstIndex)
{
  const std::vector<PlanePoint> points{{1, 1}, {3, 2}, {2, 3}, {3, 2}, {2, 3}};
  EXPECT_EQ(pareto_frontier(points), Indices({2, 1}));
  const std::vector<PlanePoint> same{{4, 4}, {4, 4}, {4, 4}};
  EXPECT_EQ(pareto_frontier(same), Indices({0}));
}

TEST(ParetoFrontier, SinglePointAndNoPoints)
{
  const std::vector<PlanePoint> one{{3, 4}};
  for (const Preference x : {Preference::higher, Preference::lower}) {
    for (const Preference y : {Preference::higher, Preference::lower}) {
      EXPECT_EQ(pareto_frontier(one, {x, y}), Indices({0}));
    }
  }
  EXPECT_TRUE(pareto_frontier({}).empty());
}

TEST(ParetoFrontier, MatchesTheDefinitionOnRandomSetsInAllDirections)
{
  std::mt19937 random(42);
  // Few distinct values, so that ties and duplicates are common.
  std::uniform_int_distribution<int> coordinate(0, 12);
  std::uniform_int_distribution<int> size(1, 60);
  for (int set = 0; set < 500; ++set) {
    std::vector<PlanePoint> points(static_cast<std::size_t>(size(random)));
    for (PlanePoint& point : points) {
      point = {static_cast<double>(coordinate(random)), static_cast<double>(coordinate(random))};
    }
    for (const Preference x : {Preference::higher, Preference::lower}) {
      for (const Preference y : {Preference::higher, Preference::lower}) {
        const Indices front = pareto_frontier(points, {x, y});
        ASSERT_EQ(front, brute_force_frontier(points, {x, y})) << "set " << set;
        for (std::size_t k = 1; k < front.size(); ++k) {
          ASSERT_LT(points[front[k - 1]].x, points[front[k]].x);
        }
      }
    }
  }
}

}  // namespace
}  // namespace infertrack::domain

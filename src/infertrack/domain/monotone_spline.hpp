#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace infertrack::domain {

// Monotone cubic Hermite interpolation with Steffen tangents (the curve d3's curveMonotoneX draws): it never
// overshoots its knots, so an interpolated throughput never exceeds what the brackets measured.
class MonotoneSpline
{
public:
  // `xs` strictly increasing, `ys` the same length, at least two knots (asserted: callers build these from
  // a validated frontier). Two knots give a straight line.
  MonotoneSpline(std::vector<double> xs, std::vector<double> ys);

  // The curve at `x`, which must lie within [xs.front(), xs.back()] (asserted).
  double operator()(double x) const;

  // `count` >= 2 evenly spaced (x, y) samples from the first to the last knot, for drawing the curve.
  std::vector<std::pair<double, double>> sample(std::size_t count) const;

  std::span<const double> xs() const { return m_xs; }
  std::span<const double> ys() const { return m_ys; }
  std::span<const double> tangents() const { return m_tangents; }

private:
  std::vector<double> m_xs;
  std::vector<double> m_ys;
  std::vector<double> m_tangents;
};

// MonotoneSpline(xs, ys)(x), to the last bit, computing only the two tangents of x's segment and allocating
// nothing: for reading many curves at one target (a history reads one value from each of thousands of runs).
// Same requirements on `xs`, `ys` and `x` (asserted).
double monotone_spline_at(std::span<const double> xs, std::span<const double> ys, double x);

}  // namespace infertrack::domain

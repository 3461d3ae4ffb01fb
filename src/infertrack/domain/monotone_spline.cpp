#include "infertrack/domain/monotone_spline.hpp"

#include "infertrack/util/assertions.hpp"

#include <algorithm>
#include <cmath>

namespace infertrack::domain {
namespace {

double
sign_of(double value)
{
  return value > 0 ? 1.0 : (value < 0 ? -1.0 : 0.0);
}

// Steffen's interior tangent: a weighted mean of the neighbouring secants, limited to twice the smaller secant
// (so the curve cannot overshoot either neighbour) and zero at a local extremum or beside a flat segment.
double
interior_tangent(double h_before, double h_after, double s_before, double s_after)
{
  const double p = (s_before * h_after + s_after * h_before) / (h_before + h_after);
  return (sign_of(s_before) + sign_of(s_after))
         * std::min({std::abs(s_before), std::abs(s_after), 0.5 * std::abs(p)});
}

double
secant(std::span<const double> xs, std::span<const double> ys, std::size_t i)
{
  return (ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]);
}

// The tangent at knot `k` of the curve through all the knots. Each depends on its neighbours only (the ends on
// one more), so one segment's pair is found without the rest.
double
tangent(std::span<const double> xs, std::span<const double> ys, std::size_t k)
{
  const std::size_t n = xs.size();
  if (n == 2) {
    // Two knots carry no curvature information: the straight line through them.
    return secant(xs, ys, 0);
  }
  // d3's one-sided end tangents: the parabola through the end secant and the neighbouring tangent.
  if (k == 0) {
    return (3 * secant(xs, ys, 0) - tangent(xs, ys, 1)) / 2;
  }
  if (k == n - 1) {
    return (3 * secant(xs, ys, n - 2) - tangent(xs, ys, n - 2)) / 2;
  }
  return interior_tangent(xs[k] - xs[k - 1], xs[k + 1] - xs[k], secant(xs, ys, k - 1), secant(xs, ys, k));
}

void
check_knots(std::span<const double> xs, std::span<const double> ys)
{
  INFERTRACK_ASSERT(xs.size() == ys.size());
  INFERTRACK_ASSERT(xs.size() >= 2);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    INFERTRACK_ASSERT(std::isfinite(xs[i]) && std::isfinite(ys[i]));
    INFERTRACK_ASSERT(i == 0 || xs[i] > xs[i - 1]);
  }
}

// The segment [xs[i], xs[i+1]] holding `x`; the last knot belongs to the last segment.
std::size_t
segment_of(std::span<const double> xs, double x)
{
  INFERTRACK_ASSERT(x >= xs.front() && x <= xs.back());
  const auto upper = std::upper_bound(xs.begin() + 1, xs.end() - 1, x);
  return static_cast<std::size_t>(upper - xs.begin()) - 1;
}

// The cubic Hermite curve of segment `i` at `x`, given the tangents at both of its knots.
double
hermite(std::span<const double> xs, std::span<const double> ys, std::size_t i, double m_i, double m_next, double x)
{
  const double h = xs[i + 1] - xs[i];
  const double t = (x - xs[i]) / h;
  const double u = 1 - t;
  // Cubic Hermite basis: exact at both knots (t = 0 and t = 1 leave one term).
  const double h00 = (1 + 2 * t) * u * u;
  const double h10 = t * u * u;
  const double h01 = t * t * (3 - 2 * t);
  const double h11 = -t * t * u;
  return h00 * ys[i] + h10 * h * m_i + h01 * ys[i + 1] + h11 * h * m_next;
}

}  // namespace

MonotoneSpline::MonotoneSpline(std::vector<double> xs, std::vector<double> ys)
  : m_xs(std::move(xs)),
    m_ys(std::move(ys))
{
  check_knots(m_xs, m_ys);
  m_tangents.resize(m_xs.size());
  for (std::size_t k = 0; k < m_xs.size(); ++k) {
    m_tangents[k] = tangent(m_xs, m_ys, k);
  }
}

double
MonotoneSpline::operator()(double x) const
{
  const std::size_t i = segment_of(m_xs, x);
  return hermite(m_xs, m_ys, i, m_tangents[i], m_tangents[i + 1], x);
}

std::vector<std::pair<double, double>>
MonotoneSpline::sample(std::size_t count) const
{
  INFERTRACK_ASSERT(count >= 2);
  const double first = m_xs.front();
  const double span = m_xs.back() - first;
  std::vector<std::pair<double, double>> samples;
  samples.reserve(count);
  for (std::size_t k = 0; k < count; ++k) {
    // first + span may round one ulp off the last knot: end on the knot itself and never pass it.
    const double x = k + 1 == count
                       ? m_xs.back()
                       : std::min(first + span * static_cast<double>(k) / static_cast<double>(count - 1),
                                  m_xs.back());
    samples.emplace_back(x, (*this)(x));
  }
  return samples;
}


double
monotone_spline_at(std::span<const double> xs, std::span<const double> ys, double x)
{
  check_knots(xs, ys);
  const std::size_t i = segment_of(xs, x);
  return hermite(xs, ys, i, tangent(xs, ys, i), tangent(xs, ys, i + 1), x);
}

}  // namespace infertrack::domain

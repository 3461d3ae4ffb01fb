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

}  // namespace

MonotoneSpline::MonotoneSpline(std::vector<double> xs, std::vector<double> ys)
  : m_xs(std::move(xs)),
    m_ys(std::move(ys))
{
  INFERTRACK_ASSERT(m_xs.size() == m_ys.size());
  INFERTRACK_ASSERT(m_xs.size() >= 2);
  for (std::size_t i = 0; i < m_xs.size(); ++i) {
    INFERTRACK_ASSERT(std::isfinite(m_xs[i]) && std::isfinite(m_ys[i]));
    INFERTRACK_ASSERT(i == 0 || m_xs[i] > m_xs[i - 1]);
  }

  const std::size_t n = m_xs.size();
  std::vector<double> secants(n - 1);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    secants[i] = (m_ys[i + 1] - m_ys[i]) / (m_xs[i + 1] - m_xs[i]);
  }

  m_tangents.resize(n);
  if (n == 2) {
    // Two knots carry no curvature information: the straight line through them.
    m_tangents[0] = secants[0];
    m_tangents[1] = secants[0];
    return;
  }
  for (std::size_t i = 1; i + 1 < n; ++i) {
    m_tangents[i] = interior_tangent(
      m_xs[i] - m_xs[i - 1], m_xs[i + 1] - m_xs[i], secants[i - 1], secants[i]);
  }
  // d3's one-sided end tangents: the parabola through the end secant and the neighbouring tangent.
  m_tangents[0] = (3 * secants[0] - m_tangents[1]) / 2;
  m_tangents[n - 1] = (3 * secants[n - 2] - m_tangents[n - 2]) / 2;
}

double
MonotoneSpline::operator()(double x) const
{
  INFERTRACK_ASSERT(x >= m_xs.front() && x <= m_xs.back());
  // The segment [xs[i], xs[i+1]] holding x; the last knot belongs to the last segment.
  const auto upper = std::upper_bound(m_xs.begin() + 1, m_xs.end() - 1, x);
  const auto i = static_cast<std::size_t>(upper - m_xs.begin()) - 1;

  const double h = m_xs[i + 1] - m_xs[i];
  const double t = (x - m_xs[i]) / h;
  const double u = 1 - t;
  // Cubic Hermite basis: exact at both knots (t = 0 and t = 1 leave one term).
  const double h00 = (1 + 2 * t) * u * u;
  const double h10 = t * u * u;
  const double h01 = t * t * (3 - 2 * t);
  const double h11 = -t * t * u;
  return h00 * m_ys[i] + h10 * h * m_tangents[i] + h01 * m_ys[i + 1] + h11 * h * m_tangents[i + 1];
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

}  // namespace infertrack::domain

#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/config_group.hpp"
#include "infertrack/domain/interpolation.hpp"
#include "infertrack/domain/latency_axis.hpp"

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace infertrack::domain {

// Which throughput a curve plots against interactivity (all per GPU).
enum class ThroughputMetric
{
  total,
  input,
  output,
};

const char* to_string(ThroughputMetric metric);
// The metric in a sentence: "a total throughput per GPU", "an input throughput per GPU".
std::string throughput_phrase(ThroughputMetric metric);
std::optional<ThroughputMetric> parse_throughput_metric(std::string_view text);

struct CurveOptions
{
  // Unset: agentic runs at P90 ITL, fixed-length runs at the median TPOT, each falling back to the other
  // statistic only when a point of the run lacks it; never both on one curve.
  std::optional<InteractivityBasis> basis;
  ThroughputMetric metric = ThroughputMetric::total;
  std::optional<std::string> date;  // use the run of exactly this date
  std::optional<std::string> as_of; // use the latest run on or before this date (default: the latest)
  // Set: the curve's x is this latency (lower better) instead of interactivity; `basis` is then not used.
  std::optional<LatencyAxis> latency;
};

// The statistic a configuration's points are read at unless a basis is asked for: agentic runs at P90 ITL,
// fixed-length runs at the median TPOT (their "p90" is P90 TPOT, not P90 ITL), the other statistic when a point
// lacks the preferred one. `all_have_p90` and `all_have_median` are of the points read together.
InteractivityBasis default_basis(bool agentic, bool all_have_p90, bool all_have_median);

// The basis a query asks for: "auto" (each configuration's default_basis: `basis` empty) or one by its name in
// answers or its short name ("p90_itl" or "p90", "median_tpot" or "median"), so that a value an answer gives can be
// passed back. nullopt when `text` is none of those.
struct BasisChoice
{
  std::optional<InteractivityBasis> basis;
};
std::optional<BasisChoice> parse_basis_choice(std::string_view text);
inline constexpr std::string_view k_basis_choices = "auto, p90_itl (or p90) or median_tpot (or median)";

// One point's interactivity as a listing shows it: on its workload's default basis, else on the other statistic.
struct PointInteractivity
{
  double value = 0;
  InteractivityBasis basis = InteractivityBasis::p90_itl;
};
std::optional<PointInteractivity> default_interactivity(const BenchmarkPoint& point);

// The Pareto frontier of one configuration's single run: the curve a chart draws and a headline reads.
// On a latency axis each knot's `interactivity` holds minus its latency: every frontier then rises to the right and
// reads with the one interpolate_at (the Steffen spline is the same curve mirrored). Read x through axis_value.
struct PerformanceCurve
{
  ConfigGroupKey group; // its date is the run the curve was made of
  InteractivityBasis basis = InteractivityBasis::p90_itl;
  std::optional<LatencyAxis> latency; // set: a latency curve (seconds, lower better)
  ThroughputMetric metric = ThroughputMetric::total;
  std::vector<FrontierKnot> frontier; // x (interactivity, or minus the latency) strictly increasing
  std::vector<std::string> off_frontier_result_ids; // dominated points of the same run, kept visible
  std::vector<std::string> skipped_result_ids;      // points of the run lacking the basis or the metric
};

// One curve per configuration (model, hardware, framework, precision, spec method, disaggregation, workload)
// from the points of one run date chosen by `options`. Configurations with no usable point are left out.
// Ordered by configuration.
std::vector<PerformanceCurve> build_curves(std::span<const BenchmarkPoint> points, const CurveOptions& options);

// A knot's x in the curve's own unit: tok/s/user, or seconds on a latency curve.
inline double
axis_value(const PerformanceCurve& curve, const FrontierKnot& knot)
{
  return curve.latency ? -knot.interactivity : knot.interactivity;
}

// The curve's throughput at `target` tok/s/user, or within `target` seconds on a latency curve. On a latency
// curve clamped_low means a limit above the slowest measured latency (its throughput, a lower bound) and
// unreachable a limit below the fastest.
InterpolatedThroughput interpolate_curve(const PerformanceCurve& curve, double target);

// `count` (x, y) samples of the curve's spline for drawing, x in the curve's own unit and increasing; a one-knot
// curve gives that knot.
std::vector<std::pair<double, double>> sample_curve(const PerformanceCurve& curve, std::size_t count);

}  // namespace infertrack::domain

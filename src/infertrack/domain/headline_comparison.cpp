#include "infertrack/domain/headline_comparison.hpp"

#include "infertrack/domain/config_group.hpp"
#include "infertrack/domain/curve_findings.hpp"
#include "infertrack/domain/performance_curve.hpp"

#include <algorithm>

namespace infertrack::domain {
namespace {

// The run (configuration and date) of the first stored bracket: a headline interpolates between points of
// one run, so the first bracket found names it.
std::optional<ConfigGroupKey>
bracket_run(const PublishedHeadline& headline, std::span<const BenchmarkPoint> points)
{
  for (const std::string& id : headline.bracket_result_ids) {
    const auto found = std::find_if(
      points.begin(), points.end(), [&](const BenchmarkPoint& point) { return point.result_id == id; });
    if (found != points.end()) {
      return config_group_of(*found);
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<HeadlineComparison>
compare_headlines(std::span<const PublishedHeadline> headlines, std::span<const BenchmarkPoint> points)
{
  std::vector<HeadlineComparison> comparisons;
  comparisons.reserve(headlines.size());
  for (const PublishedHeadline& headline : headlines) {
    HeadlineComparison comparison{headline, std::nullopt, std::nullopt, {}, std::nullopt, std::nullopt, {}};
    const std::optional<ConfigGroupKey> run = bracket_run(headline, points);
    if (run) {
      comparison.curve_label = run->label();
      comparison.run_date = run->date;
      // Headlines are read off the P90 interactivity and total throughput of that run only.
      const CurveOptions options{InteractivityBasis::p90_itl, ThroughputMetric::total, run->date, std::nullopt};
      const std::vector<PerformanceCurve> curves = build_curves(points, options);
      const auto curve = std::find_if(curves.begin(), curves.end(), [&](const PerformanceCurve& candidate) {
        return candidate.group == *run;
      });
      if (curve != curves.end()) {
        comparison.computed = interpolate_curve(*curve, headline.target_interactivity);
        if (auto finding = headline_range_finding(headline, curve->frontier)) {
          comparison.findings.push_back(std::move(*finding));
        }
        if (auto finding =
              thin_frontier_finding(curve->frontier, comparison.computed, headline.target_interactivity)) {
          comparison.findings.push_back(std::move(*finding));
        }
      }
    }
    if (comparison.computed.throughput) {
      comparison.difference = *comparison.computed.throughput - headline.total_tps_per_gpu;
      if (headline.total_tps_per_gpu != 0) {
        comparison.relative_difference = *comparison.difference / headline.total_tps_per_gpu;
      }
    }
    comparisons.push_back(std::move(comparison));
  }
  return comparisons;
}

}  // namespace infertrack::domain

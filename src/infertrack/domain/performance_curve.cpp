#include "infertrack/domain/performance_curve.hpp"

#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/domain/monotone_spline.hpp"
#include "infertrack/domain/pareto_frontier.hpp"
#include "infertrack/domain/per_gpu_throughput.hpp"

#include <algorithm>
#include <cmath>
#include <compare>
#include <cstddef>
#include <functional>
#include <numeric>
#include <string>
#include <string_view>
#include <unordered_map>

namespace infertrack::domain {
namespace {

// What a curve needs of one point, read in a single sequential pass: points are large (over a kilobyte), and
// revisiting them in configuration order would cost cache misses on every field.
struct PointSummary
{
  std::size_t index = 0;
  std::string result_id; // copied in the same pass: read later, it would be one more miss per point
  std::size_t date_rank = 0; // the date's id while scanning, then its rank among all dates (oldest first)
  std::optional<double> p90;
  std::optional<double> median;
  std::optional<double> value; // the curve's metric, per GPU
  std::optional<double> latency; // the curve's latency statistic, on a latency curve
};

bool
usable(std::optional<double> value)
{
  return value && std::isfinite(*value);
}

// Distinct dates in time order (YYYY-MM-DD: text order is time order), and each date id's rank among them.
struct DateRanks
{
  std::vector<std::string_view> sorted;
  std::vector<std::size_t> rank_of;
};

DateRanks
rank_dates(std::span<const std::string_view> dates)
{
  std::vector<std::size_t> by_date(dates.size());
  std::iota(by_date.begin(), by_date.end(), std::size_t{0});
  std::sort(by_date.begin(), by_date.end(), [&](std::size_t a, std::size_t b) { return dates[a] < dates[b]; });
  DateRanks ranks{std::vector<std::string_view>(dates.size()), std::vector<std::size_t>(dates.size())};
  for (std::size_t rank = 0; rank < by_date.size(); ++rank) {
    ranks.sorted[rank] = dates[by_date[rank]];
    ranks.rank_of[by_date[rank]] = rank;
  }
  return ranks;
}

// Which date ranks `options` lets a curve use: exactly one (`options.date`), any below a limit
// (`options.as_of`), or all. Empty when no stored date qualifies.
struct DateSelection
{
  std::optional<std::size_t> exact;
  std::size_t limit = 0; // ranks below this qualify when there is no exact date
};

std::optional<DateSelection>
date_selection(std::span<const std::string_view> sorted_dates, const CurveOptions& options)
{
  if (options.date) {
    const auto found = std::lower_bound(sorted_dates.begin(), sorted_dates.end(), *options.date);
    if (found == sorted_dates.end() || *found != *options.date) {
      return std::nullopt;
    }
    return DateSelection{static_cast<std::size_t>(found - sorted_dates.begin()), 0};
  }
  if (options.as_of) {
    const std::string_view as_of = *options.as_of;
    const auto past = std::upper_bound(sorted_dates.begin(), sorted_dates.end(), as_of);
    const auto limit = static_cast<std::size_t>(past - sorted_dates.begin());
    if (limit == 0) {
      return std::nullopt;
    }
    return DateSelection{std::nullopt, limit};
  }
  return DateSelection{std::nullopt, sorted_dates.size()};
}

// The one run a configuration's curve is made of: never a mix of runs, which would draw one frontier through
// measurements of different software.
std::optional<std::size_t>
chosen_run(std::span<const PointSummary> members, const DateSelection& selection)
{
  std::optional<std::size_t> chosen;
  for (const PointSummary& member : members) {
    if (selection.exact ? member.date_rank == *selection.exact
                        : member.date_rank < selection.limit && (!chosen || member.date_rank > *chosen)) {
      chosen = member.date_rank;
    }
  }
  return chosen;
}

std::optional<PerformanceCurve>
curve_of_run(std::span<const BenchmarkPoint> points,
             std::span<PointSummary> members,
             std::size_t date_rank,
             const CurveOptions& options)
{
  std::vector<PointSummary*> run;
  for (PointSummary& member : members) {
    if (member.date_rank == date_rank) {
      run.push_back(&member);
    }
  }
  const bool all_have_p90 =
    std::all_of(run.begin(), run.end(), [](const PointSummary* member) { return member->p90.has_value(); });
  const bool all_have_median =
    std::all_of(run.begin(), run.end(), [](const PointSummary* member) { return member->median.has_value(); });
  const InteractivityBasis basis = options.basis.value_or(
    default_basis(points[run.front()->index].workload == "agentic", all_have_p90, all_have_median));

  PerformanceCurve curve;
  curve.group = config_group_of(points[run.front()->index]);
  curve.basis = basis;
  curve.latency = options.latency;
  curve.metric = options.metric;

  std::vector<PointSummary*> kept;
  std::vector<PlanePoint> plane;
  for (PointSummary* member : run) {
    std::optional<double> x = basis == InteractivityBasis::p90_itl ? member->p90 : member->median;
    if (options.latency) {
      x = member->latency ? std::optional<double>(-*member->latency) : std::nullopt;
    }
    if (!usable(x) || !usable(member->value)) {
      curve.skipped_result_ids.push_back(std::move(member->result_id));
      continue;
    }
    kept.push_back(member);
    plane.push_back({*x, *member->value});
  }
  if (kept.empty()) {
    return std::nullopt;
  }

  // Interactivity (or minus the latency) and throughput both higher-better: the upper-right frontier.
  const std::vector<std::size_t> front = pareto_frontier(plane, {Preference::higher, Preference::higher});
  std::vector<bool> on_front(kept.size(), false);
  curve.frontier.reserve(front.size());
  for (const std::size_t k : front) {
    on_front[k] = true;
    curve.frontier.push_back({plane[k].x, plane[k].y, std::move(kept[k]->result_id)});
  }
  for (std::size_t k = 0; k < kept.size(); ++k) {
    if (!on_front[k]) {
      curve.off_frontier_result_ids.push_back(std::move(kept[k]->result_id));
    }
  }
  return curve;
}

}  // namespace

std::optional<BasisChoice>
parse_basis_choice(std::string_view text)
{
  if (text == "auto") {
    return BasisChoice{};
  }
  if (text == "p90") {
    return BasisChoice{InteractivityBasis::p90_itl};
  }
  if (text == "median") {
    return BasisChoice{InteractivityBasis::median_tpot};
  }
  if (const std::optional<InteractivityBasis> named = parse_interactivity_basis(text)) {
    return BasisChoice{named};
  }
  return std::nullopt;
}

InteractivityBasis
default_basis(bool agentic, bool all_have_p90, bool all_have_median)
{
  if (agentic) {
    return all_have_p90 ? InteractivityBasis::p90_itl : InteractivityBasis::median_tpot;
  }
  return all_have_median ? InteractivityBasis::median_tpot : InteractivityBasis::p90_itl;
}

std::optional<PointInteractivity>
default_interactivity(const BenchmarkPoint& point)
{
  if (!point.interactivity_p90 && !point.interactivity_median) {
    return std::nullopt;
  }
  const InteractivityBasis basis = default_basis(
    point.workload == "agentic", point.interactivity_p90.has_value(), point.interactivity_median.has_value());
  return PointInteractivity{*point.interactivity(basis), basis};
}

const char*
to_string(ThroughputMetric metric)
{
  switch (metric) {
    case ThroughputMetric::total:
      return "total";
    case ThroughputMetric::input:
      return "input";
    case ThroughputMetric::output:
      return "output";
  }
  return "unknown";
}

std::string
throughput_phrase(ThroughputMetric metric)
{
  return std::string(metric == ThroughputMetric::total ? "a " : "an ") + to_string(metric) + " throughput per GPU";
}

std::optional<ThroughputMetric>
parse_throughput_metric(std::string_view text)
{
  for (const ThroughputMetric metric :
       {ThroughputMetric::total, ThroughputMetric::input, ThroughputMetric::output}) {
    if (text == to_string(metric)) {
      return metric;
    }
  }
  return std::nullopt;
}

std::vector<PerformanceCurve>
build_curves(std::span<const BenchmarkPoint> points, const CurveOptions& options)
{
  std::unordered_map<ConfigurationView, std::size_t, ConfigurationHash> configuration_ids;
  std::vector<ConfigurationView> configurations;
  std::vector<std::vector<PointSummary>> members;
  std::unordered_map<std::string_view, std::size_t> date_ids;
  std::vector<std::string_view> dates;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const BenchmarkPoint& point = points[i];
    const auto [configuration, new_configuration] =
      configuration_ids.try_emplace(configuration_of(point), configurations.size());
    if (new_configuration) {
      configurations.push_back(configuration->first);
      members.emplace_back();
    }
    const auto [date, new_date] = date_ids.try_emplace(point.date, dates.size());
    if (new_date) {
      dates.push_back(date->first);
    }
    members[configuration->second].push_back({i,
                                              point.result_id,
                                              date->second,
                                              point.interactivity_p90,
                                              point.interactivity_median,
                                              per_allocated_gpu(point, options.metric),
                                              options.latency ? latency_of(point, *options.latency) : std::nullopt});
  }

  const DateRanks ranks = rank_dates(dates);
  const std::optional<DateSelection> selection = date_selection(ranks.sorted, options);
  if (!selection) {
    return {};
  }

  std::vector<std::size_t> order(configurations.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return configurations[a] < configurations[b];
  });

  std::vector<PerformanceCurve> curves;
  for (const std::size_t k : order) {
    for (PointSummary& member : members[k]) {
      member.date_rank = ranks.rank_of[member.date_rank];
    }
    const std::optional<std::size_t> run = chosen_run(members[k], *selection);
    if (!run) {
      continue;
    }
    if (std::optional<PerformanceCurve> curve = curve_of_run(points, members[k], *run, options)) {
      curves.push_back(std::move(*curve));
    }
  }
  return curves;
}

InterpolatedThroughput
interpolate_curve(const PerformanceCurve& curve, double target)
{
  return interpolate_at(curve.frontier, curve.latency ? -target : target);
}

std::vector<std::pair<double, double>>
sample_curve(const PerformanceCurve& curve, std::size_t count)
{
  if (curve.frontier.size() < 2) {
    std::vector<std::pair<double, double>> samples;
    for (const FrontierKnot& knot : curve.frontier) {
      samples.emplace_back(axis_value(curve, knot), knot.throughput);
    }
    return samples;
  }
  std::vector<double> xs;
  std::vector<double> ys;
  xs.reserve(curve.frontier.size());
  ys.reserve(curve.frontier.size());
  for (const FrontierKnot& knot : curve.frontier) {
    xs.push_back(knot.interactivity);
    ys.push_back(knot.throughput);
  }
  std::vector<std::pair<double, double>> samples = MonotoneSpline(std::move(xs), std::move(ys)).sample(count);
  if (curve.latency) {
    std::reverse(samples.begin(), samples.end());
    for (auto& sample : samples) {
      sample.first = -sample.first;
    }
  }
  return samples;
}

}  // namespace infertrack::domain

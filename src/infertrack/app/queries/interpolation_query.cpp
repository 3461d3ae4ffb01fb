#include "infertrack/app/queries/interpolation_query.hpp"

#include "infertrack/app/queries/run_spread.hpp"
#include "infertrack/domain/curve_findings.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <set>

namespace infertrack::app {

namespace {

// The filter that reads the points each curve of `query` is made of: the curve options' dates narrow the
// runs like the filter's own (an exact date is that run, an as-of date bounds which run is the latest),
// and each configuration's curve is then its latest selected run, exactly what Store::latest_points()
// reads. Empty when the two ask for different exact dates.
std::optional<store::PointFilter>
curve_filter(const InterpolationQuery& query)
{
  store::PointFilter filter = query.filter;
  if (query.curve.date) {
    if (filter.date && *filter.date != *query.curve.date) {
      return std::nullopt;
    }
    filter.date = query.curve.date;
  }
  if (query.curve.as_of) {
    filter.as_of = filter.as_of ? std::min(*filter.as_of, *query.curve.as_of) : *query.curve.as_of;
  }
  return filter;
}

// The first of a headline's bracket points that is stored: the run the headline is read off.
std::optional<domain::BenchmarkPoint>
first_stored_bracket(store::Store& store, const domain::PublishedHeadline& headline)
{
  for (const std::string& id : headline.bracket_result_ids) {
    if (std::optional<domain::BenchmarkPoint> bracket = store.point(id)) {
      return bracket;
    }
  }
  return std::nullopt;
}

// `within` narrowed to the run of `point`: the configuration fields and the date it leaves open, set to the point's.
store::PointFilter
run_of(const domain::BenchmarkPoint& point, store::PointFilter within = {})
{
  within.model = within.model.value_or(point.model);
  within.hardware = within.hardware.value_or(point.hardware);
  within.framework = within.framework.value_or(point.framework);
  within.precision = within.precision.value_or(point.precision);
  within.spec_method = within.spec_method.value_or(point.spec_method);
  within.disaggregated = within.disaggregated.value_or(point.disaggregated);
  within.date = within.date.value_or(point.date);
  return within;
}

}  // namespace

std::vector<InterpolationRow>
interpolate_points(std::span<const domain::BenchmarkPoint> points,
                   std::span<const domain::HardwareCost> costs,
                   const InterpolationQuery& query)
{
  // A buyer pays today's price whatever day the run was measured; the state on an as-of date has that day's
  // prices (an old article only reproduces with the constants of its day).
  const std::optional<store::PointFilter> filter = curve_filter(query);
  const std::optional<std::string_view> prices_as_of =
    filter && filter->as_of ? std::optional<std::string_view>(*filter->as_of) : std::nullopt;
  std::vector<InterpolationRow> rows;
  for (domain::PerformanceCurve& curve : domain::build_curves(points, query.curve)) {
    InterpolationRow row;
    row.value = domain::interpolate_curve(curve, query.target);
    if (auto finding = domain::thin_frontier_finding(curve.frontier, row.value, query.target)) {
      row.findings.push_back(std::move(*finding));
    }
    row.cost = domain::cost_in_force(costs, curve.group.hardware, prices_as_of);
    if (row.cost && row.value.throughput && *row.value.throughput > 0) {
      row.efficiency = domain::efficiency_of(*row.value.throughput, *row.cost);
    }
    row.curve = std::move(curve);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<InterpolationRow>
interpolate(store::Store& store, const InterpolationQuery& query)
{
  const std::optional<store::PointFilter> filter = curve_filter(query);
  if (!filter) {
    return {};
  }
  return interpolate_points(store.latest_points(*filter), store.hardware(), query);
}

InterpolationAnswer
answer_interpolation(store::Store& store, const InterpolationQuery& query)
{
  const std::optional<store::PointFilter> filter = curve_filter(query);
  if (!filter) {
    return {};
  }
  const std::vector<domain::BenchmarkPoint> points = store.latest_points(*filter);
  InterpolationAnswer answer{interpolate_points(points, store.hardware(), query), {}};
  std::set<std::string> answered;
  for (const InterpolationRow& row : answer.rows) {
    answered.insert(row.curve.group.label());
  }
  answer.left_out = left_out_configurations(points, std::move(answered), query.curve);
  if (query.spread && !answer.rows.empty()) {
    std::vector<domain::PerformanceCurve> curves;
    for (const InterpolationRow& row : answer.rows) {
      curves.push_back(row.curve);
    }
    const RunSpreads spreads(store, *filter, curves);
    for (InterpolationRow& row : answer.rows) {
      row.spread = spreads.at(row.curve, query.target);
    }
  }
  return answer;
}

std::vector<domain::HeadlineComparison>
headline_comparisons(store::Store& store)
{
  std::vector<domain::HeadlineComparison> comparisons;
  for (const domain::PublishedHeadline& headline : store.headlines()) {
    // A headline is read off the run holding its first stored bracket point: only that run's points are
    // needed (the filter has no workload, so other workloads of the run come along; the comparison picks
    // the curve of the bracket's own configuration).
    std::vector<domain::BenchmarkPoint> run;
    if (const std::optional<domain::BenchmarkPoint> bracket = first_stored_bracket(store, headline)) {
      run = store.points(run_of(*bracket));
    }
    std::vector<domain::HeadlineComparison> one = domain::compare_headlines({&headline, 1}, run);
    comparisons.push_back(std::move(one.front()));
  }
  return comparisons;
}

std::vector<domain::HeadlineComparison>
headline_comparisons(store::Store& store, const InterpolationQuery& query)
{
  const bool published_reading =
    !query.curve.latency && query.curve.metric == domain::ThroughputMetric::total &&
    query.curve.basis.value_or(domain::InteractivityBasis::p90_itl) == domain::InteractivityBasis::p90_itl;
  const std::optional<store::PointFilter> filter = curve_filter(query);
  if (!published_reading || !filter) {
    return {};
  }
  std::vector<domain::HeadlineComparison> comparisons;
  for (domain::HeadlineComparison& comparison : headline_comparisons(store)) {
    const domain::PublishedHeadline& headline = comparison.published;
    if (headline.model != filter->model || headline.target_interactivity != query.target) {
      continue;
    }
    // The store decides whether the filter lets the first stored bracket through, as it does for the rows: the
    // filter narrowed to that bracket's run (what it leaves open), so that only that run is read.
    const std::optional<domain::BenchmarkPoint> bracket = first_stored_bracket(store, headline);
    if (!bracket) {
      continue;
    }
    const store::PointFilter run = run_of(*bracket, *filter);
    const std::vector<domain::BenchmarkPoint> selected = store.points(run);
    if (std::any_of(selected.begin(), selected.end(),
                    [&](const domain::BenchmarkPoint& candidate) { return candidate.result_id == bracket->result_id; })) {
      comparisons.push_back(std::move(comparison));
    }
  }
  return comparisons;
}

}  // namespace infertrack::app

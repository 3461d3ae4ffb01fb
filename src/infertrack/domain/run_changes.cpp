#include "infertrack/domain/run_changes.hpp"

#include "infertrack/util/assertions.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

namespace infertrack::domain {
namespace {

// One run of a series: which configuration and which of its runs.
struct SeriesRun
{
  std::size_t configuration = 0;
  std::size_t run = 0;
  const std::string* date = nullptr;
};

bool
measured(InterpolationState state)
{
  return state == InterpolationState::exact || state == InterpolationState::interpolated;
}

std::string
image_of(RunImages images, std::size_t c, std::size_t r)
{
  if (c < images.size() && r < images[c].size()) {
    return images[c][r];
  }
  return {};
}

RunIdentity
identity_of(const HistoryFrontiers& frontiers, RunImages images, std::size_t c, std::size_t r)
{
  const HistoryFrontiers::RunFrontier run = frontiers.run(c, r);
  INFERTRACK_ASSERT(!run.interactivity.empty());
  return {frontiers.date(run.date), frontiers.configuration(c).precision, image_of(images, c, r),
          run.interactivity.front(), run.interactivity.back()};
}

InterpolatedThroughput
value_at(const HistoryFrontiers& frontiers, const HistoryFrontiers::RunFrontier& run, double target)
{
  const FrontierReading reading = read_frontier(run.interactivity, run.throughput, target);
  InterpolatedThroughput value{reading.state, reading.throughput, std::nullopt, std::nullopt};
  value.lower_result_id = std::string(frontiers.result_id(run.first_knot + static_cast<std::uint32_t>(reading.lower)));
  if (reading.upper) {
    value.upper_result_id =
      std::string(frontiers.result_id(run.first_knot + static_cast<std::uint32_t>(*reading.upper)));
  }
  return value;
}

// The findings of one comparison: per direction, every target past the threshold, sized by the largest. A bound
// counts only the way it bounds: an at_least ratio proves an improvement, never a regression.
std::vector<ChangeFinding>
findings_of(std::span<const TargetChange> targets, double threshold)
{
  std::vector<ChangeFinding> findings;
  for (const ChangeDirection direction : {ChangeDirection::improvement, ChangeDirection::regression}) {
    const bool up = direction == ChangeDirection::improvement;
    std::optional<ChangeFinding> finding;
    for (const TargetChange& change : targets) {
      const double size = up ? change.ratio - 1 : 1 - change.ratio;
      const bool proven = change.bound == FactorBound::exact ||
                          change.bound == (up ? FactorBound::at_least : FactorBound::at_most);
      if (!proven || size < threshold - k_change_tolerance) {
        continue;
      }
      if (!finding) {
        finding = ChangeFinding{direction, change.ratio, 0, change.target, change.bound, {}};
      } else if (up ? change.ratio > finding->ratio : change.ratio < finding->ratio) {
        finding->ratio = change.ratio;
        finding->at = change.target;
        finding->bound = change.bound;
      }
      finding->targets.push_back(change.target);
    }
    if (finding) {
      finding->percent = (finding->ratio - 1) * 100;
      findings.push_back(std::move(*finding));
    }
  }
  return findings;
}

FactorBound
bound_of(InterpolationState earlier, InterpolationState later)
{
  const bool from_bound = earlier == InterpolationState::clamped_low;
  const bool to_bound = later == InterpolationState::clamped_low;
  return from_bound && to_bound ? FactorBound::indeterminate
         : from_bound           ? FactorBound::at_most
         : to_bound             ? FactorBound::at_least
                                : FactorBound::exact;
}

}  // namespace

const char*
to_string(ChangeDirection direction)
{
  return direction == ChangeDirection::improvement ? "improvement" : "regression";
}

std::vector<double>
change_targets(const RunIdentity& earlier, const RunIdentity& later, std::size_t* left_out)
{
  const double low = std::min(earlier.slowest_interactivity, later.slowest_interactivity);
  const double high = std::min(earlier.fastest_interactivity, later.fastest_interactivity);
  std::vector<double> targets;
  std::size_t past = 0;
  for (const double step : {k_change_target_step, k_change_fine_step}) {
    // Whole multiples counted from 1: an integer count never drifts as a sum of steps would.
    const double first = std::max(std::ceil(low / step), 1.0);
    const double last = std::floor(high / step);
    for (double k = first; k <= last; ++k) {
      if (targets.size() == k_change_max_targets) {
        past = static_cast<std::size_t>(last - k) + 1;
        break;
      }
      targets.push_back(k * step);
    }
    if (!targets.empty()) {
      break;
    }
  }
  if (left_out) {
    *left_out = past;
  }
  return targets;
}

ValueSpread
value_spread(const HistoryFrontiers& frontiers,
             std::size_t c,
             std::size_t r,
             RunImages images,
             double target,
             std::int64_t window_days)
{
  ValueSpread spread;
  const std::string image = image_of(images, c, r);
  const std::string& date = frontiers.date(frontiers.run(c, r).date);
  for (std::size_t other = 0; other <= r; ++other) {
    if (other != r) {
      const std::string& other_date = frontiers.date(frontiers.run(c, other).date);
      if (image.empty() || image_of(images, c, other) != image || days_between(other_date, date) > window_days) {
        continue;
      }
    }
    const HistoryFrontiers::RunFrontier run = frontiers.run(c, other);
    if (run.interactivity.empty()) {
      continue;
    }
    const FrontierReading reading = read_frontier(run.interactivity, run.throughput, target);
    if (!measured(reading.state) || !reading.throughput) {
      continue;
    }
    ++spread.runs;
    spread.dates.push_back(frontiers.date(run.date));
    spread.min = std::min(spread.min.value_or(*reading.throughput), *reading.throughput);
    spread.max = std::max(spread.max.value_or(*reading.throughput), *reading.throughput);
  }
  if (spread.runs < 2) {
    // One run makes no band.
    spread.min.reset();
    spread.max.reset();
  }
  return spread;
}

ChangeSeries
detect_changes(const HistoryFrontiers& frontiers,
               std::span<const std::size_t> group,
               RunImages images,
               const ChangeOptions& options)
{
  INFERTRACK_ASSERT(!group.empty());
  INFERTRACK_ASSERT(options.threshold > 0 && std::isfinite(options.threshold));
  ChangeSeries series;
  series.configuration = frontiers.configuration(group.front());
  series.basis = frontiers.basis(group.front());
  std::set<std::string> precisions;
  std::vector<SeriesRun> runs;
  for (const std::size_t c : group) {
    precisions.insert(frontiers.configuration(c).precision);
    for (std::size_t r = 0; r < frontiers.run_count(c); ++r) {
      const HistoryFrontiers::RunFrontier run = frontiers.run(c, r);
      if (!run.interactivity.empty()) { // a run without a frontier is a gap: nothing to compare
        runs.push_back({c, r, &frontiers.date(run.date)});
      }
    }
  }
  series.configuration.precision.clear();
  for (const std::string& precision : precisions) {
    series.configuration.precision += (series.configuration.precision.empty() ? "" : "/") + precision;
  }
  series.runs = runs.size();
  std::stable_sort(runs.begin(), runs.end(), [](const SeriesRun& a, const SeriesRun& b) { return *a.date < *b.date; });

  std::size_t earlier_begin = 0; // the runs of the latest earlier date: [earlier_begin, earlier_end)
  std::size_t earlier_end = 0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (i > 0 && *runs[i].date != *runs[i - 1].date) {
      earlier_end = i;
      earlier_begin = i - 1;
      while (earlier_begin > 0 && *runs[earlier_begin - 1].date == *runs[i - 1].date) {
        --earlier_begin;
      }
    }
    if (options.since && *runs[i].date < *options.since) {
      continue;
    }
    for (std::size_t e = earlier_begin; e < earlier_end; ++e) {
      RunComparison& comparison = series.comparisons.emplace_back();
      comparison.earlier = identity_of(frontiers, images, runs[e].configuration, runs[e].run);
      comparison.later = identity_of(frontiers, images, runs[i].configuration, runs[i].run);
      const HistoryFrontiers::RunFrontier before = frontiers.run(runs[e].configuration, runs[e].run);
      const HistoryFrontiers::RunFrontier after = frontiers.run(runs[i].configuration, runs[i].run);
      for (const double target : change_targets(comparison.earlier, comparison.later, &comparison.targets_left_out)) {
        TargetChange& change = comparison.targets.emplace_back();
        change.target = target;
        change.earlier = value_at(frontiers, before, target);
        change.later = value_at(frontiers, after, target);
        change.bound = bound_of(change.earlier.state, change.later.state);
        const double from = change.earlier.throughput.value_or(0);
        change.ratio = from > 0 ? change.later.throughput.value_or(0) / from : 1;
        if (!(from > 0)) {
          change.bound = FactorBound::indeterminate; // no ratio to a zero
        }
        change.later_spread =
          value_spread(frontiers, runs[i].configuration, runs[i].run, images, target, options.spread_days);
      }
      comparison.findings = findings_of(comparison.targets, options.threshold);
    }
  }
  return series;
}

}  // namespace infertrack::domain

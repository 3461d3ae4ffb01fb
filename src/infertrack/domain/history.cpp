#include "infertrack/domain/history.hpp"

#include "infertrack/util/assertions.hpp"
#include "infertrack/util/iso_date.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <utility>

namespace infertrack::domain {
namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
std::int64_t
days_from_civil(std::int64_t year, std::int64_t month, std::int64_t day)
{
  year -= month <= 2 ? 1 : 0;
  const std::int64_t era = (year >= 0 ? year : year - 399) / 400;
  const std::int64_t year_of_era = year - era * 400;
  const std::int64_t day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const std::int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;
}

std::int64_t
day_number(std::string_view date)
{
  INFERTRACK_ASSERT(util::is_iso_date(date));
  const auto digits = [&](std::size_t at, std::size_t count) {
    std::int64_t value = 0;
    for (std::size_t i = at; i < at + count; ++i) {
      value = value * 10 + (date[i] - '0');
    }
    return value;
  };
  return days_from_civil(digits(0, 4), digits(5, 2), digits(8, 2));
}

bool
has_value(InterpolationState state)
{
  return state != InterpolationState::unreachable;
}

ImprovementFactor
factor_between(const HistoryPoint& from, const HistoryPoint& to)
{
  ImprovementFactor factor{from.date, to.date, from.value.state, to.value.state, std::nullopt, FactorBound::exact};
  if (!has_value(from.value.state) || !has_value(to.value.state) || !from.value.throughput
      || !to.value.throughput || !(*from.value.throughput > 0)) {
    return factor;
  }
  factor.factor = *to.value.throughput / *from.value.throughput;
  // A run against itself (the first date's own factor) is exactly 1, whatever its value's state.
  const bool same_run = from.date == to.date && from.precision == to.precision;
  const bool from_bound = !same_run && from.value.state == InterpolationState::clamped_low;
  const bool to_bound = !same_run && to.value.state == InterpolationState::clamped_low;
  factor.bound = from_bound && to_bound ? FactorBound::indeterminate
                 : from_bound           ? FactorBound::at_most
                 : to_bound             ? FactorBound::at_least
                                        : FactorBound::exact;
  return factor;
}

// The run's value at the target, read off its frontier, into a fresh `point` (filled in place: a history may
// hold hundreds of thousands of points, and moving each one costs about as much as filling it).
void
read_run(const HistoryFrontiers& frontiers,
         const HistoryFrontiers::RunFrontier& run,
         double target,
         std::int64_t days_since_launch,
         HistoryPoint& point)
{
  point.date = frontiers.date(run.date);
  point.days_since_launch = days_since_launch;
  if (run.interactivity.empty()) {
    point.value = {InterpolationState::unreachable, std::nullopt, std::nullopt, std::nullopt}; // a gap, frontier_size 0
    return;
  }
  const FrontierReading reading = read_frontier(run.interactivity, run.throughput, target);
  const auto knot = [&](std::size_t k) {
    return FrontierKnot{run.interactivity[k],
                        run.throughput[k],
                        std::string(frontiers.result_id(run.first_knot + static_cast<std::uint32_t>(k)))};
  };
  point.lower = knot(reading.lower);
  point.value = {reading.state, reading.throughput, point.lower->result_id, std::nullopt};
  if (reading.upper) {
    point.upper = knot(*reading.upper);
    point.value.upper_result_id = point.upper->result_id;
  }
  point.slowest_interactivity = run.interactivity.front();
  point.fastest_interactivity = run.interactivity.back();
  point.frontier_size = run.interactivity.size();
  if (const auto url = frontiers.run_url(run.first_knot + static_cast<std::uint32_t>(reading.lower))) {
    point.run_url = std::string(*url);
  }
}

}  // namespace

const char*
to_string(FactorBound bound)
{
  switch (bound) {
    case FactorBound::exact:
      return "exact";
    case FactorBound::at_least:
      return "at_least";
    case FactorBound::at_most:
      return "at_most";
    case FactorBound::indeterminate:
      return "indeterminate";
  }
  return "unknown";
}

std::int64_t
days_between(std::string_view from, std::string_view to)
{
  return day_number(to) - day_number(from);
}

std::vector<HistorySeries>
read_history(const HistoryFrontiers& frontiers, const HistoryOptions& options)
{
  return read_history(frontiers, options, 0, frontiers.configuration_count());
}

std::vector<HistorySeries>
read_history(const HistoryFrontiers& frontiers, const HistoryOptions& options, std::size_t first, std::size_t count)
{
  first = std::min(first, frontiers.configuration_count());
  std::vector<std::size_t> configurations(std::min(count, frontiers.configuration_count() - first));
  for (std::size_t i = 0; i < configurations.size(); ++i) {
    configurations[i] = first + i;
  }
  return read_history(frontiers, options, configurations);
}

std::vector<HistorySeries>
read_history(const HistoryFrontiers& frontiers,
             const HistoryOptions& options,
             std::span<const std::size_t> configurations)
{
  INFERTRACK_ASSERT(std::isfinite(options.target));
  INFERTRACK_ASSERT(options.basis == frontiers.basis_option() && options.metric == frontiers.metric());
  const std::int64_t launch_day = day_number(options.launch_date);
  std::vector<std::int64_t> days_since_launch(frontiers.date_count());
  for (std::size_t d = 0; d < days_since_launch.size(); ++d) {
    days_since_launch[d] = day_number(frontiers.date(static_cast<std::uint32_t>(d))) - launch_day;
  }

  std::vector<HistorySeries> history(configurations.size());
  for (std::size_t i = 0; i < history.size(); ++i) {
    const std::size_t c = configurations[i];
    INFERTRACK_ASSERT(c < frontiers.configuration_count());
    HistorySeries& series = history[i];
    series.configuration = frontiers.configuration(c);
    series.basis = frontiers.basis(c);
    series.metric = frontiers.metric();
    series.points.reserve(frontiers.run_count(c));
    std::optional<std::size_t> first_measured;
    for (std::size_t r = 0; r < frontiers.run_count(c); ++r) {
      const HistoryFrontiers::RunFrontier run = frontiers.run(c, r);
      HistoryPoint& point = series.points.emplace_back();
      read_run(frontiers, run, options.target, days_since_launch[run.date], point);
      point.precision = series.configuration.precision;
      if (!first_measured && has_value(point.value.state)) {
        first_measured = r;
      }
      if (first_measured) {
        point.since_first = factor_between(series.points[*first_measured], point);
      }
    }
  }
  return history;
}

std::vector<std::vector<std::size_t>>
precision_groups(const HistoryFrontiers& frontiers)
{
  std::vector<std::vector<std::size_t>> groups;
  std::map<std::pair<ConfigGroupKey, InteractivityBasis>, std::size_t> group_of;
  for (std::size_t c = 0; c < frontiers.configuration_count(); ++c) {
    ConfigGroupKey key = frontiers.configuration(c);
    key.precision.clear();
    const auto [found, added] = group_of.try_emplace({std::move(key), frontiers.basis(c)}, groups.size());
    if (added) {
      groups.emplace_back();
    }
    groups[found->second].push_back(c);
  }
  return groups;
}

HistorySeries
join_precisions(std::vector<HistorySeries> group)
{
  INFERTRACK_ASSERT(!group.empty());
  if (group.size() == 1) {
    return std::move(group.front());
  }
  HistorySeries joined;
  joined.configuration = group.front().configuration;
  joined.basis = group.front().basis;
  joined.metric = group.front().metric;
  std::set<std::string> precisions;
  // By date, the run with the highest value at the target; one without a value only when no run of the date has one.
  std::map<std::string, HistoryPoint> best;
  for (HistorySeries& series : group) {
    precisions.insert(series.configuration.precision);
    for (HistoryPoint& point : series.points) {
      const auto [at, added] = best.try_emplace(point.date, point);
      const HistoryPoint& held = at->second;
      const bool better = has_value(point.value.state) && point.value.throughput &&
                          (!has_value(held.value.state) || !held.value.throughput ||
                           *point.value.throughput > *held.value.throughput);
      if (!added && better) {
        at->second = std::move(point);
      }
    }
  }
  joined.configuration.precision.clear();
  for (const std::string& precision : precisions) {
    joined.configuration.precision += (joined.configuration.precision.empty() ? "" : "/") + precision;
  }
  std::optional<std::size_t> first_measured;
  for (auto& [date, point] : best) {
    point.since_first.reset();
    joined.points.push_back(std::move(point));
    HistoryPoint& added = joined.points.back();
    if (!first_measured && has_value(added.value.state)) {
      first_measured = joined.points.size() - 1;
    }
    if (first_measured) {
      added.since_first = factor_between(joined.points[*first_measured], added);
    }
  }
  return joined;
}

std::vector<HistorySeries>
build_history(std::span<const BenchmarkPoint> points, const HistoryOptions& options)
{
  HistoryFrontiers frontiers(options.basis, options.metric);
  frontiers.add(points);
  return read_history(frontiers, options);
}

std::optional<ImprovementFactor>
improvement_between(const HistorySeries& series, std::string_view from, std::string_view to)
{
  const auto find = [&](std::string_view date) -> const HistoryPoint* {
    for (const HistoryPoint& point : series.points) {
      if (point.date == date) {
        return &point;
      }
    }
    return nullptr;
  };
  const HistoryPoint* earlier = find(from);
  const HistoryPoint* later = find(to);
  if (!earlier || !later) {
    return std::nullopt;
  }
  return factor_between(*earlier, *later);
}

}  // namespace infertrack::domain

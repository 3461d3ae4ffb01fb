#include "infertrack/domain/history.hpp"

#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/domain/pareto_frontier.hpp"
#include "infertrack/util/assertions.hpp"
#include "infertrack/util/iso_date.hpp"

#include <algorithm>
#include <cmath>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace infertrack::domain {
namespace {

bool
usable(std::optional<double> value)
{
  return value && std::isfinite(*value);
}

// What a run's curve needs of one point, read in one sequential pass over the (large) points: going back to
// a point later for its id or run link would cost cache misses on every run.
struct PointSummary
{
  std::size_t run = 0;
  std::string_view result_id;
  std::string_view date;
  const std::optional<std::string>* run_url = nullptr;
  std::optional<double> p90;
  std::optional<double> median;
  std::optional<double> value;
};

// One configuration measured on one date.
struct Run
{
  std::size_t configuration = 0;
  std::size_t date = 0;  // date id
  std::size_t begin = 0; // its points in the run-ordered summaries
  std::size_t end = 0;
};

struct Configuration
{
  ConfigurationView view;
  std::size_t first_point = 0;
  bool all_have_p90 = true;
  std::vector<std::size_t> runs;
};

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
  const bool from_bound = from.value.state == InterpolationState::clamped_low;
  const bool to_bound = to.value.state == InterpolationState::clamped_low;
  factor.bound = from_bound && to_bound ? FactorBound::indeterminate
                 : from_bound           ? FactorBound::at_most
                 : to_bound             ? FactorBound::at_least
                                        : FactorBound::exact;
  return factor;
}

// Reused between runs so that a history of many small runs allocates little.
struct RunScratch
{
  std::vector<const PointSummary*> kept;
  std::vector<PlanePoint> plane;
  std::vector<FrontierKnot> knots;
};

// The run's frontier, as performance_curve.cpp's curve_of_run builds it, read at the target. Empty when no
// point of the run has the basis and the metric.
std::optional<HistoryPoint>
point_of_run(std::span<const PointSummary> members,
             InteractivityBasis basis,
             const HistoryOptions& options,
             std::int64_t launch_day,
             RunScratch& scratch)
{
  scratch.kept.clear();
  scratch.plane.clear();
  for (const PointSummary& member : members) {
    const std::optional<double> x = basis == InteractivityBasis::p90_itl ? member.p90 : member.median;
    if (usable(x) && usable(member.value)) {
      scratch.kept.push_back(&member);
      scratch.plane.push_back({*x, *member.value});
    }
  }
  if (scratch.kept.empty()) {
    return std::nullopt;
  }
  // Interactivity and throughput both higher-better: the upper-right frontier, sorted by interactivity.
  const std::vector<std::size_t> front = pareto_frontier(scratch.plane, {Preference::higher, Preference::higher});
  scratch.knots.resize(front.size());
  for (std::size_t k = 0; k < front.size(); ++k) {
    const PlanePoint& knot = scratch.plane[front[k]];
    scratch.knots[k].interactivity = knot.x;
    scratch.knots[k].throughput = knot.y;
    scratch.knots[k].result_id = scratch.kept[front[k]]->result_id;
  }

  HistoryPoint point;
  point.date = members.front().date;
  point.days_since_launch = day_number(point.date) - launch_day;
  point.value = interpolate_at(scratch.knots, options.target);
  point.slowest_interactivity = scratch.knots.front().interactivity;
  point.fastest_interactivity = scratch.knots.back().interactivity;
  point.frontier_size = scratch.knots.size();
  for (std::size_t k = 0; k < scratch.knots.size(); ++k) {
    const FrontierKnot& knot = scratch.knots[k];
    if (point.value.lower_result_id == knot.result_id) {
      point.lower = knot;
      point.run_url = *scratch.kept[front[k]]->run_url;
    }
    if (point.value.upper_result_id == knot.result_id) {
      point.upper = knot;
    }
  }
  return point;
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
build_history(std::span<const BenchmarkPoint> points, const HistoryOptions& options)
{
  INFERTRACK_ASSERT(std::isfinite(options.target));
  const std::int64_t launch_day = day_number(options.launch_date);

  // One pass: configuration, date and run ids. Stores return points ordered by configuration and date, so
  // the previous point's ids are tried before any hash lookup.
  std::unordered_map<ConfigurationView, std::size_t, ConfigurationHash> configuration_ids;
  std::unordered_map<std::string_view, std::size_t> date_ids;
  std::unordered_map<std::uint64_t, std::size_t> run_ids;
  std::vector<Configuration> configurations;
  std::vector<std::string_view> dates;
  std::vector<Run> runs;
  std::vector<PointSummary> summaries;
  summaries.reserve(points.size());
  std::optional<ConfigurationView> last_configuration;
  std::size_t configuration_id = 0;
  std::optional<std::string_view> last_date;
  std::size_t date_id = 0;
  std::size_t run_id = 0;
  bool grouped = true; // each run's points already contiguous, as a store returns them
  for (std::size_t i = 0; i < points.size(); ++i) {
    const BenchmarkPoint& point = points[i];
    const ConfigurationView view = configuration_of(point);
    bool same_run = true;
    if (!last_configuration || *last_configuration != view) {
      const auto [found, added] = configuration_ids.try_emplace(view, configurations.size());
      if (added) {
        configurations.push_back({view, i, true, {}});
      }
      configuration_id = found->second;
      last_configuration = view;
      same_run = false;
    }
    if (!last_date || *last_date != point.date) {
      const auto [found, added] = date_ids.try_emplace(point.date, dates.size());
      if (added) {
        dates.push_back(found->first);
      }
      date_id = found->second;
      last_date = point.date;
      same_run = false;
    }
    if (!same_run || runs.empty()) {
      const std::uint64_t key = (static_cast<std::uint64_t>(configuration_id) << 32) | date_id;
      const auto [found, added] = run_ids.try_emplace(key, runs.size());
      if (added) {
        runs.push_back({configuration_id, date_id, 0, 0});
        configurations[configuration_id].runs.push_back(found->second);
      }
      grouped = grouped && (added || found->second == run_id);
      run_id = found->second;
    }
    configurations[configuration_id].all_have_p90 =
      configurations[configuration_id].all_have_p90 && point.interactivity_p90.has_value();
    ++runs[run_id].end; // a count until the offsets below
    summaries.push_back({run_id,
                         point.result_id,
                         point.date,
                         &point.run_url,
                         point.interactivity_p90,
                         point.interactivity_median,
                         metric_of(point.per_gpu_tps, options.metric)});
  }

  // Counting sort by run (each run's points contiguous, in input order), unless they already are.
  std::size_t offset = 0;
  for (Run& run : runs) {
    const std::size_t count = run.end;
    run.begin = offset;
    run.end = grouped ? offset + count : offset;
    offset += count;
  }
  std::vector<PointSummary> by_run;
  if (!grouped) {
    by_run.resize(summaries.size());
    for (const PointSummary& summary : summaries) {
      by_run[runs[summary.run].end++] = summary;
    }
    summaries.swap(by_run);
  }

  std::vector<std::size_t> order(configurations.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return configurations[a].view < configurations[b].view;
  });

  std::vector<HistorySeries> history;
  history.reserve(configurations.size());
  RunScratch scratch;
  for (const std::size_t c : order) {
    Configuration& configuration = configurations[c];
    // YYYY-MM-DD: text order is time order.
    std::sort(configuration.runs.begin(), configuration.runs.end(), [&](std::size_t a, std::size_t b) {
      return dates[runs[a].date] < dates[runs[b].date];
    });
    HistorySeries series;
    series.configuration = config_group_of(points[configuration.first_point]).without_date();
    series.basis = options.basis.value_or(configuration.all_have_p90 ? InteractivityBasis::p90_itl
                                                                     : InteractivityBasis::median_tpot);
    series.metric = options.metric;
    series.points.reserve(configuration.runs.size());
    std::optional<std::size_t> first_measured;
    for (const std::size_t r : configuration.runs) {
      const std::span<const PointSummary> members(summaries.data() + runs[r].begin, runs[r].end - runs[r].begin);
      std::optional<HistoryPoint> point = point_of_run(members, series.basis, options, launch_day, scratch);
      if (!point) {
        continue;
      }
      if (!first_measured && has_value(point->value.state)) {
        first_measured = series.points.size();
      }
      if (first_measured) {
        const bool is_first = *first_measured == series.points.size();
        point->since_first = factor_between(is_first ? *point : series.points[*first_measured], *point);
      }
      series.points.push_back(std::move(*point));
    }
    if (!series.points.empty()) {
      history.push_back(std::move(series));
    }
  }
  return history;
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

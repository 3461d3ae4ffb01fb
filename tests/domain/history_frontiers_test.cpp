#include "infertrack/domain/history_frontiers.hpp"

#include "infertrack/domain/history.hpp"
#include "support/history_expectations.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace infertrack::domain {
namespace {

// Varied points: six configurations (agentic and fixed-length, one without P90 on some points), runs of one
// to seven points on dates drawn from a pool, interactivities from a few values so that ties and identical
// points are common, some points without the metric or with a non-finite value, some without a run link
// and some runs with two links. Shuffled, as no store would return them.
std::vector<BenchmarkPoint>
varied_points(std::uint32_t seed)
{
  std::mt19937 random(seed);
  const std::vector<std::string> pool = {"2026-04-20", "2026-04-24", "2026-04-25", "2026-05-01", "2026-05-02",
                                         "2026-05-31", "2026-06-01", "2026-07-15", "2026-09-30", "2026-11-02"};
  const std::vector<double> ladder = {0.5, 1, 2, 2.5, 4, 8, 16, 40, 100};
  std::uniform_int_distribution<std::size_t> date_pick(0, pool.size() - 1);
  std::uniform_int_distribution<std::size_t> rung(0, ladder.size() - 1);
  std::uniform_int_distribution<int> run_size(1, 7);
  std::uniform_int_distribution<int> runs_per_configuration(1, 6);
  std::uniform_real_distribution<double> throughput(10, 5000);
  std::uniform_int_distribution<int> chance(0, 99);
  std::vector<BenchmarkPoint> points;
  int id = 0;
  for (int c = 0; c < 6; ++c) {
    const bool agentic = c % 2 == 0;
    std::set<std::string> dates;
    const int runs = runs_per_configuration(random);
    while (static_cast<int>(dates.size()) < runs) {
      dates.insert(pool[date_pick(random)]);
    }
    for (const std::string& date : dates) {
      const int size = run_size(random);
      for (int k = 0; k < size; ++k) {
        BenchmarkPoint p;
        p.result_id = "r" + std::to_string(id++);
        p.model = c < 4 ? "DeepSeek-V4-Pro" : "DeepSeek-V4.1-Flash";
        p.hardware = c % 3 == 0 ? "mi355x" : "gb200";
        p.framework = "sglang";
        p.precision = "fp4";
        p.workload = agentic ? "agentic" : "8192/1024";
        p.date = date;
        const double x = ladder[rung(random)];
        p.interactivity_median = x * 1.25;
        if (agentic || c == 1) {
          p.interactivity_p90 = x;
        }
        if (c == 3 && chance(random) < 20) {
          p.interactivity_p90 = x; // a fixed-length configuration with P90 on some points only
        }
        const int roll = chance(random);
        p.per_gpu_tps.total = roll < 5 ? std::nullopt : std::optional<double>(throughput(random));
        if (roll >= 5 && roll < 8) {
          p.per_gpu_tps.total = std::numeric_limits<double>::infinity();
        }
        p.per_gpu_tps.output = p.per_gpu_tps.total ? std::optional<double>(*p.per_gpu_tps.total / 9) : std::nullopt;
        if (k > 0 && chance(random) < 15 && !points.empty() && points.back().date == date) {
          // An identical measurement, or a tie on interactivity alone.
          p.interactivity_median = points.back().interactivity_median;
          p.interactivity_p90 = points.back().interactivity_p90;
          if (chance(random) < 50) {
            p.per_gpu_tps = points.back().per_gpu_tps;
          }
        }
        const int link = chance(random);
        if (link >= 10) {
          p.run_url = "https://example.test/runs/" + date + (link < 20 ? "/second" : "");
        }
        points.push_back(std::move(p));
      }
    }
  }
  std::shuffle(points.begin(), points.end(), random);
  return points;
}

// The history worked out the plain way: each run date's curve from build_curves alone, read with
// interpolate_curve, the factor against the first run with a value computed from its definition. Each
// curve's points in listing order (concurrency, then result id), as a store gives them: build_curves keeps
// the first of identical points, and a history keeps the first in listing order whatever its input order.
std::vector<HistorySeries>
plain_history(std::vector<BenchmarkPoint> points, const HistoryOptions& options)
{
  std::stable_sort(points.begin(), points.end(), [](const BenchmarkPoint& a, const BenchmarkPoint& b) {
    return std::tie(a.concurrency, a.result_id) < std::tie(b.concurrency, b.result_id);
  });
  std::set<ConfigGroupKey> configurations;
  for (const BenchmarkPoint& point : points) {
    configurations.insert(config_group_of(point).without_date());
  }
  std::vector<HistorySeries> history;
  for (const ConfigGroupKey& configuration : configurations) {
    std::vector<BenchmarkPoint> members;
    std::set<std::string> dates;
    bool all_have_p90 = true;
    bool all_have_median = true;
    for (const BenchmarkPoint& point : points) {
      if (config_group_of(point).without_date() == configuration) {
        members.push_back(point);
        dates.insert(point.date);
        all_have_p90 = all_have_p90 && point.interactivity_p90.has_value();
        all_have_median = all_have_median && point.interactivity_median.has_value();
      }
    }
    // Agentic configurations at P90 ITL, fixed-length ones at the median TPOT, the other when a point lacks it.
    using enum InteractivityBasis;
    const InteractivityBasis by_default = configuration.workload == "agentic"
                                            ? (all_have_p90 ? p90_itl : median_tpot)
                                            : (all_have_median ? median_tpot : p90_itl);
    HistorySeries series;
    series.configuration = configuration;
    series.basis = options.basis.value_or(by_default);
    series.metric = options.metric;
    for (const std::string& date : dates) {
      CurveOptions curve_options;
      curve_options.basis = series.basis;
      curve_options.metric = options.metric;
      curve_options.date = date;
      const std::vector<PerformanceCurve> curves = build_curves(members, curve_options);
      if (curves.empty()) {
        // No point of the run at the basis with the metric: a gap.
        HistoryPoint gap;
        gap.date = date;
        gap.days_since_launch = days_between(options.launch_date, date);
        series.points.push_back(std::move(gap));
        continue;
      }
      const std::vector<FrontierKnot>& frontier = curves.front().frontier;
      HistoryPoint point;
      point.date = date;
      point.days_since_launch = days_between(options.launch_date, date);
      point.value = interpolate_curve(curves.front(), options.target);
      for (const FrontierKnot& knot : frontier) {
        if (knot.result_id == point.value.lower_result_id) {
          point.lower = knot;
        }
        if (knot.result_id == point.value.upper_result_id) {
          point.upper = knot;
        }
      }
      point.slowest_interactivity = frontier.front().interactivity;
      point.fastest_interactivity = frontier.back().interactivity;
      point.frontier_size = frontier.size();
      for (const BenchmarkPoint& member : members) {
        if (member.result_id == point.value.lower_result_id) {
          point.run_url = member.run_url;
        }
      }
      series.points.push_back(std::move(point));
    }
    if (std::none_of(series.points.begin(), series.points.end(),
                     [](const HistoryPoint& point) { return point.frontier_size > 0; })) {
      continue; // no usable run at all: no series
    }
    const auto first = std::find_if(series.points.begin(), series.points.end(), [](const HistoryPoint& point) {
      return point.value.state != InterpolationState::unreachable;
    });
    for (auto later = first; later != series.points.end(); ++later) {
      ImprovementFactor factor{first->date, later->date, first->value.state, later->value.state, {}, {}};
      if (later->value.throughput && *first->value.throughput > 0) {
        factor.factor = *later->value.throughput / *first->value.throughput;
        const bool itself = later == first;
        const bool from_bound = !itself && first->value.state == InterpolationState::clamped_low;
        const bool to_bound = !itself && later->value.state == InterpolationState::clamped_low;
        factor.bound = from_bound && to_bound ? FactorBound::indeterminate
                       : from_bound           ? FactorBound::at_most
                       : to_bound             ? FactorBound::at_least
                                              : FactorBound::exact;
      }
      later->since_first = factor;
    }
    if (!series.points.empty()) {
      history.push_back(std::move(series));
    }
  }
  return history;
}

// Targets below, on, between and above the ladder's values.
const std::vector<double> k_targets = {0.1, 0.5, 1.0, 1.9, 2.5, 3.0, 8.0, 12.5, 40.0, 99.0, 125.0, 500.0};

TEST(HistoryFrontiers, BuildHistoryIsThePlainPerRunComputation)
{
  for (std::uint32_t seed = 1; seed <= 25; ++seed) {
    const std::vector<BenchmarkPoint> points = varied_points(seed);
    for (const auto basis :
         {std::optional<InteractivityBasis>{}, std::optional(InteractivityBasis::median_tpot)}) {
      for (const ThroughputMetric metric : {ThroughputMetric::total, ThroughputMetric::output}) {
        for (const double target : k_targets) {
          SCOPED_TRACE("seed " + std::to_string(seed) + " target " + std::to_string(target));
          HistoryOptions options;
          options.target = target;
          options.basis = basis;
          options.metric = metric;
          test::expect_same_history(build_history(points, options), plain_history(points, options));
        }
      }
    }
  }
}

TEST(HistoryFrontiers, OneSetOfFrontiersReadsEveryTarget)
{
  const std::vector<BenchmarkPoint> points = varied_points(99);
  HistoryFrontiers frontiers(std::nullopt, ThroughputMetric::total);
  frontiers.add(points);
  for (const double target : k_targets) {
    HistoryOptions options;
    options.target = target;
    options.launch_date = "2026-05-01";
    test::expect_same_history(read_history(frontiers, options), plain_history(points, options));
  }
}

// What the server does for an as-of date: the store returns the points on or before it, one configuration
// group at a time, in listing order.
TEST(HistoryFrontiers, GroupByGroupAsOfADateIsThePlainComputationOfThoseRuns)
{
  std::vector<BenchmarkPoint> points = varied_points(7);
  for (const std::string as_of : {"2026-04-19", "2026-04-25", "2026-06-01", "2026-12-31"}) {
    std::vector<BenchmarkPoint> kept;
    std::copy_if(points.begin(), points.end(), std::back_inserter(kept), [&](const BenchmarkPoint& point) {
      return point.date <= as_of;
    });
    std::sort(kept.begin(), kept.end(), [](const BenchmarkPoint& a, const BenchmarkPoint& b) {
      return std::tie(a.model, a.hardware, a.framework, a.precision, a.spec_method, a.disaggregated, a.workload,
                      a.date, a.result_id) < std::tie(b.model, b.hardware, b.framework, b.precision,
                                                      b.spec_method, b.disaggregated, b.workload, b.date,
                                                      b.result_id);
    });
    HistoryFrontiers frontiers(std::nullopt, ThroughputMetric::total);
    for (auto begin = kept.begin(); begin != kept.end();) {
      // One group: every workload of one model, hardware, framework, precision and spec method.
      const auto end = std::find_if(begin, kept.end(), [&](const BenchmarkPoint& point) {
        return point.model != begin->model || point.hardware != begin->hardware;
      });
      frontiers.add(std::span<const BenchmarkPoint>(&*begin, static_cast<std::size_t>(end - begin)));
      begin = end;
    }
    for (const double target : {1.0, 3.0, 40.0}) {
      HistoryOptions options;
      options.target = target;
      SCOPED_TRACE(as_of);
      test::expect_same_history(read_history(frontiers, options), plain_history(kept, options));
    }
  }
}

// Every configuration, run, knot, result id and run link of two sets of frontiers.
void
expect_same_frontiers(const HistoryFrontiers& actual, const HistoryFrontiers& expected)
{
  ASSERT_EQ(actual.configuration_count(), expected.configuration_count());
  for (std::size_t c = 0; c < expected.configuration_count(); ++c) {
    SCOPED_TRACE(expected.configuration(c).label());
    EXPECT_EQ(actual.configuration(c), expected.configuration(c));
    EXPECT_EQ(actual.basis(c), expected.basis(c));
    ASSERT_EQ(actual.run_count(c), expected.run_count(c));
    for (std::size_t r = 0; r < expected.run_count(c); ++r) {
      const HistoryFrontiers::RunFrontier got = actual.run(c, r);
      const HistoryFrontiers::RunFrontier want = expected.run(c, r);
      SCOPED_TRACE(expected.date(want.date));
      EXPECT_EQ(actual.date(got.date), expected.date(want.date));
      EXPECT_EQ(std::vector<double>(got.interactivity.begin(), got.interactivity.end()),
                std::vector<double>(want.interactivity.begin(), want.interactivity.end()));
      EXPECT_EQ(std::vector<double>(got.throughput.begin(), got.throughput.end()),
                std::vector<double>(want.throughput.begin(), want.throughput.end()));
      ASSERT_EQ(got.interactivity.size(), want.interactivity.size());
      for (std::uint32_t k = 0; k < want.interactivity.size(); ++k) {
        EXPECT_EQ(actual.result_id(got.first_knot + k), expected.result_id(want.first_knot + k));
        EXPECT_EQ(actual.run_url(got.first_knot + k), expected.run_url(want.first_knot + k));
      }
    }
  }
}

bool
listed_before(const BenchmarkPoint& a, const BenchmarkPoint& b)
{
  return std::tie(a.model, a.hardware, a.framework, a.precision, a.spec_method, a.disaggregated, a.workload,
                  a.date, a.concurrency, a.result_id) < std::tie(b.model, b.hardware, b.framework, b.precision,
                                                                 b.spec_method, b.disaggregated, b.workload,
                                                                 b.date, b.concurrency, b.result_id);
}

// What a store's table read does: samples one at a time, in whatever order the rows are, each viewing a
// buffer that the next row overwrites.
TEST(HistoryFrontiers, BuilderFedShuffledSamplesBuildsWhatAddBuildsFromTheListing)
{
  std::size_t identical = 0; // pairs of identical points in one run, where the order could have mattered
  for (std::uint32_t seed = 1; seed <= 10; ++seed) {
    std::vector<BenchmarkPoint> points = varied_points(seed);
    std::mt19937 random(seed);
    for (BenchmarkPoint& point : points) {
      point.concurrency = std::uniform_int_distribution<int>(0, 2)(random) * 16; // ties on it too
    }
    std::vector<BenchmarkPoint> listed = points;
    std::sort(listed.begin(), listed.end(), listed_before);
    for (std::size_t i = 1; i < listed.size(); ++i) {
      for (std::size_t j = i; j-- > 0 && listed[j].date == listed[i].date;) {
        identical += configuration_of(listed[j]) == configuration_of(listed[i]) &&
                     listed[j].interactivity_median == listed[i].interactivity_median &&
                     listed[j].per_gpu_tps == listed[i].per_gpu_tps;
      }
    }
    for (const auto basis : {std::optional<InteractivityBasis>{}, std::optional(InteractivityBasis::median_tpot)}) {
      for (const ThroughputMetric metric : {ThroughputMetric::total, ThroughputMetric::output}) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        HistoryFrontiers expected(basis, metric);
        expected.add(listed);
        HistoryFrontiers sampled(basis, metric);
        HistoryFrontiers::Builder builder(sampled);
        BenchmarkPoint row; // the read buffer
        for (const BenchmarkPoint& point : points) {
          row = point;
          builder.add(frontier_sample_of(row, metric));
        }
        row = BenchmarkPoint{};
        builder.finish();
        expect_same_frontiers(sampled, expected);
        ASSERT_GT(sampled.configuration_count(), 0u);
      }
    }
  }
  EXPECT_GT(identical, 0u);
}

TEST(HistoryFrontiers, OfIdenticalPointsKeepsTheFirstInListingOrderWhateverTheInputOrder)
{
  std::vector<BenchmarkPoint> points;
  for (const auto& [id, concurrency] : {std::tuple{"c", 8}, std::tuple{"b", 16}, std::tuple{"a", 16}}) {
    BenchmarkPoint p;
    p.result_id = id;
    p.concurrency = concurrency;
    p.model = "DeepSeek-V4-Pro";
    p.hardware = "gb200";
    p.workload = "8192/1024";
    p.date = "2026-05-01";
    p.interactivity_median = 10;
    p.per_gpu_tps.total = 100;
    p.run_url = std::string("https://example.test/runs/") + id;
    points.push_back(p);
  }
  points.back().concurrency = 4; // "a" at 4: the first listed
  std::sort(points.begin(), points.end(), [](const BenchmarkPoint& a, const BenchmarkPoint& b) {
    return a.result_id < b.result_id;
  });
  do {
    HistoryFrontiers frontiers(std::nullopt, ThroughputMetric::total);
    frontiers.add(points);
    ASSERT_EQ(frontiers.configuration_count(), 1u);
    const HistoryFrontiers::RunFrontier run = frontiers.run(0, 0);
    ASSERT_EQ(run.interactivity.size(), 1u);
    EXPECT_EQ(frontiers.result_id(run.first_knot), "a");
    EXPECT_EQ(frontiers.run_url(run.first_knot), "https://example.test/runs/a");
  } while (std::next_permutation(points.begin(), points.end(), [](const BenchmarkPoint& a, const BenchmarkPoint& b) {
    return a.result_id < b.result_id;
  }));
  points[0].concurrency = 16; // "a" and "b" both at 16, "c" at 8: "c"
  HistoryFrontiers frontiers(std::nullopt, ThroughputMetric::total);
  frontiers.add(points);
  EXPECT_EQ(frontiers.result_id(frontiers.run(0, 0).first_knot), "c");
  points[2].concurrency = 16; // all at 16: the smallest result id
  HistoryFrontiers all_equal(std::nullopt, ThroughputMetric::total);
  all_equal.add(points);
  EXPECT_EQ(all_equal.result_id(all_equal.run(0, 0).first_knot), "a");
}

TEST(HistoryFrontiers, KeepsOnlyFrontierKnotsAndSharesARunsLink)
{
  std::vector<BenchmarkPoint> points;
  for (const auto& [id, x, y] : {std::tuple{"a", 1.0, 300.0}, std::tuple{"b", 2.0, 200.0},
                                 std::tuple{"c", 1.5, 100.0}, std::tuple{"d", 4.0, 50.0}}) {
    BenchmarkPoint p;
    p.result_id = id;
    p.model = "DeepSeek-V4-Pro";
    p.hardware = "gb200";
    p.workload = "8192/1024";
    p.date = "2026-05-01";
    p.interactivity_median = x;
    p.per_gpu_tps.total = y;
    p.run_url = "https://example.test/runs/1";
    points.push_back(p);
  }
  BenchmarkPoint single = points.front();
  single.result_id = "s";
  single.date = "2026-05-09";
  single.run_url.reset();
  points.push_back(single);

  HistoryFrontiers frontiers(std::nullopt, ThroughputMetric::total);
  frontiers.add(points);
  ASSERT_EQ(frontiers.configuration_count(), 1u);
  ASSERT_EQ(frontiers.run_count(0), 2u);
  const HistoryFrontiers::RunFrontier first = frontiers.run(0, 0);
  EXPECT_EQ(frontiers.date(first.date), "2026-05-01");
  EXPECT_EQ(std::vector<double>(first.interactivity.begin(), first.interactivity.end()),
            (std::vector<double>{1, 2, 4})); // c (1.5, 100) is dominated by b
  EXPECT_EQ(frontiers.result_id(first.first_knot + 1), "b");
  EXPECT_EQ(frontiers.run_url(first.first_knot), frontiers.run_url(first.first_knot + 2));
  const HistoryFrontiers::RunFrontier second = frontiers.run(0, 1);
  EXPECT_EQ(second.interactivity.size(), 1u);
  EXPECT_EQ(frontiers.result_id(second.first_knot), "s");
  EXPECT_FALSE(frontiers.run_url(second.first_knot));
  EXPECT_GT(frontiers.size_bytes(), sizeof(HistoryFrontiers));
}

}  // namespace
}  // namespace infertrack::domain

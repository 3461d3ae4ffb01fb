#include "infertrack/domain/service_level.hpp"

#include "infertrack/domain/monotone_spline.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace infertrack::domain {
namespace {

// One fixed-length run of one configuration: as concurrency rises, interactivity falls while throughput, TTFT and
// end-to-end latency rise.
BenchmarkPoint
point(std::string id, double interactivity, double total_per_gpu, double ttft_p99, double e2el_p90)
{
  BenchmarkPoint p;
  p.result_id = std::move(id);
  p.model = "DeepSeek-V4-Pro";
  p.hardware = "b200";
  p.framework = "sglang";
  p.precision = "fp8";
  p.workload = "1024/1024";
  p.date = "2026-11-20";
  p.concurrency = 4;
  p.total_allocated_gpus = 8;
  p.per_gpu_tps.total = total_per_gpu;
  p.interactivity_median = interactivity;
  p.interactivity_p90 = interactivity * 0.9; // P90 TPOT: the slow tail
  p.latency.ttft.p99 = ttft_p99;
  p.latency.ttft.p90 = ttft_p99 * 0.6;
  p.latency.ttft.median = ttft_p99 * 0.3;
  p.latency.e2el.p90 = e2el_p90;
  return p;
}

std::vector<BenchmarkPoint>
run()
{
  return {point("c4", 100, 1000, 0.5, 10), point("c16", 80, 3000, 1.0, 13), point("c64", 50, 6000, 2.5, 20),
          point("c256", 20, 9000, 6.0, 50),
          // Dominated on both axes by c64: slower, with a higher TTFT and less throughput.
          point("c48", 45, 5000, 3.0, 25)};
}

std::vector<std::string>
frontier_ids(const PerformanceCurve& curve)
{
  std::vector<std::string> ids;
  for (const FrontierKnot& knot : curve.frontier) {
    ids.push_back(knot.result_id);
  }
  return ids;
}

TEST(LatencyCurve, KeepsLowLatencyHighThroughputAndReadsInSeconds)
{
  const std::vector<BenchmarkPoint> points = run();
  CurveOptions options;
  options.latency = LatencyAxis{LatencyKind::ttft, LatencyStatistic::p99};
  const std::vector<PerformanceCurve> curves = build_curves(points, options);
  ASSERT_EQ(curves.size(), 1u);
  const PerformanceCurve& curve = curves[0];
  // Upper left: min latency, max throughput. c48 is dominated by c64 (2.5 s, 6000) and stays visible off it.
  EXPECT_EQ(frontier_ids(curve), (std::vector<std::string>{"c256", "c64", "c16", "c4"}));
  EXPECT_EQ(curve.off_frontier_result_ids, std::vector<std::string>{"c48"});
  EXPECT_DOUBLE_EQ(axis_value(curve, curve.frontier.front()), 6.0);

  const InterpolatedThroughput exact = interpolate_curve(curve, 2.5);
  EXPECT_EQ(exact.state, InterpolationState::exact);
  EXPECT_DOUBLE_EQ(*exact.throughput, 6000);
  const InterpolatedThroughput between = interpolate_curve(curve, 1.75);
  EXPECT_EQ(between.state, InterpolationState::interpolated);
  EXPECT_GT(*between.throughput, 3000);
  EXPECT_LT(*between.throughput, 6000);
  // Faster than any run measured: no value. Slower than all: the highest throughput measured, a lower bound.
  EXPECT_EQ(interpolate_curve(curve, 0.3).state, InterpolationState::unreachable);
  const InterpolatedThroughput slow = interpolate_curve(curve, 10);
  EXPECT_EQ(slow.state, InterpolationState::clamped_low);
  EXPECT_DOUBLE_EQ(*slow.throughput, 9000);

  // Samples run in increasing latency and rise with it.
  const auto samples = sample_curve(curve, 16);
  ASSERT_EQ(samples.size(), 16u);
  EXPECT_DOUBLE_EQ(samples.front().first, 0.5);
  EXPECT_DOUBLE_EQ(samples.back().first, 6.0);
  for (std::size_t i = 1; i < samples.size(); ++i) {
    EXPECT_GT(samples[i].first, samples[i - 1].first);
    EXPECT_GE(samples[i].second, samples[i - 1].second);
  }
}

TEST(LatencyCurve, ReadsTheSplineDrawnOnIncreasingLatency)
{
  // The curve is kept on minus the latency; the Steffen spline is the same curve mirrored, so its readings equal the
  // spline drawn through the knots in increasing latency.
  const std::vector<BenchmarkPoint> points = run();
  CurveOptions options;
  options.latency = LatencyAxis{LatencyKind::ttft, LatencyStatistic::p99};
  const PerformanceCurve curve = build_curves(points, options).at(0);
  const MonotoneSpline drawn({0.5, 1.0, 2.5, 6.0}, {1000, 3000, 6000, 9000});
  for (const double seconds : {0.6, 0.9, 1.3, 2.0, 4.0, 5.5}) {
    EXPECT_NEAR(*interpolate_curve(curve, seconds).throughput, drawn(seconds), 1e-9) << seconds;
  }
}

TEST(LatencyCurve, LeavesOutARunWithoutTheStatistic)
{
  std::vector<BenchmarkPoint> points = run();
  for (BenchmarkPoint& p : points) {
    p.latency.ttft.p99.reset();
  }
  CurveOptions options;
  options.latency = LatencyAxis{LatencyKind::ttft, LatencyStatistic::p99};
  EXPECT_TRUE(build_curves(points, options).empty());
}

TEST(LatencyAxisNames, ParseBothSpellings)
{
  EXPECT_EQ(parse_latency_axis("ttft_p99"), (LatencyAxis{LatencyKind::ttft, LatencyStatistic::p99}));
  EXPECT_EQ(parse_latency_axis("p90_e2el"), (LatencyAxis{LatencyKind::e2el, LatencyStatistic::p90}));
  EXPECT_EQ(parse_latency_axis("ttft_p50"), (LatencyAxis{LatencyKind::ttft, LatencyStatistic::median}));
  EXPECT_EQ(parse_latency_axis("e2el_mean"), (LatencyAxis{LatencyKind::e2el, LatencyStatistic::mean}));
  EXPECT_FALSE(parse_latency_axis("itl_p90"));
  EXPECT_FALSE(parse_latency_axis("ttft"));
  EXPECT_FALSE(parse_latency_axis("ttft_p95"));
  EXPECT_EQ(to_string(LatencyAxis{LatencyKind::e2el, LatencyStatistic::p99}), "e2el_p99");
}

TEST(ServiceLevelParse, ReadsLimitsAndUnits)
{
  const auto target = parse_service_level_target("interactivity>=50, ttft_p99<=2s,e2el_p90<=30000ms");
  ASSERT_TRUE(target) << target.error().message;
  ASSERT_EQ(target->limits.size(), 3u);
  EXPECT_FALSE(target->limits[0].latency);
  EXPECT_DOUBLE_EQ(target->limits[0].value, 50);
  EXPECT_EQ(target->limits[1].latency, (LatencyAxis{LatencyKind::ttft, LatencyStatistic::p99}));
  EXPECT_DOUBLE_EQ(target->limits[1].value, 2);
  EXPECT_DOUBLE_EQ(target->limits[2].value, 30);
  EXPECT_EQ(target->text(), "interactivity>=50,ttft_p99<=2s,e2el_p90<=30s");

  const auto basis = parse_service_level_target("interactivity_median>=40,ttft_median<=0.5");
  ASSERT_TRUE(basis);
  EXPECT_EQ(basis->limits[0].basis, InteractivityBasis::median_tpot);
  EXPECT_DOUBLE_EQ(basis->limits[1].value, 0.5);
}

TEST(ServiceLevelParse, NamesTheBadPart)
{
  const std::vector<std::pair<std::string, std::string>> cases = {
    {"", "empty service-level target"},
    {"interactivity>=50,,ttft_p99<=2s", "bad limit \"\": empty"},
    {"ttft_p99>=2s", "bad limit \"ttft_p99>=2s\": a latency is a ceiling: use <="},
    {"interactivity<=50", "bad limit \"interactivity<=50\": interactivity is a floor: use >="},
    {"tpot_p99<=2s", "bad limit \"tpot_p99<=2s\": unknown measure \"tpot_p99\""},
    {"interactivity>=fast", "bad limit \"interactivity>=fast\": \"fast\" is not a positive number"},
    {"ttft_p99<=-1s", "bad limit \"ttft_p99<=-1s\": \"-1\" is not a positive number"},
    {"ttft_p99<=2h", "bad limit \"ttft_p99<=2h\": \"2h\" is not a positive number"},
    {"interactivity_p95>=50", "unknown interactivity statistic \"interactivity_p95\""},
    {"interactivity 50", "bad limit \"interactivity 50\": no comparison"},
    {"ttft_p99<=2s,p99_ttft<=3s", "limit \"ttft_p99<=3s\" repeats a measure"},
  };
  for (const auto& [text, expected] : cases) {
    const auto target = parse_service_level_target(text);
    ASSERT_FALSE(target) << text;
    EXPECT_EQ(target.error().field, "slo") << text;
    EXPECT_NE(target.error().message.find(expected), std::string::npos) << text << ": " << target.error().message;
  }
}

TEST(ServiceLevel, TheLowestCapBindsAndTheBestMeasuredPointMeetsEveryLimit)
{
  const std::vector<BenchmarkPoint> points = run();
  const auto target = parse_service_level_target("interactivity>=50,ttft_p99<=2s");
  ASSERT_TRUE(target);
  const std::vector<ServiceLevelAnswer> answers = evaluate_service_level(points, *target, {});
  ASSERT_EQ(answers.size(), 1u);
  const ServiceLevelAnswer& answer = answers[0];
  ASSERT_FALSE(answer.none_reason) << *answer.none_reason;
  ASSERT_EQ(answer.limits.size(), 2u);
  // Interactivity 50 allows c64's 6000 (exact); a P99 TTFT of 2 s allows less, between c16 and c64: it binds.
  EXPECT_EQ(answer.limits[0].reading->state, InterpolationState::exact);
  EXPECT_DOUBLE_EQ(*answer.limits[0].reading->throughput, 6000);
  EXPECT_EQ(answer.limits[0].statistic, "median_tpot");
  EXPECT_EQ(answer.limits[1].statistic, "ttft_p99");
  EXPECT_EQ(answer.limits[1].reading->state, InterpolationState::interpolated);
  EXPECT_EQ(answer.binding, 1u);
  CurveOptions ttft;
  ttft.latency = LatencyAxis{LatencyKind::ttft, LatencyStatistic::p99};
  EXPECT_DOUBLE_EQ(*answer.throughput, *interpolate_curve(build_curves(points, ttft).at(0), 2).throughput);
  EXPECT_DOUBLE_EQ(*answer.limits[1].lower_x, 2.5);
  EXPECT_DOUBLE_EQ(*answer.limits[1].upper_x, 1.0);

  // c4 and c16 meet both limits; c16 serves more.
  ASSERT_TRUE(answer.measured);
  EXPECT_EQ(answer.measured->result_id, "c16");
  EXPECT_DOUBLE_EQ(answer.measured->throughput, 3000);
  // P99 TTFT 1.0 s <= 2 s: at least 99% of requests; P90 TPOT interactivity 72 >= 50: at least 90%.
  ASSERT_TRUE(answer.measured->goodput);
  EXPECT_NEAR(answer.measured->goodput->share, 0.89, 1e-12);
  EXPECT_NEAR(answer.measured->goodput->throughput, 0.89 * 3000, 1e-9);
  EXPECT_NE(answer.measured->goodput->basis.find("no per-request data"), std::string::npos);
}

TEST(ServiceLevel, InteractivityBindsWhenTheLatencyIsLoose)
{
  const auto target = parse_service_level_target("interactivity>=80,e2el_p90<=40s");
  ASSERT_TRUE(target);
  const auto answers = evaluate_service_level(run(), *target, {});
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_EQ(answers[0].binding, 0u);
  EXPECT_DOUBLE_EQ(*answers[0].throughput, 3000);
}

TEST(ServiceLevel, SaysWhyNoPointMeetsTheTarget)
{
  const auto unreachable = parse_service_level_target("interactivity>=10,ttft_p99<=0.1s");
  ASSERT_TRUE(unreachable);
  const auto answers = evaluate_service_level(run(), *unreachable, {});
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_FALSE(answers[0].throughput);
  EXPECT_FALSE(answers[0].binding);
  EXPECT_FALSE(answers[0].measured);
  ASSERT_TRUE(answers[0].none_reason);
  EXPECT_NE(answers[0].none_reason->find("ttft_p99<=0.1s is never met: the lowest P99 time to first token measured "
                                          "is 0.5 s (point c4)"),
            std::string::npos)
    << *answers[0].none_reason;

  std::vector<BenchmarkPoint> points = run();
  for (BenchmarkPoint& p : points) {
    p.latency.e2el.p90.reset();
  }
  const auto missing = parse_service_level_target("e2el_p90<=30s");
  const auto without = evaluate_service_level(points, *missing, {});
  ASSERT_EQ(without.size(), 1u);
  ASSERT_TRUE(without[0].none_reason);
  EXPECT_NE(without[0].none_reason->find("reports no P90 end-to-end latency"), std::string::npos)
    << *without[0].none_reason;
  EXPECT_FALSE(without[0].limits[0].reading);
}

TEST(ServiceLevel, AgenticIntervalsStateNoGoodput)
{
  std::vector<BenchmarkPoint> points = run();
  for (BenchmarkPoint& p : points) {
    p.workload = "agentic";
    p.interactivity_p90 = p.interactivity_median;
  }
  const auto target = parse_service_level_target("interactivity>=50,ttft_p99<=2s");
  const auto answers = evaluate_service_level(points, *target, {});
  ASSERT_EQ(answers.size(), 1u);
  ASSERT_TRUE(answers[0].measured);
  // P90 ITL counts token gaps, not requests: no share of requests can be stated.
  EXPECT_FALSE(answers[0].measured->goodput);
}

}  // namespace
}  // namespace infertrack::domain

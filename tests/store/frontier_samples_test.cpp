// Store::frontier_samples() against a real SQLite file: the columns a history reads of exactly the points a
// filter matches, whatever order they come in.
#include "infertrack/domain/frontier_sample.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"

#include "store/store_test_support.hpp"
#include "support/test_database.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace infertrack::store::sqlite {
namespace {

using domain::BenchmarkPoint;
using domain::FrontierSample;
using domain::ThroughputMetric;

// A sample with its own copies of the text, to outlive the read.
struct OwnedSample
{
  std::string model, hardware, framework, precision, spec_method;
  bool disaggregated = false;
  std::string workload, date, result_id;
  std::int64_t concurrency = 0;
  std::optional<std::string> run_url;
  std::optional<double> p90, median, throughput;

  auto operator<=>(const OwnedSample&) const = default;
};

OwnedSample
owned(const FrontierSample& s)
{
  const domain::ConfigurationView& c = s.configuration;
  return {std::string(c.model),
          std::string(c.hardware),
          std::string(c.framework),
          std::string(c.precision),
          std::string(c.spec_method),
          c.disaggregated,
          std::string(c.workload),
          std::string(s.date),
          std::string(s.result_id),
          s.concurrency,
          s.run_url ? std::optional<std::string>(*s.run_url) : std::nullopt,
          s.interactivity_p90,
          s.interactivity_median,
          s.throughput};
}

// Configurations varied on every filtered column, runs on three dates, a ladder of concurrencies; some
// points without P90, a run link or the input throughput. Ingested shuffled, so the table is in no order.
std::vector<BenchmarkPoint>
varied_points()
{
  std::vector<BenchmarkPoint> points;
  int id = 0;
  for (int c = 0; c < 6; ++c) {
    for (const char* date : {"2026-04-25", "2026-05-02", "2026-06-01"}) {
      for (const std::int64_t concurrency : {4, 16, 64}) {
        const int n = id++;
        BenchmarkPoint p = testing::full_point("p" + std::to_string(n), n);
        p.notes.clear();
        p.model = c < 3 ? "DeepSeek-V4-Pro" : "DeepSeek-V4.1-Flash";
        p.hardware = c % 2 == 0 ? "gb200" : "mi355x";
        p.framework = c == 4 ? "vllm" : "sglang";
        p.spec_method = c == 1 ? "mtp" : "none";
        p.disaggregated = c % 3 == 0;
        p.workload = c == 5 ? "8192/1024" : "agentic";
        p.date = date;
        p.concurrency = concurrency;
        p.interactivity_median = 1000.0 / static_cast<double>(concurrency) + n;
        if (n % 4 == 0) {
          p.interactivity_p90.reset();
        }
        if (n % 5 == 0) {
          p.run_url.reset();
        }
        if (n % 3 == 0) {
          p.per_gpu_tps.input.reset();
        }
        points.push_back(std::move(p));
      }
    }
  }
  std::shuffle(points.begin(), points.end(), std::mt19937(11));
  return points;
}

class FrontierSamplesTest : public ::testing::Test
{
protected:
  void SetUp() override
  {
    domain::Dataset dataset;
    dataset.source = "test";
    dataset.points = varied_points();
    dataset.points.push_back(testing::bare_point("bare")); // no P90, median, throughput or run link
    ASSERT_TRUE(m_store->ingest(dataset));
  }

  std::vector<OwnedSample> read(const PointFilter& filter, ThroughputMetric metric)
  {
    std::vector<OwnedSample> samples;
    m_store->frontier_samples(filter, metric, [&](const FrontierSample& s) { samples.push_back(owned(s)); });
    std::sort(samples.begin(), samples.end(), [](const OwnedSample& a, const OwnedSample& b) {
      return a.result_id < b.result_id;
    });
    return samples;
  }

  // The same fields taken from the whole points that points() lists.
  std::vector<OwnedSample> expected(const PointFilter& filter, ThroughputMetric metric)
  {
    std::vector<OwnedSample> samples;
    for (const BenchmarkPoint& point : m_store->points(filter)) {
      samples.push_back(owned(domain::frontier_sample_of(point, metric)));
    }
    std::sort(samples.begin(), samples.end(), [](const OwnedSample& a, const OwnedSample& b) {
      return a.result_id < b.result_id;
    });
    return samples;
  }

  test_engine::TestDatabase m_database;
  std::unique_ptr<Store> m_store = m_database.open();
};

TEST_F(FrontierSamplesTest, ReadsTheFieldsOfExactlyThePointsAFilterMatches)
{
  const auto filter_of = [](auto set) {
    PointFilter filter;
    set(filter);
    return filter;
  };
  const std::vector<std::tuple<std::string, PointFilter, std::size_t>> cases = {
    {"everything", {}, 55},
    {"model", filter_of([](PointFilter& f) { f.model = "DeepSeek-V4-Pro"; }), 27},
    {"hardware and framework", filter_of([](PointFilter& f) {
       f.hardware = "gb200";
       f.framework = "vllm";
     }),
     9},
    {"precision and spec method", filter_of([](PointFilter& f) {
       f.precision = "fp4";
       f.spec_method = "mtp";
     }),
     9},
    {"disaggregated", filter_of([](PointFilter& f) { f.disaggregated = true; }), 18},
    {"aggregated", filter_of([](PointFilter& f) { f.disaggregated = false; }), 37},
    {"date", filter_of([](PointFilter& f) { f.date = "2026-05-02"; }), 18},
    {"as of", filter_of([](PointFilter& f) { f.as_of = "2026-05-02"; }), 37},
    {"model as of", filter_of([](PointFilter& f) {
       f.model = "DeepSeek-V4.1-Flash";
       f.as_of = "2026-04-30";
     }),
     10},
    {"nothing", filter_of([](PointFilter& f) { f.model = "Kimi-K2"; }), 0},
  };
  for (const auto& [name, filter, count] : cases) {
    for (const ThroughputMetric metric : {ThroughputMetric::total, ThroughputMetric::input, ThroughputMetric::output}) {
      SCOPED_TRACE(name + " " + domain::to_string(metric));
      const std::vector<OwnedSample> samples = read(filter, metric);
      EXPECT_EQ(samples.size(), count);
      EXPECT_EQ(samples, expected(filter, metric));
    }
  }
}

TEST_F(FrontierSamplesTest, AbsentValuesAndLinksStayAbsent)
{
  PointFilter filter;
  filter.model = "DeepSeek-V4.1-Flash";
  filter.hardware = "mi355x";
  filter.precision = "fp8";
  const std::vector<OwnedSample> samples = read(filter, ThroughputMetric::total);
  ASSERT_EQ(samples.size(), 1u);
  const OwnedSample& bare = samples.front();
  EXPECT_EQ(bare.result_id, "bare");
  EXPECT_EQ(bare.workload, "8192/1024");
  EXPECT_EQ(bare.concurrency, 8);
  EXPECT_FALSE(bare.run_url);
  EXPECT_FALSE(bare.p90);
  EXPECT_FALSE(bare.median);
  EXPECT_FALSE(bare.throughput);

  std::size_t without_p90 = 0;
  std::size_t without_link = 0;
  std::size_t without_input = 0;
  for (const OwnedSample& sample : read({}, ThroughputMetric::input)) {
    without_p90 += !sample.p90;
    without_link += !sample.run_url;
    without_input += !sample.throughput;
  }
  // Of p0 .. p53, those numbered by multiples of 4, 5 and 3; and the bare point.
  EXPECT_EQ(without_p90, 14u + 1);
  EXPECT_EQ(without_link, 11u + 1);
  EXPECT_EQ(without_input, 18u + 1);
}

}  // namespace
}  // namespace infertrack::store::sqlite

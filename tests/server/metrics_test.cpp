#include "infertrack/server/http/metrics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace infertrack::server::http {
namespace {

using namespace std::chrono_literals;

// The samples of a text exposition, keyed by "name{labels}", after checking that every line is a
// well-formed comment or sample and that every sample's family was declared by a TYPE line first.
std::map<std::string, double>
parse_exposition(const std::string& text)
{
  static const std::regex k_type(R"(# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram))");
  static const std::regex k_help(R"(# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*)");
  static const std::regex k_sample(
    R"(([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\["\\n])*",?)*\})? (\S+))");
  std::map<std::string, double> samples;
  std::set<std::string> families;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch match;
    if (std::regex_match(line, match, k_type)) {
      families.insert(match[1]);
    } else if (std::regex_match(line, k_help)) {
      continue;
    } else if (std::regex_match(line, match, k_sample)) {
      std::string family = match[1];
      for (const char* suffix : {"_bucket", "_sum", "_count"}) {
        if (!families.contains(family) && family.ends_with(suffix)) {
          family.resize(family.size() - std::string_view(suffix).size());
        }
      }
      EXPECT_TRUE(families.contains(family)) << "no TYPE before: " << line;
      const std::string value = match[5];
      samples[match[1].str() + match[2].str()] = value == "+Inf" ? INFINITY
                                                 : value == "NaN" ? NAN
                                                                  : std::stod(value);
    } else {
      ADD_FAILURE() << "not exposition format: " << line;
    }
  }
  EXPECT_TRUE(text.empty() || text.back() == '\n');
  return samples;
}

TEST(Metrics, record_counts_by_route_and_status)
{
  Metrics metrics;
  metrics.record("/points/{id}", 200, 1ms);
  metrics.record("/points/{id}", 200, 2ms);
  metrics.record("/points/{id}", 404, 1ms);
  metrics.record("", 400, 1ms);
  EXPECT_EQ(metrics.request_count("/points/{id}", 200), 2U);
  EXPECT_EQ(metrics.request_count("/points/{id}", 404), 1U);
  EXPECT_EQ(metrics.request_count("unrouted", 400), 1U);
  EXPECT_EQ(metrics.request_count("", 400), 1U);
  EXPECT_EQ(metrics.request_count("/other", 200), 0U);
}

TEST(Metrics, render_prometheus_writes_valid_exposition)
{
  Metrics metrics;
  metrics.record("/points/{id}", 200, 300us);
  metrics.record("/points/{id}", 200, 3ms);
  metrics.record("/points/{id}", 500, 20s); // past the last bucket: only +Inf holds it
  metrics.connection_opened();
  const std::vector<Gauge> extra{{"infertrack_store_points", "Points stored.", 42},
                                 {"infertrack_odd", "Not a number.", NAN}};
  const auto samples = parse_exposition(metrics.render_prometheus(extra));

  EXPECT_EQ(samples.at(R"(infertrack_http_requests_total{route="/points/{id}",status="200"})"), 2);
  EXPECT_EQ(samples.at(R"(infertrack_http_requests_total{route="/points/{id}",status="500"})"), 1);
  const std::string bucket = R"(infertrack_http_request_duration_seconds_bucket{route="/points/{id}",le=")";
  EXPECT_EQ(samples.at(bucket + "0.00025\"}"), 0);
  EXPECT_EQ(samples.at(bucket + "0.0005\"}"), 1);
  EXPECT_EQ(samples.at(bucket + "0.005\"}"), 2);
  EXPECT_EQ(samples.at(bucket + "10\"}"), 2);
  EXPECT_EQ(samples.at(bucket + "+Inf\"}"), 3);
  EXPECT_EQ(samples.at(R"(infertrack_http_request_duration_seconds_count{route="/points/{id}"})"), 3);
  EXPECT_NEAR(samples.at(R"(infertrack_http_request_duration_seconds_sum{route="/points/{id}"})"),
              20.0033, 1e-9);
  EXPECT_EQ(samples.at("infertrack_http_open_connections"), 1);
  EXPECT_EQ(samples.at("infertrack_store_points"), 42);
  EXPECT_TRUE(std::isnan(samples.at("infertrack_odd")));
}

TEST(Metrics, render_prometheus_escapes_label_values)
{
  Metrics metrics;
  metrics.record("/a\"b\\c\nd", 200, 1ms);
  const std::string text = metrics.render_prometheus();
  EXPECT_NE(text.find(R"(route="/a\"b\\c\nd",status="200"} 1)"), std::string::npos) << text;
  parse_exposition(text);
}

TEST(Metrics, render_prometheus_is_valid_when_empty)
{
  const auto samples = parse_exposition(Metrics().render_prometheus());
  EXPECT_EQ(samples.size(), 2U);
  EXPECT_EQ(samples.at("infertrack_http_open_connections"), 0);
  EXPECT_EQ(samples.at("infertrack_heap_releases_total"), 0);
}

TEST(Metrics, counts_heap_releases)
{
  Metrics metrics;
  metrics.heap_released();
  metrics.heap_released();
  EXPECT_EQ(metrics.heap_release_count(), 2U);
  EXPECT_EQ(parse_exposition(metrics.render_prometheus()).at("infertrack_heap_releases_total"), 2);
}

}  // namespace
}  // namespace infertrack::server::http

#include "infertrack/domain/latency_axis.hpp"

#include <array>

namespace infertrack::domain {
namespace {

constexpr std::array k_kinds = {LatencyKind::ttft, LatencyKind::e2el};
constexpr std::array k_statistics = {
  LatencyStatistic::mean, LatencyStatistic::median, LatencyStatistic::p90, LatencyStatistic::p99};

std::optional<LatencyStatistic>
parse_statistic(std::string_view text)
{
  if (text == "p50") {
    return LatencyStatistic::median;
  }
  for (const LatencyStatistic statistic : k_statistics) {
    if (text == to_string(statistic)) {
      return statistic;
    }
  }
  return std::nullopt;
}

std::optional<LatencyKind>
parse_kind(std::string_view text)
{
  for (const LatencyKind kind : k_kinds) {
    if (text == to_string(kind)) {
      return kind;
    }
  }
  return std::nullopt;
}

}  // namespace

const char*
to_string(LatencyKind kind)
{
  return kind == LatencyKind::ttft ? "ttft" : "e2el";
}

const char*
to_string(LatencyStatistic statistic)
{
  switch (statistic) {
    case LatencyStatistic::mean:
      return "mean";
    case LatencyStatistic::median:
      return "median";
    case LatencyStatistic::p90:
      return "p90";
    case LatencyStatistic::p99:
      return "p99";
  }
  return "unknown";
}

std::string
to_string(LatencyAxis axis)
{
  return std::string(to_string(axis.kind)) + "_" + to_string(axis.statistic);
}

std::string
latency_phrase(LatencyAxis axis)
{
  std::string statistic = axis.statistic == LatencyStatistic::p90   ? "P90"
                          : axis.statistic == LatencyStatistic::p99 ? "P99"
                                                                    : to_string(axis.statistic);
  return statistic + (axis.kind == LatencyKind::ttft ? " time to first token" : " end-to-end latency");
}

std::optional<LatencyAxis>
parse_latency_axis(std::string_view text)
{
  const std::size_t underscore = text.find('_');
  if (underscore == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string_view first = text.substr(0, underscore);
  const std::string_view second = text.substr(underscore + 1);
  if (const auto kind = parse_kind(first)) {
    if (const auto statistic = parse_statistic(second)) {
      return LatencyAxis{*kind, *statistic};
    }
  }
  if (const auto kind = parse_kind(second)) {
    if (const auto statistic = parse_statistic(first)) {
      return LatencyAxis{*kind, *statistic};
    }
  }
  return std::nullopt;
}

std::optional<double>
latency_of(const BenchmarkPoint& point, LatencyAxis axis)
{
  const LatencyPercentiles& latency = axis.kind == LatencyKind::ttft ? point.latency.ttft : point.latency.e2el;
  switch (axis.statistic) {
    case LatencyStatistic::mean:
      return latency.mean;
    case LatencyStatistic::median:
      return latency.median;
    case LatencyStatistic::p90:
      return latency.p90;
    case LatencyStatistic::p99:
      return latency.p99;
  }
  return std::nullopt;
}

std::optional<double>
share_at_or_below(LatencyStatistic statistic)
{
  switch (statistic) {
    case LatencyStatistic::median:
      return 0.5;
    case LatencyStatistic::p90:
      return 0.9;
    case LatencyStatistic::p99:
      return 0.99;
    case LatencyStatistic::mean:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace infertrack::domain

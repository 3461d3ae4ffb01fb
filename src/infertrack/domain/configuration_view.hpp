#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/performance_curve.hpp"

#include <compare>
#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>

namespace infertrack::domain {

// A configuration (ConfigGroupKey without its date) viewed in place, so that grouping many points copies no
// strings. Members in ConfigGroupKey's order, so groups come out in ConfigGroupKey order. Shared by the
// curve and history builders, which group the same way.
struct ConfigurationView
{
  std::string_view model;
  std::string_view hardware;
  std::string_view framework;
  std::string_view precision;
  std::string_view spec_method;
  bool disaggregated = false;
  std::string_view workload;

  auto operator<=>(const ConfigurationView&) const = default;
};

// `seed` with the hash of one more part mixed in (boost::hash_combine's recipe, 64-bit constant).
inline std::size_t
hash_combine(std::size_t seed, std::string_view part)
{
  return seed ^ (std::hash<std::string_view>{}(part) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

// Hashing beats ordered lookups when grouping many points into few configurations: a map walk compares the
// long, mostly shared prefixes ("DeepSeek-V4...") of several keys per point.
struct ConfigurationHash
{
  std::size_t operator()(const ConfigurationView& view) const
  {
    std::size_t seed = view.disaggregated ? 1 : 0;
    for (const std::string_view part :
         {view.model, view.hardware, view.framework, view.precision, view.spec_method, view.workload}) {
      seed = hash_combine(seed, part);
    }
    return seed;
  }
};

inline ConfigurationView
configuration_of(const BenchmarkPoint& point)
{
  return {point.model,
          point.hardware,
          point.framework,
          point.precision,
          point.spec_method,
          point.disaggregated,
          point.workload};
}

// The throughput `metric` names, if the source gave it.
inline std::optional<double>
metric_of(const Throughput& throughput, ThroughputMetric metric)
{
  switch (metric) {
    case ThroughputMetric::total:
      return throughput.total;
    case ThroughputMetric::input:
      return throughput.input;
    case ThroughputMetric::output:
      return throughput.output;
  }
  return std::nullopt;
}

}  // namespace infertrack::domain

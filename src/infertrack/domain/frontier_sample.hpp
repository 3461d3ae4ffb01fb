#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/domain/per_gpu_throughput.hpp"
#include "infertrack/domain/performance_curve.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace infertrack::domain {

// All that a history reads of one point: where it belongs (configuration and run date), which point it is,
// and the values its run's frontier is made of. Views, valid only while the sample is being added: a store
// passes the row it is reading, so that a history never holds every point whole.
struct FrontierSample
{
  ConfigurationView configuration;
  std::string_view date;
  std::string_view result_id;
  // With the result id, which of several identical points a frontier keeps: the first in listing order.
  std::int64_t concurrency = 0;
  std::optional<std::string_view> run_url;
  std::optional<double> interactivity_p90;
  std::optional<double> interactivity_median;
  std::optional<double> throughput; // per allocated GPU (per_gpu_throughput.hpp), of the history's metric
};

// `point` as a history on `metric` reads it; views into `point`.
inline FrontierSample
frontier_sample_of(const BenchmarkPoint& point, ThroughputMetric metric)
{
  return {configuration_of(point),
          point.date,
          point.result_id,
          point.concurrency,
          point.run_url ? std::optional<std::string_view>(*point.run_url) : std::nullopt,
          point.interactivity_p90,
          point.interactivity_median,
          per_allocated_gpu(point, metric)};
}

}  // namespace infertrack::domain

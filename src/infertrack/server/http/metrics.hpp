#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <string_view>

namespace infertrack::server::http {

// One value a caller adds to the scrape (e.g. rows in the store); `name` must be a valid Prometheus
// metric name.
struct Gauge
{
  std::string name;
  std::string help;
  double value = 0;
};

// Counts answered requests by route and status and keeps a latency histogram per route, for a
// Prometheus scrape. Thread-safe: sessions record on every worker while a handler renders.
class Metrics
{
public:
  // Upper bounds of the latency buckets, in seconds: Prometheus' defaults plus finer ones below 5 ms,
  // where this server's answers fall.
  static constexpr std::array k_latency_buckets{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01,
                                                0.025,  0.05,    0.1,    0.25,  0.5,    1.0,  2.5,
                                                5.0,    10.0};

  // Counts one answer with `status` for `route` that took `duration`; an empty `route` counts as
  // "unrouted".
  void record(std::string_view route, int status, std::chrono::nanoseconds duration);

  // Tracks the open-connections gauge.
  void connection_opened();
  void connection_closed();

  // Counts one hand-back of free heap pages to the operating system.
  void heap_released();
  std::uint64_t heap_release_count() const;

  // Answers recorded so far for `route` with `status`.
  std::uint64_t request_count(std::string_view route, int status) const;

  // Everything recorded, followed by the `extra` gauges, in the Prometheus text exposition format
  // (version 0.0.4).
  std::string render_prometheus(std::span<const Gauge> extra = {}) const;

private:
  struct RouteStats
  {
    std::map<int, std::uint64_t> by_status;
    std::array<std::uint64_t, k_latency_buckets.size()> bucket_counts{}; // not cumulative
    std::uint64_t count = 0;
    double sum_seconds = 0;
  };

  mutable std::mutex m_mutex;
  std::map<std::string, RouteStats, std::less<>> m_routes;
  std::int64_t m_open_connections = 0;
  std::uint64_t m_heap_releases = 0;
};

}  // namespace infertrack::server::http

#include "infertrack/server/http/metrics.hpp"

#include "infertrack/util/assertions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace infertrack::server::http {

namespace {

constexpr std::string_view k_unrouted = "unrouted";
constexpr std::string_view k_requests = "infertrack_http_requests_total";
constexpr std::string_view k_duration = "infertrack_http_request_duration_seconds";
constexpr std::string_view k_open_connections = "infertrack_http_open_connections";
constexpr std::string_view k_heap_releases = "infertrack_heap_releases_total";

// Whether a double quote is escaped too: label values escape it, HELP text does not.
enum class Quotes
{
  escaped,
  kept,
};

// Label values and HELP text are free text but for backslash and newline (and in a label double quote), which
// must be escaped.
std::string
escape_text(std::string_view text, Quotes quotes)
{
  std::string escaped;
  escaped.reserve(text.size());
  for (const char c : text) {
    if (c == '\\') {
      escaped += "\\\\";
    } else if (c == '\n') {
      escaped += "\\n";
    } else if (c == '"' && quotes == Quotes::escaped) {
      escaped += "\\\"";
    } else {
      escaped += c;
    }
  }
  return escaped;
}

bool
is_metric_name(std::string_view name)
{
  const auto valid = [](char c, bool first) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
           (!first && c >= '0' && c <= '9');
  };
  if (name.empty() || !valid(name.front(), true)) {
    return false;
  }
  return std::all_of(name.begin() + 1, name.end(), [&](char c) { return valid(c, false); });
}

void
append_header(std::string& out, std::string_view name, std::string_view help, std::string_view type)
{
  fmt::format_to(std::back_inserter(out), "# HELP {} {}\n# TYPE {} {}\n", name, escape_text(help, Quotes::kept), name,
                 type);
}

// Prometheus spells the special floats its own way (Go's ParseFloat), not as fmt does.
std::string
format_value(double value)
{
  if (std::isnan(value)) {
    return "NaN";
  }
  if (std::isinf(value)) {
    return value > 0 ? "+Inf" : "-Inf";
  }
  return fmt::format("{}", value);
}

}  // namespace

void
Metrics::record(std::string_view route, int status, std::chrono::nanoseconds duration)
{
  if (route.empty()) {
    route = k_unrouted;
  }
  const double seconds = std::chrono::duration<double>(duration).count();
  // The first bucket whose upper bound holds the value; past the last one only +Inf counts it.
  const auto bucket = static_cast<std::size_t>(
    std::lower_bound(k_latency_buckets.begin(), k_latency_buckets.end(), seconds) -
    k_latency_buckets.begin());

  const std::lock_guard lock(m_mutex);
  auto found = m_routes.find(route);
  if (found == m_routes.end()) {
    found = m_routes.emplace(std::string(route), RouteStats{}).first;
  }
  RouteStats& stats = found->second;
  ++stats.by_status[status];
  if (bucket < stats.bucket_counts.size()) {
    ++stats.bucket_counts[bucket];
  }
  ++stats.count;
  stats.sum_seconds += seconds;
}

void
Metrics::connection_opened()
{
  const std::lock_guard lock(m_mutex);
  ++m_open_connections;
}

void
Metrics::connection_closed()
{
  const std::lock_guard lock(m_mutex);
  --m_open_connections;
}

void
Metrics::heap_released()
{
  const std::lock_guard lock(m_mutex);
  ++m_heap_releases;
}

std::uint64_t
Metrics::heap_release_count() const
{
  const std::lock_guard lock(m_mutex);
  return m_heap_releases;
}

std::uint64_t
Metrics::request_count(std::string_view route, int status) const
{
  const std::lock_guard lock(m_mutex);
  const auto found = m_routes.find(route.empty() ? k_unrouted : route);
  if (found == m_routes.end()) {
    return 0;
  }
  const auto by_status = found->second.by_status.find(status);
  return by_status == found->second.by_status.end() ? 0 : by_status->second;
}

std::string
Metrics::render_prometheus(std::span<const Gauge> extra) const
{
  std::string out;
  auto sink = std::back_inserter(out);
  const std::lock_guard lock(m_mutex);

  append_header(out, k_requests, "HTTP requests answered, by route pattern and status code.", "counter");
  for (const auto& [route, stats] : m_routes) {
    const std::string label = escape_text(route, Quotes::escaped);
    for (const auto& [status, count] : stats.by_status) {
      fmt::format_to(sink, "{}{{route=\"{}\",status=\"{}\"}} {}\n", k_requests, label, status, count);
    }
  }

  append_header(out, k_duration,
                "Time from a request fully read to its answer fully written, by route pattern.",
                "histogram");
  for (const auto& [route, stats] : m_routes) {
    const std::string label = escape_text(route, Quotes::escaped);
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < k_latency_buckets.size(); ++i) {
      cumulative += stats.bucket_counts[i];
      fmt::format_to(sink, "{}_bucket{{route=\"{}\",le=\"{}\"}} {}\n", k_duration, label,
                     k_latency_buckets[i], cumulative);
    }
    fmt::format_to(sink, "{}_bucket{{route=\"{}\",le=\"+Inf\"}} {}\n", k_duration, label, stats.count);
    fmt::format_to(sink, "{}_sum{{route=\"{}\"}} {}\n", k_duration, label, stats.sum_seconds);
    fmt::format_to(sink, "{}_count{{route=\"{}\"}} {}\n", k_duration, label, stats.count);
  }

  append_header(out, k_open_connections, "HTTP connections open now.", "gauge");
  fmt::format_to(sink, "{} {}\n", k_open_connections, m_open_connections);

  append_header(out, k_heap_releases, "Times the free heap pages went back to the operating system.", "counter");
  fmt::format_to(sink, "{} {}\n", k_heap_releases, m_heap_releases);

  for (const Gauge& gauge : extra) {
    INFERTRACK_ASSERT(is_metric_name(gauge.name));
    append_header(out, gauge.name, gauge.help, "gauge");
    fmt::format_to(sink, "{} {}\n", gauge.name, format_value(gauge.value));
  }
  return out;
}

}  // namespace infertrack::server::http

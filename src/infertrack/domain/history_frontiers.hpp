#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/config_group.hpp"
#include "infertrack/domain/frontier_sample.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/util/text_block.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::domain {

// The frontier of every run of every configuration: all that a history needs of the points, and nothing that
// depends on the target. A server keeps one per query and data version, so that a request with a new target
// reads one spline value per run instead of every point again. Held as numbers and offsets into one block of
// text, because a model's history may hold hundreds of thousands of runs.
class HistoryFrontiers
{
public:
  // One run's frontier: its knots' coordinates in two arrays, interactivity strictly increasing; empty when no
  // point of the run has the basis and the metric.
  struct RunFrontier
  {
    std::uint32_t date = 0; // see date()
    std::span<const double> interactivity;
    std::span<const double> throughput;
    std::uint32_t first_knot = 0; // for result_id() and run_url()
  };

  // Frontiers on `basis` (unset: per configuration, default_basis of all its points) of the `metric` throughput,
  // as build_history reads them.
  HistoryFrontiers(std::optional<InteractivityBasis> basis, ThroughputMetric metric);

  class Builder;

  // Adds the configurations of `points` (any order), ordered among themselves. The caller keeps the order
  // between calls: build a configuration's frontiers from all its points in one call, and add
  // configurations in ConfigGroupKey order. Of several identical points (same basis and metric values) a
  // frontier keeps the first in listing order (concurrency, then result id), whatever the input order.
  void add(std::span<const BenchmarkPoint> points);

  std::optional<InteractivityBasis> basis_option() const { return m_basis; }
  ThroughputMetric metric() const { return m_metric; }

  // Configurations with at least one run that has a usable point, in the order they were added.
  std::size_t configuration_count() const { return m_configurations.size(); }
  const ConfigGroupKey& configuration(std::size_t c) const { return m_configurations[c].key; } // date empty
  InteractivityBasis basis(std::size_t c) const { return m_configurations[c].basis; }
  // The configuration's runs, oldest first; one with no usable point (none at the basis with the metric) has no
  // knots.
  std::size_t run_count(std::size_t c) const { return m_configurations[c].end_run - m_configurations[c].first_run; }
  RunFrontier run(std::size_t c, std::size_t r) const;

  std::size_t date_count() const { return m_dates.size(); }
  const std::string& date(std::uint32_t id) const { return m_dates[id]; } // YYYY-MM-DD
  std::string_view result_id(std::uint32_t knot) const { return m_texts[m_result_ids[knot]]; }
  std::optional<std::string_view> run_url(std::uint32_t knot) const;

  // Frees the room add() keeps for more runs, for frontiers that are kept rather than read once.
  void shrink_to_fit();

  // What the frontiers hold in memory, in bytes (capacities, so it is what they cost).
  std::size_t size_bytes() const;

private:
  static constexpr std::uint32_t k_no_text = UINT32_MAX;

  struct Configuration
  {
    ConfigGroupKey key;
    InteractivityBasis basis = InteractivityBasis::p90_itl;
    std::uint32_t first_run = 0;
    std::uint32_t end_run = 0;
  };
  struct Run
  {
    std::uint32_t date = 0;
    std::uint32_t first_knot = 0;
    std::uint32_t end_knot = 0;
  };

  std::uint32_t stored_date(std::string_view date);

  std::optional<InteractivityBasis> m_basis;
  ThroughputMetric m_metric;
  std::vector<Configuration> m_configurations;
  std::vector<Run> m_runs;
  std::vector<double> m_interactivity; // per knot
  std::vector<double> m_throughput;
  std::vector<std::uint32_t> m_result_ids; // text ids
  std::vector<std::uint32_t> m_run_urls;   // text ids; a run's knots of one workflow run share one
  util::TextBlock<std::uint32_t> m_texts;  // 4 bytes a text: many frontiers are kept
  std::vector<std::string> m_dates;
  std::map<std::string, std::uint32_t, std::less<>> m_date_ids;
};

// Adds configurations to a HistoryFrontiers from samples fed one at a time, in any order: what add() does
// for points in memory, for samples read from a store without holding them. It keeps what the frontiers
// need of each sample (about 50 bytes, its result id and its run's link) until finish().
class HistoryFrontiers::Builder
{
public:
  explicit Builder(HistoryFrontiers& frontiers);
  ~Builder();
  Builder(const Builder&) = delete;
  Builder& operator=(const Builder&) = delete;

  // Room for `samples` samples, when their number is known.
  void reserve(std::size_t samples);
  void add(const FrontierSample& sample);
  // Adds the frontiers of the configurations sampled, as add(points) does, and starts over empty.
  void finish();

private:
  struct Samples;

  HistoryFrontiers& m_frontiers;
  std::unique_ptr<Samples> m_samples;
};

}  // namespace infertrack::domain

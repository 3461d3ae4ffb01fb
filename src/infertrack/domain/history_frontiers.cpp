#include "infertrack/domain/history_frontiers.hpp"

#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/domain/pareto_frontier.hpp"
#include "infertrack/util/assertions.hpp"

#include <algorithm>
#include <cmath>
#include <compare>
#include <limits>
#include <map>
#include <numeric>
#include <unordered_map>

namespace infertrack::domain {
namespace {

bool
usable(std::optional<double> value)
{
  return value && std::isfinite(*value);
}

constexpr std::uint32_t k_no_link = std::numeric_limits<std::uint32_t>::max();

// What a run's frontier needs of one point, read in one sequential pass over the (large) points: going back to
// a point later would cost a cache miss for every field. The result id is copied into one block of text in
// the same pass for that reason.
struct PointSummary
{
  std::uint32_t run = 0;
  std::uint32_t id_begin = 0; // the result id in the pass's text block
  std::uint32_t id_size = 0;
  std::uint32_t run_url = k_no_link; // in the pass's links
  std::optional<double> p90;
  std::optional<double> median;
  std::optional<double> value;
};

// One configuration measured on one date, among the points of one add().
struct PointRun
{
  std::size_t configuration = 0;
  std::size_t date = 0;  // date id, then its rank (oldest first)
  std::size_t begin = 0; // its points in the run-ordered summaries
  std::size_t end = 0;
};

struct PointConfiguration
{
  ConfigurationView view;
  std::size_t first_point = 0;
  bool all_have_p90 = true;
  std::vector<std::size_t> runs;
};

// A std::map node beside its key and value: three pointers and a colour, rounded up.
constexpr std::size_t k_map_node_bytes = 32;

std::uint32_t
narrow(std::size_t value)
{
  INFERTRACK_ASSERT(value < std::numeric_limits<std::uint32_t>::max());
  return static_cast<std::uint32_t>(value);
}

}  // namespace

HistoryFrontiers::HistoryFrontiers(std::optional<InteractivityBasis> basis, ThroughputMetric metric)
  : m_basis(basis),
    m_metric(metric)
{
}

HistoryFrontiers::RunFrontier
HistoryFrontiers::run(std::size_t c, std::size_t r) const
{
  const Run& run = m_runs[m_configurations[c].first_run + r];
  const std::size_t knots = run.end_knot - run.first_knot;
  return {run.date,
          std::span<const double>(m_interactivity.data() + run.first_knot, knots),
          std::span<const double>(m_throughput.data() + run.first_knot, knots),
          run.first_knot};
}

std::optional<std::string_view>
HistoryFrontiers::run_url(std::uint32_t knot) const
{
  const std::uint32_t id = m_run_urls[knot];
  if (id == k_no_text) {
    return std::nullopt;
  }
  return text(id);
}

std::string_view
HistoryFrontiers::text(std::uint32_t id) const
{
  const std::uint32_t begin = id == 0 ? 0 : m_text_ends[id - 1];
  return std::string_view(m_text).substr(begin, m_text_ends[id] - begin);
}

std::uint32_t
HistoryFrontiers::add_text(std::string_view text)
{
  m_text += text;
  m_text_ends.push_back(narrow(m_text.size()));
  return narrow(m_text_ends.size() - 1);
}

std::uint32_t
HistoryFrontiers::stored_date(std::string_view date)
{
  const auto found = m_date_ids.find(date);
  if (found != m_date_ids.end()) {
    return found->second;
  }
  m_dates.emplace_back(date);
  const std::uint32_t id = narrow(m_dates.size() - 1);
  m_date_ids.emplace(m_dates.back(), id);
  return id;
}

void
HistoryFrontiers::shrink_to_fit()
{
  m_configurations.shrink_to_fit();
  m_runs.shrink_to_fit();
  m_interactivity.shrink_to_fit();
  m_throughput.shrink_to_fit();
  m_result_ids.shrink_to_fit();
  m_run_urls.shrink_to_fit();
  m_text.shrink_to_fit();
  m_text_ends.shrink_to_fit();
  m_dates.shrink_to_fit();
}

std::size_t
HistoryFrontiers::size_bytes() const
{
  std::size_t bytes = sizeof(*this) + m_configurations.capacity() * sizeof(Configuration) +
                      m_runs.capacity() * sizeof(Run) +
                      (m_interactivity.capacity() + m_throughput.capacity()) * sizeof(double) +
                      (m_result_ids.capacity() + m_run_urls.capacity() + m_text_ends.capacity()) *
                        sizeof(std::uint32_t) +
                      m_text.capacity() + m_dates.capacity() * sizeof(std::string) +
                      m_date_ids.size() * (sizeof(std::string) + sizeof(std::uint32_t));
  // Heap text of the keys and dates beyond what short strings hold inline.
  const auto heap = [](const std::string& text) { return text.capacity() > 15 ? text.capacity() + 1 : 0; };
  for (const Configuration& configuration : m_configurations) {
    const ConfigGroupKey& key = configuration.key;
    bytes += heap(key.model) + heap(key.hardware) + heap(key.framework) + heap(key.precision) +
             heap(key.spec_method) + heap(key.workload);
  }
  for (const std::string& date : m_dates) {
    bytes += heap(date) + heap(date) + k_map_node_bytes; // in m_dates and in m_date_ids
  }
  return bytes;
}

void
HistoryFrontiers::add(std::span<const BenchmarkPoint> points)
{
  // One pass: configuration, date and run ids. Stores return points ordered by configuration and date, so
  // the previous point's ids are tried before any hash lookup.
  std::unordered_map<ConfigurationView, std::size_t, ConfigurationHash> configuration_ids;
  std::unordered_map<std::string_view, std::size_t> date_ids;
  std::unordered_map<std::uint64_t, std::size_t> run_ids;
  std::vector<PointConfiguration> configurations;
  std::vector<std::string_view> dates;
  std::vector<PointRun> runs;
  std::vector<PointSummary> summaries;
  summaries.reserve(points.size());
  std::string ids;
  // Run links, each read once in this pass: the points of one run usually share one, and reading them while
  // building the frontiers would cost a cache miss per knot.
  std::vector<std::string_view> links;
  std::optional<ConfigurationView> last_configuration;
  std::size_t configuration_id = 0;
  std::optional<std::string_view> last_date;
  std::size_t date_id = 0;
  std::size_t run_id = 0;
  bool grouped = true; // each run's points already contiguous, as a store returns them
  for (std::size_t i = 0; i < points.size(); ++i) {
    const BenchmarkPoint& point = points[i];
    const ConfigurationView view = configuration_of(point);
    bool same_run = true;
    if (!last_configuration || *last_configuration != view) {
      const auto [found, added] = configuration_ids.try_emplace(view, configurations.size());
      if (added) {
        configurations.push_back({view, i, true, {}});
      }
      configuration_id = found->second;
      last_configuration = view;
      same_run = false;
    }
    if (!last_date || *last_date != point.date) {
      const auto [found, added] = date_ids.try_emplace(point.date, dates.size());
      if (added) {
        dates.push_back(found->first);
      }
      date_id = found->second;
      last_date = point.date;
      same_run = false;
    }
    if (!same_run || runs.empty()) {
      const std::uint64_t key = (static_cast<std::uint64_t>(configuration_id) << 32) | date_id;
      const auto [found, added] = run_ids.try_emplace(key, runs.size());
      if (added) {
        runs.push_back({configuration_id, date_id, 0, 0});
        configurations[configuration_id].runs.push_back(found->second);
      }
      grouped = grouped && (added || found->second == run_id);
      run_id = found->second;
    }
    configurations[configuration_id].all_have_p90 =
      configurations[configuration_id].all_have_p90 && point.interactivity_p90.has_value();
    ++runs[run_id].end; // a count until the offsets below
    std::uint32_t link = k_no_link;
    if (point.run_url) {
      if (links.empty() || links.back() != *point.run_url) {
        links.emplace_back(*point.run_url);
      }
      link = narrow(links.size() - 1);
    }
    summaries.push_back({narrow(run_id),
                         narrow(ids.size()),
                         narrow(point.result_id.size()),
                         link,
                         point.interactivity_p90,
                         point.interactivity_median,
                         metric_of(point.per_gpu_tps, m_metric)});
    ids += point.result_id;
  }

  // Counting sort by run (each run's points contiguous, in input order), unless they already are.
  std::size_t offset = 0;
  for (PointRun& run : runs) {
    const std::size_t count = run.end;
    run.begin = offset;
    run.end = grouped ? offset + count : offset;
    offset += count;
  }
  if (!grouped) {
    std::vector<PointSummary> by_run(summaries.size());
    for (const PointSummary& summary : summaries) {
      by_run[runs[summary.run].end++] = summary;
    }
    summaries.swap(by_run);
  }

  // Date ranks (YYYY-MM-DD: text order is time order) and the frontiers' own date ids.
  std::vector<std::size_t> by_date(dates.size());
  std::iota(by_date.begin(), by_date.end(), std::size_t{0});
  std::sort(by_date.begin(), by_date.end(), [&](std::size_t a, std::size_t b) { return dates[a] < dates[b]; });
  std::vector<std::size_t> rank_of(dates.size());
  std::vector<std::uint32_t> date_of_rank(dates.size());
  for (std::size_t rank = 0; rank < by_date.size(); ++rank) {
    rank_of[by_date[rank]] = rank;
    date_of_rank[rank] = stored_date(dates[by_date[rank]]);
  }
  for (PointRun& run : runs) {
    run.date = rank_of[run.date];
  }

  std::vector<std::size_t> order(configurations.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return configurations[a].view < configurations[b].view;
  });

  std::vector<std::uint32_t> link_texts(links.size(), k_no_text); // link -> text id, once one is stored
  // Reused between runs so that many small runs allocate little.
  std::vector<const PointSummary*> kept;
  std::vector<PlanePoint> plane;
  for (const std::size_t c : order) {
    PointConfiguration& configuration = configurations[c];
    std::sort(configuration.runs.begin(), configuration.runs.end(), [&](std::size_t a, std::size_t b) {
      return runs[a].date < runs[b].date;
    });
    const InteractivityBasis basis = m_basis.value_or(configuration.all_have_p90 ? InteractivityBasis::p90_itl
                                                                                 : InteractivityBasis::median_tpot);
    const std::size_t first_run = m_runs.size();
    for (const std::size_t r : configuration.runs) {
      kept.clear();
      plane.clear();
      for (std::size_t s = runs[r].begin; s < runs[r].end; ++s) {
        const PointSummary& member = summaries[s];
        const std::optional<double> x = basis == InteractivityBasis::p90_itl ? member.p90 : member.median;
        if (usable(x) && usable(member.value)) {
          kept.push_back(&member);
          plane.push_back({*x, *member.value});
        }
      }
      if (kept.empty()) {
        continue; // no point of the run has the basis and the metric
      }
      // Interactivity and throughput both higher-better: the upper-right frontier, sorted by interactivity.
      const std::vector<std::size_t> front = pareto_frontier(plane, {Preference::higher, Preference::higher});
      const std::uint32_t first_knot = narrow(m_interactivity.size());
      for (const std::size_t k : front) {
        const PointSummary& member = *kept[k];
        m_interactivity.push_back(plane[k].x);
        m_throughput.push_back(plane[k].y);
        m_result_ids.push_back(add_text(std::string_view(ids).substr(member.id_begin, member.id_size)));
        std::uint32_t url = k_no_text;
        if (member.run_url != k_no_link) {
          if (link_texts[member.run_url] == k_no_text) {
            link_texts[member.run_url] = add_text(links[member.run_url]);
          }
          url = link_texts[member.run_url];
        }
        m_run_urls.push_back(url);
      }
      m_runs.push_back({date_of_rank[runs[r].date], first_knot, narrow(m_interactivity.size())});
    }
    if (m_runs.size() > first_run) {
      m_configurations.push_back({config_group_of(points[configuration.first_point]).without_date(),
                                  basis,
                                  narrow(first_run),
                                  narrow(m_runs.size())});
    }
  }
}

}  // namespace infertrack::domain

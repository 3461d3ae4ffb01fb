#include "infertrack/domain/history_frontiers.hpp"

#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/domain/pareto_frontier.hpp"
#include "infertrack/domain/performance_curve.hpp"
#include "infertrack/util/assertions.hpp"

#include <algorithm>
#include <cmath>
#include <compare>
#include <deque>
#include <limits>
#include <numeric>
#include <string>
#include <unordered_map>

namespace infertrack::domain {
namespace {

constexpr std::uint32_t k_none = std::numeric_limits<std::uint32_t>::max();
// An absent value in a SampleSummary: like a non-finite one, no frontier can use it.
constexpr double k_absent = std::numeric_limits<double>::quiet_NaN();

// What a run's frontier needs of one sample, kept from the pass over the samples: going back to a point
// later would cost a cache miss for every field, and a store's sample is gone once read. Its result id is
// the builder's text of the same number. 40 bytes, as a history may be made of a million samples.
struct SampleSummary
{
  std::uint32_t run = 0;
  std::uint32_t link = k_none; // the builder's text of its run link
  std::int64_t concurrency = 0;
  double p90 = k_absent;
  double median = k_absent;
  double value = k_absent;
};
static_assert(sizeof(SampleSummary) == 40);

// One configuration measured on one date, among the samples of one builder.
struct SampledRun
{
  std::uint32_t configuration = 0;
  std::uint32_t date = 0;  // date id, then its rank (oldest first)
  std::uint32_t begin = 0; // its samples in run order
  std::uint32_t end = 0;
  std::uint32_t link = k_none; // its last sample's link: the samples of one run usually share one
};

struct SampledConfiguration
{
  ConfigGroupKey key; // date empty
  ConfigurationView view; // of key
  bool all_have_p90 = true;
  bool all_have_median = true;
  std::vector<std::uint32_t> runs;
};

// A std::map node beside its key and value: three pointers and a colour, rounded up.
constexpr std::size_t k_map_node_bytes = 32;

std::uint32_t
narrow(std::size_t value)
{
  INFERTRACK_ASSERT(value < std::numeric_limits<std::uint32_t>::max());
  return static_cast<std::uint32_t>(value);
}

double
value_or_absent(std::optional<double> value)
{
  return value ? *value : k_absent;
}

ConfigGroupKey
key_of(const ConfigurationView& view)
{
  return {std::string(view.model),
          std::string(view.hardware),
          std::string(view.framework),
          std::string(view.precision),
          std::string(view.spec_method),
          view.disaggregated,
          std::string(view.workload),
          {}};
}

ConfigurationView
view_of(const ConfigGroupKey& key)
{
  return {key.model, key.hardware, key.framework, key.precision, key.spec_method, key.disaggregated, key.workload};
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
  return m_texts[id];
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
  m_texts.shrink_to_fit();
  m_dates.shrink_to_fit();
}

std::size_t
HistoryFrontiers::size_bytes() const
{
  std::size_t bytes = sizeof(*this) + m_configurations.capacity() * sizeof(Configuration) +
                      m_runs.capacity() * sizeof(Run) +
                      (m_interactivity.capacity() + m_throughput.capacity()) * sizeof(double) +
                      (m_result_ids.capacity() + m_run_urls.capacity()) * sizeof(std::uint32_t) +
                      m_texts.size_bytes() + m_dates.capacity() * sizeof(std::string) +
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
  Builder builder(*this);
  builder.reserve(points.size());
  for (const BenchmarkPoint& point : points) {
    builder.add(frontier_sample_of(point, m_metric));
  }
  builder.finish();
}

// What the builder keeps until finish(): every sample's summary and result id, and ids for the
// configurations, dates and runs seen. Samples usually come grouped (a store's listing by run, its table by
// ingest), so the previous sample's ids are tried before any hash lookup.
struct HistoryFrontiers::Builder::Samples
{
  std::deque<SampledConfiguration> configurations; // a deque: the ids' keys view the configurations' own
  std::unordered_map<ConfigurationView, std::uint32_t, ConfigurationHash> configuration_ids;
  std::deque<std::string> dates;
  std::unordered_map<std::string_view, std::uint32_t> date_ids;
  std::unordered_map<std::uint64_t, std::uint32_t> run_ids; // configuration id << 32 | date id
  std::vector<SampledRun> runs;
  std::vector<SampleSummary> summaries;
  util::TextBlock<std::uint32_t> result_ids; // sample k's is text k
  util::TextBlock<std::uint32_t> links;
  std::uint32_t configuration = k_none; // the previous sample's
  std::uint32_t date = k_none;
  std::uint32_t run = k_none;
  bool grouped = true; // each run's samples contiguous so far

  // The steps of finish(), in order. A member, so that it may write the frontiers' private arrays.
  std::vector<std::uint32_t> order_by_run();
  std::vector<std::uint32_t> rank_dates(HistoryFrontiers& frontiers);
  std::vector<std::uint32_t> configuration_order() const;
  bool listed_before(std::uint32_t a, std::uint32_t b) const;
  void add_knots(HistoryFrontiers& frontiers, std::span<const std::uint32_t> kept, std::span<const PlanePoint> plane,
                 std::vector<std::uint32_t>& link_texts);
};

// Places each run's samples in input order: their positions in the returned `by_run` (a counting sort), or none
// when they already come so (`grouped`); each run's [begin, end) then indexes its samples there.
std::vector<std::uint32_t>
HistoryFrontiers::Builder::Samples::order_by_run()
{
  std::uint32_t offset = 0;
  for (SampledRun& sampled : runs) {
    const std::uint32_t count = sampled.end;
    sampled.begin = offset;
    sampled.end = grouped ? offset + count : offset;
    offset += count;
  }
  std::vector<std::uint32_t> by_run;
  if (!grouped) {
    by_run.resize(summaries.size());
    for (std::uint32_t i = 0; i < summaries.size(); ++i) {
      by_run[runs[summaries[i].run].end++] = i;
    }
  }
  return by_run;
}

// Turns each run's date id into its rank (YYYY-MM-DD: text order is time order) and returns the frontiers' own
// date id of each rank.
std::vector<std::uint32_t>
HistoryFrontiers::Builder::Samples::rank_dates(HistoryFrontiers& frontiers)
{
  std::vector<std::uint32_t> by_date(dates.size());
  std::iota(by_date.begin(), by_date.end(), std::uint32_t{0});
  std::sort(by_date.begin(), by_date.end(), [&](std::uint32_t a, std::uint32_t b) { return dates[a] < dates[b]; });
  std::vector<std::uint32_t> rank_of(dates.size());
  std::vector<std::uint32_t> date_of_rank(dates.size());
  for (std::uint32_t rank = 0; rank < by_date.size(); ++rank) {
    rank_of[by_date[rank]] = rank;
    date_of_rank[rank] = frontiers.stored_date(dates[by_date[rank]]);
  }
  for (SampledRun& sampled : runs) {
    sampled.date = rank_of[sampled.date];
  }
  return date_of_rank;
}

// The configurations' ids in ConfigGroupKey order.
std::vector<std::uint32_t>
HistoryFrontiers::Builder::Samples::configuration_order() const
{
  std::vector<std::uint32_t> order(configurations.size());
  std::iota(order.begin(), order.end(), std::uint32_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return configurations[a].view < configurations[b].view; });
  return order;
}

// Of identical points pareto_frontier keeps the first: listing order makes it the same whatever order
// the samples came in (the input position only breaks ties of points given twice).
bool
HistoryFrontiers::Builder::Samples::listed_before(std::uint32_t a, std::uint32_t b) const
{
  const std::int64_t ca = summaries[a].concurrency;
  const std::int64_t cb = summaries[b].concurrency;
  if (ca != cb) {
    return ca < cb;
  }
  const int ids = result_ids[a].compare(result_ids[b]);
  return ids != 0 ? ids < 0 : a < b;
}

// Appends the frontier of one run's usable samples `kept` (in listing order), at `plane`, as knots; `link_texts`
// maps each link to its text id once one is stored.
void
HistoryFrontiers::Builder::Samples::add_knots(HistoryFrontiers& frontiers, std::span<const std::uint32_t> kept,
                                               std::span<const PlanePoint> plane,
                                               std::vector<std::uint32_t>& link_texts)
{
  // Interactivity and throughput both higher-better: the upper-right frontier, sorted by interactivity.
  const std::vector<std::size_t> front = pareto_frontier(plane, {Preference::higher, Preference::higher});
  for (const std::size_t k : front) {
    const SampleSummary& member = summaries[kept[k]];
    frontiers.m_interactivity.push_back(plane[k].x);
    frontiers.m_throughput.push_back(plane[k].y);
    frontiers.m_result_ids.push_back(narrow(frontiers.m_texts.add(result_ids[kept[k]])));
    std::uint32_t url = k_no_text;
    if (member.link != k_none) {
      if (link_texts[member.link] == k_no_text) {
        link_texts[member.link] = narrow(frontiers.m_texts.add(links[member.link]));
      }
      url = link_texts[member.link];
    }
    frontiers.m_run_urls.push_back(url);
  }
}

HistoryFrontiers::Builder::Builder(HistoryFrontiers& frontiers)
  : m_frontiers(frontiers),
    m_samples(std::make_unique<Samples>())
{
}

HistoryFrontiers::Builder::~Builder() = default;

void
HistoryFrontiers::Builder::reserve(std::size_t samples)
{
  m_samples->summaries.reserve(samples);
  m_samples->result_ids.reserve(samples);
}

void
HistoryFrontiers::Builder::add(const FrontierSample& sample)
{
  Samples& s = *m_samples;
  bool same_run = s.run != k_none;
  if (s.configuration == k_none || s.configurations[s.configuration].view != sample.configuration) {
    const auto found = s.configuration_ids.find(sample.configuration);
    if (found != s.configuration_ids.end()) {
      s.configuration = found->second;
    } else {
      s.configuration = narrow(s.configurations.size());
      SampledConfiguration& added = s.configurations.emplace_back();
      added.key = key_of(sample.configuration);
      added.view = view_of(added.key);
      s.configuration_ids.emplace(added.view, s.configuration);
    }
    same_run = false;
  }
  if (s.date == k_none || s.dates[s.date] != sample.date) {
    const auto found = s.date_ids.find(sample.date);
    if (found != s.date_ids.end()) {
      s.date = found->second;
    } else {
      s.date = narrow(s.dates.size());
      s.date_ids.emplace(s.dates.emplace_back(sample.date), s.date);
    }
    same_run = false;
  }
  if (!same_run) {
    const std::uint64_t key = (static_cast<std::uint64_t>(s.configuration) << 32) | s.date;
    const auto [found, added] = s.run_ids.try_emplace(key, narrow(s.runs.size()));
    if (added) {
      s.runs.push_back({s.configuration, s.date, 0, 0, k_none});
      s.configurations[s.configuration].runs.push_back(found->second);
    }
    s.grouped = s.grouped && (added || found->second == s.run);
    s.run = found->second;
  }
  SampledConfiguration& configuration = s.configurations[s.configuration];
  configuration.all_have_p90 = configuration.all_have_p90 && sample.interactivity_p90.has_value();
  configuration.all_have_median = configuration.all_have_median && sample.interactivity_median.has_value();
  SampledRun& run = s.runs[s.run];
  ++run.end; // a count until finish()
  if (sample.run_url && (run.link == k_none || s.links[run.link] != *sample.run_url)) {
    run.link = narrow(s.links.add(*sample.run_url));
  }
  s.summaries.push_back({s.run,
                         sample.run_url ? run.link : k_none,
                         sample.concurrency,
                         value_or_absent(sample.interactivity_p90),
                         value_or_absent(sample.interactivity_median),
                         value_or_absent(sample.throughput)});
  s.result_ids.add(sample.result_id);
}

void
HistoryFrontiers::Builder::finish()
{
  Samples& s = *m_samples;
  HistoryFrontiers& frontiers = m_frontiers;

  const std::vector<std::uint32_t> by_run = s.order_by_run();
  const std::vector<std::uint32_t> date_of_rank = s.rank_dates(frontiers);
  const auto listed_before = [&](std::uint32_t a, std::uint32_t b) { return s.listed_before(a, b); };
  std::vector<std::uint32_t> link_texts(s.links.count(), k_no_text); // link -> text id, once one is stored
  // Reused between runs so that many small runs allocate little.
  std::vector<std::uint32_t> kept;
  std::vector<PlanePoint> plane;
  for (const std::uint32_t c : s.configuration_order()) {
    SampledConfiguration& configuration = s.configurations[c];
    std::sort(configuration.runs.begin(), configuration.runs.end(), [&](std::uint32_t a, std::uint32_t b) {
      return s.runs[a].date < s.runs[b].date;
    });
    // One basis for all the configuration's runs, so that its series never compares values on two.
    const InteractivityBasis basis = frontiers.m_basis.value_or(default_basis(
      configuration.key.workload == "agentic", configuration.all_have_p90, configuration.all_have_median));
    const auto x_of = [&](const SampleSummary& summary) {
      return basis == InteractivityBasis::p90_itl ? summary.p90 : summary.median;
    };
    const std::uint32_t first_run = narrow(frontiers.m_runs.size());
    bool any_usable = false;
    for (const std::uint32_t r : configuration.runs) {
      kept.clear();
      for (std::uint32_t position = s.runs[r].begin; position < s.runs[r].end; ++position) {
        const std::uint32_t i = s.grouped ? position : by_run[position];
        if (std::isfinite(x_of(s.summaries[i])) && std::isfinite(s.summaries[i].value)) {
          kept.push_back(i);
        }
      }
      if (kept.empty()) {
        // No point of the run has the basis and the metric: a run without knots, a gap in the series.
        const auto end = narrow(frontiers.m_interactivity.size());
        frontiers.m_runs.push_back({date_of_rank[s.runs[r].date], end, end});
        continue;
      }
      any_usable = true;
      if (!std::is_sorted(kept.begin(), kept.end(), listed_before)) {
        std::sort(kept.begin(), kept.end(), listed_before);
      }
      plane.clear();
      for (const std::uint32_t i : kept) {
        plane.push_back({x_of(s.summaries[i]), s.summaries[i].value});
      }
      const std::uint32_t first_knot = narrow(frontiers.m_interactivity.size());
      s.add_knots(frontiers, kept, plane, link_texts);
      frontiers.m_runs.push_back(
        {date_of_rank[s.runs[r].date], first_knot, narrow(frontiers.m_interactivity.size())});
    }
    if (any_usable) {
      frontiers.m_configurations.push_back(
        {std::move(configuration.key), basis, first_run, narrow(frontiers.m_runs.size())});
    } else {
      frontiers.m_runs.resize(first_run); // a configuration without one usable run is no series
    }
  }
  m_samples = std::make_unique<Samples>();
}

}  // namespace infertrack::domain

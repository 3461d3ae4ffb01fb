#include "infertrack/app/queries/history_cache.hpp"

#include <utility>

namespace infertrack::app {
namespace {

// Per entry: the list and map nodes, the key twice and the shared block, roughly.
constexpr std::size_t k_entry_overhead_bytes = 256;

// The query's identity: each filter field set or not and its text, the basis and the metric. A unit
// separator keeps "ab" + "c" apart from "a" + "bc"; stored names never hold one.
std::string
key_of(const store::PointFilter& filter,
       std::optional<domain::InteractivityBasis> basis,
       domain::ThroughputMetric metric)
{
  std::string key;
  const auto field = [&key](const std::optional<std::string>& value) {
    key += value ? '=' : '-';
    key += value.value_or("");
    key += '\x1f';
  };
  field(filter.model);
  field(filter.hardware);
  field(filter.framework);
  field(filter.precision);
  field(filter.spec_method);
  key += filter.disaggregated ? (*filter.disaggregated ? "=1" : "=0") : "-";
  key += '\x1f';
  field(filter.date);
  field(filter.as_of);
  key += basis ? domain::to_string(*basis) : "auto";
  key += '\x1f';
  key += domain::to_string(metric);
  return key;
}

}  // namespace

std::shared_ptr<const domain::HistoryFrontiers>
HistoryCache::frontiers(const store::PointFilter& filter,
                        std::optional<domain::InteractivityBasis> basis,
                        domain::ThroughputMetric metric,
                        std::int64_t data_version,
                        const std::function<domain::HistoryFrontiers()>& build)
{
  std::string key = key_of(filter, basis, metric);
  {
    std::lock_guard lock(m_mutex);
    if (data_version != m_data_version) {
      m_kept.clear(); // every kept set came from the old data
      m_data_version = data_version;
    }
    if (const auto* kept = m_kept.find(key)) {
      return *kept;
    }
  }
  // Built outside the lock: reading a model's runs takes seconds, and other queries need not wait for it.
  auto built = std::make_shared<const domain::HistoryFrontiers>(build());
  const std::size_t cost = built->size_bytes() + 2 * key.size() + k_entry_overhead_bytes;
  std::lock_guard lock(m_mutex);
  if (data_version == m_data_version && !m_kept.contains(key)) {
    // Not when stale already, or kept meanwhile by another request.
    m_kept.keep(std::move(key), built, cost);
  }
  return built;
}

std::size_t
HistoryCache::size_bytes() const
{
  std::lock_guard lock(m_mutex);
  return m_kept.size_bytes();
}

std::size_t
HistoryCache::entries() const
{
  std::lock_guard lock(m_mutex);
  return m_kept.entries();
}

}  // namespace infertrack::app

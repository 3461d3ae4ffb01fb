#pragma once

#include "infertrack/domain/history_frontiers.hpp"
#include "infertrack/store/store.hpp"
#include "infertrack/util/bytes_budget_lru.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace infertrack::app {

// The run frontiers of recent history queries, kept until the data changes: all a history costs apart from
// its target, so that a request with a new target reads no point from the store. Bounded by bytes, least
// recently used out first. Frontiers are shared: a request keeps the ones it reads while another evicts them.
class HistoryCache
{
public:
  // Room for every configuration of a 1,000-configuration x 200-date database (800,000 points) at once.
  static constexpr std::size_t k_default_budget_bytes = 64 * 1024 * 1024;

  explicit HistoryCache(std::size_t budget_bytes = k_default_budget_bytes) : m_kept(budget_bytes) {}

  // The frontiers of the runs `filter` selects on `basis` of `metric` at `data_version`: the kept ones, else
  // those `build` returns, kept when they fit the budget. Kept ones of another data version are dropped.
  std::shared_ptr<const domain::HistoryFrontiers>
  frontiers(const store::PointFilter& filter,
            std::optional<domain::InteractivityBasis> basis,
            domain::ThroughputMetric metric,
            std::int64_t data_version,
            const std::function<domain::HistoryFrontiers()>& build);

  // The bytes the kept frontiers hold (HistoryFrontiers::size_bytes), and how many sets that is.
  std::size_t size_bytes() const;
  std::size_t entries() const;
  std::size_t budget_bytes() const { return m_kept.budget_bytes(); }

private:
  mutable std::mutex m_mutex;
  std::int64_t m_data_version = 0;
  util::BytesBudgetLru<std::shared_ptr<const domain::HistoryFrontiers>> m_kept;
};

}  // namespace infertrack::app

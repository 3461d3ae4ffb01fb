#pragma once

#include <cstddef>
#include <functional>
#include <iterator>
#include <list>
#include <map>
#include <string>
#include <string_view>
#include <utility>

namespace infertrack::util {

// Values by text key whose costs in bytes add up to at most a budget: making room drops the least recently used
// first. Not synchronised: its owner locks around each call.
template<typename Value>
class BytesBudgetLru
{
public:
  explicit BytesBudgetLru(std::size_t budget_bytes) : m_budget(budget_bytes) {}

  // The value kept under `key`, now the most recently used, or nullptr. Valid until the next change.
  Value* find(std::string_view key)
  {
    const auto found = m_by_key.find(key);
    if (found == m_by_key.end()) {
      return nullptr;
    }
    m_recency.splice(m_recency.begin(), m_recency, found->second);
    return &found->second->value;
  }

  bool contains(std::string_view key) const { return m_by_key.find(key) != m_by_key.end(); }

  // Keeps `value` under `key` (in place of any kept there), charged `cost` bytes, dropping the least recently
  // used until it fits. A value costing more than the whole budget is not kept. Returns whether it was.
  bool keep(std::string key, Value value, std::size_t cost)
  {
    erase(key);
    if (cost > m_budget) {
      return false;
    }
    while (m_bytes + cost > m_budget && !m_recency.empty()) {
      erase(std::prev(m_recency.end()));
    }
    m_recency.push_front(Entry{key, std::move(value), cost});
    m_by_key.emplace(std::move(key), m_recency.begin());
    m_bytes += cost;
    return true;
  }

  void erase(std::string_view key)
  {
    if (const auto found = m_by_key.find(key); found != m_by_key.end()) {
      erase(found->second);
    }
  }

  void clear()
  {
    m_recency.clear();
    m_by_key.clear();
    m_bytes = 0;
  }

  std::size_t size_bytes() const { return m_bytes; }
  std::size_t entries() const { return m_recency.size(); }
  std::size_t budget_bytes() const { return m_budget; }

private:
  struct Entry
  {
    std::string key;
    Value value;
    std::size_t cost = 0;
  };
  using Recency = std::list<Entry>; // most recently used first

  void erase(typename Recency::iterator entry)
  {
    m_bytes -= entry->cost;
    m_by_key.erase(entry->key);
    m_recency.erase(entry);
  }

  std::size_t m_budget;
  Recency m_recency;
  std::map<std::string, typename Recency::iterator, std::less<>> m_by_key;
  std::size_t m_bytes = 0;
};

}  // namespace infertrack::util

#pragma once

#include "infertrack/util/assertions.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

namespace infertrack::formats {

// A fixed table of names (JSON keys a reader knows) and what each one means, looked up once per member of every
// row. Open addressing over a power-of-two table with a hash of a few eight-byte chunks of a name: a
// std::unordered_map spent most of a look-up hashing every byte, dividing by a prime and chasing a node, about a
// tenth of reading a runner row. The names must outlive the table (string literals, or views into them).
template<typename Value>
class NameTable
{
public:
  NameTable() = default;
  NameTable(std::initializer_list<std::pair<std::string_view, Value>> entries)
  {
    for (const auto& [name, value] : entries) {
      add(name, value);
    }
  }

  // Adds `name`; a name already there keeps its first value (returns false).
  bool add(std::string_view name, Value value)
  {
    if (find(name) != nullptr) {
      return false;
    }
    m_entries.emplace_back(name, std::move(value));
    if (m_entries.size() * 4 > m_slots.size()) {
      rehash(std::bit_ceil(m_entries.size() * 8));
    } else {
      place(m_entries.size() - 1);
    }
    return true;
  }

  // Gives `name` the value `value`, adding the name when it is not there.
  void set(std::string_view name, Value value)
  {
    if (const std::size_t entry = entry_of(name); entry != k_absent) {
      m_entries[entry].second = std::move(value);
      return;
    }
    add(name, std::move(value));
  }

  // What `name` means, or nullptr for a name the table does not hold.
  const Value* find(std::string_view name) const
  {
    const std::size_t entry = entry_of(name);
    return entry == k_absent ? nullptr : &m_entries[entry].second;
  }

  // The names and values in the order they were added.
  const std::vector<std::pair<std::string_view, Value>>& entries() const { return m_entries; }

private:
  // Eight bytes from each end, and from the middle of a longer name (keys such as
  // "server_metrics.cache.gpu_cache_hit_rate" and "...cpu_cache_hit_rate" differ only there), then a final mix.
  static std::uint64_t hash(std::string_view name)
  {
    const auto chunk = [&name](std::size_t at) {
      std::uint64_t bytes = 0;
      std::memcpy(&bytes, name.data() + at, 8);
      return bytes;
    };
    std::uint64_t mixed = name.size() * 0x9e3779b97f4a7c15ULL;
    if (name.size() >= 8) {
      mixed ^= chunk(0) * 0xc2b2ae3d27d4eb4fULL;
      mixed ^= std::rotl(chunk(name.size() - 8) * 0x165667b19e3779f9ULL, 31);
      if (name.size() > 16) {
        mixed ^= std::rotl(chunk(name.size() / 2 - 4) * 0x27d4eb2f165667c5ULL, 17);
      }
    } else if (!name.empty()) {
      std::uint64_t bytes = 0;
      std::memcpy(&bytes, name.data(), name.size());
      mixed ^= bytes * 0xc2b2ae3d27d4eb4fULL;
    }
    mixed ^= mixed >> 33; // the finalizer of MurmurHash3: every input bit reaches the low bits used as the slot
    mixed *= 0xff51afd7ed558ccdULL;
    return mixed ^ (mixed >> 33);
  }

  static constexpr std::size_t k_absent = ~std::size_t{0};

  std::size_t entry_of(std::string_view name) const
  {
    if (m_slots.empty()) {
      return k_absent;
    }
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = hash(name) & mask;; i = (i + 1) & mask) {
      const std::uint32_t slot = m_slots[i];
      if (slot == 0) {
        return k_absent;
      }
      if (m_entries[slot - 1].first == name) {
        return slot - 1;
      }
    }
  }

  void place(std::size_t entry)
  {
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = hash(m_entries[entry].first) & mask;
    while (m_slots[i] != 0) {
      i = (i + 1) & mask;
    }
    INFERTRACK_ASSERT(entry < UINT32_MAX); // a table of known keys holds dozens
    m_slots[i] = static_cast<std::uint32_t>(entry + 1);
  }

  void rehash(std::size_t slots)
  {
    m_slots.assign(slots, 0);
    for (std::size_t entry = 0; entry < m_entries.size(); ++entry) {
      place(entry);
    }
  }

  std::vector<std::pair<std::string_view, Value>> m_entries;
  std::vector<std::uint32_t> m_slots; // 1 + the entry's index, 0 for an empty slot; at most a quarter in use
};

}  // namespace infertrack::formats

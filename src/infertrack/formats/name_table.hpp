#pragma once

#include "infertrack/util/slot_index.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

namespace infertrack::formats {

// A fixed table of names (JSON keys a reader knows) and what each one means, looked up once per member of every
// row. A util::SlotIndex by a hash of a few eight-byte chunks of a name: a std::unordered_map spent most of a
// look-up hashing every byte, dividing by a prime and chasing a node, about a tenth of reading a runner row. The
// names must outlive the table (string literals, or views into them).
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
    const std::uint64_t name_hash = hash(name);
    const std::size_t slot = m_index.place(name_hash, same_as(name), [this](std::size_t entry) {
      return hash(m_entries[entry].first);
    });
    if (m_index.holds(slot)) {
      return false;
    }
    m_index.put(slot, name_hash, m_entries.size());
    m_entries.emplace_back(name, std::move(value));
    return true;
  }

  // Gives `name` the value `value`, adding the name when it is not there.
  void set(std::string_view name, Value value)
  {
    if (const auto entry = m_index.position_of(hash(name), same_as(name))) {
      m_entries[*entry].second = std::move(value);
      return;
    }
    add(name, std::move(value));
  }

  // What `name` means, or nullptr for a name the table does not hold.
  const Value* find(std::string_view name) const
  {
    const auto entry = m_index.position_of(hash(name), same_as(name));
    return entry ? &m_entries[*entry].second : nullptr;
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

  auto same_as(std::string_view name) const
  {
    return [this, name](std::size_t entry) { return m_entries[entry].first == name; };
  }

  std::vector<std::pair<std::string_view, Value>> m_entries;
  util::SlotIndex m_index;  // the entries, by the hash of their names
};

}  // namespace infertrack::formats

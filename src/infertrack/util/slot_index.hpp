#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace infertrack::util {

// An index of keys kept elsewhere, by their 64-bit hashes: open addressing over 8-byte slots (the hash's high half
// and the key's position), linear probing, a power of two long and at most half full. One probe a key where a
// node-based map takes two or three trips to memory; the caller compares keys, by position, only when the high
// halves match.
class SlotIndex
{
public:
  static constexpr std::uint32_t k_max_positions = UINT32_MAX - 1;

  // The slot where the key of `hash` is, for which `same(position)` holds, or the empty slot where it would go.
  // Grows first when one more key would make the index more than half full: `hash_at(position)` gives the hash
  // of a key already in it.
  template<typename Same, typename HashAt>
  std::size_t place(std::uint64_t hash, Same&& same, HashAt&& hash_at);

  // Whether the index has the key of `hash` for which `same(position)` holds.
  template<typename Same>
  bool contains(std::uint64_t hash, Same&& same) const
  {
    return position_of(hash, same).has_value();
  }
  // The position of the key of `hash` for which `same(position)` holds, if the index has it.
  template<typename Same>
  std::optional<std::size_t> position_of(std::uint64_t hash, Same&& same) const;

  bool holds(std::size_t slot) const { return m_slots[slot].position != 0; }
  std::size_t position(std::size_t slot) const { return m_slots[slot].position - 1; }
  // Puts the key at `position` (with its `hash`) in the empty `slot` place() gave.
  void put(std::size_t slot, std::uint64_t hash, std::size_t position);

private:
  struct Slot
  {
    std::uint32_t hash = 0;      // the high half of the key's hash (the low half picked the slot)
    std::uint32_t position = 0;  // the key's position + 1; 0 marks an empty slot
  };

  template<typename HashAt>
  void grow(HashAt&& hash_at);
  // `count` empty slots, asking for huge pages first: a table of a million keys spans 8,000 small pages.
  static std::vector<Slot> empty_slots(std::size_t count);
  template<typename Same>
  std::size_t find(std::uint64_t hash, Same&& same) const;

  std::vector<Slot> m_slots;
  std::size_t m_used = 0;
};

template<typename Same>
std::size_t
SlotIndex::find(std::uint64_t hash, Same&& same) const
{
  const auto high = static_cast<std::uint32_t>(hash >> 32);
  const std::size_t mask = m_slots.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot& slot = m_slots[i];
    if (slot.position == 0 || (slot.hash == high && same(std::size_t{slot.position} - 1))) {
      return i;
    }
  }
}

template<typename Same, typename HashAt>
std::size_t
SlotIndex::place(std::uint64_t hash, Same&& same, HashAt&& hash_at)
{
  if ((m_used + 1) * 2 > m_slots.size()) {
    grow(hash_at);
  }
  return find(hash, same);
}

template<typename Same>
std::optional<std::size_t>
SlotIndex::position_of(std::uint64_t hash, Same&& same) const
{
  if (m_slots.empty()) {
    return std::nullopt;
  }
  const std::size_t slot = find(hash, same);
  return holds(slot) ? std::optional<std::size_t>(position(slot)) : std::nullopt;
}

template<typename HashAt>
void
SlotIndex::grow(HashAt&& hash_at)
{
  constexpr std::size_t k_min_slots = 64;
  std::vector<Slot> old = std::move(m_slots);
  m_slots = empty_slots(old.empty() ? k_min_slots : old.size() * 2);
  const std::size_t mask = m_slots.size() - 1;
  for (const Slot& slot : old) {
    if (slot.position == 0) {
      continue;
    }
    std::size_t i = hash_at(std::size_t{slot.position} - 1) & mask;
    while (m_slots[i].position != 0) {
      i = (i + 1) & mask;
    }
    m_slots[i] = slot;
  }
}

}  // namespace infertrack::util

#include "infertrack/util/slot_index.hpp"

#include "infertrack/util/assertions.hpp"
#include "infertrack/util/huge_pages.hpp"

namespace infertrack::util {

void
SlotIndex::put(std::size_t slot, std::uint64_t hash, std::size_t position)
{
  INFERTRACK_ASSERT(position < k_max_positions && m_slots[slot].position == 0);
  m_slots[slot] = Slot{static_cast<std::uint32_t>(hash >> 32), static_cast<std::uint32_t>(position + 1)};
  ++m_used;
}

std::vector<SlotIndex::Slot>
SlotIndex::empty_slots(std::size_t count)
{
  std::vector<Slot> slots;
  slots.reserve(count);
  advise_huge_pages(slots.data(), count * sizeof(Slot));  // before the pages are touched
  slots.assign(count, Slot{});
  return slots;
}

}  // namespace infertrack::util

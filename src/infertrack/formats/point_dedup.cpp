#include "infertrack/formats/point_dedup.hpp"

#include "infertrack/util/huge_pages.hpp"

#include <functional>
#include <new>
#include <stdexcept>
#include <string_view>

namespace infertrack::formats {

std::uint64_t
PointDedup::hash_of(std::string_view id)
{
  return std::hash<std::string_view>{}(id);
}

std::vector<PointDedup::Slot>
PointDedup::empty_slots(std::size_t count)
{
  std::vector<Slot> slots;
  slots.reserve(count);
  util::advise_huge_pages(slots.data(), count * sizeof(Slot));  // before the pages are touched
  slots.assign(count, Slot{});
  return slots;
}

void
PointDedup::reserve(std::vector<domain::BenchmarkPoint>& points, std::size_t estimate)
{
  // The index is left to grow: estimates err high (by 2-8 times for snapshots and runner rows), and a table sized
  // for them spreads each probe over more memory than the cache holds, and touches every page of it first.
  try {
    points.reserve(estimate);
    m_records.reserve(estimate);
  } catch (const std::bad_alloc&) {
    // A generous estimate for a huge file; the vectors grow as needed instead.
  } catch (const std::length_error&) {
  }
}

}  // namespace infertrack::formats

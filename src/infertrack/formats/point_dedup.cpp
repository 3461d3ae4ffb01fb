#include "infertrack/formats/point_dedup.hpp"

#include <functional>
#include <new>
#include <stdexcept>
#include <string_view>

namespace infertrack::formats {

std::uint64_t
PointDedup::hash_of(const std::string& id)
{
  return std::hash<std::string_view>{}(id);
}

void
PointDedup::reserve(std::vector<domain::BenchmarkPoint>& points, std::size_t estimate)
{
  std::size_t size = k_min_slots;
  while (size < estimate * 2) {
    size *= 2;
  }
  try {
    points.reserve(estimate);
    m_records.reserve(estimate);
    if (size > m_slots.size() && m_used == 0) {
      m_slots.assign(size, Slot{});
    }
  } catch (const std::bad_alloc&) {
    // A generous estimate for a huge file; the vectors grow as needed instead.
  } catch (const std::length_error&) {
  }
}

}  // namespace infertrack::formats

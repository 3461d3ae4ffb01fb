#include "infertrack/formats/point_dedup.hpp"

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

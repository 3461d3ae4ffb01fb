#include "infertrack/formats/point_dedup.hpp"

#include <functional>
#include <new>
#include <stdexcept>
#include <string_view>

namespace infertrack::formats {

namespace {

constexpr std::size_t k_min_slots = 64;

std::uint64_t
hash_of(const std::string& id)
{
  return std::hash<std::string_view>{}(id);
}

}  // namespace

PointDedup::Added
PointDedup::add_last(std::vector<domain::BenchmarkPoint>& points, std::size_t record)
{
  if ((m_used + 1) * 2 > m_slots.size()) {
    grow(points);
  }
  const domain::BenchmarkPoint& point = points.back();
  const std::uint64_t hash = hash_of(point.result_id);
  const auto high = static_cast<std::uint32_t>(hash >> 32);
  const std::size_t mask = m_slots.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    Slot& slot = m_slots[i];
    if (slot.position == 0) {
      slot = Slot{high, static_cast<std::uint32_t>(points.size())};
      m_records.push_back(record);
      ++m_used;
      return {Outcome::added, record, points.size() - 1};
    }
    const std::size_t earlier_position = slot.position - 1;
    const domain::BenchmarkPoint& earlier = points[earlier_position];
    if (slot.hash == high && earlier.result_id == point.result_id) {
      const Outcome outcome = earlier == point ? Outcome::identical : Outcome::conflict;
      points.pop_back();
      return {outcome, m_records[earlier_position], earlier_position};
    }
  }
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

void
PointDedup::grow(const std::vector<domain::BenchmarkPoint>& points)
{
  std::vector<Slot> old = std::move(m_slots);
  m_slots.assign(old.empty() ? k_min_slots : old.size() * 2, Slot{});
  const std::size_t mask = m_slots.size() - 1;
  for (const Slot& slot : old) {
    if (slot.position == 0) {
      continue;
    }
    std::size_t i = hash_of(points[slot.position - 1].result_id) & mask;
    while (m_slots[i].position != 0) {
      i = (i + 1) & mask;
    }
    m_slots[i] = slot;
  }
}

}  // namespace infertrack::formats

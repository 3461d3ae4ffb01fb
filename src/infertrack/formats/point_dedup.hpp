#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::formats {

// Keeps one point per result id while a file is read: an ingest is idempotent (the same record twice is one
// record) and a result id whose values differ inside one file is a conflict the reader must refuse. Readers
// build each point in place at the end of the vector, so the index holds positions, not copies of ids.
class PointDedup
{
public:
  enum class Outcome
  {
    added,      // a new result id: the point stays
    identical,  // the same record again: the point was removed
    conflict,   // the same result id with other values: the point was removed
  };

  struct Added
  {
    Outcome outcome = Outcome::added;
    std::size_t first_record = 0;    // where the record with that id was read (identical / conflict)
    std::size_t first_position = 0;  // its index in the points
  };

  // Checks `points.back()`, read at `record` (a point index or line number), against the points before it.
  // `points` is a sequence of points: size(), result_id(position), same_as_last(position), back(), pop_back().
  template<typename Points>
  Added add_last(Points& points, std::size_t record);

  // Whether one of `points` (as above) has the result id `id`.
  template<typename Points>
  bool contains(const Points& points, std::string_view id) const;

  // Makes room for about `estimate` points in `points`, so that it does not grow (and move the large points)
  // while reading. Only a hint: when memory for it is refused, reading goes on without.
  void reserve(std::vector<domain::BenchmarkPoint>& points, std::size_t estimate);

private:
  static constexpr std::size_t k_min_slots = 64;

  // 8 bytes, so that the index of a million points stays small: a miss in it is a trip to memory.
  struct Slot
  {
    std::uint32_t hash = 0;      // the high half of the id's hash (the low half picked the slot)
    std::uint32_t position = 0;  // index into the points + 1; 0 marks an empty slot
  };

  template<typename Points>
  void grow(const Points& points);
  static std::uint64_t hash_of(std::string_view id);
  // `count` empty slots; a table of a million points' ids spans 8,000 small pages, one translation miss each.
  static std::vector<Slot> empty_slots(std::size_t count);

  std::vector<Slot> m_slots;           // open addressing, linear probing, a power of two long, at most half full
  std::vector<std::size_t> m_records;  // where each kept point was read, by position
  std::size_t m_used = 0;
};

template<typename Points>
PointDedup::Added
PointDedup::add_last(Points& points, std::size_t record)
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
    if (slot.hash == high && points.result_id(earlier_position) == point.result_id) {
      const Outcome outcome = points.same_as_last(earlier_position) ? Outcome::identical : Outcome::conflict;
      points.pop_back();
      return {outcome, m_records[earlier_position], earlier_position};
    }
  }
}

template<typename Points>
bool
PointDedup::contains(const Points& points, std::string_view id) const
{
  if (m_slots.empty()) {
    return false;
  }
  const std::uint64_t hash = hash_of(id);
  const auto high = static_cast<std::uint32_t>(hash >> 32);
  const std::size_t mask = m_slots.size() - 1;
  for (std::size_t i = hash & mask; m_slots[i].position != 0; i = (i + 1) & mask) {
    if (m_slots[i].hash == high && points.result_id(m_slots[i].position - 1) == id) {
      return true;
    }
  }
  return false;
}

template<typename Points>
void
PointDedup::grow(const Points& points)
{
  std::vector<Slot> old = std::move(m_slots);
  m_slots = empty_slots(old.empty() ? k_min_slots : old.size() * 2);
  const std::size_t mask = m_slots.size() - 1;
  for (const Slot& slot : old) {
    if (slot.position == 0) {
      continue;
    }
    std::size_t i = hash_of(points.result_id(slot.position - 1)) & mask;
    while (m_slots[i].position != 0) {
      i = (i + 1) & mask;
    }
    m_slots[i] = slot;
  }
}

}  // namespace infertrack::formats

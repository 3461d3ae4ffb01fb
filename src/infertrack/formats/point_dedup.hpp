#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/util/slot_index.hpp"

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
  static std::uint64_t hash_of(std::string_view id);

  util::SlotIndex m_index;             // the kept points' ids, by position
  std::vector<std::size_t> m_records;  // where each kept point was read, by position
};

template<typename Points>
PointDedup::Added
PointDedup::add_last(Points& points, std::size_t record)
{
  const domain::BenchmarkPoint& point = points.back();
  const std::uint64_t hash = hash_of(point.result_id);
  const std::size_t slot = m_index.place(
    hash,
    [&](std::size_t position) { return points.result_id(position) == point.result_id; },
    [&](std::size_t position) { return hash_of(points.result_id(position)); });
  if (!m_index.holds(slot)) {
    m_index.put(slot, hash, points.size() - 1);
    m_records.push_back(record);
    return {Outcome::added, record, points.size() - 1};
  }
  const std::size_t earlier_position = m_index.position(slot);
  const Outcome outcome = points.same_as_last(earlier_position) ? Outcome::identical : Outcome::conflict;
  points.pop_back();
  return {outcome, m_records[earlier_position], earlier_position};
}

template<typename Points>
bool
PointDedup::contains(const Points& points, std::string_view id) const
{
  return m_index.contains(hash_of(id), [&](std::size_t position) { return points.result_id(position) == id; });
}

}  // namespace infertrack::formats

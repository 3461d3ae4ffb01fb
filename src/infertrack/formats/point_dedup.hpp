#pragma once

#include "infertrack/domain/benchmark_point.hpp"

#include <cstddef>
#include <cstdint>
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
  Added add_last(std::vector<domain::BenchmarkPoint>& points, std::size_t record);

  // Makes room for about `estimate` points in `points` and the index, so that neither grows (and moves
  // the large points) while reading. Only a hint: when memory for it is refused, reading goes on without.
  void reserve(std::vector<domain::BenchmarkPoint>& points, std::size_t estimate);

private:
  // 8 bytes, so that the index of a million points stays small: a miss in it is a trip to memory.
  struct Slot
  {
    std::uint32_t hash = 0;      // the high half of the id's hash (the low half picked the slot)
    std::uint32_t position = 0;  // index into the points + 1; 0 marks an empty slot
  };

  void grow(const std::vector<domain::BenchmarkPoint>& points);

  std::vector<Slot> m_slots;           // open addressing, linear probing, a power of two long, at most half full
  std::vector<std::size_t> m_records;  // where each kept point was read, by position
  std::size_t m_used = 0;
};

}  // namespace infertrack::formats

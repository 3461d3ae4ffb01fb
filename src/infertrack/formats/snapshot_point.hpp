#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/formats/json_point_fields.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/formats/snapshot_fields.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace infertrack::formats {

// The text of `per_gpu_denominator` that means the all-allocated basis, the only one the snapshot knows.
inline constexpr std::string_view k_all_allocated_denominator = "all allocated physical GPUs";

// Reads the points of a snapshot into validated points: required fields present, counts positive,
// throughputs non-negative and finite, dates YYYY-MM-DD, names canonical, `*_note` fields kept as notes.
// One reader serves a whole file, remembering the last canonical name per field (rows repeat a few names).
class SnapshotPointReader
{
public:
  // Fills `point` (default-constructed) from `points[index]`.
  util::Result<void> read(JsonValue value, std::size_t index, domain::BenchmarkPoint& point);

private:
  // Reads the value of one known field into `point`.
  util::Result<void> read_field(SnapshotField field, JsonValue& value, const JsonPlace& at, domain::BenchmarkPoint& point);

  // What `key`, the `position`th key of a point, is: a field, a note, or unknown (k_note_kind, k_unknown_kind).
  unsigned char kind_of(std::string_view key, std::size_t position);

  static constexpr unsigned char k_note_kind = 254;
  static constexpr unsigned char k_unknown_kind = 255;

  std::vector<std::pair<std::string, unsigned char>> m_order;  // the keys of the last point and their kinds
  JsonPointFields m_fields;
};

}  // namespace infertrack::formats

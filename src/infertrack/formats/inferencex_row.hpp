#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
#include <string>

namespace infertrack::formats {

// The note kind a point gets when the reader counts an aggregated engine's GPUs other than the API lists them.
inline constexpr std::string_view k_gpu_count_note = "gpu_count_note";

// Reads the rows of an InferenceX API answer into validated points: names canonical, counts positive,
// throughputs non-negative and finite, dates YYYY-MM-DD, GPU counts and the per-GPU basis interpreted as the
// InferenceX runner wrote them (docs/FORMATS.md). One reader serves a whole answer, remembering the last
// canonical name per field (rows repeat a few names).
class InferencexRowReader
{
public:
  // Fills `point` (default-constructed) from `rows[index]`, its derived result id included.
  util::Result<void> read(JsonValue value, std::size_t index, domain::BenchmarkPoint& point);

  // The canonical form of the last name read in one field.
  struct NameMemo
  {
    std::string raw;
    std::string canonical;
    bool filled = false;
  };

private:
  NameMemo m_model;
  NameMemo m_hardware;
  NameMemo m_framework;
  NameMemo m_precision;
  std::string m_metric_field;  // "metrics.<key>" of the metric being read, the field a diagnostic names
  std::string m_identity;      // the identity text of the last row, kept for its capacity
};

}  // namespace infertrack::formats

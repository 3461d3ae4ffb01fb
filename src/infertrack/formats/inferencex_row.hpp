#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/formats/field_checks.hpp"
#include "infertrack/formats/json_point_fields.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace infertrack::formats {

// The note kind a point gets when the reader counts an aggregated engine's GPUs other than the API lists them.
inline constexpr std::string_view k_gpu_count_note = "gpu_count_note";

struct InferencexRowState;

// Appends to `out` the identity of a row (docs/FORMATS.md, "Result id"): the configuration, workload,
// concurrency, date and run, not the measured numbers. `append_identity_text` and `append_identity_value` add
// one more part in the same encoding (`<length>:<text>`, `=<decimal>;`, `-;` for unknown).
void inferencex_identity(const InferencexRowState& state, const domain::BenchmarkPoint& point, std::string& out);
void append_identity_text(std::string& out, std::string_view text);
template<typename T>
void
append_identity_value(std::string& out, const std::optional<T>& value)
{
  if (value) {
    out += '=';
    out += std::to_string(*value);
  } else {
    out += '-';
  }
  out += ';';
}

// `prefix` followed by 16 hex digits of the 64-bit FNV-1a hash of `identity`.
std::string inferencex_result_id(std::string_view prefix, std::string_view identity);

// Reads the rows of an InferenceX API answer into validated points: names canonical, counts positive,
// throughputs non-negative and finite, dates YYYY-MM-DD, GPU counts and the per-GPU basis interpreted as the
// InferenceX runner wrote them (docs/FORMATS.md). One reader serves a whole answer, remembering the last
// canonical name per field (rows repeat a few names).
class InferencexRowReader
{
public:
  // Fills `point` (default-constructed) from `rows[index]`, its derived result id included.
  util::Result<void> read(JsonValue value, std::size_t index, domain::BenchmarkPoint& point);

private:
  JsonPointFields m_fields;
  std::string m_metric_field;  // "metrics.<key>" of the metric being read, the field a diagnostic names
  std::string m_identity;      // the identity text of the last row, kept for its capacity
};

}  // namespace infertrack::formats

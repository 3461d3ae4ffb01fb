#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/formats/inferencex_row.hpp"
#include "infertrack/formats/json_point_fields.hpp"
#include "infertrack/formats/json_values.hpp"
#include "infertrack/formats/run_defaults.hpp"
#include "infertrack/util/result.hpp"

#include <string>

namespace infertrack::formats {

// Reads the result objects the InferenceX runner writes (`agg_*.json`, docs/FORMATS.md "InferenceX runner
// rows") into validated points. Fixed-length rows keep their metrics at the top level under the API's metric
// names; agentic rows nest them under `request_metrics` and `server_metrics`. Either way each value goes through
// the API-row field reads (inferencex_row_fields.hpp), so a runner metric and its API twin obey one rule.
class InferencexRunnerRowReader
{
public:
  // `defaults` (kept by reference: it must outlive the reader) dates and links the rows that lack a date or URL.
  explicit InferencexRunnerRowReader(const RunDefaults& defaults)
    : m_defaults(defaults)
  {
  }

  // Fills `point` (default-constructed) from the row object `value`, found at `record` (its section and index;
  // the field is set per diagnostic), its derived result id included.
  util::Result<void> read(JsonValue value, const JsonPlace& record, domain::BenchmarkPoint& point);

private:
  const RunDefaults& m_defaults;
  JsonPointFields m_fields;
  std::string m_identity;      // the identity text of the last row, kept for its capacity
};

}  // namespace infertrack::formats

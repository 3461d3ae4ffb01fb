#pragma once

#include "infertrack/domain/benchmark_point.hpp"
#include "infertrack/domain/dataset.hpp"
#include "infertrack/formats/json_errors.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/formats/kept_points.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
#include <functional>
#include <string_view>

// A JSON file of benchmark rows, one point each (InferenceX API rows, runner rows): what its readers share
// around reading one row. The rows are kept one per result id (a conflicting duplicate is refused, naming both
// rows), handed on in batches when a sink is given, and read a window at a time when the file is large.
namespace infertrack::formats {

struct RowFile
{
  std::string_view kind;          // how a lone scalar is refused: "not <kind> (got a single JSON value, ...)"
  std::string_view expected;      // what the file should be, for the diagnostics
  std::size_t small_row_bytes;    // about the smallest row: the points reserved for a file are its size / this
  bool one_row_object = false;    // a lone object is one row (named "row"), not a mistake
};

// Reads `row` (found at `record`, its section and index) into `point` (default-constructed).
using ReadRow =
  std::function<util::Result<void>(JsonValue& row, const JsonPlace& record, domain::BenchmarkPoint& point)>;

util::Result<domain::Dataset> read_row_file(std::string_view json,
                                            const RowFile& file,
                                            const ReadRow& read_row,
                                            const JsonParsing& parsing,
                                            const PointBatchSink* batches);

}  // namespace infertrack::formats

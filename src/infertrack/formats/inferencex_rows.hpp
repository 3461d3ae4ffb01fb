#pragma once

#include "infertrack/domain/dataset.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/formats/kept_points.hpp"
#include "infertrack/util/result.hpp"

#include <string_view>

namespace infertrack::formats {

// Reads an answer of the public InferenceX API's benchmark routes (`GET /api/v1/benchmarks`, and its
// history route): a JSON array of rows, one measured point each (docs/FORMATS.md, "InferenceX API rows").
// The rows carry no id: each point's result id is derived from the row's configuration, workload,
// concurrency, date and run URL. Diagnostics name the row ("rows[12]") and the field ("metrics.tput_per_gpu");
// the caller fills in the file. `parsing` and `batches`: see JsonParsing.
util::Result<domain::Dataset> read_inferencex_rows(std::string_view json,
                                                   const JsonParsing& parsing = {},
                                                   const PointBatchSink* batches = nullptr);

}  // namespace infertrack::formats

#pragma once

#include "infertrack/domain/dataset.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/formats/kept_points.hpp"
#include "infertrack/formats/run_defaults.hpp"
#include "infertrack/util/result.hpp"

#include <string_view>

namespace infertrack::formats {

// Reads one file of InferenceX runner results (docs/FORMATS.md, "InferenceX runner rows"): an `agg_*.json`
// object, one measured point, or a JSON array of such objects (the runner's collected `agg_bmk.json`). Each
// point's result id is derived from the row's configuration, workload, concurrency, date and run. Diagnostics
// name the record ("row" for a lone object, "rows[3]" in an array) and the field (`hw`,
// `request_metrics.throughput.per_gpu.total_tput_tps`); the caller fills in the file. A row without `date` or
// `run_url` takes the one of `defaults`, if given; a row without a date and no default date is refused. `parsing`
// and `batches`: see JsonParsing.
util::Result<domain::Dataset> read_inferencex_runner_rows(std::string_view json,
                                                          const RunDefaults& defaults = {},
                                                          const JsonParsing& parsing = {},
                                                          const PointBatchSink* batches = nullptr);

}  // namespace infertrack::formats

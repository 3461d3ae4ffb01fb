#pragma once

#include "infertrack/domain/dataset.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/formats/kept_points.hpp"
#include "infertrack/util/result.hpp"

#include <string_view>

namespace infertrack::formats {

// Reads the tracker snapshot format (the seed's JSON: points, notes, headline_100, hardware, method,
// presets) into a validated, completed dataset. Diagnostics name the record (e.g. "points[2]") and field;
// the caller fills in the file. `parsing` and `batches`: see JsonParsing (the dataset also holds the snapshot's
// other sections).
util::Result<domain::Dataset> read_snapshot(std::string_view json,
                                            const JsonParsing& parsing = {},
                                            const PointBatchSink* batches = nullptr);

}  // namespace infertrack::formats

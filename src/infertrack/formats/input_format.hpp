#pragma once

#include "infertrack/domain/dataset.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/formats/kept_points.hpp"
#include "infertrack/formats/run_defaults.hpp"
#include "infertrack/util/result.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace infertrack::formats {

enum class InputFormat
{
  snapshot,        // the seed's JSON snapshot
  points_csv,      // the measured-points CSV
  inferencex_rows, // an InferenceX API benchmarks answer: a JSON array of rows
  inferencex_runner_rows, // an InferenceX runner result (agg_*.json): an object, or an array of them
  inferencex_evals, // InferenceX evaluation results: a JSON array of lm-eval rows with "task" or "score"
};

const char* to_string(InputFormat format);

// Recognises a format from the content itself (not the file name).
std::optional<InputFormat> detect_format(std::string_view content);

// Detects the format and reads `content`; the dataset's source and any diagnostic's file are `source`. Rows
// that lack their run's date or URL (InferenceX runner rows) take those of `defaults`. The JSON readers parse
// `content` as `parsing` allows (in place when zeros follow it, with the caller's parser). With `batches`, the
// points go there a batch at a time while the file is read, and the dataset holds the rest (and a snapshot's
// other sections).
// Dataset::as_carried of the datasets read from `content` (also of the batches a sink receives), or null.
using AsCarried = domain::BenchmarkPoint (*)(const domain::BenchmarkPoint&);
AsCarried as_carried_by_format_of(std::string_view content);

util::Result<domain::Dataset> read_input(std::string_view content,
                                         const std::string& source,
                                         const RunDefaults& defaults = {},
                                         const JsonParsing& parsing = {},
                                         const PointBatchSink* batches = nullptr);

}  // namespace infertrack::formats

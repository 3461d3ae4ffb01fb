#pragma once

#include "infertrack/domain/dataset.hpp"
#include "infertrack/formats/json_parsing.hpp"
#include "infertrack/util/result.hpp"

#include <string_view>

namespace infertrack::formats {

// Whether `json` is a JSON array whose first element is an object with a "task" or a "score" member: InferenceX
// evaluation results (either, so that a row missing one is still read, and refused naming it). A shallow look (the caller's detection); the reader checks everything.
bool looks_like_inferencex_evals(std::string_view json);

// Reads InferenceX evaluation results (docs/FORMATS.md, "InferenceX evaluation results"): a JSON array of lm-eval
// rows, each naming its configuration as the API's benchmark rows do, a task, a score in [0, 1] and its standard
// error. Names are made canonical as on points; a row that repeats another's configuration, workload,
// concurrency, date, task, metric and run is kept once, and refused when its score or error differs. The dataset
// holds the rows in `evals` and no points.
util::Result<domain::Dataset> read_inferencex_evals(std::string_view json, const JsonParsing& parsing = {});

}  // namespace infertrack::formats

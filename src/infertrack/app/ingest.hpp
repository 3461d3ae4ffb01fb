#pragma once

#include "infertrack/domain/dataset.hpp"
#include "infertrack/util/result.hpp"

#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace infertrack::app {

// Completes every point (derived GPU counts and throughputs) and runs the per-point data-quality checks,
// appending their findings to the dataset: what every input goes through between its reader and the store.
void prepare_dataset(domain::Dataset& dataset);

// Runs the run-level checks (domain::check_runs) over the prepared points of all `datasets` together, so a
// run split over several files of one ingest is checked whole, and appends each finding to the dataset that
// holds its point. Points already stored are not consulted.
void add_run_findings(std::span<domain::Dataset> datasets);

// Reads and prepares `content` from `source` (a path or "bundled:<name>"), detecting its format, and adds the
// run-level findings of its own points.
util::Result<domain::Dataset> read_dataset(std::string_view content, const std::string& source);

// Called with (inputs read so far, total inputs) while reading, for a progress display.
using ReadProgress = std::function<void(std::size_t, std::size_t)>;

// Reads every file before anything is stored, so one bad file refuses the whole command. A directory or zip
// archive among `paths` is expanded into its files (input_files.hpp), one dataset each; run-level findings
// are checked over all of them together (add_run_findings).
util::Result<std::vector<domain::Dataset>> read_files(std::span<const std::filesystem::path> paths,
                                                      const ReadProgress& progress = {});

}  // namespace infertrack::app

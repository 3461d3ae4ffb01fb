#pragma once

#include "infertrack/domain/dataset.hpp"
#include "infertrack/formats/run_defaults.hpp"
#include "infertrack/store/store.hpp"
#include "infertrack/util/result.hpp"

#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace infertrack::app {

// Completes every point (derived GPU counts and throughputs) and runs the per-point data-quality checks,
// appending their findings to the dataset: what a dataset built by hand needs before the store (the readers
// complete their points themselves, and the ingest adds only the findings).
void prepare_dataset(domain::Dataset& dataset);

// Runs the run-level checks (domain::check_runs) over the prepared points of all `datasets` together, so a
// run split over several files of one ingest is checked whole, and appends each finding to the dataset that
// holds its point. Points already stored are not consulted (ingest_datasets does that).
void add_run_findings(std::span<domain::Dataset> datasets);

// Reads and prepares `content` from `source` (a path or "bundled:<name>"), detecting its format, and adds the
// run-level findings of its own points.
util::Result<domain::Dataset> read_dataset(std::string_view content, const std::string& source);

// Called with (inputs read so far, total inputs) while reading, for a progress display.
using ReadProgress = std::function<void(std::size_t, std::size_t)>;

// Reads and prepares every file before anything is stored, so one bad file refuses the whole command. A
// directory or zip archive among `paths` is expanded into its files (input_files.hpp), one dataset each. Rows
// that lack their run's date or URL take those of `defaults`. The run-level checks are left to ingest_datasets,
// which sees the stored points too.
util::Result<std::vector<domain::Dataset>> read_files(std::span<const std::filesystem::path> paths,
                                                      const formats::RunDefaults& defaults = {},
                                                      const ReadProgress& progress = {});

// Stores `datasets` (read_files) in `store`, all or nothing, then runs the run-level checks: each run
// (configuration and date) their points form or join is checked whole, its stored points included, so a curve
// whose points arrive over several ingests is held to one interactivity and per-GPU basis. The findings are
// stored with the points, and may name a stored point (the odd one out can be the earlier one). A point keeps
// the first finding of each kind: one already stored is not stated again with the run's new counts.
util::Result<store::IngestSummary> ingest_datasets(store::Store& store, std::span<const domain::Dataset> datasets);

// What `infertrack ingest` did: how many files (datasets) it read, and what the store kept of them.
struct FilesIngest
{
  std::size_t files = 0;
  store::IngestSummary summary;
};

// read_files and ingest_datasets at once: each file is stored while the next ones are read on a second thread,
// in one transaction, so a bad file anywhere still leaves the store as it was. When several things are wrong,
// the first met in reading order is reported (a conflicting point counts where its file or batch is read).
// A large file's points go in batches and are let go once stored, keeping what the run-level checks need of
// each (domain::RunPoints): the ingest holds a few batches, not the file's points. A point repeating one let go
// already has the files read again, each kept whole while it is read, to tell a repeat from a conflict.
util::Result<FilesIngest> ingest_files(store::Store& store,
                                       std::span<const std::filesystem::path> paths,
                                       const formats::RunDefaults& defaults = {},
                                       const ReadProgress& progress = {});

// The same, with the store opened by `open_store` only once the first file has been read: a wrong path creates
// no database, and the write lock is taken only when there is something to store.
util::Result<FilesIngest> ingest_files(const std::function<store::Store&()>& open_store,
                                       std::span<const std::filesystem::path> paths,
                                       const formats::RunDefaults& defaults = {},
                                       const ReadProgress& progress = {});

}  // namespace infertrack::app

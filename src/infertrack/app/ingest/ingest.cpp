#include "infertrack/app/ingest/ingest.hpp"

#include "infertrack/app/ingest/dataset_read_ahead.hpp"
#include "infertrack/app/ingest/input_files.hpp"
#include "infertrack/app/ingest/reading_pace.hpp"
#include "infertrack/app/ingest/spent_batches.hpp"
#include "infertrack/domain/data_quality.hpp"
#include "infertrack/formats/input_format.hpp"

#include <algorithm>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace infertrack::app {

namespace {

// The per-point data-quality findings of points already completed (every reader completes what it reads).
void
add_point_findings(domain::Dataset& dataset)
{
  for (const domain::BenchmarkPoint& point : dataset.points) {
    for (domain::DataFinding& finding : domain::check_point(point)) {
      dataset.findings.push_back(std::move(finding));
    }
  }
}

}  // namespace

void
prepare_dataset(domain::Dataset& dataset)
{
  for (domain::BenchmarkPoint& point : dataset.points) {
    domain::complete_point(point);
  }
  add_point_findings(dataset);
}

namespace {

std::vector<const domain::BenchmarkPoint*>
points_of(std::span<const domain::Dataset> datasets)
{
  std::vector<const domain::BenchmarkPoint*> points;
  for (const domain::Dataset& dataset : datasets) {
    for (const domain::BenchmarkPoint& point : dataset.points) {
      points.push_back(&point);
    }
  }
  return points;
}

// Appends each finding to the dataset that holds its point; one about a stored point goes with the first
// dataset (the store keys findings by point, not by dataset).
void
add_findings(std::span<domain::Dataset> datasets, std::vector<domain::DataFinding> findings)
{
  if (findings.empty()) {
    return;
  }
  // Findings are rare: the map from result id to dataset is built only when there are some.
  std::unordered_map<std::string_view, std::size_t> owner;
  for (std::size_t i = 0; i < datasets.size(); ++i) {
    for (const domain::BenchmarkPoint& point : datasets[i].points) {
      owner.try_emplace(point.result_id, i);
    }
  }
  for (domain::DataFinding& finding : findings) {
    const auto found = owner.find(finding.result_id);
    datasets[found == owner.end() ? 0 : found->second].findings.push_back(std::move(finding));
  }
}

// How many configurations a date's fresh points may bring for its stored points to be read configuration by
// configuration (an indexed look-up each, sparing the date's other configurations) rather than all at once.
constexpr std::size_t k_configurations_read_apart = 16;

// The store filters that select the stored points a date's fresh runs may join: one per configuration when
// the fresh points bring few (the filter has no workload: two workloads of one configuration share one), else
// the whole date.
std::vector<store::PointFilter>
run_filters(const domain::RunPoints& fresh)
{
  struct DateConfigurations
  {
    std::vector<domain::ConfigurationView> apart; // workload left empty; emptied once there are too many
    bool many = false;
  };
  std::map<std::string_view, DateConfigurations> dates;
  for (std::uint32_t number = 0; number < fresh.run_count(); ++number) {
    const domain::RunView run = fresh.run(number);
    DateConfigurations& date = dates[run.date];
    if (date.many) {
      continue;
    }
    domain::ConfigurationView configuration = run.configuration;
    configuration.workload = {};
    if (std::find(date.apart.begin(), date.apart.end(), configuration) != date.apart.end()) {
      continue;
    }
    date.apart.push_back(configuration);
    if (date.apart.size() > k_configurations_read_apart) {
      date.many = true;
      date.apart.clear();
    }
  }
  std::vector<store::PointFilter> filters;
  for (const auto& [date, configurations] : dates) {
    store::PointFilter whole_date;
    whole_date.date = std::string(date);
    if (configurations.many) {
      filters.push_back(std::move(whole_date));
      continue;
    }
    for (const domain::ConfigurationView& configuration : configurations.apart) {
      store::PointFilter filter = whole_date;
      filter.model = std::string(configuration.model);
      filter.hardware = std::string(configuration.hardware);
      filter.framework = std::string(configuration.framework);
      filter.precision = std::string(configuration.precision);
      filter.spec_method = std::string(configuration.spec_method);
      filter.disaggregated = configuration.disaggregated;
      filters.push_back(std::move(filter));
    }
  }
  return filters;
}

// The stored points of the runs `fresh` form or join, read with run_filters() (indexed queries) and kept only
// when they share a fresh point's configuration and date, so that other runs of a date are not held.
class StoredRunPoints
{
public:
  StoredRunPoints(store::IngestSession& session, const domain::RunPoints& fresh)
  {
    for (const store::PointFilter& filter : run_filters(fresh)) {
      session.run_points_before(filter, [&](domain::BenchmarkPoint&& point) {
        if (fresh.contains_run(point)) {
          keep(std::move(point));
        }
      });
    }
  }

  std::span<const domain::BenchmarkPoint* const> points() const { return m_points; }

private:
  // Points per chunk: kept in place once read (a vector growing one large point at a time moved each twice).
  static constexpr std::size_t k_chunk_points = 4096;

  void keep(domain::BenchmarkPoint&& point)
  {
    if (m_chunks.empty() || m_chunks.back().size() == k_chunk_points) {
      m_chunks.emplace_back().reserve(k_chunk_points);
    }
    m_points.push_back(&m_chunks.back().emplace_back(std::move(point)));
  }

  std::vector<std::vector<domain::BenchmarkPoint>> m_chunks;
  std::vector<const domain::BenchmarkPoint*> m_points;
};

// Drops the findings whose point already has a stored finding of the same kind: a run that grows restates its
// mix with new counts, which would list the same problem twice.
void
drop_stored_kinds(store::IngestSession& session, std::vector<domain::DataFinding>& findings)
{
  if (findings.empty()) {
    return;
  }
  std::vector<std::string_view> about;
  for (const domain::DataFinding& finding : findings) {
    about.push_back(finding.result_id);
  }
  std::set<std::pair<std::string, domain::FindingKind>> stored;
  for (domain::DataFinding& finding : session.findings_before(about)) {
    stored.emplace(std::move(finding.result_id), finding.kind);
  }
  std::erase_if(findings, [&](const domain::DataFinding& finding) {
    return stored.contains(std::pair(finding.result_id, finding.kind));
  });
}

// Ends an ingest whose `fresh` points the session has stored: the run-level checks over each run they form or
// join, stored points included, so a curve whose points arrive over several ingests is held to one
// interactivity and per-GPU basis; their findings; the commit.
util::Result<store::IngestSummary>
check_runs_and_commit(store::IngestSession& session, const domain::RunPoints& fresh)
{
  // The checks over the fresh points alone, the answer when none of their runs has stored points (most
  // ingests), run on a second core while the session rebuilds the indexes that looking for those points needs
  // (or at get(), should no thread be available). Started here rather than when reading ends, beside the last
  // batches: that made the 95 MB snapshot 0.05-0.1 s slower, and an ingest into a larger store no faster.
  std::future<std::vector<domain::DataFinding>> findings_of_fresh =
    std::async(std::launch::async | std::launch::deferred, [&fresh] { return domain::check_runs(fresh); });
  const StoredRunPoints stored(session, fresh);
  std::vector<domain::DataFinding> findings = findings_of_fresh.get();
  if (!stored.points().empty()) {
    findings = domain::check_runs(fresh, stored.points());
  }
  drop_stored_kinds(session, findings);
  INFERTRACK_TRY(session.add_findings(findings));
  return session.commit();
}

// What reading hands on besides its datasets, for an ingest that lets points go once they are stored.
struct LettingGo
{
  SpentBatches* spent = nullptr;  // where batches come from: a file of rows goes out a batch at a time
  domain::RunPoints* runs = nullptr;  // what the run-level checks need of every point handed on, in order
};

// Reads and prepares the datasets of `paths` in order, handing each to `deliver`, and counts the files in
// `files`. With `letting_go.spent`, a file of rows goes out a batch of points at a time while it is read (each
// batch a dataset of its own, with that file's source, built in a vector from `spent` when it has one), the rest
// of it last.
util::Result<void>
read_datasets(std::span<const std::filesystem::path> paths,
              const formats::RunDefaults& defaults,
              const ReadProgress& progress,
              const std::function<void(domain::Dataset&&)>& deliver,
              const LettingGo& letting_go,
              std::size_t& files)
{
  std::size_t done = 0;
  // One JSON parser for all the files: a directory of small files allocates its buffers once, not per file.
  formats::JsonParser parser;
  const formats::JsonParsing parsing{formats::InputPadding::zeroed, &parser};
  // Recorded here, on the reading thread: when storing is the slower side, reading has time to spare, and
  // otherwise it costs reading little (a hash look-up per point).
  const auto hand_on = [&](domain::Dataset&& dataset) {
    add_point_findings(dataset);
    if (letting_go.runs != nullptr) {
      for (const domain::BenchmarkPoint& point : dataset.points) {
        letting_go.runs->add(point);
      }
    }
    deliver(std::move(dataset));
  };
  for (const std::filesystem::path& path : paths) {
    // A directory or zip archive is its files, each one dataset, so that one bad file refuses them all.
    INFERTRACK_TRY(for_each_input_file(path, [&](InputFile& file) -> util::Result<void> {
      SpentBatches* spent = letting_go.spent;
      formats::PointBatchSink batches;
      std::optional<formats::AsCarried> as_carried; // the file's format, looked at once its first batch comes
      if (spent != nullptr) {
        batches.deliver = [&](std::vector<domain::BenchmarkPoint>&& points) {
          if (!as_carried) {
            as_carried = formats::as_carried_by_format_of(file.content.text());
          }
          domain::Dataset batch;
          batch.source = file.name;
          batch.as_carried = *as_carried;
          batch.points = std::move(points);
          hand_on(std::move(batch));
        };
        batches.reuse = [spent] { return spent->take(); };
      }
      INFERTRACK_TRY_ASSIGN(
        dataset, formats::read_input(file.content.text(), file.name, defaults, parsing, spent ? &batches : nullptr));
      hand_on(std::move(dataset));
      ++files;
      return {};
    }));
    if (progress) {
      progress(++done, paths.size());
    }
  }
  return {};
}

}  // namespace

void
add_run_findings(std::span<domain::Dataset> datasets)
{
  add_findings(datasets, domain::check_runs(points_of(datasets)));
}

util::Result<domain::Dataset>
read_dataset(std::string_view content, const std::string& source)
{
  INFERTRACK_TRY_ASSIGN(dataset, formats::read_input(content, source));
  add_point_findings(dataset);
  add_run_findings(std::span<domain::Dataset>(&dataset, 1));
  return dataset;
}

util::Result<std::vector<domain::Dataset>>
read_files(std::span<const std::filesystem::path> paths,
           const formats::RunDefaults& defaults,
           const ReadProgress& progress)
{
  std::vector<domain::Dataset> datasets;
  datasets.reserve(paths.size());
  std::size_t files = 0;
  INFERTRACK_TRY(read_datasets(
    paths, defaults, progress, [&](domain::Dataset&& dataset) { datasets.push_back(std::move(dataset)); }, {}, files));
  return datasets;
}

namespace {

// Stores a dataset; a conflict with a stored record names the file it came from, as a reader's mistakes do.
util::Result<void>
add_to(store::IngestSession& session, const domain::Dataset& dataset)
{
  util::Result<void> added = session.add(dataset);
  if (!added && added.error().file.empty()) {
    added.error().file = dataset.source;
  }
  return added;
}

}  // namespace

util::Result<store::IngestSummary>
ingest_datasets(store::Store& store, std::span<const domain::Dataset> datasets)
{
  const std::unique_ptr<store::IngestSession> session = store.begin_ingest();
  for (const domain::Dataset& dataset : datasets) {
    INFERTRACK_TRY(add_to(*session, dataset));
  }
  return check_runs_and_commit(*session, domain::RunPoints(points_of(datasets)));
}

util::Result<FilesIngest>
ingest_files(store::Store& store,
             std::span<const std::filesystem::path> paths,
             const formats::RunDefaults& defaults,
             const ReadProgress& progress)
{
  return ingest_files([&store]() -> store::Store& { return store; }, paths, defaults, progress);
}

namespace {

// One reading of `paths` into the store, in batches (points stored and let go while the rest is read) when
// `in_batches`, else a file at a time.
util::Result<FilesIngest>
ingest_files_once(const std::function<store::Store&()>& open_store,
                  std::span<const std::filesystem::path> paths,
                  const formats::RunDefaults& defaults,
                  const ReadProgress& progress,
                  bool in_batches)
{
  SpentBatches spent(in_batches);
  // Written by the reader, read once next() has said it is done: the files read, and what the run-level checks
  // need of every point read.
  std::size_t files = 0;
  domain::RunPoints runs;
  DatasetReadAhead read_ahead([&](const DatasetReadAhead::Deliver& deliver) -> util::Result<void> {
    return read_datasets(
      paths, defaults, progress, deliver, LettingGo{in_batches ? &spent : nullptr, &runs}, files);
  });
  // Declared after the reader: on failure the session rolls back first, then the reader is stopped. Begun with
  // the first dataset, so that the write lock is not held while the first file is read.
  std::unique_ptr<store::IngestSession> session;
  // A file read whole is one dataset, held in memory: it comes at once. Batches come at the reader's pace.
  ReadingPace pace;
  store::DatasetArrival told = in_batches ? store::DatasetArrival::pace_unknown : store::DatasetArrival::at_once;
  for (;;) {
    INFERTRACK_TRY_ASSIGN(dataset, read_ahead.next());
    if (!dataset) {
      break;
    }
    if (!session) {
      session = open_store().begin_ingest();
      session->expect(told);
      pace.read_while_opening(read_ahead.ready_points());
    }
    if (in_batches) {
      const store::DatasetArrival judged = pace.note(!read_ahead.waited_for_last(), dataset->points.size());
      if (judged != told) {
        told = judged;
        session->expect(told);
      }
    }
    INFERTRACK_TRY(add_to(*session, *dataset));
    spent.give(std::move(dataset->points), !read_ahead.has_ready());
  }
  if (!session) {
    session = open_store().begin_ingest(); // no paths at all: an ingest of nothing
  }
  // The reader takes no more vectors back: the points it was to destroy go beside the checks and the commit (or
  // after it, should no thread be available).
  const std::future<void> freeing = std::async(std::launch::async | std::launch::deferred,
                                               [leftovers = spent.leftovers()]() mutable { leftovers.clear(); });
  INFERTRACK_TRY_ASSIGN(summary, check_runs_and_commit(*session, runs));
  return FilesIngest{files, summary};
}

}  // namespace

util::Result<FilesIngest>
ingest_files(const std::function<store::Store&()>& open_store,
             std::span<const std::filesystem::path> paths,
             const formats::RunDefaults& defaults,
             const ReadProgress& progress)
{
  // Opened once, should the files be read twice.
  store::Store* store = nullptr;
  const std::function<store::Store&()> open_once = [&]() -> store::Store& {
    if (store == nullptr) {
      store = &open_store();
    }
    return *store;
  };
  // Only what can be read twice goes in batches: a pipe cannot.
  const bool rereadable = std::all_of(paths.begin(), paths.end(), [](const std::filesystem::path& path) {
    if (path == k_standard_input) {
      return false;  // whatever a file named "-" is, "-" reads standard input
    }
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    return std::filesystem::is_regular_file(status) || std::filesystem::is_directory(status);
  });
  if (!rereadable) {
    return ingest_files_once(open_once, paths, defaults, progress, false);
  }
  try {
    return ingest_files_once(open_once, paths, defaults, progress, true);
  } catch (const formats::RepeatOfHandedOnPoint&) {
    // A point repeats one stored and let go already: read again a file at a time, every point of a file kept
    // while it is read, to tell the same record from a conflict. The first reading was rolled back.
    return ingest_files_once(open_once, paths, defaults, progress, false);
  }
}

}  // namespace infertrack::app

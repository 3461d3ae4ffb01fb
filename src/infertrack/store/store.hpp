#pragma once

#include "infertrack/domain/dataset.hpp"
#include "infertrack/domain/frontier_sample.hpp"
#include "infertrack/store/community_store.hpp"
#include "infertrack/util/result.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace infertrack::store {

// Narrows a points query; an empty field matches everything.
struct PointFilter
{
  std::optional<std::string> model;
  std::optional<std::string> hardware;
  std::optional<std::string> framework;
  std::optional<std::string> precision;
  std::optional<std::string> spec_method;
  std::optional<bool> disaggregated;
  std::optional<std::string> date;       // exactly this date
  std::optional<std::string> as_of;      // on or before this date
};

// A name that configurations carry, as filters name them.
enum class ConfigurationName
{
  model,
  hardware,
  framework,
  precision,
  spec_method,
};

// What one ingest changed: records new to the store, and records that were already there unchanged.
struct IngestSummary
{
  std::int64_t points_added = 0;
  std::int64_t points_unchanged = 0;
  std::int64_t findings_added = 0;
  std::int64_t other_records_added = 0; // hardware, presets, headlines, notes
  std::int64_t evals_added = 0;         // accuracy scores new to the store
  std::int64_t evals_unchanged = 0;
};

// A dataset-wide caveat and the source it came with.
struct DatasetNote
{
  std::string source;
  std::string text;
};

// A failure of the storage itself (disk full, database lost or corrupt): exceptional, caught at the edges.
class StoreError : public std::runtime_error
{
public:
  using std::runtime_error::runtime_error;
};

// A write that waited its time for another connection's lock (another process's ingest, say) and gave up: the
// storage is fine, and the same request can succeed a moment later.
class StoreBusy : public StoreError
{
public:
  using StoreError::StoreError;
};

// A database server that cannot be reached now (stopped, restarting, the network down): the storage itself may be
// fine, and the same request can succeed once the server is back.
class StoreUnavailable : public StoreError
{
public:
  using StoreError::StoreError;
};

// A write refused because the database file cannot be opened for writing (its mode or attributes): reading goes
// on, and no retry helps until the file's permissions change.
class StoreReadOnly : public StoreError
{
public:
  using StoreError::StoreError;
};

// A write refused because the disk holding the database is full: the transaction was rolled back, so nothing of it
// is stored, and the same write can succeed once there is room.
class StoreFull : public StoreError
{
public:
  using StoreError::StoreError;
};

// How the datasets of an ingest come to its session, as far as the caller knows.
enum class DatasetArrival
{
  at_once,            // as fast as the session takes them: held in memory, or read well ahead of storing (default)
  pace_unknown,       // read while the session stores the ones before, at a pace not yet known
  slower_than_stored, // the session waits for each: it may spend the waits on work it would leave for the commit
};

// One all-or-nothing ingest, open while its datasets arrive: app::ingest_files stores a file while the next
// one is read. Reads through the session see the store as it was when the session began, without what the
// session added. Store::ingest_all is the same for datasets that are all read already.
class IngestSession
{
public:
  // Without commit(), nothing the session added stays.
  virtual ~IngestSession() = default;

  // Stores a dataset's points, their notes and findings, and its other records, under the rules of
  // Store::ingest_all. After a failure the session can only be dropped.
  virtual util::Result<void> add(const domain::Dataset& dataset) = 0;
  // Says how the datasets still to come will arrive, so that the session can choose when to do work it may do
  // either as points come or at the commit. It changes how long an ingest takes, never what it stores.
  virtual void expect(DatasetArrival /*arrival*/) {}
  // Stores findings about points stored before or during the session.
  virtual util::Result<void> add_findings(std::span<const domain::DataFinding> findings) = 0;
  // Hands `take` the points stored before the session began that `filter` matches, one at a time in the order
  // of Store::points(), with what the run-level checks (domain::check_runs) read of them: result id,
  // configuration, workload, date, interactivity and per-GPU basis. Their other fields keep their defaults.
  // One at a time: gathering a million large points in a vector moved each of them twice as it grew.
  virtual void run_points_before(const PointFilter& filter,
                                 const std::function<void(domain::BenchmarkPoint&&)>& take) = 0;
  // The findings about the points `result_ids` names that were stored before the session began, in the order
  // of Store::findings (the ids may repeat).
  virtual std::vector<domain::DataFinding> findings_before(std::span<const std::string_view> result_ids) = 0;
  // Makes everything added visible to every reader at once, and says what the session changed. The session
  // then releases the store and takes no more calls.
  virtual IngestSummary commit() = 0;
};

// The one storage interface the CLI and server use. Implementations: SQLite (embedded default) and, later,
// PostgreSQL. Every method either completes or throws StoreError; ingest is all-or-nothing.
class Store
{
public:
  virtual ~Store() = default;

  // Begins an ingest: one write transaction until the session commits or is dropped. Until then the session
  // holds the store: this Store's other methods wait for it, so only the session may be called meanwhile.
  virtual std::unique_ptr<IngestSession> begin_ingest() = 0;

  // Stores every dataset of `datasets` in ONE transaction (so `infertrack ingest a b` is all-or-nothing
  // across files). A record already stored with identical content is counted as unchanged; one stored with
  // different content (same natural key) fails the whole ingest with a diagnostic naming the record and
  // field, leaving the store exactly as before.
  util::Result<IngestSummary> ingest_all(std::span<const domain::Dataset> datasets)
  {
    const std::unique_ptr<IngestSession> session = begin_ingest();
    for (const domain::Dataset& dataset : datasets) {
      INFERTRACK_TRY(session->add(dataset));
    }
    return session->commit();
  }

  // One dataset in one transaction: ingest_all of one.
  util::Result<IngestSummary> ingest(const domain::Dataset& dataset)
  {
    return ingest_all(std::span<const domain::Dataset>(&dataset, 1));
  }

  // True when no point has ever been stored (the bundled dataset is then loaded).
  virtual bool empty() = 0;
  virtual std::int64_t point_count() = 0;

  // Points matching `filter`, ordered by model, hardware, framework, precision, spec method,
  // disaggregation, workload, date, concurrency, result id.
  virtual std::vector<domain::BenchmarkPoint> points(const PointFilter& filter) = 0;
  // One page of points(filter): at most `limit` of its points, those that follow the point `after` (a
  // result id) in that order, or the first ones when `after` is empty. The position is the point's own
  // listing key, so pages stay in step while other points are ingested. Empty when `after` names no
  // stored point (callers tell that apart with point()).
  virtual std::vector<domain::BenchmarkPoint>
  points_page(const PointFilter& filter, std::optional<std::string_view> after, std::size_t limit) = 0;
  // The points of the latest run of each configuration (model, hardware, framework, precision, spec
  // method, disaggregation, workload) that `filter` matches: per configuration, only the points of its
  // latest date (on or before `filter.as_of` when given; `filter.date` when given), never a mix of dates.
  // What a curve, a headline or the public benchmark listing is made of, selected in the database so that
  // earlier runs are never read. Same order as points().
  virtual std::vector<domain::BenchmarkPoint> latest_points(const PointFilter& filter) = 0;
  virtual std::optional<domain::BenchmarkPoint> point(std::string_view result_id) = 0;
  // Every point `filter` matches as a history reads it (its `metric` throughput per GPU), passed to `read`
  // one at a time in no particular order: only those columns, in the order cheapest to read them. The
  // sample's views are valid during its call only, and `read` must not call the store.
  virtual void frontier_samples(const PointFilter& filter,
                                domain::ThroughputMetric metric,
                                const std::function<void(const domain::FrontierSample&)>& read) = 0;

  // Every name stored for one name of the configurations (each model, hardware, ...), sorted: a look-up in the
  // configurations, not the points.
  virtual std::vector<std::string> configuration_names(ConfigurationName name) = 0;

  // All dated cost/power entries, by hardware then effective date.
  virtual std::vector<domain::HardwareCost> hardware() = 0;
  virtual std::vector<domain::DemandPreset> presets() = 0;
  virtual std::vector<domain::PublishedHeadline> headlines() = 0;
  virtual std::vector<DatasetNote> dataset_notes() = 0;
  // The accuracy scores of `model`'s configurations (every model's when empty), ordered by model, hardware,
  // framework, precision, spec method, disaggregation, task, date and eval id.
  virtual std::vector<domain::EvalResult> evals(std::string_view model) = 0;
  // Findings for one point, or for all points when `result_id` is empty.
  virtual std::vector<domain::DataFinding> findings(std::optional<std::string_view> result_id) = 0;
  // Findings for the points `result_ids` names (a page of them), ordered as findings() orders them.
  virtual std::vector<domain::DataFinding> findings_of(std::span<const std::string_view> result_ids) = 0;

  virtual int schema_version() = 0;

  // Throws StoreError when the database can no longer be used as it was opened: it cannot be read, or its file was
  // deleted or replaced since (what this store writes would then be lost).
  virtual void check_health() = 0;

  // Whether the database could only be opened for reading: every write throws StoreReadOnly.
  virtual bool read_only() = 0;

  // A number that changes whenever the stored data changes, through this Store or another one on the same
  // database: an answer cached under it is stale once it differs. A change through this Store shows at once; one
  // through another shows at once on SQLite, and on PostgreSQL when its notification arrives (milliseconds after
  // the commit; within a second at worst, when the version is read again).
  virtual std::int64_t data_version() = 0;
  // The size of the stored data in bytes, for metrics.
  virtual std::int64_t size_bytes() = 0;

  // Accounts, sessions, comments and rate limits, kept in the same database as the benchmark data.
  virtual CommunityStore& community() = 0;
};

}  // namespace infertrack::store

#include "infertrack/store/sqlite/sqlite_store.hpp"

#include "infertrack/store/sqlite/community_tables.hpp"
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/sqlite/frontier_samples.hpp"
#include "infertrack/store/sqlite/ingester.hpp"
#include "infertrack/store/sqlite/journal_mode.hpp"
#include "infertrack/store/sqlite/latest_points.hpp"
#include "infertrack/store/sqlite/migrations.hpp"
#include "infertrack/store/sqlite/bound_conditions.hpp"
#include "infertrack/store/sqlite/point_reader.hpp"
#include "infertrack/store/sqlite/points_page.hpp"
#include "infertrack/store/sqlite/record_codec.hpp"

#include <sys/stat.h>

#include <mutex>
#include <limits>
#include <set>

namespace infertrack::store::sqlite {
namespace {

// Page size of a new file: rows are wide (about 700 bytes), and bigger pages mean fewer B-tree splits and
// WAL frames per ingested point (about 10% faster ingest than the 4 KiB default). Ignored for an
// existing file, whose page size is fixed.
constexpr int k_page_size = 16 * 1024;
// Page cache per connection, in KiB (negative in the pragma). Queries read a few index pages and the rows
// they return, and the OS page cache backs the file, so a long-lived reader (the server) keeps a modest
// cache (8 MiB: reading a model's runs took the same time as with 16, and the server stays under 50 MB);
// an ingest keeps the index pages it touches in a larger one while it runs.
constexpr int k_cache_size_kib = 8 * 1024;
constexpr int k_ingest_cache_size_kib = 64 * 1024;

// Findings as `statement` (result_id, kind, detail) lists them.
std::vector<domain::DataFinding>
read_findings(Connection& db, Statement& statement)
{
  std::vector<domain::DataFinding> found;
  while (statement.step()) {
    const auto kind = domain::parse_finding_kind(statement.column_text(1));
    if (!kind) {
      throw StoreError(db.path() + ": unknown finding kind \"" + std::string(statement.column_text(1)) +
                       "\": the database was changed outside infertrack");
    }
    found.push_back(domain::DataFinding{std::string(statement.column_text(0)), *kind,
                                        std::string(statement.column_text(2))});
  }
  return found;
}

// The findings of each of `result_ids` whose rowid is below `below_rowid`, one indexed look-up per point: a large
// store may hold far more findings than a page or an ingest names.
std::vector<domain::DataFinding>
findings_of_points(Connection& db, const std::set<std::string_view>& result_ids, std::int64_t below_rowid)
{
  Statement statement(db, "SELECT result_id, kind, detail FROM findings WHERE result_id = ? AND rowid < ?"
                          " ORDER BY kind, detail");
  std::vector<domain::DataFinding> found;
  for (const std::string_view result_id : result_ids) {
    statement.reset();
    statement.bind(1, result_id);
    statement.bind(2, below_rowid);
    for (domain::DataFinding& finding : read_findings(db, statement)) {
      found.push_back(std::move(finding));
    }
  }
  return found;
}

// An ingest on one SqliteStore. It holds the store's mutex, and so its connection, from begin to end.
class SqliteIngestSession final : public IngestSession
{
public:
  SqliteIngestSession(std::unique_lock<std::mutex> lock, Connection& db, Ingester& ingester)
    : m_lock(std::move(lock)), m_db(db), m_ingester(ingester)
  {
    m_db.execute("PRAGMA cache_size = -" + std::to_string(k_ingest_cache_size_kib));
    try {
      m_ingester.begin();
    } catch (...) {
      restore_cache(); // the destructor of a session never made does not run
      throw;
    }
  }

  ~SqliteIngestSession() override
  {
    if (!m_lock.owns_lock()) {
      return; // committed, and the store released
    }
    try {
      m_ingester.rollback();
    } catch (const StoreError&) {
      // A failed rollback leaves SQLite to roll back on the next statement.
    }
    restore_cache();
  }

  util::Result<void> add(const domain::Dataset& dataset) override { return m_ingester.add(dataset); }

  void expect(DatasetArrival arrival) override { m_ingester.expect(arrival); }

  util::Result<void> add_findings(std::span<const domain::DataFinding> findings) override
  {
    return m_ingester.add_findings(findings);
  }

  void run_points_before(const PointFilter& filter,
                         const std::function<void(domain::BenchmarkPoint&&)>& take) override
  {
    m_ingester.restore_indexes();
    BoundConditions filtered = point_filter_conditions(filter, "p.");
    filtered.add("p.rowid < ?", m_ingester.first_new_point_rowid());
    Statement statement(m_db, select_run_points_sql(filtered.conditions()));
    bind_conditions(statement, filtered);
    read_run_points(statement, take);
  }

  std::vector<domain::DataFinding> findings_before(std::span<const std::string_view> result_ids) override
  {
    const std::set<std::string_view> distinct(result_ids.begin(), result_ids.end());
    const std::int64_t first_new = m_ingester.first_new_finding_rowid();
    // Rowids below the first new one bound the findings stored before: when the ids outnumber them, one pass
    // over those findings costs less than a look-up per id (a large mixed run names every one of its points).
    if (static_cast<std::int64_t>(distinct.size()) >= first_new - 1) {
      Statement all(m_db, "SELECT result_id, kind, detail FROM findings WHERE rowid < ?"
                          " ORDER BY result_id, kind, detail");
      all.bind(1, first_new);
      std::vector<domain::DataFinding> found = read_findings(m_db, all);
      std::erase_if(found, [&](const domain::DataFinding& finding) { return !distinct.contains(finding.result_id); });
      return found;
    }
    return findings_of_points(m_db, distinct, first_new);
  }

  // Releases the store too: the session takes no more calls.
  IngestSummary commit() override
  {
    const IngestSummary summary = m_ingester.commit();
    restore_cache();
    m_lock.unlock();
    return summary;
  }

private:
  void restore_cache()
  {
    try {
      m_db.execute("PRAGMA cache_size = -" + std::to_string(k_cache_size_kib));
    } catch (const StoreError&) {
      // Only a larger cache than wanted stays; never worth failing an ingest that has committed.
    }
  }

  std::unique_lock<std::mutex> m_lock;
  Connection& m_db;
  Ingester& m_ingester;
};

// The embedded store: one connection to one file. Several SqliteStore objects, in this process or
// others, may share a file; WAL lets readers proceed while one of them writes (except while an ingest has the
// file to itself: journal_mode.hpp).
class SqliteStore final : public Store
{
public:
  explicit SqliteStore(const std::filesystem::path& path) : m_db(path.string())
  {
    // busy_timeout first: every later statement may meet another process's lock.
    m_db.set_busy_timeout(k_lock_patience);
    m_db.execute("PRAGMA page_size = " + std::to_string(k_page_size)); // before WAL creates the header
    // Reads the file header: a file that is not a database fails here at the latest.
    const auto mode = enter_wal(m_db);
    if (mode != "wal") {
      throw StoreError(m_db.path() + ": cannot use write-ahead logging (journal mode stays " +
                       mode.value_or("unknown") + ")");
    }
    // NORMAL in WAL mode keeps the database consistent on power loss; only the last commits may be lost.
    m_db.execute("PRAGMA synchronous = NORMAL");
    m_db.execute("PRAGMA foreign_keys = ON");
    m_db.execute("PRAGMA cache_size = -" + std::to_string(k_cache_size_kib));
    m_db.execute("PRAGMA journal_size_limit = " + std::to_string(k_wal_size_limit));
    migrate(m_db);
    if (::stat(m_db.path().c_str(), &m_opened) != 0) {
      throw StoreError(m_db.path() + ": cannot find the database file just opened");
    }
  }

  std::unique_ptr<IngestSession> begin_ingest() override
  {
    std::unique_lock lock(m_mutex);
    // SQLite opens a file it may not write read-only; said plainly here, where the first write would fail on the
    // journal with "disk I/O error".
    if (m_db.read_only()) {
      throw StoreReadOnly(m_db.path() + ": cannot write the database (the file is read-only)");
    }
    if (!m_ingester) {
      m_ingester.emplace(m_db);
    }
    return std::make_unique<SqliteIngestSession>(std::move(lock), m_db, *m_ingester);
  }

  bool empty() override
  {
    std::lock_guard lock(m_mutex);
    return m_db.query_text("SELECT EXISTS (SELECT 1 FROM points)") == "0";
  }

  std::int64_t point_count() override
  {
    std::lock_guard lock(m_mutex);
    return std::stoll(m_db.query_text("SELECT COUNT(*) FROM points").value_or("0"));
  }

  std::vector<domain::BenchmarkPoint> points(const PointFilter& filter) override
  {
    const BoundConditions filtered = point_filter_conditions(filter, "p.");

    std::lock_guard lock(m_mutex);
    Statement statement(m_db, select_points_sql(filtered.conditions()));
    bind_conditions(statement, filtered);
    return read_points(statement);
  }

  std::vector<domain::BenchmarkPoint> latest_points(const PointFilter& filter) override
  {
    std::lock_guard lock(m_mutex);
    return read_latest_points(m_db, filter);
  }

  std::vector<domain::BenchmarkPoint>
  points_page(const PointFilter& filter, std::optional<std::string_view> after, std::size_t limit) override
  {
    std::lock_guard lock(m_mutex);
    return read_points_page(m_db, filter, after, limit);
  }

  std::optional<domain::BenchmarkPoint> point(std::string_view result_id) override
  {
    std::lock_guard lock(m_mutex);
    Statement statement(m_db, select_points_sql("p.result_id = ?"));
    statement.bind(1, result_id);
    auto found = read_points(statement);
    if (found.empty()) {
      return std::nullopt;
    }
    return std::move(found.front());
  }

  void frontier_samples(const PointFilter& filter,
                        domain::ThroughputMetric metric,
                        const std::function<void(const domain::FrontierSample&)>& read) override
  {
    std::lock_guard lock(m_mutex);
    read_frontier_samples(m_db, filter, metric, read);
  }

  std::vector<std::string> configuration_names(ConfigurationName name) override
  {
    std::lock_guard lock(m_mutex);
    Statement statement(m_db, configuration_names_sql(name));
    std::vector<std::string> names;
    while (statement.step()) {
      names.emplace_back(statement.column_text(0));
    }
    return names;
  }

  std::vector<domain::HardwareCost> hardware() override
  {
    return read_all<domain::HardwareCost>("hardware_costs", "hardware, effective_date, name");
  }

  std::vector<domain::DemandPreset> presets() override
  {
    return read_all<domain::DemandPreset>("demand_presets", "seq");
  }

  std::vector<domain::PublishedHeadline> headlines() override
  {
    return read_all<domain::PublishedHeadline>("published_headlines", "seq");
  }

  std::vector<domain::EvalResult> evals(std::string_view model) override
  {
    std::lock_guard lock(m_mutex);
    Statement statement(m_db, "SELECT " + column_list<domain::EvalResult>("") + " FROM eval_results" +
                                (model.empty() ? "" : " WHERE model = ?") +
                                " ORDER BY model, hardware, framework, precision, spec_method, disaggregated, task, date, eval_id");
    if (!model.empty()) {
      statement.bind(1, model);
    }
    std::vector<domain::EvalResult> evals;
    while (statement.step()) {
      read_record(statement, evals.emplace_back(), 0);
    }
    return evals;
  }

  std::vector<DatasetNote> dataset_notes() override
  {
    std::lock_guard lock(m_mutex);
    Statement statement(m_db, "SELECT source, text FROM dataset_notes ORDER BY seq");
    std::vector<DatasetNote> notes;
    while (statement.step()) {
      notes.push_back(
        DatasetNote{std::string(statement.column_text(0)), std::string(statement.column_text(1))});
    }
    return notes;
  }

  std::vector<domain::DataFinding> findings(std::optional<std::string_view> result_id) override
  {
    std::lock_guard lock(m_mutex);
    Statement statement(m_db, std::string("SELECT result_id, kind, detail FROM findings") +
                                (result_id ? " WHERE result_id = ?" : "") +
                                " ORDER BY result_id, kind, detail");
    if (result_id) {
      statement.bind(1, *result_id);
    }
    return read_findings(m_db, statement);
  }

  std::vector<domain::DataFinding> findings_of(std::span<const std::string_view> result_ids) override
  {
    std::lock_guard lock(m_mutex);
    const std::set<std::string_view> distinct(result_ids.begin(), result_ids.end());
    return findings_of_points(m_db, distinct, std::numeric_limits<std::int64_t>::max());
  }

  int schema_version() override
  {
    std::lock_guard lock(m_mutex);
    return applied_schema_version(m_db);
  }

  void check_health() override
  {
    std::lock_guard lock(m_mutex);
    m_db.query_text("SELECT MAX(version) FROM schema_migrations");
    if (!still_names(m_db.path(), m_opened)) {
      throw StoreError(m_db.path() + ": the database file was deleted or replaced after it was opened; what is "
                                     "written now would be lost (restart to open the file at that path)");
    }
  }

  bool read_only() override
  {
    std::lock_guard lock(m_mutex);
    return m_db.read_only();
  }

  std::int64_t data_version() override
  {
    std::lock_guard lock(m_mutex);
    return std::stoll(m_db.query_text("SELECT version FROM benchmark_data_version").value_or("0"));
  }

  std::int64_t size_bytes() override
  {
    std::lock_guard lock(m_mutex);
    // Pages in use, including those still only in the WAL, rather than the file's size on disk.
    const auto pages = std::stoll(m_db.query_text("PRAGMA page_count").value_or("0"));
    const auto page_size = std::stoll(m_db.query_text("PRAGMA page_size").value_or("0"));
    return pages * page_size;
  }

  CommunityStore& community() override { return m_community; }

private:
  template<typename Record> std::vector<Record> read_all(std::string_view table, std::string_view order)
  {
    std::lock_guard lock(m_mutex);
    Statement statement(m_db, "SELECT " + column_list<Record>("") + " FROM " + std::string(table) +
                                " ORDER BY " + std::string(order));
    std::vector<Record> records;
    while (statement.step()) {
      read_record(statement, records.emplace_back(), 0);
    }
    return records;
  }

  // One statement at a time per connection: a Store may be shared by threads (the server's).
  std::mutex m_mutex;
  Connection m_db;
  std::optional<Ingester> m_ingester; // its statements are prepared on the first ingest
  struct stat m_opened {};            // the file as opened, to tell when the path names another one
  CommunityTables m_community{m_db.path(), m_opened};  // on a connection of its own
};

}  // namespace

std::unique_ptr<Store>
open_store(const std::filesystem::path& path)
{
  return std::make_unique<SqliteStore>(path);
}

}  // namespace infertrack::store::sqlite

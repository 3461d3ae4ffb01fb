#include "infertrack/store/postgres/postgres_store.hpp"

#include "infertrack/domain/account_rules.hpp"
#include "infertrack/store/postgres/community_tables.hpp"
#include "infertrack/store/postgres/connection_pool.hpp"
#include "infertrack/store/postgres/data_version_watch.hpp"
#include "infertrack/store/postgres/ingester.hpp"
#include "infertrack/store/postgres/migrations.hpp"
#include "infertrack/store/postgres/record_codec.hpp"
#include "infertrack/store/sql/point_filter_sql.hpp"
#include "infertrack/store/sql/point_select_sql.hpp"

#include <limits>
#include <mutex>

namespace infertrack::store::postgres {
namespace {

// Connections per store: a server's threads read in parallel, and an ingest holds one for its whole transaction.
constexpr std::size_t k_pool_size = 4;

// Findings as `rows` (result_id, kind, detail) lists them.
std::vector<domain::DataFinding>
read_findings(const Rows& rows)
{
  std::vector<domain::DataFinding> found;
  for (int row = 0; row < rows.size(); ++row) {
    const auto kind = domain::parse_finding_kind(rows.text(row, 1));
    if (!kind) {
      throw StoreError("unknown finding kind \"" + std::string(rows.text(row, 1)) +
                       "\": the database was changed outside infertrack");
    }
    found.push_back(domain::DataFinding{std::string(rows.text(row, 0)), *kind, std::string(rows.text(row, 2))});
  }
  return found;
}

std::vector<domain::DataFinding>
findings_of_points(Connection& db, std::span<const std::string_view> result_ids)
{
  return read_findings(db.run("SELECT result_id, kind, detail FROM findings WHERE result_id = ANY($1::text[])"
                              " ORDER BY result_id, kind, detail",
                              Params().add(array_literal(result_ids))));
}

// An ingest on a PostgreSQL store: a write transaction on one leased connection, and a snapshot taken when it began
// on another, which its reads of "the store before the session" go through.
class PostgresIngestSession final : public IngestSession
{
public:
  // `committed` learns the data version the commit moved to.
  PostgresIngestSession(ConnectionPool& pool, std::function<void(std::int64_t)> committed)
    : m_write(pool.lease())
    , m_ingester(std::make_unique<Ingester>(*m_write))
    , m_snapshot(pool.lease())
    , m_committed(std::move(committed))
  {
    // Taken after the ingest lock: another instance's ingest that committed before it is in the snapshot.
    m_snapshot_transaction.emplace(*m_snapshot, "ISOLATION LEVEL REPEATABLE READ READ ONLY");
    // Its reads of a date probe points_by_configuration_id once per configuration it sees. Counting the rows this
    // ingest adds (invisible here), the planner would rather scan the whole index for the date, and step over each
    // of them: 3 s of a 1M-point ingest.
    m_snapshot->execute("SET LOCAL enable_bitmapscan = off");
    // Also pins the snapshot. An empty store is then never read: each read would still step over every row the
    // session adds, to find it invisible.
    m_empty_before = m_snapshot->run("SELECT EXISTS (SELECT 1 FROM points)").text(0, 0) == "f";
  }

  util::Result<void> add(const domain::Dataset& dataset) override { return m_ingester->add(dataset); }

  util::Result<void> add_findings(std::span<const domain::DataFinding> findings) override
  {
    return m_ingester->add_findings(findings);
  }

  void run_points_before(const PointFilter& filter,
                         const std::function<void(domain::BenchmarkPoint&&)>& take) override
  {
    if (m_empty_before) {
      return;
    }
    const BoundConditions filtered = point_filter_conditions(filter, "p.");
    const Rows rows = m_snapshot->run(numbered(select_run_points_sql(filtered.conditions())), params_of(filtered));
    for (int row = 0; row < rows.size(); ++row) {
      domain::BenchmarkPoint point;
      read_record(rows, row, point, 0, run_check_fields());
      take(std::move(point));
    }
  }

  std::vector<domain::DataFinding> findings_before(std::span<const std::string_view> result_ids) override
  {
    if (m_empty_before) {
      return {};
    }
    return findings_of_points(*m_snapshot, result_ids);
  }

  IngestSummary commit() override
  {
    const IngestSummary summary = m_ingester->commit();
    m_snapshot_transaction.reset();
    if (const auto version = m_ingester->committed_version()) {
      m_committed(*version);
    }
    return summary;
  }

private:
  ConnectionPool::Lease m_write;
  std::unique_ptr<Ingester> m_ingester; // its transaction rolls back when the session is dropped uncommitted
  ConnectionPool::Lease m_snapshot;
  std::optional<Transaction> m_snapshot_transaction;
  std::function<void(std::int64_t)> m_committed;
  bool m_empty_before = false;
};

// The store for deployments of several instances: every call leases a connection from a small pool, so a server's
// threads query in parallel, and every instance on the database sees the others' writes.
class PostgresStore final : public Store
{
public:
  explicit PostgresStore(const std::string& url) : m_pool(url, k_pool_size)
  {
    auto db = m_pool.lease();
    migrate(*db);
  }

  std::unique_ptr<IngestSession> begin_ingest() override
  {
    return std::make_unique<PostgresIngestSession>(m_pool, [this](std::int64_t version) {
      std::lock_guard lock(m_watch_mutex);
      if (m_watch) {
        m_watch->saw(version);
      }
    });
  }

  bool empty() override { return m_pool.lease()->run("SELECT EXISTS (SELECT 1 FROM points)").text(0, 0) == "f"; }

  std::int64_t point_count() override { return m_pool.lease()->run("SELECT COUNT(*) FROM points").int64(0, 0); }

  std::vector<domain::BenchmarkPoint> points(const PointFilter& filter) override
  {
    const BoundConditions filtered = point_filter_conditions(filter, "p.");
    return read_points(m_pool.lease()->run(numbered(select_points_sql(filtered.conditions())), params_of(filtered)));
  }

  std::vector<domain::BenchmarkPoint>
  points_page(const PointFilter& filter, std::optional<std::string_view> after, std::size_t limit) override
  {
    auto db = m_pool.lease();
    BoundConditions filtered = point_filter_conditions(filter, "p.");
    if (after) {
      if (db->run("SELECT 1 FROM points WHERE result_id = $1", Params().add(*after)).empty()) {
        return {}; // an id that names no point names no place in the listing
      }
      // The listing key, compared as a row: the rows after the cursor's own, in the listing order.
      BoundConditions cursor;
      cursor.add("(p.model, p.hardware, p.framework, p.precision, p.spec_method, p.disaggregated, p.workload, p.date,"
                 " p.concurrency, p.result_id) > (SELECT model, hardware, framework, precision, spec_method,"
                 " disaggregated, workload, date, concurrency, result_id FROM points WHERE result_id = ?)",
                 *after);
      filtered.add(cursor.conditions(), cursor);
    }
    filtered.add_value(static_cast<std::int64_t>(
      std::min<std::size_t>(limit, static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max()))));
    return read_points(db->run(numbered(select_points_sql(filtered.conditions()) + " LIMIT ?"), params_of(filtered)));
  }

  std::vector<domain::BenchmarkPoint> latest_points(const PointFilter& filter) override
  {
    const BoundConditions filtered = point_filter_conditions(filter);
    return read_points(
      m_pool.lease()->run(numbered(select_latest_points_sql(filtered.where_clause())), params_of(filtered)));
  }

  std::optional<domain::BenchmarkPoint> point(std::string_view result_id) override
  {
    if (!domain::is_valid_utf8(result_id)) {
      return std::nullopt; // PostgreSQL refuses such a parameter, and every stored id is UTF-8
    }
    auto found = read_points(
      m_pool.lease()->run(numbered(select_points_sql("p.result_id = ?")), Params().add(result_id)));
    if (found.empty()) {
      return std::nullopt;
    }
    return std::move(found.front());
  }

  void frontier_samples(const PointFilter& filter,
                        domain::ThroughputMetric metric,
                        const std::function<void(const domain::FrontierSample&)>& read) override
  {
    const BoundConditions filtered = point_filter_conditions(filter);
    const Rows rows = m_pool.lease()->run(
      numbered("SELECT " + frontier_sample_columns(metric) + " FROM points" + filtered.where_clause()),
      params_of(filtered));
    domain::FrontierSample sample;
    domain::PerGpuPools pools;
    for (int row = 0; row < rows.size(); ++row) {
      sample.configuration = {rows.text(row, 0), rows.text(row, 1), rows.text(row, 2),        rows.text(row, 3),
                              rows.text(row, 4), rows.int64(row, 5) != 0, rows.text(row, 6)};
      sample.date = rows.text(row, 7);
      sample.result_id = rows.text(row, 8);
      sample.concurrency = rows.int64(row, 9);
      sample.run_url = rows.is_null(row, 10) ? std::nullopt : std::optional(rows.text(row, 10));
      read_value(rows, row, 11, sample.interactivity_p90);
      read_value(rows, row, 12, sample.interactivity_median);
      std::optional<double> per_gpu;
      read_value(rows, row, 13, per_gpu);
      read_value(rows, row, 14, pools.basis);
      read_value(rows, row, 15, pools.prefill_gpus);
      read_value(rows, row, 16, pools.decode_gpus);
      sample.throughput = domain::on_all_allocated_gpus(per_gpu, metric, pools);
      read(sample);
    }
  }

  std::vector<std::string> configuration_names(ConfigurationName name) override
  {
    return m_pool.lease()->query_column(configuration_names_sql(name));
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
    const std::string sql = "SELECT " + column_list<domain::EvalResult>("") + " FROM eval_results" +
                            (model.empty() ? "" : " WHERE model = $1") + " ORDER BY model, hardware, framework, precision, spec_method, disaggregated, task, date, eval_id";
    const Rows rows = model.empty() ? m_pool.lease()->run(sql) : m_pool.lease()->run(sql, Params().add(model));
    std::vector<domain::EvalResult> evals(static_cast<std::size_t>(rows.size()));
    for (int row = 0; row < rows.size(); ++row) {
      read_record(rows, row, evals[static_cast<std::size_t>(row)], 0);
    }
    return evals;
  }

  std::vector<DatasetNote> dataset_notes() override
  {
    const Rows rows = m_pool.lease()->run("SELECT source, text FROM dataset_notes ORDER BY seq");
    std::vector<DatasetNote> notes;
    for (int row = 0; row < rows.size(); ++row) {
      notes.push_back(DatasetNote{std::string(rows.text(row, 0)), std::string(rows.text(row, 1))});
    }
    return notes;
  }

  std::vector<domain::DataFinding> findings(std::optional<std::string_view> result_id) override
  {
    auto db = m_pool.lease();
    if (result_id) {
      return read_findings(db->run("SELECT result_id, kind, detail FROM findings WHERE result_id = $1"
                                   " ORDER BY result_id, kind, detail",
                                   Params().add(*result_id)));
    }
    return read_findings(db->run("SELECT result_id, kind, detail FROM findings ORDER BY result_id, kind, detail"));
  }

  std::vector<domain::DataFinding> findings_of(std::span<const std::string_view> result_ids) override
  {
    return findings_of_points(*m_pool.lease(), result_ids);
  }

  int schema_version() override { return applied_schema_version(*m_pool.lease()); }

  void check_health() override { m_pool.lease()->run("SELECT MAX(version) FROM schema_migrations"); }

  bool read_only() override { return false; }

  std::int64_t data_version() override
  {
    {
      // Followed from the first call on (a server's), so that a cached answer costs no round trip.
      std::lock_guard lock(m_watch_mutex);
      if (!m_watch) {
        m_watch = std::make_unique<DataVersionWatch>(m_pool.url());
      } else if (const auto version = m_watch->version()) {
        return *version;
      }
    }
    return m_pool.lease()->run("SELECT version FROM benchmark_data_version").int64(0, 0);
  }

  std::int64_t size_bytes() override
  {
    return m_pool.lease()->run("SELECT pg_database_size(current_database())").int64(0, 0);
  }

  CommunityStore& community() override { return m_community; }

private:
  template<typename Record> std::vector<Record> read_all(std::string_view table, std::string_view order)
  {
    const Rows rows = m_pool.lease()->run("SELECT " + column_list<Record>("") + " FROM " + std::string(table) +
                                          " ORDER BY " + std::string(order));
    std::vector<Record> records(static_cast<std::size_t>(rows.size()));
    for (int row = 0; row < rows.size(); ++row) {
      read_record(rows, row, records[static_cast<std::size_t>(row)], 0);
    }
    return records;
  }

  ConnectionPool m_pool;
  CommunityTables m_community{m_pool};
  std::mutex m_watch_mutex;
  std::unique_ptr<DataVersionWatch> m_watch;
};

}  // namespace

std::unique_ptr<Store>
open_store(const std::string& url)
{
  return std::make_unique<PostgresStore>(url);
}

}  // namespace infertrack::store::postgres

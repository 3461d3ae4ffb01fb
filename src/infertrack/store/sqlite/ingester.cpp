#include "infertrack/store/sqlite/ingester.hpp"

#include "infertrack/store/records/notes_column.hpp"
#include "infertrack/store/sqlite/point_reader.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace infertrack::store::sqlite {
namespace {

using domain::BenchmarkPoint;
using domain::DemandPreset;
using domain::HardwareCost;
using domain::PublishedHeadline;

// Columns every record table has beside the record's own fields: which dataset brought it, and when.
constexpr const char* k_provenance_columns = "source, ingested_at";

// "INSERT INTO table (columns) VALUES (?, ...) ON CONFLICT (key) DO NOTHING": the portable spelling of
// insert-or-ignore (SQLite 3.24+ and PostgreSQL 9.5+). An empty key ignores a conflict on any unique key.
std::string
insert_sql(std::string_view table, const std::string& columns, std::string_view conflict_key)
{
  const auto count = std::count(columns.begin(), columns.end(), ',') + 1;
  std::string placeholders = "?";
  for (std::ptrdiff_t i = 1; i < count; ++i) {
    placeholders += ", ?";
  }
  const std::string target = conflict_key.empty() ? "" : " (" + std::string(conflict_key) + ")";
  return "INSERT INTO " + std::string(table) + " (" + columns + ") VALUES (" + placeholders + ") ON CONFLICT" +
         target + " DO NOTHING";
}

template<typename Record>
std::string
insert_record_sql(std::string_view table, std::string_view conflict_key, std::string_view first = "")
{
  std::string columns(first);
  columns += column_list<Record>("") + ", " + k_provenance_columns;
  return insert_sql(table, columns, conflict_key);
}

template<typename Record>
std::string
select_record_sql(std::string_view table, std::string_view where)
{
  return "SELECT " + column_list<Record>("") + " FROM " + std::string(table) + " WHERE " +
         std::string(where);
}

// Compares a record that is already stored under the same key with the new one: identical is fine
// (false: nothing added), any difference fails the ingest naming the first differing field.
template<typename Record>
util::Result<bool>
unchanged_or_conflict(const Record& stored, const Record& fresh, std::string record, std::string_view what)
{
  if (auto difference = first_difference(stored, fresh)) {
    return util::fail(std::move(record), difference->field,
                      "conflicts with the stored " + std::string(what) + " (stored " + difference->stored +
                        ", new " + difference->fresh + ")");
  }
  return false;
}

tl::unexpected<util::Diagnostic>
refuse_nan(std::string record, const char* field)
{
  return util::fail(std::move(record), field,
                    "is not a number (NaN), which the store cannot keep (it would read back as empty)");
}

// A bulk ingest brings at least this many points, and at least as many as are stored already.
constexpr std::size_t k_bulk_min_points = 10'000;
// The page cache while a bulk ingest builds its indexes again, in KiB; SQLite's sorter uses runs of at least 250
// pages (4 MiB at 16 KiB a page) whatever the cache.
constexpr int k_sort_run_kib = 4 * 1024;

// A secondary index of the points table: its name and the statement that creates it.
struct IndexDefinition
{
  std::string name;
  std::string sql;
};

// The plain secondary indexes of the points table. Unique indexes (and the automatic ones of PRIMARY KEY
// and UNIQUE constraints, which have no SQL) are left out: they find an already stored record, so they
// must stay in place during an ingest.
std::vector<IndexDefinition>
secondary_point_indexes(Connection& db)
{
  Statement statement(db, "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'points'"
                          " AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%' ORDER BY name");
  StatementScope scope(statement);
  std::vector<IndexDefinition> indexes;
  while (statement.step()) {
    indexes.push_back(
      IndexDefinition{std::string(statement.column_text(0)), std::string(statement.column_text(1))});
  }
  return indexes;
}

}  // namespace

// While a large ingest runs, the secondary indexes of the points table are dropped and built again before
// the commit, all inside the one transaction (a failure rolls the drop back with the rest). Building an
// index sorts its keys once; keeping it up to date inserts every key at a random place of a growing
// B-tree, which costs several times more per point once the ingest is as big as the table it goes into.
// Datasets may arrive one at a time, so the indexes go once the points seen so far make the ingest large, and
// only while they arrive as fast as they are stored. When they come slower, the indexes stay and are kept up to
// date in the time between them: a rebuild would add its scan of the whole table after the last point.
class Ingester::BulkIndexes
{
public:
  explicit BulkIndexes(Connection& db) : m_db(db)
  {
    // MAX(rowid) is a cheap upper bound of the stored points (one B-tree descent, where COUNT(*) scans).
    m_stored = std::stoll(m_db.query_text("SELECT COALESCE(MAX(rowid), 0) FROM points").value_or("0"));
  }

  // Counts the points of a dataset about to be stored; drops the indexes when the ingest becomes large.
  void add_incoming(std::size_t points)
  {
    m_incoming += points;
    if (m_settled || m_arrival != DatasetArrival::at_once || m_incoming < k_bulk_min_points
        || static_cast<std::size_t>(m_stored) > m_incoming) {
      return;
    }
    m_settled = true;
    m_indexes = secondary_point_indexes(m_db);
    for (const IndexDefinition& index : m_indexes) {
      // Index names come from our own migrations: plain identifiers, quoted all the same.
      m_db.execute("DROP INDEX \"" + index.name + "\"");
    }
  }

  // How the points still to come arrive; indexes already dropped are built at the end all the same.
  void expect(DatasetArrival arrival) { m_arrival = arrival; }

  // Builds the dropped indexes again (before committing, or before a query needs them); later points are
  // indexed as they come.
  void rebuild()
  {
    m_settled = true;
    if (m_indexes.empty()) {
      return;
    }
    // CREATE INDEX sorts its keys in runs as large as the page cache allows. One run of a million keys (the
    // ingest's 64 MiB) sorts with poor locality: 0.78-0.85 s for 1M points, against 0.63-0.65 s for runs of
    // 4 MiB merged. An ingest that fails here leaves the small cache to the session, which restores its own.
    const std::string cache = m_db.query_text("PRAGMA cache_size").value_or("-2000");
    m_db.execute("PRAGMA cache_size = -" + std::to_string(k_sort_run_kib));
    for (const IndexDefinition& index : m_indexes) {
      m_db.execute(index.sql);
    }
    m_db.execute("PRAGMA cache_size = " + cache);
    m_indexes.clear();
  }

private:
  Connection& m_db;
  std::int64_t m_stored = 0;
  std::size_t m_incoming = 0;
  bool m_settled = false; // dropped once already, or rebuilt: the indexes stay from now on
  DatasetArrival m_arrival = DatasetArrival::at_once;
  std::vector<IndexDefinition> m_indexes;
};

Ingester::Ingester(Connection& db)
  : m_db(db),
    m_insert_point(db, insert_record_sql<BenchmarkPoint>("points", "result_id", "configuration_id, notes, ")),
    m_select_point(db, select_points_sql("p.result_id = ?")),
    m_insert_finding(db, insert_sql("findings", "result_id, kind, detail", "result_id, kind, detail")),
    m_insert_hardware(
      db, insert_record_sql<HardwareCost>("hardware_costs", "hardware, effective_date, name")),
    m_select_hardware(db, select_record_sql<HardwareCost>(
                            "hardware_costs", "hardware = ? AND effective_date = ? AND name = ?")),
    m_insert_preset(db, insert_record_sql<DemandPreset>("demand_presets", "key", "seq, ")),
    m_select_preset(db, select_record_sql<DemandPreset>("demand_presets", "key = ?")),
    m_max_preset_seq(db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM demand_presets"),
    m_insert_headline(db, insert_record_sql<PublishedHeadline>(
                            "published_headlines", "label, model, target_interactivity", "seq, ")),
    m_select_headline(db, select_record_sql<PublishedHeadline>(
                            "published_headlines",
                            "label = ? AND model = ? AND target_interactivity = ?")),
    m_max_headline_seq(db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM published_headlines"),
    m_insert_eval(db, insert_record_sql<domain::EvalResult>("eval_results", "eval_id", "seq, ")),
    m_select_eval(db, select_record_sql<domain::EvalResult>("eval_results", "eval_id = ?")),
    m_max_eval_seq(db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM eval_results"),
    // Two unique keys, (source, text) and text (migration 8): a caveat already kept under any source is kept.
    m_insert_dataset_note(db, insert_sql("dataset_notes", "seq, source, text, ingested_at", "")),
    m_max_dataset_note_seq(db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM dataset_notes"),
    m_insert_dataset(db, "INSERT INTO datasets (source, retrieved, method, ingested_at) VALUES (?, ?, ?, ?)"),
    m_complete_dataset(db, "UPDATE datasets SET retrieved = COALESCE(?, retrieved), method = COALESCE(?, method)"
                           " WHERE rowid = ?"),
    m_select_configuration(db, "SELECT id FROM configurations WHERE model = ? AND hardware = ? AND framework = ?"
                               " AND precision = ? AND spec_method = ? AND disaggregated = ? AND workload = ?"),
    m_insert_configuration(db, "INSERT INTO configurations (id, model, hardware, framework, precision,"
                               " spec_method, disaggregated, workload) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
    m_max_configuration_id(db, "SELECT COALESCE(MAX(id), 0) + 1 FROM configurations")
{
}

Ingester::~Ingester() = default;

util::Result<IngestSummary>
Ingester::ingest(std::span<const domain::Dataset> datasets)
{
  begin();
  for (const domain::Dataset& dataset : datasets) {
    // On failure the next begin(), or the Ingester going away, rolls back: nothing of any dataset stays.
    INFERTRACK_TRY(add(dataset));
  }
  return commit();
}

void
Ingester::begin()
{
  rollback();
  try {
    m_journal.emplace(m_db);
    // A writer in another process makes us wait (busy_timeout) here, before any work.
    m_transaction.emplace(m_db, m_journal->alone() ? TransactionMode::exclusive : TransactionMode::write);
    start();
  } catch (...) {
    rollback(); // no session will exist to do it
    throw;
  }
}

void
Ingester::start()
{
  m_ingested_at = utc_timestamp();
  m_summary = {};
  m_logged_source.clear();
  // An ingest that rolled back took the configurations it added with it: ids are looked up afresh.
  forget_configurations();
  m_bulk = std::make_unique<BulkIndexes>(m_db);
  const auto next_rowid = [this](const std::string& table) {
    return std::stoll(m_db.query_text("SELECT COALESCE(MAX(rowid), 0) + 1 FROM " + table).value_or("1"));
  };
  m_first_new_point_rowid = next_rowid("points");
  m_first_new_finding_rowid = next_rowid("findings");
}

void
Ingester::rollback()
{
  m_bulk.reset();
  m_transaction.reset();
  m_journal.reset();
}

void
Ingester::restore_indexes()
{
  m_bulk->rebuild();
}

void
Ingester::expect(DatasetArrival arrival)
{
  m_bulk->expect(arrival);
}

IngestSummary
Ingester::commit()
{
  m_bulk->rebuild();
  // An ingest that stored nothing new leaves every answer as it was, and so the version.
  if (m_summary.points_added + m_summary.findings_added + m_summary.other_records_added + m_summary.evals_added > 0) {
    m_db.execute("UPDATE benchmark_data_version SET version = version + 1");
  }
  m_transaction->commit();
  rollback();
  return m_summary;
}

util::Result<void>
Ingester::add_findings(std::span<const domain::DataFinding> findings)
{
  for (const domain::DataFinding& finding : findings) {
    INFERTRACK_TRY_ASSIGN(added, add_finding(finding));
    m_summary.findings_added += added ? 1 : 0;
  }
  return {};
}

util::Result<void>
Ingester::add(const domain::Dataset& dataset)
{
  m_bulk->add_incoming(dataset.points.size());
  IngestSummary summary;
  // The stored points this dataset brings in another form (a source that carries less, or a capture that knows other
  // fields): that form's findings are not theirs (a value it has and the store lacks, one rescaled to the source's
  // basis); their own were stored with them.
  std::unordered_set<std::string_view> carried_again;
  for (const BenchmarkPoint& point : dataset.points) {
    INFERTRACK_TRY_ASSIGN(outcome, add_point(point, dataset));
    ++(outcome == PointOutcome::added ? summary.points_added : summary.points_unchanged);
    if (outcome == PointOutcome::agreeing || (outcome == PointOutcome::unchanged && dataset.as_carried != nullptr)) {
      carried_again.insert(point.result_id);
    }
  }
  for (const domain::DataFinding& finding : dataset.findings) {
    if (carried_again.contains(finding.result_id)) {
      continue;
    }
    INFERTRACK_TRY_ASSIGN(added, add_finding(finding));
    summary.findings_added += added ? 1 : 0;
  }
  for (const HardwareCost& cost : dataset.hardware) {
    INFERTRACK_TRY_ASSIGN(added, add_hardware(cost, dataset.source));
    summary.other_records_added += added ? 1 : 0;
  }
  for (const DemandPreset& preset : dataset.presets) {
    INFERTRACK_TRY_ASSIGN(added, add_preset(preset, dataset.source));
    summary.other_records_added += added ? 1 : 0;
  }
  for (const PublishedHeadline& headline : dataset.headlines) {
    INFERTRACK_TRY_ASSIGN(added, add_headline(headline, dataset.source));
    summary.other_records_added += added ? 1 : 0;
  }
  for (const std::string& note : dataset.notes) {
    summary.other_records_added += add_dataset_note(note, dataset.source) ? 1 : 0;
  }
  for (const domain::EvalResult& eval : dataset.evals) {
    INFERTRACK_TRY_ASSIGN(added, add_eval(eval, dataset.source));
    ++(added ? summary.evals_added : summary.evals_unchanged);
  }
  // The datasets table logs ingests that changed the store, so an identical re-ingest changes nothing. A file
  // that arrives in batches (one source after another) is logged once, with what its last part (a snapshot's
  // sections) says of it.
  const bool changed =
    summary.points_added + summary.findings_added + summary.other_records_added + summary.evals_added > 0;
  if (dataset.source == m_logged_source) {
    if (dataset.retrieved || dataset.method) {
      StatementScope scope(m_complete_dataset);
      dataset.retrieved ? m_complete_dataset.bind(1, std::string_view(*dataset.retrieved))
                        : m_complete_dataset.bind_null(1);
      dataset.method ? m_complete_dataset.bind(2, std::string_view(*dataset.method)) : m_complete_dataset.bind_null(2);
      m_complete_dataset.bind(3, m_logged_dataset);
      m_complete_dataset.step();
    }
  } else if (changed) {
    add_dataset(dataset);
    m_logged_source = dataset.source;
    m_logged_dataset = std::stoll(m_db.query_text("SELECT last_insert_rowid()").value_or("0"));
  }
  m_summary.points_added += summary.points_added;
  m_summary.points_unchanged += summary.points_unchanged;
  m_summary.findings_added += summary.findings_added;
  m_summary.other_records_added += summary.other_records_added;
  m_summary.evals_added += summary.evals_added;
  m_summary.evals_unchanged += summary.evals_unchanged;
  return {};
}

util::Result<Ingester::PointOutcome>
Ingester::add_point(const BenchmarkPoint& point, const domain::Dataset& dataset)
{
  const std::string& source = dataset.source;
  {
    const std::int64_t configuration = configuration_id(point);
    StatementScope scope(m_insert_point);
    m_insert_point.bind(1, configuration);
    // Bound without a copy: the text must live until the step below.
    if (write_notes_column(point.notes, m_notes)) {
      m_insert_point.bind(2, std::string_view(m_notes));
    } else {
      m_insert_point.bind_null(2);
    }
    const int next = m_binder.bind(m_insert_point, point, 3);
    if (const char* field = m_binder.nan_field()) {
      return refuse_nan(point.result_id, field);
    }
    m_insert_point.bind(next, std::string_view(source));
    m_insert_point.bind(next + 1, std::string_view(m_ingested_at));
    m_insert_point.step();
  }
  if (m_db.changes() == 0) {
    // Already stored (earlier, or earlier in this same ingest): the same point or a conflict.
    m_select_point.bind(1, std::string_view(point.result_id));
    const auto stored = read_points(m_select_point);
    if (stored.size() != 1) {
      m_db.fail(SQLITE_CORRUPT, "reading back point " + point.result_id);
    }
    const StoredPointComparison comparison = compare_with_stored(stored.front(), point, dataset.as_carried);
    if (comparison.match == StoredPointMatch::conflicting) {
      return util::fail(point.result_id, comparison.difference.field,
                        "conflicts with " + conflicting_point_origin(point.result_id) + " (stored " +
                          comparison.difference.stored + ", new " + comparison.difference.fresh + ")");
    }
    return comparison.match == StoredPointMatch::unchanged ? PointOutcome::unchanged : PointOutcome::agreeing;
  }
  return PointOutcome::added;
}

std::string
Ingester::conflicting_point_origin(const std::string& result_id)
{
  // A point this same ingest stored (from another file, or a batch before) is no point "stored" to the user.
  Statement select(m_db, "SELECT source FROM points WHERE result_id = ? AND rowid >= ?");
  select.bind(1, std::string_view(result_id));
  select.bind(2, m_first_new_point_rowid);
  if (select.step()) {
    return "the point " + std::string(select.column_text(0)) + " gave in this ingest";
  }
  return "the stored point";
}

util::Result<bool>
Ingester::add_finding(const domain::DataFinding& finding)
{
  StatementScope scope(m_insert_finding);
  m_insert_finding.bind(1, std::string_view(finding.result_id));
  m_insert_finding.bind(2, std::string_view(domain::to_string(finding.kind)));
  m_insert_finding.bind(3, std::string_view(finding.detail));
  const int rc = m_insert_finding.try_step();
  if (rc == SQLITE_CONSTRAINT_FOREIGNKEY) {
    return util::fail(finding.result_id, "result_id",
                      "the finding refers to a point that is neither stored nor in the dataset");
  }
  if (rc != SQLITE_DONE) {
    m_db.fail(rc, "storing a finding");
  }
  return m_db.changes() > 0;
}

util::Result<bool>
Ingester::add_hardware(const HardwareCost& cost, const std::string& source)
{
  const std::string record =
    "hardware " + cost.hardware + " (" + cost.name + ", " + cost.effective_date + ")";
  {
    StatementScope scope(m_insert_hardware);
    const int next = m_binder.bind(m_insert_hardware, cost, 1);
    if (const char* field = m_binder.nan_field()) {
      return refuse_nan(record, field);
    }
    m_insert_hardware.bind(next, std::string_view(source));
    m_insert_hardware.bind(next + 1, std::string_view(m_ingested_at));
    m_insert_hardware.step();
  }
  if (m_db.changes() > 0) {
    return true;
  }
  StatementScope scope(m_select_hardware);
  m_select_hardware.bind(1, std::string_view(cost.hardware));
  m_select_hardware.bind(2, std::string_view(cost.effective_date));
  m_select_hardware.bind(3, std::string_view(cost.name));
  HardwareCost stored;
  if (!m_select_hardware.step()) {
    m_db.fail(SQLITE_CORRUPT, "reading back " + record);
  }
  read_record(m_select_hardware, stored, 0);
  return unchanged_or_conflict(stored, cost, record, "hardware cost");
}

util::Result<bool>
Ingester::add_eval(const domain::EvalResult& eval, const std::string& source)
{
  const std::string record = "eval " + eval.eval_id + " (" + eval.model + " " + eval.hardware + " " + eval.task + " "
                             + eval.date + ")";
  {
    const std::int64_t seq = next_seq(m_max_eval_seq);
    StatementScope scope(m_insert_eval);
    m_insert_eval.bind(1, seq);
    const int next = m_binder.bind(m_insert_eval, eval, 2);
    if (const char* field = m_binder.nan_field()) {
      return refuse_nan(record, field);
    }
    m_insert_eval.bind(next, std::string_view(source));
    m_insert_eval.bind(next + 1, std::string_view(m_ingested_at));
    m_insert_eval.step();
  }
  if (m_db.changes() > 0) {
    return true;
  }
  StatementScope scope(m_select_eval);
  m_select_eval.bind(1, std::string_view(eval.eval_id));
  domain::EvalResult stored;
  if (!m_select_eval.step()) {
    m_db.fail(SQLITE_CORRUPT, "reading back " + record);
  }
  read_record(m_select_eval, stored, 0);
  return unchanged_or_conflict(stored, eval, record, "evaluation result");
}

util::Result<bool>
Ingester::add_preset(const DemandPreset& preset, const std::string& source)
{
  const std::string record = "preset " + preset.key;
  {
    const std::int64_t seq = next_seq(m_max_preset_seq);
    StatementScope scope(m_insert_preset);
    m_insert_preset.bind(1, seq);
    const int next = m_binder.bind(m_insert_preset, preset, 2);
    if (const char* field = m_binder.nan_field()) {
      return refuse_nan(record, field);
    }
    m_insert_preset.bind(next, std::string_view(source));
    m_insert_preset.bind(next + 1, std::string_view(m_ingested_at));
    m_insert_preset.step();
  }
  if (m_db.changes() > 0) {
    return true;
  }
  StatementScope scope(m_select_preset);
  m_select_preset.bind(1, std::string_view(preset.key));
  DemandPreset stored;
  if (!m_select_preset.step()) {
    m_db.fail(SQLITE_CORRUPT, "reading back " + record);
  }
  read_record(m_select_preset, stored, 0);
  return unchanged_or_conflict(stored, preset, record, "preset");
}

util::Result<bool>
Ingester::add_headline(const PublishedHeadline& headline, const std::string& source)
{
  const std::string record = "headline " + headline.label + " (" + headline.model + " at " +
                             format_value(headline.target_interactivity) + " tok/s/user)";
  {
    const std::int64_t seq = next_seq(m_max_headline_seq);
    StatementScope scope(m_insert_headline);
    m_insert_headline.bind(1, seq);
    const int next = m_binder.bind(m_insert_headline, headline, 2);
    if (const char* field = m_binder.nan_field()) {
      return refuse_nan(record, field);
    }
    m_insert_headline.bind(next, std::string_view(source));
    m_insert_headline.bind(next + 1, std::string_view(m_ingested_at));
    m_insert_headline.step();
  }
  if (m_db.changes() > 0) {
    return true;
  }
  StatementScope scope(m_select_headline);
  m_select_headline.bind(1, std::string_view(headline.label));
  m_select_headline.bind(2, std::string_view(headline.model));
  m_select_headline.bind(3, headline.target_interactivity);
  PublishedHeadline stored;
  if (!m_select_headline.step()) {
    m_db.fail(SQLITE_CORRUPT, "reading back " + record);
  }
  read_record(m_select_headline, stored, 0);
  return unchanged_or_conflict(stored, headline, record, "headline");
}

bool
Ingester::add_dataset_note(const std::string& text, const std::string& source)
{
  const std::int64_t seq = next_seq(m_max_dataset_note_seq);
  StatementScope scope(m_insert_dataset_note);
  m_insert_dataset_note.bind(1, seq);
  m_insert_dataset_note.bind(2, std::string_view(source));
  m_insert_dataset_note.bind(3, std::string_view(text));
  m_insert_dataset_note.bind(4, std::string_view(m_ingested_at));
  m_insert_dataset_note.step();
  return m_db.changes() > 0;
}

void
Ingester::add_dataset(const domain::Dataset& dataset)
{
  StatementScope scope(m_insert_dataset);
  m_insert_dataset.bind(1, std::string_view(dataset.source));
  dataset.retrieved ? m_insert_dataset.bind(2, std::string_view(*dataset.retrieved))
                    : m_insert_dataset.bind_null(2);
  dataset.method ? m_insert_dataset.bind(3, std::string_view(*dataset.method))
                 : m_insert_dataset.bind_null(3);
  m_insert_dataset.bind(4, std::string_view(m_ingested_at));
  m_insert_dataset.step();
}

std::int64_t
Ingester::configuration_id(const BenchmarkPoint& point)
{
  // Points come from a few thousand configurations at most: one hash look-up per point, and one SELECT (and
  // at most one INSERT) per configuration the first time it is met.
  const domain::ConfigurationView view = domain::configuration_of(point);
  if (const auto found = m_configuration_ids.find(view); found != m_configuration_ids.end()) {
    return found->second;
  }
  const auto bind_configuration = [&point](Statement& statement, int first) {
    statement.bind(first, std::string_view(point.model));
    statement.bind(first + 1, std::string_view(point.hardware));
    statement.bind(first + 2, std::string_view(point.framework));
    statement.bind(first + 3, std::string_view(point.precision));
    statement.bind(first + 4, std::string_view(point.spec_method));
    statement.bind(first + 5, std::int64_t{point.disaggregated ? 1 : 0});
    statement.bind(first + 6, std::string_view(point.workload));
  };
  std::optional<std::int64_t> id;
  {
    StatementScope scope(m_select_configuration);
    bind_configuration(m_select_configuration, 1);
    if (m_select_configuration.step()) {
      id = m_select_configuration.column_int64(0);
    }
  }
  if (!id) {
    // Read under the write lock, so that no other writer takes the same id.
    id = next_seq(m_max_configuration_id);
    StatementScope scope(m_insert_configuration);
    m_insert_configuration.bind(1, *id);
    bind_configuration(m_insert_configuration, 2);
    m_insert_configuration.step();
  }
  const auto& texts = m_configuration_texts.emplace_back(
    std::array{point.model, point.hardware, point.framework, point.precision, point.spec_method, point.workload});
  m_configuration_ids.emplace(
    domain::ConfigurationView{texts[0], texts[1], texts[2], texts[3], texts[4], point.disaggregated, texts[5]}, *id);
  return *id;
}

void
Ingester::forget_configurations()
{
  m_configuration_ids.clear();
  m_configuration_texts.clear();
}

std::int64_t
Ingester::next_seq(Statement& max_seq)
{
  // Inside the write transaction no other writer can take the same number.
  StatementScope scope(max_seq);
  max_seq.step();
  return max_seq.column_int64(0);
}

}  // namespace infertrack::store::sqlite

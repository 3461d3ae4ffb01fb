#include "infertrack/store/postgres/ingester.hpp"

#include "infertrack/store/postgres/copy_binary.hpp"
#include "infertrack/store/postgres/data_version_watch.hpp"
#include "infertrack/store/records/notes_column.hpp"
#include "infertrack/store/records/record_comparison.hpp"
#include "infertrack/store/sql/point_select_sql.hpp"

#include <cmath>
#include <unordered_map>

namespace infertrack::store::postgres {
namespace {

using domain::BenchmarkPoint;

// The advisory lock an ingest holds until it ends: ingests of one database, from any instance, take turns.
constexpr const char* k_ingest_lock = "7413020062";

// An ingest that has brought at least this many points, and as many as were stored, reads every stored id once.
constexpr std::size_t k_bulk_min_points = 10'000;


tl::unexpected<util::Diagnostic>
refuse_nan(std::string record, const char* field)
{
  return util::fail(std::move(record), field,
                    "is not a number (NaN), which the store cannot keep (it would read back as empty)");
}

// The domain name of the first NaN field of `record`, or null.
template<typename Record>
const char*
first_nan_field(const Record& record)
{
  const char* found = nullptr;
  auto check = [&](FieldName name, const auto& value) {
    using Value = std::decay_t<decltype(value)>;
    if constexpr (std::is_same_v<Value, double>) {
      found = found == nullptr && std::isnan(value) ? name.field : found;
    } else if constexpr (std::is_same_v<Value, std::optional<double>>) {
      found = found == nullptr && value && std::isnan(*value) ? name.field : found;
    }
  };
  RecordFields<Record>::visit(check, record);
  return found;
}

// The points columns a COPY fills, in the order copy_points writes them, and how many.
std::string
copied_columns()
{
  return "configuration_id, notes, " + column_list<BenchmarkPoint>("") + ", source, ingested_at";
}

std::int16_t
copied_values()
{
  static const std::int16_t count = [] {
    std::int16_t fields = 0;
    const BenchmarkPoint point;
    RecordFields<BenchmarkPoint>::visit([&](FieldName, const auto&) { ++fields; }, point);
    return static_cast<std::int16_t>(fields + 4);
  }();
  return count;
}

// A result id as the sets of ids an ingest keeps hold it: 8 bytes, not a string per point. Two ids that share a
// hash only cost a look-up in the table, which tells them apart.
std::uint64_t
id_hash(std::string_view result_id)
{
  return std::hash<std::string_view>{}(result_id);
}

}  // namespace

Ingester::Ingester(Connection& db)
  : m_db(db)
  , m_transaction(db)
  , m_points_copy(db, "COPY points (" + copied_columns() + ") FROM STDIN (FORMAT binary)", k_copy_binary_header,
                  k_copy_binary_trailer)
{
  m_db.execute(std::string("SELECT pg_advisory_xact_lock(") + k_ingest_lock + ")");
  m_ingested_at = std::string(
    m_db.run("SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')").text(0, 0));
  const Rows configurations = m_db.run(
    "SELECT id, model, hardware, framework, precision, spec_method, disaggregated, workload FROM configurations");
  for (int row = 0; row < configurations.size(); ++row) {
    const auto& texts = m_configuration_texts.emplace_back(std::array<std::string, 6>{
      std::string(configurations.text(row, 1)), std::string(configurations.text(row, 2)),
      std::string(configurations.text(row, 3)), std::string(configurations.text(row, 4)),
      std::string(configurations.text(row, 5)), std::string(configurations.text(row, 7))});
    const std::int64_t id = configurations.int64(row, 0);
    m_configuration_ids.emplace(domain::ConfigurationView{texts[0], texts[1], texts[2], texts[3], texts[4],
                                                          configurations.int64(row, 6) != 0, texts[5]},
                                id);
    m_next_configuration_id = std::max(m_next_configuration_id, id + 1);
  }
  m_next_configuration_id = std::max<std::int64_t>(m_next_configuration_id, 1);
  m_empty_before = m_db.run("SELECT EXISTS (SELECT 1 FROM points)").text(0, 0) == "f";
  // The planner's estimate: exact enough to tell a bulk ingest, and free where COUNT(*) reads the table.
  m_stored_estimate = static_cast<std::size_t>(
    std::max<double>(0, m_db.run("SELECT reltuples FROM pg_class WHERE oid = 'points'::regclass").real(0, 0)));
}

Ingester::~Ingester() = default;

Connection&
Ingester::db()
{
  m_points_copy.finish();
  return m_db;
}

IngestSummary
Ingester::commit()
{
  m_points_copy.finish();
  if (m_summary.points_added + m_summary.findings_added + m_summary.other_records_added + m_summary.evals_added > 0) {
    const Rows version = db().run("UPDATE benchmark_data_version SET version = version + 1 RETURNING version");
    // Delivered at the commit, and only if it commits: every instance then drops its stale answers.
    db().run("SELECT pg_notify($1, $2)", Params().add(DataVersionWatch::k_channel).add(version.text(0, 0)));
    m_committed_version = version.int64(0, 0);
  }
  m_transaction.commit();
  return m_summary;
}

util::Result<void>
Ingester::add(const domain::Dataset& dataset)
{
  std::size_t nan_at = dataset.points.size();
  const char* nan_field = nullptr;
  for (std::size_t i = 0; i < dataset.points.size() && nan_field == nullptr; ++i) {
    nan_field = first_nan_field(dataset.points[i]);
    nan_at = nan_field ? i : nan_at;
  }
  INFERTRACK_TRY_ASSIGN(outcomes, add_points(dataset, nan_at));
  if (nan_field != nullptr) {
    return refuse_nan(dataset.points[nan_at].result_id, nan_field);
  }
  IngestSummary summary;
  // As in SQLite's ingester: the findings a dataset brings about points it carries in another form are not theirs.
  std::unordered_set<std::string_view> carried_again;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    ++(outcomes[i] == PointOutcome::added ? summary.points_added : summary.points_unchanged);
    if (outcomes[i] == PointOutcome::agreeing ||
        (outcomes[i] == PointOutcome::unchanged && dataset.as_carried != nullptr)) {
      carried_again.insert(dataset.points[i].result_id);
    }
  }
  INFERTRACK_TRY_ASSIGN(findings_added, insert_findings(dataset.findings, carried_again));
  summary.findings_added = findings_added;
  for (const domain::HardwareCost& cost : dataset.hardware) {
    INFERTRACK_TRY_ASSIGN(added, add_hardware(cost, dataset.source));
    summary.other_records_added += added ? 1 : 0;
  }
  for (const domain::DemandPreset& preset : dataset.presets) {
    INFERTRACK_TRY_ASSIGN(added, add_preset(preset, dataset.source));
    summary.other_records_added += added ? 1 : 0;
  }
  for (const domain::PublishedHeadline& headline : dataset.headlines) {
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
  log_dataset(dataset, summary.points_added + summary.findings_added + summary.other_records_added
                         + summary.evals_added > 0);
  m_summary.points_added += summary.points_added;
  m_summary.points_unchanged += summary.points_unchanged;
  m_summary.findings_added += summary.findings_added;
  m_summary.other_records_added += summary.other_records_added;
  m_summary.evals_added += summary.evals_added;
  m_summary.evals_unchanged += summary.evals_unchanged;
  return {};
}

util::Result<void>
Ingester::add_findings(std::span<const domain::DataFinding> findings)
{
  INFERTRACK_TRY_ASSIGN(added, insert_findings(findings, {}));
  m_summary.findings_added += added;
  return {};
}

void
Ingester::copy_points(const domain::Dataset& dataset, std::span<const std::size_t> fresh)
{
  // Rows go out in slices as they are written, so the server stores one while the next is written.
  constexpr std::size_t k_slice = 256 * 1024;
  // A new configuration's id is stored (an INSERT) before any row of the batch goes out: the open COPY ends for it.
  std::vector<std::int64_t> configurations;
  configurations.reserve(fresh.size());
  for (const std::size_t i : fresh) {
    configurations.push_back(configuration_id(dataset.points[i]));
  }
  const std::int16_t values = copied_values();
  m_copy.clear();
  std::string notes;
  for (std::size_t n = 0; n < fresh.size(); ++n) {
    const BenchmarkPoint& point = dataset.points[fresh[n]];
    append_binary_row(m_copy, values);
    append_binary_value(m_copy, configurations[n]);
    write_notes_column(point.notes, notes) ? append_binary_value(m_copy, std::string_view(notes))
                                           : append_binary_null(m_copy);
    RecordFields<BenchmarkPoint>::visit([&](FieldName, const auto& value) { append_binary_value(m_copy, value); },
                                        point);
    append_binary_value(m_copy, std::string_view(dataset.source));
    append_binary_value(m_copy, std::string_view(m_ingested_at));
    m_added_ids.insert(id_hash(point.result_id));
    if (m_copy.size() >= k_slice) {
      m_points_copy.send(m_copy);
      m_copy.clear();
    }
  }
  m_points_copy.send(m_copy);
}

std::vector<bool>
Ingester::maybe_stored_before(std::span<const std::string_view> result_ids)
{
  std::vector<bool> stored(result_ids.size(), false);
  if (m_empty_before) {
    return stored;
  }
  m_points_seen += result_ids.size();
  if (!m_all_ids_known && m_points_seen >= std::max(k_bulk_min_points, m_stored_estimate)) {
    // A bulk ingest: one read of every stored id costs less than an index probe per incoming point from now on.
    for (const std::string& id : db().query_column("SELECT result_id FROM points")) {
      m_known_ids.insert(id_hash(id));
    }
    m_all_ids_known = true;
  }
  if (m_all_ids_known) {
    for (std::size_t i = 0; i < result_ids.size(); ++i) {
      stored[i] = m_known_ids.contains(id_hash(result_ids[i]));
    }
    return stored;
  }
  const Rows rows = db().run("SELECT result_id FROM points WHERE result_id = ANY($1::text[])",
                             Params().add(array_literal(result_ids)));
  std::unordered_set<std::string_view> found;
  for (int row = 0; row < rows.size(); ++row) {
    found.insert(rows.text(row, 0));
  }
  for (std::size_t i = 0; i < result_ids.size(); ++i) {
    stored[i] = found.contains(result_ids[i]);
  }
  return stored;
}

util::Result<std::vector<Ingester::PointOutcome>>
Ingester::add_points(const domain::Dataset& dataset, std::size_t end)
{
  std::vector<PointOutcome> outcomes(end, PointOutcome::added);
  if (end == 0) {
    return outcomes;
  }
  std::vector<std::string_view> ids;
  ids.reserve(end);
  for (std::size_t i = 0; i < end; ++i) {
    ids.push_back(dataset.points[i].result_id);
  }
  // Under the ingest lock no other writer stores points: a point neither stored before nor added by this ingest is
  // new, and its id's first occurrence goes straight into the table by COPY. Every other point is looked up, and
  // compared when found; one that is not was only a hash's match (id_hash), and is new after all.
  const std::vector<bool> stored_before = maybe_stored_before(ids);
  std::unordered_set<std::string_view> copied;
  std::vector<std::size_t> fresh;
  std::vector<std::size_t> compared;
  for (std::size_t i = 0; i < end; ++i) {
    const bool maybe_stored = stored_before[i] || m_added_ids.contains(id_hash(ids[i]));
    if (!maybe_stored && copied.insert(ids[i]).second) {
      fresh.push_back(i);
    } else {
      compared.push_back(i);
    }
  }
  copy_points(dataset, fresh);
  while (!compared.empty()) {
    std::vector<std::string_view> compared_ids;
    for (const std::size_t i : compared) {
      compared_ids.push_back(ids[i]);
    }
    const Rows stored_rows = db().run(numbered(select_points_sql("p.result_id = ANY(?::text[])")),
                                      Params().add(array_literal(compared_ids)));
    std::vector<BenchmarkPoint> stored_points = read_points(stored_rows);
    std::unordered_map<std::string_view, const BenchmarkPoint*> stored;
    for (const BenchmarkPoint& point : stored_points) {
      stored.emplace(point.result_id, &point);
    }
    std::vector<std::size_t> new_after_all;
    std::unordered_set<std::string_view> new_ids;
    std::vector<std::size_t> again;  // later occurrences of those, compared once they are stored
    for (const std::size_t i : compared) {
      if (const auto found = stored.find(ids[i]); found != stored.end()) {
        INFERTRACK_TRY_ASSIGN(outcome, compare_point(dataset.points[i], dataset, *found->second));
        outcomes[i] = outcome;
      } else if (copied.insert(ids[i]).second) {
        new_after_all.push_back(i);
        new_ids.insert(ids[i]);
      } else if (new_ids.contains(ids[i])) {
        again.push_back(i);
      } else {
        throw StoreError("point " + dataset.points[i].result_id + " was neither stored nor found: the database "
                         "changed during the ingest");
      }
    }
    copy_points(dataset, new_after_all);
    compared = std::move(again);
  }
  return outcomes;
}

util::Result<Ingester::PointOutcome>
Ingester::compare_point(const BenchmarkPoint& point, const domain::Dataset& dataset, const BenchmarkPoint& stored)
{
  const StoredPointComparison comparison = compare_with_stored(stored, point, dataset.as_carried);
  if (comparison.match != StoredPointMatch::conflicting) {
    return comparison.match == StoredPointMatch::unchanged ? PointOutcome::unchanged : PointOutcome::agreeing;
  }
  const FieldDifference& difference = comparison.difference;
  std::string origin = "the stored point";
  // A row this transaction wrote carries its id as xmin.
  const Rows source = db().run("SELECT source, xmin = pg_current_xact_id()::xid FROM points WHERE result_id = $1",
                               Params().add(point.result_id));
  if (source.text(0, 1) == "t") {
    origin = "the point " + std::string(source.text(0, 0)) + " gave in this ingest";
  }
  return util::fail(point.result_id, difference.field,
                    "conflicts with " + origin + " (stored " + difference.stored + ", new " + difference.fresh + ")");
}

util::Result<std::int64_t>
Ingester::insert_findings(std::span<const domain::DataFinding> findings,
                          const std::unordered_set<std::string_view>& skip)
{
  std::vector<std::string_view> ids;
  std::vector<std::string_view> kinds;
  std::vector<std::string_view> details;
  std::vector<const domain::DataFinding*> kept;
  for (const domain::DataFinding& finding : findings) {
    if (!skip.contains(finding.result_id)) {
      ids.push_back(finding.result_id);
      kinds.push_back(domain::to_string(finding.kind));
      details.push_back(finding.detail);
      kept.push_back(&finding);
    }
  }
  if (kept.empty()) {
    return 0;
  }
  const std::string id_array = array_literal(ids);
  const Rows orphan = db().run("SELECT f.ord FROM unnest($1::text[]) WITH ORDINALITY AS f (result_id, ord)"
                               " WHERE NOT EXISTS (SELECT 1 FROM points p WHERE p.result_id = f.result_id)"
                               " ORDER BY f.ord LIMIT 1",
                               Params().add(id_array));
  if (!orphan.empty()) {
    return util::fail(kept[static_cast<std::size_t>(orphan.int64(0, 0) - 1)]->result_id, "result_id",
                      "the finding refers to a point that is neither stored nor in the dataset");
  }
  const Rows inserted = db().run("INSERT INTO findings (result_id, kind, detail)"
                                 " SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING",
                                 Params().add(id_array).add(array_literal(kinds)).add(array_literal(details)));
  return inserted.affected();
}

template<typename Record>
util::Result<bool>
Ingester::insert_record(const Record& record, const RecordKey& key, const std::string& source,
                        const std::string& what)
{
  Params params;
  m_record_params.add(params, record);
  if (const char* field = m_record_params.nan_field()) {
    return refuse_nan(what, field);
  }
  params.add(source).add(m_ingested_at);
  std::string values(key.first_values);
  for (std::size_t i = 1; i <= params.size(); ++i) {
    values += (i == 1 ? "$" : ", $") + std::to_string(i);
  }
  const std::string columns = std::string(key.first_columns) + column_list<Record>("") + ", source, ingested_at";
  const Rows inserted = db().run("INSERT INTO " + std::string(key.table) + " (" + columns + ") VALUES (" + values +
                                   ") ON CONFLICT (" + std::string(key.columns) + ") DO NOTHING",
                                 params);
  if (inserted.affected() > 0) {
    return true;
  }
  const Rows stored_rows =
    db().run("SELECT " + column_list<Record>("") + " FROM " + std::string(key.table) + " WHERE " +
               std::string(key.where),
             key.values);
  if (stored_rows.empty()) {
    throw StoreError(what + " was neither stored nor found: the database changed during the ingest");
  }
  Record stored;
  read_record(stored_rows, 0, stored, 0);
  if (auto difference = first_difference(stored, record)) {
    return util::fail(what, difference->field,
                      "conflicts with the stored " + std::string(key.kind) + " (stored " + difference->stored +
                        ", new " + difference->fresh + ")");
  }
  return false;
}

util::Result<bool>
Ingester::add_hardware(const domain::HardwareCost& cost, const std::string& source)
{
  const RecordKey key{"hardware_costs", "hardware, effective_date, name", "", "",
                      "hardware = $1 AND effective_date = $2 AND name = $3",
                      Params().add(cost.hardware).add(cost.effective_date).add(cost.name), "hardware cost"};
  return insert_record(cost, key, source, "hardware " + cost.hardware + " (" + cost.name + ", " + cost.effective_date + ")");
}

util::Result<bool>
Ingester::add_eval(const domain::EvalResult& eval, const std::string& source)
{
  const RecordKey key{"eval_results", "eval_id", "seq, ", "(SELECT COALESCE(MAX(seq), 0) + 1 FROM eval_results), ",
                      "eval_id = $1", Params().add(eval.eval_id), "evaluation result"};
  return insert_record(eval, key, source,
                       "eval " + eval.eval_id + " (" + eval.model + " " + eval.hardware + " " + eval.task + " " +
                         eval.date + ")");
}

util::Result<bool>
Ingester::add_preset(const domain::DemandPreset& preset, const std::string& source)
{
  const RecordKey key{"demand_presets", "key", "seq, ", "(SELECT COALESCE(MAX(seq), 0) + 1 FROM demand_presets), ",
                      "key = $1", Params().add(preset.key), "preset"};
  return insert_record(preset, key, source, "preset " + preset.key);
}

util::Result<bool>
Ingester::add_headline(const domain::PublishedHeadline& headline, const std::string& source)
{
  const RecordKey key{"published_headlines", "label, model, target_interactivity", "seq, ",
                      "(SELECT COALESCE(MAX(seq), 0) + 1 FROM published_headlines), ",
                      "label = $1 AND model = $2 AND target_interactivity = $3",
                      Params().add(headline.label).add(headline.model).add(headline.target_interactivity),
                      "headline"};
  return insert_record(headline, key, source,
                       "headline " + headline.label + " (" + headline.model + " at " +
                         format_value(headline.target_interactivity) + " tok/s/user)");
}

bool
Ingester::add_dataset_note(const std::string& text, const std::string& source)
{
  // Two unique keys, (source, text) and text (migration 8): a caveat already kept under any source is kept.
  return db()
           .run("INSERT INTO dataset_notes (seq, source, text, ingested_at) VALUES"
                " ((SELECT COALESCE(MAX(seq), 0) + 1 FROM dataset_notes), $1, $2, $3) ON CONFLICT DO NOTHING",
                Params().add(source).add(text).add(m_ingested_at))
           .affected() > 0;
}

void
Ingester::log_dataset(const domain::Dataset& dataset, bool changed)
{
  // As SQLite's: ingests that changed the store are logged, a source arriving in batches once.
  if (dataset.source == m_logged_source) {
    if (dataset.retrieved || dataset.method) {
      const Rows updated =
        db().run("UPDATE datasets SET retrieved = COALESCE($1, retrieved), method = COALESCE($2, method)"
                 " WHERE ctid = $3::tid RETURNING ctid",
                 Params().add(dataset.retrieved).add(dataset.method).add(m_logged_dataset));
      m_logged_dataset = updated.text(0, 0);
    }
  } else if (changed) {
    const Rows inserted = db().run("INSERT INTO datasets (source, retrieved, method, ingested_at)"
                                   " VALUES ($1, $2, $3, $4) RETURNING ctid",
                                   Params().add(dataset.source).add(dataset.retrieved).add(dataset.method).add(
                                     m_ingested_at));
    m_logged_source = dataset.source;
    m_logged_dataset = inserted.text(0, 0);
  }
}

std::int64_t
Ingester::configuration_id(const BenchmarkPoint& point)
{
  const domain::ConfigurationView view = domain::configuration_of(point);
  if (const auto found = m_configuration_ids.find(view); found != m_configuration_ids.end()) {
    return found->second;
  }
  // Under the ingest lock no other writer gives ids.
  const std::int64_t id = m_next_configuration_id++;
  db().run("INSERT INTO configurations (id, model, hardware, framework, precision, spec_method, disaggregated,"
           " workload) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
           Params()
             .add(id)
             .add(point.model)
             .add(point.hardware)
             .add(point.framework)
             .add(point.precision)
             .add(point.spec_method)
             .add(point.disaggregated)
             .add(point.workload));
  const auto& texts = m_configuration_texts.emplace_back(
    std::array{point.model, point.hardware, point.framework, point.precision, point.spec_method, point.workload});
  m_configuration_ids.emplace(
    domain::ConfigurationView{texts[0], texts[1], texts[2], texts[3], texts[4], point.disaggregated, texts[5]}, id);
  return id;
}

}  // namespace infertrack::store::postgres

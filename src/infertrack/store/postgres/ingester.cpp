#include "infertrack/store/postgres/ingester.hpp"

#include "infertrack/store/postgres/copy_text.hpp"
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

// The points columns a COPY fills, in the order copy_point writes them.
std::string
incoming_columns()
{
  return "configuration_id, notes, " + column_list<BenchmarkPoint>("") + ", source, ingested_at";
}

}  // namespace

Ingester::Ingester(Connection& db) : m_db(db), m_transaction(db)
{
  m_db.execute(std::string("SELECT pg_advisory_xact_lock(") + k_ingest_lock + ")");
  m_ingested_at = std::string(
    m_db.run("SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')").text(0, 0));
  m_db.execute("CREATE TEMPORARY TABLE IF NOT EXISTS incoming_points ON COMMIT DROP AS SELECT " + incoming_columns() +
               ", 0::bigint AS ord FROM points WITH NO DATA");
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
}

Ingester::~Ingester() = default;

IngestSummary
Ingester::commit()
{
  if (m_summary.points_added + m_summary.findings_added + m_summary.other_records_added > 0) {
    const Rows version = m_db.run("UPDATE benchmark_data_version SET version = version + 1 RETURNING version");
    // Delivered at the commit, and only if it commits: every instance then drops its stale answers.
    m_db.run("SELECT pg_notify($1, $2)", Params().add(DataVersionWatch::k_channel).add(version.text(0, 0)));
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
  log_dataset(dataset, summary.points_added + summary.findings_added + summary.other_records_added > 0);
  m_summary.points_added += summary.points_added;
  m_summary.points_unchanged += summary.points_unchanged;
  m_summary.findings_added += summary.findings_added;
  m_summary.other_records_added += summary.other_records_added;
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
Ingester::copy_points(const domain::Dataset& dataset, std::size_t end)
{
  m_db.execute("TRUNCATE incoming_points");
  m_copy.clear();
  std::string notes;
  for (std::size_t i = 0; i < end; ++i) {
    const BenchmarkPoint& point = dataset.points[i];
    append_copy_value(m_copy, configuration_id(point));
    m_copy += '\t';
    write_notes_column(point.notes, notes) ? append_copy_value(m_copy, std::string_view(notes))
                                           : append_copy_null(m_copy);
    RecordFields<BenchmarkPoint>::visit(
      [&](FieldName, const auto& value) {
        m_copy += '\t';
        append_copy_value(m_copy, value);
      },
      point);
    m_copy += '\t';
    append_copy_value(m_copy, std::string_view(dataset.source));
    m_copy += '\t';
    append_copy_value(m_copy, std::string_view(m_ingested_at));
    m_copy += '\t';
    append_copy_value(m_copy, static_cast<std::int64_t>(i));
    m_copy += '\n';
  }
  m_db.copy_in("COPY incoming_points (" + incoming_columns() + ", ord) FROM STDIN", m_copy);
}

util::Result<std::vector<Ingester::PointOutcome>>
Ingester::add_points(const domain::Dataset& dataset, std::size_t end)
{
  std::vector<PointOutcome> outcomes;
  if (end == 0) {
    return outcomes;
  }
  copy_points(dataset, end);
  const std::string columns = incoming_columns();
  const Rows inserted = m_db.run("INSERT INTO points (" + columns + ") SELECT " + columns +
                                 " FROM incoming_points ORDER BY ord ON CONFLICT (result_id) DO NOTHING"
                                 " RETURNING result_id");
  std::unordered_set<std::string_view> fresh;
  for (int row = 0; row < inserted.size(); ++row) {
    fresh.insert(inserted.text(row, 0));
  }
  // Every other point meets a stored one: stored before, or earlier in this ingest.
  std::vector<std::string_view> compared;
  outcomes.resize(end, PointOutcome::added);
  std::vector<bool> needs_comparison(end, false);
  for (std::size_t i = 0; i < end; ++i) {
    const std::string& id = dataset.points[i].result_id;
    if (fresh.erase(id) == 0) {
      needs_comparison[i] = true;
      compared.push_back(id);
    } else {
      m_added_ids.insert(id);
    }
  }
  if (compared.empty()) {
    return outcomes;
  }
  const Rows stored_rows = m_db.run(numbered(select_points_sql("p.result_id = ANY(?::text[])")) ,
                                    Params().add(array_literal(compared)));
  std::vector<BenchmarkPoint> stored_points = read_points(stored_rows);
  std::unordered_map<std::string_view, const BenchmarkPoint*> stored;
  for (const BenchmarkPoint& point : stored_points) {
    stored.emplace(point.result_id, &point);
  }
  for (std::size_t i = 0; i < end; ++i) {
    if (!needs_comparison[i]) {
      continue;
    }
    const auto found = stored.find(dataset.points[i].result_id);
    if (found == stored.end()) {
      throw StoreError("point " + dataset.points[i].result_id + " was neither stored nor found: the database changed "
                       "during the ingest");
    }
    INFERTRACK_TRY_ASSIGN(outcome, compare_point(dataset.points[i], dataset, *found->second, ""));
    outcomes[i] = outcome;
  }
  return outcomes;
}

util::Result<Ingester::PointOutcome>
Ingester::compare_point(const BenchmarkPoint& point, const domain::Dataset& dataset, const BenchmarkPoint& stored,
                        const std::string&)
{
  const auto difference_from = [&point](const BenchmarkPoint& kept, Unknown unknown) {
    auto difference = first_difference(kept, point, unknown);
    // The notes are one field: a capture without any says nothing against those stored, and the reverse.
    const bool notes_unknown = kept.notes.empty() || point.notes.empty();
    if (!difference && !(unknown == Unknown::agrees && notes_unknown)) {
      difference = first_note_difference(kept.notes, point.notes);
    }
    return difference;
  };
  if (!difference_from(stored, Unknown::differs)) {
    return PointOutcome::unchanged;
  }
  auto difference = difference_from(stored, Unknown::agrees);
  if (difference && dataset.as_carried != nullptr) {
    difference = difference_from(dataset.as_carried(stored), Unknown::agrees);
  }
  if (!difference) {
    return PointOutcome::agreeing;
  }
  std::string origin = "the stored point";
  if (m_added_ids.contains(point.result_id)) {
    const Rows source = m_db.run("SELECT source FROM points WHERE result_id = $1", Params().add(point.result_id));
    origin = "the point " + std::string(source.text(0, 0)) + " gave in this ingest";
  }
  return util::fail(point.result_id, difference->field,
                    "conflicts with " + origin + " (stored " + difference->stored + ", new " + difference->fresh +
                      ")");
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
  const Rows orphan = m_db.run("SELECT f.ord FROM unnest($1::text[]) WITH ORDINALITY AS f (result_id, ord)"
                               " WHERE NOT EXISTS (SELECT 1 FROM points p WHERE p.result_id = f.result_id)"
                               " ORDER BY f.ord LIMIT 1",
                               Params().add(id_array));
  if (!orphan.empty()) {
    return util::fail(kept[static_cast<std::size_t>(orphan.int64(0, 0) - 1)]->result_id, "result_id",
                      "the finding refers to a point that is neither stored nor in the dataset");
  }
  const Rows inserted = m_db.run("INSERT INTO findings (result_id, kind, detail)"
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
  const Rows inserted = m_db.run("INSERT INTO " + std::string(key.table) + " (" + columns + ") VALUES (" + values +
                                   ") ON CONFLICT (" + std::string(key.columns) + ") DO NOTHING",
                                 params);
  if (inserted.affected() > 0) {
    return true;
  }
  const Rows stored_rows =
    m_db.run("SELECT " + column_list<Record>("") + " FROM " + std::string(key.table) + " WHERE " +
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
  return m_db
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
        m_db.run("UPDATE datasets SET retrieved = COALESCE($1, retrieved), method = COALESCE($2, method)"
                 " WHERE ctid = $3::tid RETURNING ctid",
                 Params().add(dataset.retrieved).add(dataset.method).add(m_logged_dataset));
      m_logged_dataset = updated.text(0, 0);
    }
  } else if (changed) {
    const Rows inserted = m_db.run("INSERT INTO datasets (source, retrieved, method, ingested_at)"
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
  m_db.run("INSERT INTO configurations (id, model, hardware, framework, precision, spec_method, disaggregated,"
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

#pragma once

#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/domain/dataset.hpp"
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/sqlite/journal_mode.hpp"
#include "infertrack/store/sqlite/record_codec.hpp"
#include "infertrack/store/store.hpp"
#include "infertrack/util/result.hpp"

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>

namespace infertrack::store::sqlite {

// Writes datasets into a migrated database. It exists so that the statements of an ingest are prepared
// once per connection and reused for every record: ingest speed is dominated by per-row work.
class Ingester
{
public:
  explicit Ingester(Connection& db);
  ~Ingester();
  Ingester(const Ingester&) = delete;
  Ingester& operator=(const Ingester&) = delete;

  // Stores `datasets` in one write transaction with the rules of Store::ingest_all: an identical record
  // is unchanged, a different one with the same key fails the ingest, which then leaves no trace.
  util::Result<IngestSummary> ingest(std::span<const domain::Dataset> datasets);

  // The steps of one ingest, for an IngestSession: begin() opens the write transaction, add() and
  // add_findings() store records, commit() ends it; an ingest not committed rolls back at the next begin()
  // or when the Ingester goes away.
  void begin();
  util::Result<void> add(const domain::Dataset& dataset);
  util::Result<void> add_findings(std::span<const domain::DataFinding> findings);
  IngestSummary commit();
  void rollback();

  // "p.rowid < ?" and "rowid < ?" bounds that keep a query to the rows stored before begin(): the rowids of
  // the rows an ingest adds are above every earlier one.
  std::int64_t first_new_point_rowid() const { return m_first_new_point_rowid; }
  std::int64_t first_new_finding_rowid() const { return m_first_new_finding_rowid; }
  // Builds the secondary indexes a bulk ingest dropped, so that the session's own queries can use them.
  void restore_indexes();
  // IngestSession::expect: whether the secondary indexes may be dropped for a large ingest.
  void expect(DatasetArrival arrival);

private:
  class BulkIndexes;

  // begin() once the transaction is open: the ingest's timestamp, indexes and first new rowids.
  void start();

  // What storing a point came to: new, the stored point again, or a capture of it whose known fields agree but
  // which knows other ones (or is a carried form of it).
  enum class PointOutcome
  {
    added,
    unchanged,
    agreeing
  };
  util::Result<PointOutcome> add_point(const domain::BenchmarkPoint& point, const domain::Dataset& dataset);
  // What a conflict names the point stored under `result_id`: "the stored point", or the file that gave it in this
  // ingest.
  std::string conflicting_point_origin(const std::string& result_id);
  util::Result<bool> add_finding(const domain::DataFinding& finding);
  util::Result<bool> add_hardware(const domain::HardwareCost& cost, const std::string& source);
  util::Result<bool> add_preset(const domain::DemandPreset& preset, const std::string& source);
  util::Result<bool> add_eval(const domain::EvalResult& eval, const std::string& source);
  util::Result<bool> add_headline(const domain::PublishedHeadline& headline, const std::string& source);
  bool add_dataset_note(const std::string& text, const std::string& source);
  void add_dataset(const domain::Dataset& dataset);
  std::int64_t next_seq(Statement& max_seq);
  std::int64_t configuration_id(const domain::BenchmarkPoint& point);
  void forget_configurations();

  Connection& m_db;
  RecordBinder m_binder;
  std::string m_ingested_at; // one timestamp for the whole ingest
  std::string m_logged_source; // the source of the dataset the ingest logged last, and its row
  std::int64_t m_logged_dataset = 0;
  std::string m_notes; // the notes column of the point being inserted, one buffer for every point
  Statement m_insert_point;
  Statement m_select_point;
  Statement m_insert_finding;
  Statement m_insert_hardware;
  Statement m_select_hardware;
  Statement m_insert_preset;
  Statement m_select_preset;
  Statement m_max_preset_seq;
  Statement m_insert_headline;
  Statement m_select_headline;
  Statement m_max_headline_seq;
  Statement m_insert_eval;
  Statement m_select_eval;
  Statement m_max_eval_seq;
  Statement m_insert_dataset_note;
  Statement m_max_dataset_note_seq;
  Statement m_insert_dataset;
  Statement m_complete_dataset;
  Statement m_select_configuration;
  Statement m_insert_configuration;
  Statement m_max_configuration_id;
  // The ids of the configurations the open ingest has met, each stored in the database (earlier, or by this
  // ingest). The views point into m_configuration_texts.
  std::unordered_map<domain::ConfigurationView, std::int64_t, domain::ConfigurationHash> m_configuration_ids;
  // model, hardware, framework, precision, spec_method, workload of each cached configuration; a deque, so
  // that the strings never move.
  std::deque<std::array<std::string, 6>> m_configuration_texts;

  // The open ingest, between begin() and commit().
  std::optional<IngestJournal> m_journal; // before the transaction, which must end first
  std::optional<Transaction> m_transaction;
  std::unique_ptr<BulkIndexes> m_bulk;
  IngestSummary m_summary;
  std::int64_t m_first_new_point_rowid = 0;
  std::int64_t m_first_new_finding_rowid = 0;
};

}  // namespace infertrack::store::sqlite

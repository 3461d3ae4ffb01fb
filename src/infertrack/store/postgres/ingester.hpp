#pragma once

#include "infertrack/domain/configuration_view.hpp"
#include "infertrack/domain/dataset.hpp"
#include "infertrack/store/postgres/connection.hpp"
#include "infertrack/store/postgres/copy_stream.hpp"
#include "infertrack/store/postgres/record_codec.hpp"
#include "infertrack/store/store.hpp"
#include "infertrack/util/result.hpp"

#include <boost/unordered/unordered_flat_set.hpp>

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace infertrack::store::postgres {

// Writes datasets into a migrated PostgreSQL database inside one transaction, with the rules of Store::ingest_all:
// an identical record is unchanged, a different one with the same key fails the ingest. New points travel in one
// COPY, kept open from dataset to dataset until another statement needs the connection, so that a large ingest
// costs a few round trips, not one per point or per batch.
class Ingester
{
public:
  // Opens the transaction on `db` and waits for any other ingest of the database to end (an advisory lock), so
  // that configuration ids and sequence numbers are given by one writer at a time.
  explicit Ingester(Connection& db);
  ~Ingester();
  Ingester(const Ingester&) = delete;
  Ingester& operator=(const Ingester&) = delete;

  util::Result<void> add(const domain::Dataset& dataset);
  util::Result<void> add_findings(std::span<const domain::DataFinding> findings);
  // Moves the data version and notifies the other instances when anything was added, then commits.
  IngestSummary commit();
  // The data version the commit moved to, when it stored anything.
  std::optional<std::int64_t> committed_version() const { return m_committed_version; }

private:
  enum class PointOutcome
  {
    added,
    unchanged,
    agreeing
  };

  // The points of `dataset` up to (not including) `end`, stored; their outcomes in order.
  util::Result<std::vector<PointOutcome>> add_points(const domain::Dataset& dataset, std::size_t end);
  // Sends the points of `dataset` that `fresh` lists by index into the open COPY of points.
  void copy_points(const domain::Dataset& dataset, std::span<const std::size_t> fresh);
  // Which of `result_ids` may name points stored before this ingest (exactly, or by id_hash once every stored id
  // is known).
  std::vector<bool> maybe_stored_before(std::span<const std::string_view> result_ids);
  // The connection, for any statement: the open COPY of points ends first.
  Connection& db();
  util::Result<PointOutcome> compare_point(const domain::BenchmarkPoint& point, const domain::Dataset& dataset,
                                           const domain::BenchmarkPoint& stored);
  util::Result<std::int64_t> insert_findings(std::span<const domain::DataFinding> findings,
                                             const std::unordered_set<std::string_view>& skip);
  util::Result<bool> add_hardware(const domain::HardwareCost& cost, const std::string& source);
  util::Result<bool> add_preset(const domain::DemandPreset& preset, const std::string& source);
  util::Result<bool> add_eval(const domain::EvalResult& eval, const std::string& source);
  util::Result<bool> add_headline(const domain::PublishedHeadline& headline, const std::string& source);
  bool add_dataset_note(const std::string& text, const std::string& source);
  void log_dataset(const domain::Dataset& dataset, bool changed);
  std::int64_t configuration_id(const domain::BenchmarkPoint& point);
  // Where a record type is stored and how its key finds it.
  struct RecordKey
  {
    std::string_view table;
    std::string_view columns;       // the unique key, for ON CONFLICT
    std::string_view first_columns; // columns before the record's own ("seq, "), and their SQL values
    std::string_view first_values;
    std::string_view where;         // the key's condition over $1...
    Params values;                  // and its values
    std::string_view kind;          // what a conflict calls the stored record
  };
  // Inserts `record` with its provenance unless its key is stored: true when inserted, false when the stored one is
  // identical, a diagnostic naming `what` and the field when it differs.
  template<typename Record>
  util::Result<bool> insert_record(const Record& record, const RecordKey& key, const std::string& source,
                                   const std::string& what);

  Connection& m_db;
  Transaction m_transaction;
  CopyStream m_points_copy;  // ended before the transaction rolls back, when the ingest fails
  RecordParams m_record_params;
  std::string m_ingested_at;
  std::string m_logged_source;  // the source of the dataset logged last, and its row
  std::string m_logged_dataset; // ctid
  std::int64_t m_next_configuration_id = 0;
  std::unordered_map<domain::ConfigurationView, std::int64_t, domain::ConfigurationHash> m_configuration_ids;
  std::deque<std::array<std::string, 6>> m_configuration_texts; // what the views point into
  boost::unordered_flat_set<std::uint64_t> m_added_ids;          // id_hash of each point this ingest stored
  boost::unordered_flat_set<std::uint64_t> m_known_ids;          // and of those stored before, once m_all_ids_known
  bool m_empty_before = false;                                   // no point stored before: nothing to look up
  std::size_t m_stored_estimate = 0;                             // points stored before, roughly
  std::size_t m_points_seen = 0;                                 // points this ingest looked up
  bool m_all_ids_known = false;
  std::string m_copy;                                            // one buffer for every dataset's COPY
  IngestSummary m_summary;
  std::optional<std::int64_t> m_committed_version;
};

}  // namespace infertrack::store::postgres

#pragma once

#include "infertrack/store/sqlite/connection.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace infertrack::store::sqlite {

// How long a statement waits for another connection's lock before failing with "database is locked".
constexpr std::chrono::milliseconds k_lock_patience{10'000};

// Switches the file to write-ahead logging, which lets readers go on while one connection writes. SQLite does
// not wait for a lock here, so this retries for up to `patience` while another connection holds the file (an
// ingest writing it with a rollback journal). Returns the journal mode in force afterwards ("wal" on success).
std::optional<std::string> enter_wal(Connection& db, std::chrono::milliseconds patience = k_lock_patience);

// The journal of one ingest. When no other connection has the file open, the ingest leaves the WAL for a
// rollback journal and takes the file for itself (BEGIN EXCLUSIVE): pages the ingest adds are then written to
// the database file once, where the WAL writes them to the log and copies them again at the checkpoint
// (25% of a 1M-point bulk ingest). Connections that open the file meanwhile wait for the commit. With another
// connection open (a running server), the ingest keeps the WAL and readers see the old state as before.
class IngestJournal
{
public:
  explicit IngestJournal(Connection& db);
  // Goes back to the WAL; after a crash, the next connection to open the file does.
  ~IngestJournal();
  IngestJournal(const IngestJournal&) = delete;
  IngestJournal& operator=(const IngestJournal&) = delete;

  // Whether the ingest has the file to itself (rollback journal): it begins with BEGIN EXCLUSIVE.
  bool alone() const { return m_alone; }

private:
  Connection& m_db;
  bool m_alone = false;
};

}  // namespace infertrack::store::sqlite

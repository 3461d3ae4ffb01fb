#pragma once

#include "infertrack/store/sqlite/connection.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace infertrack::store::sqlite {

// After a checkpoint the WAL file is cut back to this size, so one large ingest does not leave a WAL as big as the
// data behind; set on every connection, as whichever writes first after a checkpoint cuts it.
constexpr int k_wal_size_limit = 64 * 1024 * 1024;
// How long a statement waits for another connection's lock before failing with "database is locked".
constexpr std::chrono::milliseconds k_lock_patience{10'000};
// How long opening a file waits for an ingest that has it to itself (IngestJournal) to end: a bulk ingest of
// millions of points takes minutes on a slow machine, and failing the open would fail a server start.
constexpr std::chrono::milliseconds k_ingest_patience{30 * 60'000};

// Switches the file to write-ahead logging, which lets readers go on while one connection writes. While another
// connection's ingest has the file to itself, this retries until that ingest ends or `patience` runs out (then
// StoreError, "database is locked"). Returns the journal mode in force afterwards ("wal" on success).
std::optional<std::string> enter_wal(Connection& db, std::chrono::milliseconds patience = k_ingest_patience);

// The journal of one ingest. When no other connection has the file open, the ingest leaves the WAL for a
// rollback journal and takes the file for itself (BEGIN EXCLUSIVE): pages the ingest adds are then written to
// the database file once, where the WAL writes them to the log and copies them again at the checkpoint
// (25% of a 1M-point bulk ingest). Until it ends, processes that open the file wait for it (enter_wal), and a
// connection opened earlier that has not read yet is refused ("database is locked"). With another connection
// open (a running server), the ingest keeps the WAL, and readers see the store as it was until the commit.
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

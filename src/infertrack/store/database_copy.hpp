#pragma once

#include "infertrack/util/result.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace infertrack::store {

// One table as copied: its rows and their checksum, the same on both sides.
struct CopiedTable
{
  std::string table;
  std::int64_t rows = 0;
  // 32 hex digits: XXH3-128 over the table's canonical text (canonical_row_text), rows in the table's key order.
  std::string checksum;
};

struct CopyReport
{
  std::string from; // as messages name them: the SQLite path, or the URL with its password hidden
  std::string to;
  int schema_version = 0;
  std::vector<CopiedTable> tables; // in the order they were copied
};

// Copies everything the database `from` holds (benchmark data, accounts with their password hashes, sessions,
// browsers, comments, rate limits and events, the audit log) into the database `to`, keeping every id; each locator
// is a SQLite path or a postgresql:// URL, as open_store takes. Both are first migrated to this build's schema. The
// target must hold nothing but the rows the migrations insert (the rate-limit rules and the data version, which take
// the source's values); all is written in one transaction, and committed only once every table's row count and
// checksum read back from the target equal the source's. Identity sequences continue after the copied ids.
//
// Refusals come back as a Diagnostic whose field is "from" or "to" (a missing source file, a target that holds data,
// the same database twice) or empty (the copy read back differently), the target left as it was; a database that
// cannot be opened, read or written throws StoreError. No message holds a password.
util::Result<CopyReport> copy_database(const std::string& from, const std::string& to);

}  // namespace infertrack::store

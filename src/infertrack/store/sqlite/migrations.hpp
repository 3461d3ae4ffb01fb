#pragma once

#include "infertrack/store/sqlite/connection.hpp"

#include <span>

namespace infertrack::store::sqlite {

// One step of the schema's history. Steps are never edited once released: a change is a new step.
struct Migration
{
  int version;             // 1, 2, ...: the schema version the step leads to
  const char* description; // what the step changes
  const char* sql;         // portable SQL (a PostgreSQL store runs the same statements)
};

// Every step, ordered by version.
std::span<const Migration> migrations();

// The version a database has once every step of this build is applied.
int latest_schema_version();

// The highest applied version of `db`, 0 for a database without the migrations table.
int applied_schema_version(Connection& db);

// Brings `db` to the latest version, each pending step in its own transaction, and returns that version.
// Idempotent, and safe against another process migrating the same file at the same time. Throws
// StoreError for a database of another application or one with a schema newer than this build knows.
int migrate(Connection& db);

}  // namespace infertrack::store::sqlite

#pragma once

#include "infertrack/store/schema_migrations.hpp"
#include "infertrack/store/sqlite/connection.hpp"


namespace infertrack::store::sqlite {

using store::Migration;
using store::migrations;
using store::latest_schema_version;

// The highest applied version of `db`, 0 for a database without the migrations table.
int applied_schema_version(Connection& db);

// Brings `db` to the latest version, each pending step in its own transaction, and returns that version.
// Idempotent, and safe against another process migrating the same file at the same time. Throws
// StoreError for a database of another application or one with a schema newer than this build knows.
int migrate(Connection& db);

}  // namespace infertrack::store::sqlite

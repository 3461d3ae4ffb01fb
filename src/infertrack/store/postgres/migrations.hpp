#pragma once

#include "infertrack/store/postgres/connection.hpp"
#include "infertrack/store/schema_migrations.hpp"

namespace infertrack::store::postgres {

// The highest applied version of the database `db` is connected to, 0 without the migrations table.
int applied_schema_version(Connection& db);

// Brings the database to the latest version, each pending step in its own transaction, and returns that version.
// Instances that start at once on an empty database take turns under an advisory lock, so each step runs once.
// Throws StoreError for a database holding another application's tables, or one newer than this build knows.
int migrate(Connection& db);

}  // namespace infertrack::store::postgres

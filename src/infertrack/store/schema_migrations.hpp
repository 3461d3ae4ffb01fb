#pragma once

#include <span>

namespace infertrack::store {

// The database engines a store runs on.
enum class Engine
{
  sqlite,
  postgres,
};

// One step of the schema's history, for either engine. Steps are never edited once released: a change is a new
// step. Most steps are portable SQL that both engines run as written; a step that one engine spells its own way
// carries PostgreSQL's text beside SQLite's.
struct Migration
{
  int version;                        // 1, 2, ...: the schema version the step leads to
  const char* description;            // what the step changes
  const char* sql;                    // portable SQL, or SQLite's where postgres_sql is given
  const char* postgres_sql = nullptr; // PostgreSQL's text, when it differs

  // The statements `engine` runs for this step.
  const char* sql_for(Engine engine) const;
};

// Every step, ordered by version.
std::span<const Migration> migrations();

// The version a database has once every step of this build is applied.
int latest_schema_version();

}  // namespace infertrack::store

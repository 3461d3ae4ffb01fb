#include "infertrack/store/postgres/migrations.hpp"

#include "infertrack/store/store.hpp"

#include <string>

namespace infertrack::store::postgres {
namespace {

// The advisory lock every instance takes to migrate: any fixed number, the same in every build.
constexpr const char* k_migration_lock = "7413020061";

bool
has_migrations_table(Connection& db)
{
  return db.run("SELECT to_regclass('schema_migrations') IS NOT NULL").text(0, 0) == "t";
}

// Refuses a database this build must not write to, before anything is written to it.
void
check_ownership(Connection& db)
{
  if (!has_migrations_table(db)) {
    if (!db.run("SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = current_schema() LIMIT 1").empty()) {
      throw StoreError(db.name() +
                       ": a PostgreSQL database of another application (its schema has tables but no "
                       "schema_migrations table); refusing to change it");
    }
    return;
  }
  const int applied = applied_schema_version(db);
  if (applied > latest_schema_version()) {
    throw StoreError(db.name() + ": schema version " + std::to_string(applied) +
                     " is newer than this build of infertrack supports (" + std::to_string(latest_schema_version()) +
                     "); use a newer infertrack");
  }
}

// Holds the migration lock for a scope; a session lock, so that each step can commit on its own.
class MigrationLock
{
public:
  explicit MigrationLock(Connection& db) : m_db(db)
  {
    m_db.execute(std::string("SELECT pg_advisory_lock(") + k_migration_lock + ")");
  }
  ~MigrationLock()
  {
    try {
      m_db.execute(std::string("SELECT pg_advisory_unlock(") + k_migration_lock + ")");
    } catch (const StoreError&) {
      // The connection is gone: the server released the lock with it.
    }
  }
  MigrationLock(const MigrationLock&) = delete;
  MigrationLock& operator=(const MigrationLock&) = delete;

private:
  Connection& m_db;
};

// A step's statements for PostgreSQL, every text column in the C collation: orders and keyset comparisons then
// follow bytes, as SQLite's do, whatever locale the database was created with.
std::string
postgres_statements(const Migration& step)
{
  std::string sql = step.sql_for(Engine::postgres);
  const std::string_view text_type = " TEXT";
  for (std::size_t at = sql.find(text_type); at != std::string::npos; at = sql.find(text_type, at + 1)) {
    const std::size_t end = at + text_type.size();
    if (end == sql.size() || sql[end] == ',' || sql[end] == ' ' || sql[end] == '\n' || sql[end] == ';') {
      sql.insert(end, " COLLATE \"C\"");
    }
  }
  return sql;
}

}  // namespace

int
applied_schema_version(Connection& db)
{
  if (!has_migrations_table(db)) {
    return 0;
  }
  const Rows rows = db.run("SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
  return static_cast<int>(rows.int64(0, 0));
}

int
migrate(Connection& db)
{
  // The usual case, an up-to-date database, takes no lock.
  if (applied_schema_version(db) == latest_schema_version()) {
    return latest_schema_version();
  }
  const MigrationLock lock(db);
  // Checked under the lock only: another instance migrating meanwhile shows its first tables before its records.
  check_ownership(db);
  db.execute("CREATE TABLE IF NOT EXISTS schema_migrations "
             "(version INTEGER NOT NULL PRIMARY KEY, applied_at TEXT NOT NULL)");
  for (const Migration& step : migrations()) {
    if (applied_schema_version(db) >= step.version) {
      continue;
    }
    Transaction transaction(db);
    db.execute(postgres_statements(step));
    db.run("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, "
           "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'))",
           Params().add(step.version));
    transaction.commit();
  }
  return applied_schema_version(db);
}

}  // namespace infertrack::store::postgres

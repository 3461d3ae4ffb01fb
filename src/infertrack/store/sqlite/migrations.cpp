#include "infertrack/store/sqlite/migrations.hpp"

#include "infertrack/store/store.hpp"

#include <string>

namespace infertrack::store::sqlite {
namespace {

constexpr const char* k_create_migrations_table =
  "CREATE TABLE IF NOT EXISTS schema_migrations ("
  "version INTEGER NOT NULL PRIMARY KEY, applied_at TEXT NOT NULL)";

bool
has_migrations_table(Connection& db)
{
  return db
    .query_text("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .has_value();
}

// Refuses a database this build must not write to, before anything is written to it.
void
check_ownership(Connection& db)
{
  if (!has_migrations_table(db)) {
    if (db.query_text("SELECT name FROM sqlite_master LIMIT 1")) {
      throw StoreError(db.path() +
                       ": an SQLite database of another application (it has tables but no "
                       "schema_migrations table); refusing to change it");
    }
    return;
  }
  const int applied = applied_schema_version(db);
  if (applied > latest_schema_version()) {
    throw StoreError(db.path() + ": schema version " + std::to_string(applied) +
                     " is newer than this build of infertrack supports (" +
                     std::to_string(latest_schema_version()) + "); use a newer infertrack");
  }
}

}  // namespace

int
applied_schema_version(Connection& db)
{
  if (!has_migrations_table(db)) {
    return 0;
  }
  const auto version = db.query_text("SELECT MAX(version) FROM schema_migrations");
  return version ? std::stoi(*version) : 0;
}

int
migrate(Connection& db)
{
  {
    // The usual case, an up-to-date file, needs only a read: opening never waits for another process's
    // ingest to finish.
    Transaction transaction(db, TransactionMode::read);
    check_ownership(db);
    const int applied = applied_schema_version(db);
    transaction.commit();
    if (applied == latest_schema_version()) {
      return applied;
    }
  }
  {
    // Checked again under the write lock, so that another process cannot slip in between the check and
    // the table creation.
    Transaction transaction(db, TransactionMode::write);
    check_ownership(db);
    db.execute(k_create_migrations_table);
    transaction.commit();
  }
  for (const Migration& step : migrations()) {
    Transaction transaction(db, TransactionMode::write);
    // Read again inside the transaction: another process may have applied the step meanwhile.
    if (applied_schema_version(db) >= step.version) {
      continue;
    }
    db.execute(step.sql_for(Engine::sqlite));
    Statement record(db, "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)");
    const std::string now = utc_timestamp();
    record.bind(1, std::int64_t{step.version});
    record.bind(2, std::string_view(now));
    record.step();
    record.reset();
    transaction.commit();
  }
  return applied_schema_version(db);
}

}  // namespace infertrack::store::sqlite

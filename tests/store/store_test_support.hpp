#pragma once

// Helpers shared by the store tests, header-only because the test glob compiles only *_test.cpp files.

#include "infertrack/domain/dataset.hpp"
#include "infertrack/store/postgres/connection.hpp"
#include "infertrack/store/postgres/connection_url.hpp"
#include "infertrack/store/sqlite/connection.hpp"
#include "infertrack/store/sqlite/migrations.hpp"
#include "infertrack/store/sqlite/sqlite_store.hpp"

#include <sqlite3.h>

#include <atomic>
#include <charconv>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace infertrack::store::testing {

// A fresh directory under the system temporary directory, removed with everything in it at scope end.
class TempDir
{
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return m_path; }
  std::filesystem::path file(const std::string& name) const { return m_path / name; }

private:
  std::filesystem::path m_path;
};

namespace detail {

inline std::atomic<int> g_next_dir{0};

struct RawDatabase
{
  explicit RawDatabase(const std::filesystem::path& path)
  {
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
      throw std::runtime_error("cannot open " + path.string());
    }
    sqlite3_busy_timeout(db, 10'000);
  }
  ~RawDatabase() { sqlite3_close(db); }

  sqlite3* db = nullptr;
};

// Every row of every table of the PostgreSQL database at `url`, each as the server writes a row as text (every
// double in its shortest exact form), in a stable order.
inline std::string
dump_postgres(const std::string& url)
{
  postgres::Connection db(url);
  std::string dump;
  for (const std::string& table :
       db.query_column("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")) {
    dump += "== " + table + "\n";
    for (const std::string& row : db.query_column("SELECT t::text FROM " + table + " t ORDER BY t::text")) {
      dump += row + "\n";
    }
  }
  return dump;
}

// The tables, columns and indexes of the PostgreSQL database at `url`.
inline std::string
postgres_schema(const std::string& url)
{
  postgres::Connection db(url);
  std::string schema;
  for (const std::string& line : db.query_column(
         "SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable FROM "
         "information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, column_name")) {
    schema += line + "\n";
  }
  for (const std::string& line : db.query_column(
         "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname")) {
    schema += line + "\n";
  }
  return schema;
}

}  // namespace detail

inline TempDir::TempDir()
  : m_path(std::filesystem::temp_directory_path() /
           ("infertrack-store-test-" + std::to_string(::getpid()) + "-" +
            std::to_string(detail::g_next_dir++)))
{
  std::filesystem::remove_all(m_path);
  std::filesystem::create_directories(m_path);
}

inline TempDir::~TempDir()
{
  std::error_code ignored;
  std::filesystem::remove_all(m_path, ignored);
}

// A point with every field set, optionals included, and three notes; `seed` varies the numbers.
inline domain::BenchmarkPoint
full_point(const std::string& result_id, int seed = 0)
{
  const double s = seed;
  domain::BenchmarkPoint p;
  p.result_id = result_id;
  p.model = "DeepSeek-V4-Pro";
  p.hardware = "gb200";
  p.framework = "dynamo-vllm";
  p.precision = "fp4";
  p.spec_method = "draft_model";
  p.workload = "agentic";
  p.concurrency = 128 + seed;
  p.disaggregated = true;
  p.isl = 8192;
  p.osl = 1024;
  p.prefill_gpus = 8;
  p.decode_gpus = 8;
  p.aggregate_engine_gpus = 0;
  p.total_allocated_gpus = 16;
  p.tp = 1;
  p.ep = 16;
  p.absolute_tps = {613533.27093 + s, 4950.88918, 618484.1601};
  p.per_gpu_tps = {38345.82943, 309.43057 + s, 38655.26001};
  p.per_gpu_basis = domain::PerGpuBasis::role_local;
  p.interactivity_p90 = 104.60251046025104 + s;
  p.interactivity_median = 112.48593925759279;
  p.tokens = {129515.21396, 91623.5, 270987.6, 1045.11931, 469, 2353.1};
  p.cache = {0.26306, 0.70983, 0.70983, 0.96889};
  p.offload_mode = "off";
  p.kv_offloading = "none";
  p.kv_offload_backend = "lmcache";
  p.isolated_uncached_prefill_tps_per_gpu = 1.0 / 3.0; // not exact in decimal: must round-trip bit for bit
  p.context_limit_tokens = 1048576;
  p.kv_precision = "fp8";
  p.date = "2026-10-14";
  p.run_date = "2026-10-12";
  p.image = "vllm/vllm-openai:nightly-dev-arm64-cu13.0.1-20ebb28";
  p.run_url = "https://github.com/SemiAnalysisAI/InferenceX/actions/runs/36425419107/attempts/3";
  p.workflow_id = "2641";
  p.recipe_fingerprint = "a8b5659f936d126934f8e3ea4719f963228a4d78d6cd78021226cdc9d2109d2c";
  p.source_url = ""; // an empty string is a value, not an empty optional
  p.notes = {{"role_note", "API P/D TP fields encode serving topology."},
             {"cache_note", "CPU/external rate may denote external KV transfer."},
             {"notes", "Zeta comes last but stays last: notes keep their order, not alphabetical."}};
  return p;
}

// A point with only the required fields: every optional is empty and there are no notes.
inline domain::BenchmarkPoint
bare_point(const std::string& result_id)
{
  domain::BenchmarkPoint p;
  p.result_id = result_id;
  p.model = "DeepSeek-V4.1-Flash";
  p.hardware = "mi355x";
  p.framework = "sglang";
  p.precision = "fp8";
  p.workload = "8192/1024";
  p.concurrency = 8;
  p.total_allocated_gpus = 8;
  p.date = "2026-04-25";
  return p;
}

// A small dataset: two full points, one bare point, hardware, presets, headlines, notes and findings.
inline domain::Dataset
sample_dataset()
{
  domain::Dataset d;
  d.source = "bundled:sample";
  d.retrieved = "2026-11-02T21:42:00Z";
  d.method = "groups of allocated GPUs";
  d.notes = {"Input counts include reused prefixes.", "Pro per-GPU values already divide by P+D."};
  d.points = {full_point("444914"), full_point("444915", 1), bare_point("500001")};
  d.hardware = {
    {"gb200", "NVIDIA GB200 NVL72", 72, 1.86, 1.87, "2026-11-02", "https://example.com/costs"},
    {"gb200", "NVIDIA GB200 NVL72", 72, 2.21, 2.10, "2026-04-01", std::nullopt},
    {"b200", "NVIDIA HGX B200", 8, 1.73, 1.71, "2026-07-01", std::nullopt},
  };
  d.presets = {
    {"market", "Illustrative market", 500e12, "an assumption", std::nullopt},
    {"fireworks", "Fireworks", 40e12, "disclosed floor", "https://example.com/fireworks"},
    {"custom", "Custom", std::nullopt, "enter your own", std::nullopt},
  };
  d.headlines = {
    {"Pro", "DeepSeek-V4-Pro", 100, 156095, true, {"444914", "444915"}, true, false},
    {"Flash", "DeepSeek-V4.1-Flash", 100, 91000.5, false, {}, false, true},
  };
  d.findings = {
    {"444914", domain::FindingKind::date_disagreement, "API date 2026-10-14, run date 2026-10-12."},
    {"444914", domain::FindingKind::per_gpu_mismatch, "input 38345.83 vs 613533.27 / 16."},
    {"500001", domain::FindingKind::gpu_count_mismatch, "P+D 0 vs 8 allocated."},
  };
  return d;
}

// Every row of every table of the database at `path`, as text, in a stable order: compares a whole
// database before and after an operation without going through the Store.
inline std::string
dump_database(const std::filesystem::path& path)
{
  if (postgres::is_postgres_url(path.string())) {
    return detail::dump_postgres(path.string());
  }
  detail::RawDatabase raw(path);
  std::vector<std::string> tables;
  sqlite3_stmt* list = nullptr;
  sqlite3_prepare_v2(raw.db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", -1, &list,
                     nullptr);
  while (sqlite3_step(list) == SQLITE_ROW) {
    tables.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(list, 0)));
  }
  sqlite3_finalize(list);

  std::string dump;
  for (const std::string& table : tables) {
    dump += "== " + table + "\n";
    sqlite3_stmt* rows = nullptr;
    sqlite3_prepare_v2(raw.db, ("SELECT * FROM " + table + " ORDER BY rowid").c_str(), -1, &rows, nullptr);
    while (sqlite3_step(rows) == SQLITE_ROW) {
      for (int c = 0; c < sqlite3_column_count(rows); ++c) {
        // The storage class matters as much as the text: 1 and '1' are different rows.
        const int type = sqlite3_column_type(rows, c);
        const char* text = reinterpret_cast<const char*>(sqlite3_column_text(rows, c));
        std::string value = text ? text : "NULL";
        if (type == SQLITE_FLOAT) {
          // Every bit of a double, not the 15 digits SQLite prints.
          char exact[32];
          value.assign(exact, std::to_chars(exact, exact + sizeof exact, sqlite3_column_double(rows, c)).ptr);
        }
        dump += std::to_string(type) + ":" + value + "|";
      }
      dump += "\n";
    }
    sqlite3_finalize(rows);
  }
  return dump;
}

// A raw SQLite connection of its own, for a test that plays another process holding the file.
class RawConnection
{
public:
  explicit RawConnection(const std::filesystem::path& path) : m_database(path) {}

  // Runs `sql`; throws std::runtime_error with SQLite's message when it fails.
  void execute(const std::string& sql)
  {
    char* message = nullptr;
    if (sqlite3_exec(m_database.db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
      const std::string text = message ? message : "unknown error";
      sqlite3_free(message);
      throw std::runtime_error(sql + ": " + text);
    }
  }

private:
  detail::RawDatabase m_database;
};

// Runs `sql` on the database at `path` over a separate raw connection (to set up odd files).
inline void
execute_raw(const std::filesystem::path& path, const std::string& sql)
{
  RawConnection(path).execute(sql);
}

// Stores `dataset` in `db`, a file whose schema stops at an earlier migration step, as a build of that version
// would have: this build ingests it into the fresh file `scratch`, and the rows of every benchmark-data table
// are copied over with the columns the older table has.
inline void
ingest_into_older_schema(sqlite::Connection& db, const std::filesystem::path& scratch, const domain::Dataset& dataset)
{
  if (!sqlite::open_store(scratch)->ingest(dataset)) {
    throw std::runtime_error("the dataset does not ingest into a fresh file");
  }
  db.execute("ATTACH DATABASE '" + scratch.string() + "' AS latest");
  for (const char* table : {"datasets", "points", "findings", "hardware_costs", "demand_presets",
                            "published_headlines", "dataset_notes"}) {
    std::string columns;
    sqlite::Statement info(db, std::string("SELECT name FROM pragma_table_info('") + table + "', 'main')");
    while (info.step()) {
      columns += (columns.empty() ? "" : ", ") + std::string(info.column_text(0));
    }
    info.reset();
    db.execute("INSERT INTO main." + std::string(table) + " (" + columns + ") SELECT " + columns + " FROM latest." +
               table + " ORDER BY rowid");
  }
  if (db.query_text("SELECT name FROM main.sqlite_master WHERE name = 'point_notes'")) {
    // Before step 7 a point's notes were rows of their own.
    db.execute("INSERT INTO main.point_notes (result_id, ordinal, kind, text)"
               " SELECT p.result_id, n.key, json_extract(n.value, '$[0]'), json_extract(n.value, '$[1]')"
               " FROM latest.points p, json_each(p.notes) n WHERE p.notes IS NOT NULL ORDER BY p.rowid, n.key");
  }
  db.execute("DETACH DATABASE latest");
}

// Makes `db` what a build that knew migrations up to `version` only made of it: those steps, recorded.
inline void
migrate_up_to(sqlite::Connection& db, int version)
{
  db.execute("CREATE TABLE schema_migrations (version INTEGER NOT NULL PRIMARY KEY, applied_at TEXT NOT NULL)");
  for (const sqlite::Migration& step : sqlite::migrations()) {
    if (step.version <= version) {
      db.execute(step.sql_for(Engine::sqlite));
      db.execute("INSERT INTO schema_migrations VALUES (" + std::to_string(step.version) +
                 ", '2026-11-01T00:00:00Z')");
    }
  }
}

// The result ids of `points`, in order.
inline std::vector<std::string>
ids(const std::vector<domain::BenchmarkPoint>& points)
{
  std::vector<std::string> result;
  for (const domain::BenchmarkPoint& point : points) {
    result.push_back(point.result_id);
  }
  return result;
}

// A dataset of `points` alone, from source "test".
inline domain::Dataset
points_only(std::vector<domain::BenchmarkPoint> points)
{
  domain::Dataset d;
  d.source = "test";
  d.points = std::move(points);
  return d;
}

// The schema of the database at `path`: every table, index and trigger with the SQL that made it.
inline std::string
schema_of(const std::filesystem::path& path)
{
  if (postgres::is_postgres_url(path.string())) {
    return detail::postgres_schema(path.string());
  }
  detail::RawDatabase raw(path);
  sqlite3_stmt* list = nullptr;
  sqlite3_prepare_v2(raw.db, "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name", -1,
                     &list, nullptr);
  std::string schema;
  while (sqlite3_step(list) == SQLITE_ROW) {
    for (int c = 0; c < 4; ++c) {
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(list, c));
      schema += text ? text : "NULL";
      schema += '|';
    }
    schema += '\n';
  }
  sqlite3_finalize(list);
  return schema;
}

}  // namespace infertrack::store::testing

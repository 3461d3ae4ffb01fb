#include "infertrack/store/schema_migrations.hpp"

#include <array>

namespace infertrack::store {
namespace {

// Portable types only: TEXT, BIGINT for 64-bit integers, DOUBLE PRECISION for doubles (REAL is 4 bytes in
// PostgreSQL), INTEGER 0/1 for booleans. Dates are YYYY-MM-DD text, timestamps ISO 8601 UTC text.
constexpr const char* k_initial_schema = R"sql(
CREATE TABLE datasets (
  source TEXT NOT NULL,
  retrieved TEXT,
  method TEXT,
  ingested_at TEXT NOT NULL
);

CREATE TABLE points (
  result_id TEXT NOT NULL PRIMARY KEY,
  model TEXT NOT NULL,
  hardware TEXT NOT NULL,
  framework TEXT NOT NULL,
  precision TEXT NOT NULL,
  spec_method TEXT NOT NULL,
  workload TEXT NOT NULL,
  concurrency BIGINT NOT NULL,
  disaggregated INTEGER NOT NULL CHECK (disaggregated IN (0, 1)),
  isl BIGINT,
  osl BIGINT,
  prefill_gpus BIGINT,
  decode_gpus BIGINT,
  aggregate_engine_gpus BIGINT,
  total_allocated_gpus BIGINT NOT NULL,
  tp BIGINT,
  ep BIGINT,
  input_tps DOUBLE PRECISION,
  output_tps DOUBLE PRECISION,
  total_tps DOUBLE PRECISION,
  input_tps_per_gpu DOUBLE PRECISION,
  output_tps_per_gpu DOUBLE PRECISION,
  total_tps_per_gpu DOUBLE PRECISION,
  per_gpu_basis TEXT NOT NULL,
  interactivity_p90 DOUBLE PRECISION,
  interactivity_median DOUBLE PRECISION,
  mean_input_tokens DOUBLE PRECISION,
  median_input_tokens DOUBLE PRECISION,
  p90_input_tokens DOUBLE PRECISION,
  mean_output_tokens DOUBLE PRECISION,
  median_output_tokens DOUBLE PRECISION,
  p90_output_tokens DOUBLE PRECISION,
  gpu_cache_hit_rate DOUBLE PRECISION,
  cpu_cache_hit_rate DOUBLE PRECISION,
  external_cache_hit_rate DOUBLE PRECISION,
  theoretical_cache_hit_rate DOUBLE PRECISION,
  offload_mode TEXT,
  kv_offloading TEXT,
  kv_offload_backend TEXT,
  isolated_uncached_prefill_tps_per_gpu DOUBLE PRECISION,
  context_limit_tokens BIGINT,
  kv_precision TEXT,
  date TEXT NOT NULL,
  run_date TEXT,
  image TEXT,
  run_url TEXT,
  workflow_id TEXT,
  recipe_fingerprint TEXT,
  source_url TEXT,
  source TEXT NOT NULL,
  ingested_at TEXT NOT NULL
);

-- One index per leading filter column (model, hardware, date); framework and precision ride along as
-- later columns. Each index costs about a microsecond per ingested point, and these land at a few hot
-- spots (rowid order within a key); a full listing-order index would land at random places and cost
-- several times more per point while listing no faster (building the C++ points dominates).
CREATE INDEX points_by_model ON points (model, hardware, framework, precision);
CREATE INDEX points_by_hardware ON points (hardware, framework, precision);
CREATE INDEX points_by_date ON points (date);

CREATE TABLE point_notes (
  result_id TEXT NOT NULL REFERENCES points (result_id),
  ordinal BIGINT NOT NULL,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (result_id, ordinal)
);

CREATE TABLE findings (
  result_id TEXT NOT NULL REFERENCES points (result_id),
  kind TEXT NOT NULL,
  detail TEXT NOT NULL,
  UNIQUE (result_id, kind, detail)
);

CREATE TABLE hardware_costs (
  hardware TEXT NOT NULL,
  name TEXT NOT NULL,
  effective_date TEXT NOT NULL,
  gpus_per_rack BIGINT NOT NULL,
  cost_per_gpu_hour DOUBLE PRECISION NOT NULL,
  kw_per_gpu DOUBLE PRECISION NOT NULL,
  source_url TEXT,
  source TEXT NOT NULL,
  ingested_at TEXT NOT NULL,
  UNIQUE (hardware, effective_date, name)
);

-- seq keeps the order records were first stored in, which is the order sources list them.
CREATE TABLE demand_presets (
  seq BIGINT NOT NULL,
  key TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  tokens_per_day DOUBLE PRECISION,
  note TEXT NOT NULL,
  source_url TEXT,
  source TEXT NOT NULL,
  ingested_at TEXT NOT NULL
);

CREATE TABLE published_headlines (
  seq BIGINT NOT NULL,
  label TEXT NOT NULL,
  model TEXT NOT NULL,
  target_interactivity DOUBLE PRECISION NOT NULL,
  total_tps_per_gpu DOUBLE PRECISION NOT NULL,
  interpolated INTEGER NOT NULL CHECK (interpolated IN (0, 1)),
  bracket_result_ids TEXT NOT NULL,
  extra_disagg_factor_in_overview INTEGER NOT NULL CHECK (extra_disagg_factor_in_overview IN (0, 1)),
  use_as_decode_tps INTEGER NOT NULL CHECK (use_as_decode_tps IN (0, 1)),
  source TEXT NOT NULL,
  ingested_at TEXT NOT NULL,
  UNIQUE (label, model, target_interactivity)
);

CREATE TABLE dataset_notes (
  seq BIGINT NOT NULL,
  source TEXT NOT NULL,
  text TEXT NOT NULL,
  ingested_at TEXT NOT NULL,
  UNIQUE (source, text)
);
)sql";

// Store::latest_points() groups a model's points by configuration and takes each one's latest date: with
// the whole configuration and the date in one index, that is a scan of the index alone and one lookup per
// chosen run. It replaces points_by_model, a prefix of it, so an ingest still maintains three indexes.
constexpr const char* k_configuration_index = R"sql(
DROP INDEX points_by_model;
CREATE INDEX points_by_configuration
  ON points (model, hardware, framework, precision, spec_method, disaggregated, workload, date);
)sql";

// points_by_hardware is slower than going without it, and costs every ingest. Measured over 1M synthetic
// points (SQLite 3.40): the latest runs of one hardware take 640 ms through it and 233 ms from the covering
// points_by_configuration, listing one hardware's rows 287 ms through it and 128 ms by a scan (a fifth of the
// rows match, each looked up by rowid), and hardware + framework 74 ms against 112 ms. Keeping it up to date
// costs about 1.7 us per ingested point, building it 1.1 s of CPU per 1M points in a bulk ingest.
constexpr const char* k_drop_hardware_index = R"sql(
DROP INDEX points_by_hardware;
)sql";

// Accounts, sessions, comments, rate limits and the admin audit log. Times are unix seconds (BIGINT).
// Ids are INTEGER PRIMARY KEY AUTOINCREMENT, SQLite's 64-bit rowid that is never reused (so "user:3" in the
// audit log always means one account); the one spelling PostgreSQL does not share, where a step writes
// BIGINT GENERATED BY DEFAULT AS IDENTITY instead. Accounts and comments are only ever marked deleted,
// never removed, so that replies and audit entries keep what they point at.
constexpr const char* k_community_schema = R"sql(
CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  display_name TEXT NOT NULL,
  email TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  admin INTEGER NOT NULL CHECK (admin IN (0, 1)),
  deleted INTEGER NOT NULL CHECK (deleted IN (0, 1)),
  created_at BIGINT NOT NULL
);

-- Unique among live accounts only: a deleted account's blanked email frees the address.
CREATE UNIQUE INDEX users_by_live_email ON users (email) WHERE deleted = 0;

CREATE TABLE sessions (
  token_hash TEXT NOT NULL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL
);

CREATE INDEX sessions_by_user ON sessions (user_id);

-- thread_id has no foreign key: a thread's first comment names itself, which is known only after its insert.
CREATE TABLE comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  subject TEXT NOT NULL,
  parent_id BIGINT REFERENCES comments (id),
  thread_id BIGINT NOT NULL,
  depth INTEGER NOT NULL CHECK (depth >= 0),
  author_id BIGINT NOT NULL REFERENCES users (id),
  body TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  edited_at BIGINT,
  hidden INTEGER NOT NULL CHECK (hidden IN (0, 1)),
  deleted INTEGER NOT NULL CHECK (deleted IN (0, 1))
);

-- A page of threads is (subject, parent_id IS NULL) read backwards by id, and a subject's count a range of
-- the same index; a page's replies are then read thread by thread.
CREATE INDEX comments_by_subject ON comments (subject, parent_id, id);
CREATE INDEX comments_by_thread ON comments (thread_id, id);

CREATE TABLE rate_limit_rules (
  name TEXT NOT NULL PRIMARY KEY,
  max_events BIGINT NOT NULL CHECK (max_events >= 1),
  window_seconds BIGINT NOT NULL CHECK (window_seconds >= 1)
);

INSERT INTO rate_limit_rules (name, max_events, window_seconds) VALUES
  ('sign_in_per_account', 20, 900),
  ('sign_in_per_address', 100, 900),
  ('sign_up_per_address', 10, 3600),
  ('comment_per_user', 10, 60);

-- No foreign key to the rules: events are short-lived counts, pruned by time.
CREATE TABLE rate_limit_events (
  rule TEXT NOT NULL,
  key TEXT NOT NULL,
  at BIGINT NOT NULL
);

CREATE INDEX rate_limit_events_by_key ON rate_limit_events (rule, key, at);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at BIGINT NOT NULL,
  actor_id BIGINT REFERENCES users (id),
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  detail TEXT NOT NULL
);
)sql";

// A configuration (the seven columns a curve is drawn from) gets an integer id, and points are indexed by
// (configuration_id, date) instead of by the seven text columns and the date: building the text index was
// the largest single cost of a bulk ingest (2.4 s of CPU per 1M points, sorting keys that mostly share their
// first columns; 1.1 s for the integer key). Filters on configuration columns read the matching ids from this small table first; the
// text columns stay in points, so reading a point is unchanged. The ingest gives ids (no AUTOINCREMENT or
// identity column, so the statements are PostgreSQL's too); stored configurations are numbered in listing
// order. configuration_id is nullable only because ALTER TABLE cannot add a NOT NULL column without a
// default: this step gives every stored point one, and every ingest sets it. It has no foreign key: checking
// the parent row of every inserted point cost 6-8% of a 1M-point bulk ingest, and only the ingester writes it.
constexpr const char* k_configuration_ids = R"sql(
CREATE TABLE configurations (
  id INTEGER NOT NULL PRIMARY KEY,
  model TEXT NOT NULL,
  hardware TEXT NOT NULL,
  framework TEXT NOT NULL,
  precision TEXT NOT NULL,
  spec_method TEXT NOT NULL,
  disaggregated INTEGER NOT NULL CHECK (disaggregated IN (0, 1)),
  workload TEXT NOT NULL,
  UNIQUE (model, hardware, framework, precision, spec_method, disaggregated, workload)
);

INSERT INTO configurations (id, model, hardware, framework, precision, spec_method, disaggregated, workload)
  SELECT ROW_NUMBER() OVER (ORDER BY model, hardware, framework, precision, spec_method, disaggregated, workload),
         model, hardware, framework, precision, spec_method, disaggregated, workload
  FROM (SELECT DISTINCT model, hardware, framework, precision, spec_method, disaggregated, workload
        FROM points) AS stored;

ALTER TABLE points ADD COLUMN configuration_id BIGINT;

UPDATE points SET configuration_id = (
  SELECT c.id FROM configurations c
  WHERE c.model = points.model AND c.hardware = points.hardware AND c.framework = points.framework
    AND c.precision = points.precision AND c.spec_method = points.spec_method
    AND c.disaggregated = points.disaggregated AND c.workload = points.workload);

DROP INDEX points_by_configuration;
CREATE INDEX points_by_configuration_id ON points (configuration_id, date);
)sql";

// A filter on dates alone now probes points_by_configuration_id once per configuration (point_filter_sql.cpp),
// so points_by_date only cost its upkeep. Measured over 1M points: one date's 3,022 points took 24 ms through
// it and 36-38 ms by the probes, a date without points 0.01 ms against 8.5 ms (4,608 configurations), while
// building it took 1.0 s of a 1M-point bulk ingest's 5.8 s, and every later ingest keeps it up to date.
constexpr const char* k_drop_date_index = R"sql(
DROP INDEX points_by_date;
)sql";

// A point's notes move into its own row (points.notes, a JSON array of [kind, text] pairs in order; see
// notes_column.hpp): a row of point_notes cost an insert, a key in its primary-key index and a foreign-key
// look-up per note, 1.4 s of a 1M-point CSV ingest's 5.2 s of storing (every point noted).
constexpr const char* k_inline_notes = R"sql(
ALTER TABLE points ADD COLUMN notes TEXT;

UPDATE points SET notes = (
  SELECT json_group_array(json_array(n.kind, n.text))
  FROM (SELECT kind, text FROM point_notes WHERE result_id = points.result_id ORDER BY ordinal) AS n)
WHERE result_id IN (SELECT result_id FROM point_notes);

DROP TABLE point_notes;
)sql";

// A dataset's caveat is kept once, under the first source that brought it: the same file ingested from another path
// (the bundled snapshot, then data/ by hand) listed every caveat once per path.
constexpr const char* k_dataset_notes_by_text = R"sql(
DELETE FROM dataset_notes WHERE seq NOT IN (SELECT MIN(seq) FROM dataset_notes GROUP BY text);
CREATE UNIQUE INDEX dataset_notes_by_text ON dataset_notes (text);
)sql";

// The benchmark data's own version, moved by every ingest that changes it: PRAGMA data_version also moves with
// the commits of comments, sign-ins and sessions from other connections, and each of those emptied every server's
// caches of benchmark answers.
constexpr const char* k_benchmark_data_version = R"sql(
CREATE TABLE benchmark_data_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
INSERT INTO benchmark_data_version (id, version) VALUES (1, 0);
)sql";

// Browsers an account signed in from (a hash of their long-lived cookie): a failed sign-in sent with that cookie
// counts against the browser, not the account, so strangers who spend the account's limit cannot lock its owner out.
constexpr const char* k_trusted_devices = R"sql(
CREATE TABLE trusted_devices (
  token_hash TEXT NOT NULL,
  user_id BIGINT NOT NULL REFERENCES users (id),
  last_used_at BIGINT NOT NULL,
  PRIMARY KEY (token_hash, user_id)
);

CREATE INDEX trusted_devices_by_user ON trusted_devices (user_id, last_used_at);
CREATE INDEX trusted_devices_by_last_use ON trusted_devices (last_used_at);

INSERT INTO rate_limit_rules (name, max_events, window_seconds) VALUES ('sign_in_per_device', 20, 900);
)sql";

// Published cost tables do not always give a rack size (the July 2026 table gives $/GPU-hr and kW only): such an
// entry prices tokens, and a plan takes its rack size from the user.
constexpr const char* k_optional_rack_size = R"sql(
CREATE TABLE hardware_costs_with_optional_racks (
  hardware TEXT NOT NULL,
  name TEXT NOT NULL,
  effective_date TEXT NOT NULL,
  gpus_per_rack BIGINT,
  cost_per_gpu_hour DOUBLE PRECISION NOT NULL,
  kw_per_gpu DOUBLE PRECISION NOT NULL,
  source_url TEXT,
  source TEXT NOT NULL,
  ingested_at TEXT NOT NULL,
  UNIQUE (hardware, effective_date, name)
);
INSERT INTO hardware_costs_with_optional_racks
  SELECT hardware, name, effective_date, gpus_per_rack, cost_per_gpu_hour, kw_per_gpu, source_url, source, ingested_at
  FROM hardware_costs;
DROP TABLE hardware_costs;
ALTER TABLE hardware_costs_with_optional_racks RENAME TO hardware_costs;
)sql";

// A comment shows its author's display name alone: two live accounts named alike would pass for one another.
// Names already taken twice keep their first holder; each later one gets its account id appended.
constexpr const char* k_unique_display_names = R"sql(
UPDATE users SET display_name = display_name || ' (' || id || ')'
  WHERE deleted = 0 AND EXISTS (SELECT 1 FROM users AS earlier WHERE earlier.deleted = 0 AND earlier.id < users.id
                                  AND earlier.display_name = users.display_name COLLATE NOCASE);
CREATE UNIQUE INDEX users_by_live_display_name ON users (display_name COLLATE NOCASE) WHERE deleted = 0;
)sql";

// PostgreSQL's spelling of the steps that SQLite writes its own way. An id column is an identity column, SQLite's
// rowid alias being its own; json_agg stands for json_group_array; lower() over the C collation compares in ASCII
// case only, as NOCASE does.
constexpr const char* k_community_schema_postgres = R"sql(
CREATE TABLE users (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  display_name TEXT NOT NULL,
  email TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  admin INTEGER NOT NULL CHECK (admin IN (0, 1)),
  deleted INTEGER NOT NULL CHECK (deleted IN (0, 1)),
  created_at BIGINT NOT NULL
);

CREATE UNIQUE INDEX users_by_live_email ON users (email) WHERE deleted = 0;

CREATE TABLE sessions (
  token_hash TEXT NOT NULL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL
);

CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE comments (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  subject TEXT NOT NULL,
  parent_id BIGINT REFERENCES comments (id),
  thread_id BIGINT NOT NULL,
  depth INTEGER NOT NULL CHECK (depth >= 0),
  author_id BIGINT NOT NULL REFERENCES users (id),
  body TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  edited_at BIGINT,
  hidden INTEGER NOT NULL CHECK (hidden IN (0, 1)),
  deleted INTEGER NOT NULL CHECK (deleted IN (0, 1))
);

CREATE INDEX comments_by_subject ON comments (subject, parent_id, id);
CREATE INDEX comments_by_thread ON comments (thread_id, id);

CREATE TABLE rate_limit_rules (
  name TEXT NOT NULL PRIMARY KEY,
  max_events BIGINT NOT NULL CHECK (max_events >= 1),
  window_seconds BIGINT NOT NULL CHECK (window_seconds >= 1)
);

INSERT INTO rate_limit_rules (name, max_events, window_seconds) VALUES
  ('sign_in_per_account', 20, 900),
  ('sign_in_per_address', 100, 900),
  ('sign_up_per_address', 10, 3600),
  ('comment_per_user', 10, 60);

CREATE TABLE rate_limit_events (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  rule TEXT NOT NULL,
  key TEXT NOT NULL,
  at BIGINT NOT NULL
);

CREATE INDEX rate_limit_events_by_key ON rate_limit_events (rule, key, at);

CREATE TABLE audit_log (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  at BIGINT NOT NULL,
  actor_id BIGINT REFERENCES users (id),
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  detail TEXT NOT NULL
);
)sql";

constexpr const char* k_inline_notes_postgres = R"sql(
ALTER TABLE points ADD COLUMN notes TEXT;

UPDATE points SET notes = (
  SELECT json_agg(json_build_array(n.kind, n.text) ORDER BY n.ordinal)::text
  FROM point_notes n WHERE n.result_id = points.result_id)
WHERE result_id IN (SELECT result_id FROM point_notes);

DROP TABLE point_notes;
)sql";

constexpr const char* k_unique_display_names_postgres = R"sql(
UPDATE users SET display_name = display_name || ' (' || id || ')'
  WHERE deleted = 0 AND EXISTS (SELECT 1 FROM users AS earlier WHERE earlier.deleted = 0 AND earlier.id < users.id
                                  AND lower(earlier.display_name COLLATE "C") = lower(users.display_name COLLATE "C"));
CREATE UNIQUE INDEX users_by_live_display_name ON users (lower(display_name COLLATE "C")) WHERE deleted = 0;
)sql";

// Time to first token and end-to-end latency (seconds) at the statistics a run reports, for latency curves and
// service-level targets. Unknown on the points stored before.
constexpr const char* k_request_latency = R"sql(
ALTER TABLE points ADD COLUMN mean_ttft DOUBLE PRECISION;
ALTER TABLE points ADD COLUMN median_ttft DOUBLE PRECISION;
ALTER TABLE points ADD COLUMN p90_ttft DOUBLE PRECISION;
ALTER TABLE points ADD COLUMN p99_ttft DOUBLE PRECISION;
ALTER TABLE points ADD COLUMN mean_e2el DOUBLE PRECISION;
ALTER TABLE points ADD COLUMN median_e2el DOUBLE PRECISION;
ALTER TABLE points ADD COLUMN p90_e2el DOUBLE PRECISION;
ALTER TABLE points ADD COLUMN p99_e2el DOUBLE PRECISION;
)sql";

// Accuracy scores (lm-eval tasks) of configurations, beside their throughput. One row per configuration, workload,
// concurrency, date, task, metric and run (eval_id); seq keeps the order they were first stored in.
constexpr const char* k_eval_results = R"sql(
CREATE TABLE eval_results (
  seq BIGINT NOT NULL,
  eval_id TEXT NOT NULL UNIQUE,
  model TEXT NOT NULL,
  hardware TEXT NOT NULL,
  framework TEXT NOT NULL,
  precision TEXT NOT NULL,
  spec_method TEXT NOT NULL,
  disaggregated INTEGER NOT NULL CHECK (disaggregated IN (0, 1)),
  isl BIGINT,
  osl BIGINT,
  concurrency BIGINT,
  date TEXT NOT NULL,
  task TEXT NOT NULL,
  score DOUBLE PRECISION NOT NULL CHECK (score >= 0 AND score <= 1),
  standard_error DOUBLE PRECISION NOT NULL CHECK (standard_error >= 0),
  metric TEXT,
  run_url TEXT,
  source TEXT NOT NULL,
  ingested_at TEXT NOT NULL
);
CREATE INDEX eval_results_by_model ON eval_results (model, hardware, date);
)sql";

constexpr std::array k_migrations{
  Migration{1, "points, notes, findings, hardware, presets, headlines, datasets", k_initial_schema},
  Migration{2, "points by configuration and date, for the latest run of each", k_configuration_index},
  Migration{3, "no points by hardware: slower than the configuration index or a scan", k_drop_hardware_index},
  Migration{4, "accounts, sessions, comments, rate limits and the audit log", k_community_schema, k_community_schema_postgres},
  Migration{5, "configurations with integer ids; points by configuration id and date", k_configuration_ids},
  Migration{6, "no points by date: dates are found through the configuration index", k_drop_date_index},
  Migration{7, "a point's notes in its own row", k_inline_notes, k_inline_notes_postgres},
  Migration{8, "a dataset caveat once, whatever the path it came from", k_dataset_notes_by_text},
  Migration{9, "a version of the benchmark data that community writes leave alone", k_benchmark_data_version},
  Migration{10, "browsers an account signed in from, with a sign-in limit of their own", k_trusted_devices},
  Migration{11, "hardware cost entries without a rack size", k_optional_rack_size},
  Migration{12, "one live account per display name, compared without ASCII case", k_unique_display_names, k_unique_display_names_postgres},
  Migration{13, "time to first token and end-to-end latency of each point", k_request_latency},
  Migration{14, "accuracy scores of configurations (InferenceX evaluation results)", k_eval_results},
};

}  // namespace

const char*
Migration::sql_for(Engine engine) const
{
  return engine == Engine::postgres && postgres_sql != nullptr ? postgres_sql : sql;
}

std::span<const Migration>
migrations()
{
  return k_migrations;
}

int
latest_schema_version()
{
  return k_migrations.back().version;
}

}  // namespace infertrack::store

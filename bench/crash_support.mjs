// What the crash-safety scripts (bench/crash_ingest.mjs, bench/crash_server.mjs) share: large ingest batches of the
// three input kinds, a database on either engine with the counts and checks a crash must leave intact, and a
// PostgreSQL cluster (CTest's, or a private one stopped at exit). Everything runs on loopback.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLUSTER_SCRIPT, Client, EXE, clusterUrl, freshDatabase, sql, startServer, within,
} from '../tests/postgres_servers/support.mjs';

// `startServer` (tests/postgres_servers/support.mjs) also kills a server still running when the script ends.
export { Client, EXE, startServer, within };

// Interrupted, the script still runs its exit handlers: servers, the private cluster and temporary files go.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');

// Reads `--name value` options into `defaults` (numbers stay numbers); exits with `usage` on anything else.
export function parseOptions(argv, defaults, usage) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (!argv[i].startsWith('--') || !(name in defaults) || i + 1 >= argv.length) {
      process.stderr.write(usage);
      process.exit(2);
    }
    const value = argv[++i];
    options[name] = typeof defaults[name] === 'number' ? Number(value) : value;
    if (typeof defaults[name] === 'number' && !(options[name] >= 0)) {
      process.stderr.write(`--${name}: expected a number (got ${value})\n${usage}`);
      process.exit(2);
    }
  }
  return options;
}

// A deterministic generator (mulberry32), so that a failing run can be repeated with its seed.
export function randomSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The input kinds an ingest batch comes in: a points CSV, a directory of runner agg_*.json files, InferenceX API
// rows. Each batch `tag` gives new result ids, a model of its own (so the API can be asked about it) and, for the
// API rows, a finding for one row in 16 (a per-GPU mismatch), so that findings are written in the same
// transaction as the points.
export const INPUT_KINDS = ['csv', 'runner', 'api'];
const RUNNER_FILES = 100;

export function batchModel(kind, tag) {
  return `Crash-${kind}-${tag}`;
}

// Writes batch `tag` of `kind` with `points` points under `dir`; the path to give `infertrack ingest`.
export function writeBatch(dir, kind, tag, points) {
  const model = batchModel(kind, tag);
  const at = (i) => ({ conc: 1 + (i % 64), hw: `hw${Math.floor(i / 64)}` });
  if (kind === 'csv') {
    const lines = ['result_id,model,hardware,framework,precision,date,concurrency,total_allocated_gpus,tput_per_gpu,' +
      'interactivity,interactivity_basis,isl,osl'];
    for (let i = 0; i < points; i++) {
      const { conc, hw } = at(i);
      lines.push(`crash-${tag}-${i},${model},${hw},vllm,fp8,2026-06-01,${conc},8,${100 * conc},${1000 / conc},` +
        'median_tpot,8192,1024');
    }
    const path = join(dir, `batch-${tag}.csv`);
    writeFileSync(path, lines.join('\n') + '\n');
    return path;
  }
  if (kind === 'runner') {
    const path = join(dir, `batch-${tag}`);
    mkdirSync(path);
    const perFile = Math.ceil(points / RUNNER_FILES);
    for (let file = 0; file * perFile < points; file++) {
      const rows = [];
      for (let i = file * perFile; i < Math.min(points, (file + 1) * perFile); i++) {
        const { conc, hw } = at(i);
        rows.push(JSON.stringify({
          hw: `${hw}-crash`, conc, image: 'crash/runner:1', model, framework: 'sglang', precision: 'fp8',
          spec_decoding: 'none', disagg: false, isl: 8192, osl: 1024, is_multinode: false, tp: 8, ep: 1,
          dp_attention: 'false', tput_per_gpu: 100 * conc, output_tput_per_gpu: 10 * conc, input_tput_per_gpu: 90 * conc,
          median_ttft: 0.1 * conc, p99_ttft: 0.2 * conc, median_intvty: 1000 / conc, p90_intvty: 900 / conc,
          date: '2026-06-01', run_url: `https://github.com/crash/runs/${tag}/attempts/1`,
        }));
      }
      writeFileSync(join(path, `agg_crash_${String(file).padStart(4, '0')}.json`), `[\n${rows.join(',\n')}\n]\n`);
    }
    return path;
  }
  assert.equal(kind, 'api', `unknown input kind ${kind}`);
  const rows = [];
  for (let i = 0; i < points; i++) {
    const { conc, hw } = at(i);
    // Disaggregated 4 + 4 GPUs, role-local: input x 4 + output x 4 must equal total x 8, except on the mismatched.
    const total = 100 * conc;
    const output = i % 16 === 0 ? 50 * conc : 20 * conc;
    rows.push(JSON.stringify({
      hardware: hw, framework: 'sglang', model, precision: 'fp8', spec_method: 'none', disagg: true,
      is_multinode: false, prefill_tp: 4, prefill_ep: 1, prefill_dp_attention: false, prefill_num_workers: 1,
      decode_tp: 4, decode_ep: 1, decode_dp_attention: false, decode_num_workers: 1, num_prefill_gpu: 4,
      num_decode_gpu: 4, isl: 8192, osl: 1024, conc, image: 'crash/api:1', date: '2026-06-01',
      run_url: `https://github.com/crash/runs/${tag}/attempts/1`,
      metrics: { tput_per_gpu: total, input_tput_per_gpu: 180 * conc, output_tput_per_gpu: output,
        median_intvty: 1000 / conc, p90_intvty: 900 / conc, median_ttft: 0.1 * conc },
    }));
  }
  const path = join(dir, `batch-${tag}.json`);
  writeFileSync(path, `[\n${rows.join(',\n')}\n]\n`);
  return path;
}

export function removeBatch(path) {
  rmSync(path, { recursive: true, force: true });
}

// The arguments of an ingest of `path` into `db` (the synthetic runner rows carry their own date).
export function ingestArgs(db, path) {
  return ['ingest', '--quiet', '--json', '--db', db.arg, path];
}

// The most output one check query may give (every comment's body, after a long server-kill run).
const QUERY_OUTPUT_LIMIT = 1 << 30;

// What a crash must leave whole: the benchmark tables' counts and the data version.
const COUNTED = ['points', 'findings', 'datasets', 'configurations'];
const COUNTS_SQL = COUNTED.map((table) => `(SELECT COUNT(*) FROM ${table})`).join(', ') +
  ', (SELECT version FROM benchmark_data_version)';

function countsFrom(row) {
  const values = row.split('|').map(Number);
  const counts = Object.fromEntries(COUNTED.map((table, i) => [table, values[i]]));
  counts.version = values[COUNTED.length];
  return counts;
}

// A SQLite database file in `dir`, checked through the sqlite3 shell (a connection of its own).
export class SqliteDatabase {
  constructor(dir) {
    this.engine = 'sqlite';
    this.path = join(dir, 'crash.db');
    this.arg = this.path;
  }

  // Runs `statement` on a connection of its own; its rows, fields split by '|'.
  query(statement) {
    const result = spawnSync('sqlite3', ['-bail', '-cmd', '.timeout 20000', this.path, statement],
      { encoding: 'utf8', timeout: 120_000, maxBuffer: QUERY_OUTPUT_LIMIT });
    assert.equal(result.status, 0, `sqlite3 failed on ${statement}: ${result.stderr ?? result.error}`);
    return result.stdout.split('\n').filter((line) => line !== '');
  }

  counts() {
    return countsFrom(this.query(`SELECT ${COUNTS_SQL}`)[0]);
  }

  // Problems a crash left: an integrity check or foreign-key check that is not clean.
  damage() {
    const problems = [];
    const integrity = this.query('PRAGMA integrity_check');
    if (integrity.join('\n') !== 'ok') problems.push(`integrity_check: ${integrity.slice(0, 5).join('; ')}`);
    const foreign = this.query('PRAGMA foreign_key_check');
    if (foreign.length > 0) problems.push(`foreign_key_check: ${foreign.slice(0, 5).join('; ')}`);
    return problems;
  }

  // Nothing to wait for: a killed process's locks go with it.
  async settled() {}

  drop() {}
}

// A fresh database on the PostgreSQL cluster, checked through psql (a fresh connection each time).
export class PostgresDatabase {
  constructor(label) {
    this.engine = 'postgresql';
    this.database = freshDatabase(label);
    this.arg = this.database.url;
  }

  // As tests/postgres_servers' sql(), with room for every comment's body.
  query(statement) {
    const url = new URL(clusterUrl());
    const password = decodeURIComponent(url.password);
    url.password = '';
    url.pathname = '/' + this.database.name;
    const result = spawnSync('psql', ['-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-d', url.href, '-c', statement],
      { encoding: 'utf8', env: { ...process.env, PGPASSWORD: password }, timeout: 60_000,
        maxBuffer: QUERY_OUTPUT_LIMIT });
    assert.equal(result.status, 0, `psql failed on ${statement}: ${result.stderr ?? result.error}`);
    return result.stdout.split('\n').filter((line) => line !== '');
  }

  counts() {
    return countsFrom(this.query(`SELECT ${COUNTS_SQL}`)[0]);
  }

  // What a killed ingest must not leave behind: a transaction still open, the ingest's advisory lock, a table
  // outside the schema's own (temporary or unlogged staging tables).
  leftovers() {
    const name = this.database.name;
    const problems = [];
    const open = Number(sql('postgres', `SELECT COUNT(*) FROM pg_stat_activity WHERE datname = '${name}' ` +
      'AND backend_xid IS NOT NULL')[0]);
    if (open > 0) problems.push(`${open} transaction(s) still open`);
    const locks = Number(sql(name, `SELECT COUNT(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database
      WHERE d.datname = '${name}' AND l.locktype = 'advisory'`)[0]);
    if (locks > 0) problems.push(`${locks} advisory lock(s) held`);
    const stray = this.query("SELECT relname FROM pg_class WHERE relkind = 'r' AND relpersistence <> 'p'");
    if (stray.length > 0) problems.push(`temporary or unlogged tables left: ${stray.join(', ')}`);
    return problems;
  }

  // The server rolls a killed client's transaction back once it sees the connection gone.
  async settled() {
    await within(15_000, async () => this.leftovers().length === 0);
  }

  damage() {
    return this.leftovers();
  }

  drop() {
    this.database.drop();
  }
}

// Makes sure a PostgreSQL cluster is there: CTest's (INFERTRACK_TEST_POSTGRES_DIR), else a private one in a
// temporary directory, which `stop()` (also called at exit) stops and removes.
export function ensureCluster() {
  if (process.env.INFERTRACK_TEST_POSTGRES_DIR) {
    assert.ok(existsSync(join(process.env.INFERTRACK_TEST_POSTGRES_DIR, 'url')),
      `no cluster in ${process.env.INFERTRACK_TEST_POSTGRES_DIR}: did CTest's postgres_start run?`);
    return { stop() {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'infertrack-crash-pg-'));
  const started = spawnSync(CLUSTER_SCRIPT, ['start', dir], { encoding: 'utf8', timeout: 180_000 });
  assert.equal(started.status, 0, `cluster.sh start failed: ${started.stderr}`);
  process.env.INFERTRACK_TEST_POSTGRES_DIR = dir;
  let stopped = false;
  const stop = () => {
    if (!stopped) {
      stopped = true;
      spawnSync(CLUSTER_SCRIPT, ['stop', dir], { timeout: 120_000 });
    }
  };
  process.once('exit', stop);
  return { stop };
}

// Starts `args` of the binary and resolves to {code, signal, stdout, stderr, ms} when it exits.
export function runBinary(args, options = {}) {
  const started = performance.now();
  const child = spawn(EXE, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const done = new Promise((resolve) => child.once('close', (code, signal) =>
    resolve({ code, signal, stdout, stderr, ms: performance.now() - started })));
  return { child, done };
}

// Runs the CLI and waits for it (at most `timeoutMs`).
export function cliSync(args, timeoutMs = 300_000) {
  const result = spawnSync(EXE, args, { encoding: 'utf8', timeout: timeoutMs });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

// The `uptime` load averages, for the figures' record.
export function loadAverage() {
  return (spawnSync('uptime', { encoding: 'utf8' }).stdout.match(/load average: (.*)/) || [])[1]?.trim() ?? '?';
}

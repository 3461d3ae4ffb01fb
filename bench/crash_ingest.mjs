#!/usr/bin/env node
// Kills `infertrack ingest` with SIGKILL at random moments and checks after each kill that the database holds the
// whole batch or none of it.
//
// usage: node bench/crash_ingest.mjs [--kills 100] [--engine sqlite|postgresql|both] [--kinds csv,runner,api]
//                                    [--points 150000] [--seed N]
//
// For each engine and input kind (a points CSV, a directory of 100 runner agg_*.json files, InferenceX API rows with a
// finding on one row in 16), it loads the bundled data and a first batch, times one whole ingest of a batch of
// --points points, then --kills times starts an ingest of a new batch and kills it after a delay drawn uniformly
// over that time, so that kills land while reading, storing and committing. Every other ingest runs beside an
// `infertrack serve` on the same database (SQLite: the ingest keeps the WAL), the others alone (SQLite: the ingest
// takes the file for itself with a rollback journal, which the next opener rolls back). After each kill:
//   - points, findings, datasets and configurations are exactly as before, or before plus the whole batch, and the
//     data version is as before, or one more with the whole batch;
//   - SQLite: PRAGMA integrity_check and foreign_key_check are clean; PostgreSQL: a fresh connection sees the same
//     counts, and no transaction, advisory lock or temporary table of the killed ingest is left;
//   - `infertrack serve` on the database answers /healthz with that data version, and /api/v1/points lists the
//     batch's model exactly when the batch is stored.
// An ingest that ends before its kill is counted apart (finished) and checked the same way; it is not a kill.
// Prints one line per engine and kind, `kills K: whole W, none N, broken B (finished F)`, and exits 1 if any check
// failed. PostgreSQL runs on CTest's cluster (INFERTRACK_TEST_POSTGRES_DIR) or on a private one (tests/postgres/
// cluster.sh, in a temporary directory, stopped at exit). The binary is $INFERTRACK_EXE, else build/infertrack.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  INPUT_KINDS, PostgresDatabase, SqliteDatabase, batchModel, cliSync, ensureCluster, ingestArgs,
  loadAverage, parseOptions, randomSource, removeBatch, runBinary, startServer, within, writeBatch,
} from './crash_support.mjs';

const USAGE = 'usage: node bench/crash_ingest.mjs [--kills 100] [--engine sqlite|postgresql|both] ' +
  '[--kinds csv,runner,api] [--points 150000] [--seed N]\n';
const options = parseOptions(process.argv.slice(2),
  { kills: 100, engine: 'both', kinds: INPUT_KINDS.join(','), points: 150_000, seed: Date.now() % 1e9 }, USAGE);
const engines = options.engine === 'both' ? ['sqlite', 'postgresql'] : [options.engine];
const kinds = options.kinds.split(',');
if (!engines.every((engine) => ['sqlite', 'postgresql'].includes(engine)) ||
    !kinds.every((kind) => INPUT_KINDS.includes(kind)) || options.kills < 1) {
  process.stderr.write(USAGE);
  process.exit(2);
}
// Ingests that finish before their kill do not count; past this many attempts per kill the run gives up.
const MAX_ATTEMPTS_PER_KILL = 3;

const random = randomSource(options.seed);
const workDir = mkdtempSync(join(tmpdir(), 'infertrack-crash-ingest-'));
process.once('exit', () => rmSync(workDir, { recursive: true, force: true }));

function difference(after, before) {
  return Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]]));
}

function isZero(delta) {
  return Object.values(delta).every((value) => value === 0);
}

function ingestOrFail(db, path, what) {
  const result = cliSync(ingestArgs(db, path));
  assert.equal(result.status, 0, `${what}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

// A GET of `path` from `server`: {status, text, json}; a loaded machine may take seconds, never half a minute.
async function get(server, path) {
  try {
    const response = await fetch(server.url + path, { signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    const json = (response.headers.get('content-type') || '').startsWith('application/json') ? JSON.parse(text) : null;
    return { status: response.status, text, json };
  } catch (error) {
    return { status: `no answer (${error.message})`, text: '', json: null };
  }
}

// What `infertrack serve` on the database answers: problems, or none. `expectedVersion` is the stored version,
// `model` the batch's, `stored` whether the batch is in.
async function checkServer(server, expectedVersion, model, stored) {
  const problems = [];
  // A server that ran beside the ingest learns a committed version within its poll interval.
  let health;
  const seen = await within(3_000, async () => {
    health = await get(server, '/healthz');
    return health.status === 200 && health.json?.status === 'ok' && health.json.data_version === expectedVersion;
  });
  if (seen === null) {
    problems.push(`/healthz: ${health.status} ${health.text} (expected ok, data_version ${expectedVersion})`);
  }
  const query = `model=${encodeURIComponent(model)}`;
  const listed = await get(server, `/api/v1/points?${query}&limit=1`);
  if (listed.status !== (stored ? 200 : 404)) {
    problems.push(`/api/v1/points?${query}: ${listed.status} (expected ${stored ? 200 : 404})`);
  }
  return problems;
}

async function crashKind(engine, kind) {
  const dir = mkdtempSync(join(workDir, `${engine}-${kind}-`));
  const db = engine === 'sqlite' ? new SqliteDatabase(dir) : new PostgresDatabase(`crash_${kind}`);
  const tally = { kills: 0, whole: 0, none: 0, broken: 0, finished: 0, failures: [], delays: [0, 0, 0] };
  try {
    // The first start loads the bundled data; then a first batch, and one whole ingest timed.
    const first = await startServer(db.arg, 'first');
    await first.stop();
    let tag = 0;
    const firstBatch = writeBatch(dir, kind, tag, options.points);
    ingestOrFail(db, firstBatch, 'the first batch');
    removeBatch(firstBatch);
    let before = db.counts();
    const timed = writeBatch(dir, kind, ++tag, options.points);
    const started = performance.now();
    const summary = ingestOrFail(db, timed, 'the timed batch');
    const duration = performance.now() - started;
    removeBatch(timed);
    assert.equal(summary.points_added, options.points);
    let after = db.counts();
    const whole = difference(after, before);
    assert.equal(whole.points, options.points);
    assert.equal(whole.version, 1);
    console.log(`${engine} ${kind}: a whole ingest of ${options.points} points took ${duration.toFixed(0)} ms ` +
      `(adds ${JSON.stringify(whole)}); killing ${options.kills} within that time`);
    before = after;

    for (let attempt = 0; tally.kills < options.kills; attempt++) {
      assert.ok(attempt < options.kills * MAX_ATTEMPTS_PER_KILL,
        `${tally.finished} of ${attempt} ingests ended before their kill`);
      const batch = writeBatch(dir, kind, ++tag, options.points);
      const model = batchModel(kind, tag);
      const beside = attempt % 2 === 1;
      let server = beside ? await startServer(db.arg, 'beside') : null;
      const fraction = random();
      const ingest = runBinary(ingestArgs(db, batch));
      const timer = setTimeout(() => ingest.child.kill('SIGKILL'), fraction * duration);
      const ended = await ingest.done;
      clearTimeout(timer);
      removeBatch(batch);
      const label = `${engine} ${kind} #${attempt} (${beside ? 'beside a server' : 'alone'}, ` +
        `${(fraction * duration).toFixed(0)} ms)`;
      const problems = [];
      if (ended.signal === 'SIGKILL') {
        tally.kills++;
        tally.delays[Math.min(2, Math.floor(fraction * 3))]++;
      } else if (ended.code === 0) {
        tally.finished++;
      } else {
        problems.push(`the ingest failed by itself (${ended.code ?? ended.signal}): ${ended.stderr.trim()}`);
      }
      await db.settled();
      // Alone, the server is the first to open the file after the kill (SQLite rolls back the hot journal there).
      server ??= await startServer(db.arg, 'after');
      after = db.counts();
      const delta = difference(after, before);
      const stored = JSON.stringify(delta) === JSON.stringify(whole);
      if (!stored && !isZero(delta)) {
        problems.push(`counts changed by ${JSON.stringify(delta)}: neither nothing nor the whole batch ` +
          `${JSON.stringify(whole)}`);
      }
      if (ended.code === 0 && !stored) problems.push('the ingest said it succeeded, and the batch is not stored');
      problems.push(...db.damage());
      problems.push(...await checkServer(server, after.version, model, stored));
      await server.stop();
      if (problems.length > 0) {
        tally.broken++;
        tally.failures.push(`${label}: ${problems.join('; ')}`);
        console.log(`BROKEN ${label}: ${problems.join('; ')}`);
      } else if (ended.signal === 'SIGKILL') {
        tally[stored ? 'whole' : 'none']++;
      }
      before = after;
    }
  } finally {
    db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${engine} ${kind}: kills ${tally.kills}: whole ${tally.whole}, none ${tally.none}, ` +
    `broken ${tally.broken} (finished ${tally.finished}; kills in each third of the ingest's time: ` +
    `${tally.delays.join('/')})`);
  return tally;
}

let cluster = null;
let failed = 0;
const started = performance.now();
console.log(`crash_ingest: seed ${options.seed}, load average ${loadAverage()}`);
try {
  for (const engine of engines) {
    if (engine === 'postgresql') cluster = ensureCluster();
    for (const kind of kinds) {
      const tally = await crashKind(engine, kind);
      failed += tally.broken;
    }
  }
} finally {
  cluster?.stop();
}
console.log(`crash_ingest: ${failed === 0 ? 'every' : `${failed} broken:`} database whole after every kill; ` +
  `${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`);
process.exit(failed === 0 ? 0 : 1);

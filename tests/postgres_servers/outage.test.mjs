// PostgreSQL stopped under two loaded `infertrack serve` processes, and started again: while it is down every
// request that needs the database is answered 503 with Retry-After (never 500, never a hang, never a crash), each
// server logs the outage once and its end once, and both answer 200 again within seconds without a restart.
// This stops the cluster every PostgreSQL test shares: CTest runs it alone (RUN_SERIAL), and it starts the cluster
// again however it ends.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import {
  CLUSTER_SCRIPT, Client, REQUEST_TIMEOUT_MS, assertNoPassword, clusterDir, dataVersion, freshDatabase, linesWith,
  startServer,
} from './support.mjs';

const LOAD_CLIENTS_PER_SERVER = 3;
const BEFORE_MS = 1_500;   // load before the stop
const DOWN_MS = 3_000;     // load while the database is down
const RECOVERY_MS = 5_000; // the longest both servers may take to answer 200 again once it is back
const AFTER_MS = 1_500;    // load once both are back
// A request sent this soon after the stop has finished may still be answered from memory before the server has
// seen the stop (its data-version watch learns of it from its connection). In practice none is: the fast stop ends
// the connections before pg_ctl returns.
const NOTICE_MS = 100;

// The routes a reader's page uses: the page itself and cached API answers (by data version), and uncached ones
// (comments, the signed-in visitor's session), and the monitors' /healthz.
const ROUTES = ['/', '/api/v1/availability', '/api/v1/points?model=DeepSeek-V4-Pro&limit=50', '/api/v1/hardware',
  '/api/v1/comments?subject=page', '/api/v1/me', '/healthz'];

let db;
let servers = [];

function cluster(action) {
  const result = spawnSync(CLUSTER_SCRIPT, [action, clusterDir()], { encoding: 'utf8', timeout: 90_000 });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}${result.error ?? ''}` };
}

function clusterRunning() {
  return spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', new URL(db.url).port], { timeout: 10_000 }).status === 0;
}

before(async () => {
  db = freshDatabase('outage');
  servers = [await startServer(db.url, 'A')];
  servers.push(await startServer(db.url, 'B'));
});

after(async () => {
  // Other PostgreSQL tests share the cluster: it runs again whatever happened here.
  if (db && !clusterRunning()) {
    const resumed = cluster('resume');
    assert.ok(resumed.ok, `the cluster could not be started again: ${resumed.output}`);
  }
  for (const server of servers) await server.stop();
  db?.drop();
});

// Requests `ROUTES` in turn against `server` until `stop.done`, recording each answer (or failure) with when it
// was sent and when it came back.
async function loadClient(server, client, offset, log, stop) {
  for (let i = offset; !stop.done; i++) {
    const path = ROUTES[i % ROUTES.length];
    const sent = performance.now();
    try {
      const answer = await client.get(server.url, path);
      log.push({ server: server.name, path, sent, answered: performance.now(), status: answer.status,
        retryAfter: answer.headers.get('retry-after'), error: answer.json?.error });
    } catch (error) {
      log.push({ server: server.name, path, sent, answered: performance.now(), status: 0, failure: String(error) });
    }
  }
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function summary(entries) {
  const counts = {};
  for (const entry of entries) counts[entry.status] = (counts[entry.status] ?? 0) + 1;
  return JSON.stringify(counts);
}

test('PostgreSQL stopped and started again under load: 503 with Retry-After meanwhile, then 200, one log line each way',
  async () => {
    const reader = new Client();
    for (const server of servers) {
      for (const path of ROUTES) {
        const answer = await reader.get(server.url, path);
        assert.equal(answer.status, 200, `${server.name} ${path}: ${answer.text}`);
      }
    }
    const versionBefore = await dataVersion(servers[0]);
    // Signed in, each on the other server: every request then needs the database, /api/v1/me included (an
    // anonymous visitor's /me is answered from its cookies alone).
    const readers = [];
    for (let i = 0; i < LOAD_CLIENTS_PER_SERVER * servers.length; i++) {
      const client = new Client();
      const signedUp = await client.signUp(servers[(i + 1) % servers.length].url, `Reader ${i}`, `reader${i}@example.org`);
      assert.equal(signedUp.status, 201, signedUp.text);
      readers.push(client);
    }

    const log = [];
    const stop = { done: false };
    const clients = readers.map((client, i) => loadClient(servers[i % servers.length], client, i * 2, log, stop));
    await sleep(BEFORE_MS);

    const stopping = performance.now();
    const halted = cluster('halt');
    const stopped = performance.now();
    assert.ok(halted.ok, `pg_ctl stop failed: ${halted.output}`);
    await sleep(NOTICE_MS);
    // A write too: a comment cannot be taken, and the client is told to come back.
    for (const [i, server] of servers.entries()) {
      const refused = await readers[i].post(server.url, 'Written while the database is down.');
      assert.equal(refused.status, 503, `${server.name}: ${refused.text}`);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
      assert.equal(refused.json.error, 'unavailable');
    }
    await sleep(DOWN_MS - NOTICE_MS);

    const starting = performance.now();
    const resumed = cluster('resume');
    const started = performance.now();
    assert.ok(resumed.ok, `PostgreSQL did not start again: ${resumed.output}`);
    // Recovered: every route answers 200 on both servers (the load goes on meanwhile).
    let recovered = null;
    while (performance.now() - started < RECOVERY_MS) {
      let all = true;
      for (const server of servers) {
        for (const path of ROUTES) {
          try {
            all = (await reader.get(server.url, path)).status === 200 && all;
          } catch {
            all = false;
          }
        }
      }
      if (all) {
        recovered = performance.now() - started;
        break;
      }
      await sleep(50);
    }
    const recoveredAt = performance.now();
    await sleep(AFTER_MS);
    stop.done = true;
    await Promise.all(clients);

    const down = log.filter((entry) => entry.sent >= stopped + NOTICE_MS && entry.answered <= starting);
    const after = log.filter((entry) => entry.sent >= recoveredAt);
    console.log(`stop took ${(stopped - stopping).toFixed(0)} ms, start ${(started - starting).toFixed(0)} ms; ` +
      `both servers answered 200 on every route ${recovered?.toFixed(0)} ms after the start`);
    console.log(`${log.length} requests: ${summary(log)}; while down ${summary(down)}; after recovery ` +
      `${summary(after)}; slowest ${Math.max(...log.map((entry) => entry.answered - entry.sent)).toFixed(0)} ms`);

    const servedLate = log.filter((entry) => entry.sent >= stopped && entry.status === 200 && entry.answered <= starting);
    console.log(`after the stop: ${servedLate.length} answers 200 (from memory), the last sent ` +
      `${Math.max(0, ...servedLate.map((entry) => entry.sent - stopped)).toFixed(0)} ms after it; 503s per server ` +
      JSON.stringify(Object.fromEntries(servers.map((server) => [server.name,
        log.filter((entry) => entry.server === server.name && entry.status === 503).length]))));

    // Never a failure of the server: no 500, no request left without an answer (within REQUEST_TIMEOUT_MS), no crash.
    const failures = log.filter((entry) => entry.status === 0 || entry.status >= 500 && entry.status !== 503);
    assert.deepEqual(failures.slice(0, 5), [], `${failures.length} requests failed or hung`);
    for (const server of servers) assert.ok(server.running(), `${server.name} is still running`);
    // Down: every answer 503 with Retry-After.
    assert.ok(down.length >= 20, `load went on while the database was down (${down.length} requests)`);
    for (const server of servers) {
      for (const path of ROUTES) {
        assert.ok(down.some((entry) => entry.server === server.name && entry.path === path), `${server.name} ${path}`);
      }
    }
    const notRefused = down.filter((entry) => entry.status !== 503 || !(Number(entry.retryAfter) > 0));
    assert.deepEqual(notRefused.slice(0, 5), [], `${notRefused.length} answers while down were not 503 with Retry-After`);
    // Back: both servers answer 200 again, without a restart.
    assert.notEqual(recovered, null, `both servers answer 200 within ${RECOVERY_MS} ms of the database's start`);
    assert.ok(after.length >= 20);
    assert.deepEqual(after.filter((entry) => entry.status !== 200).slice(0, 5), [], 'only 200 after the recovery');
    assert.equal(await dataVersion(servers[0]), versionBefore);
    assert.equal(await dataVersion(servers[1]), versionBefore);

    for (const server of servers) {
      await server.stop();
      // The server logs through spdlog's default logger, to standard output (after its "serving" line).
      const logged = server.stdout + server.stderr;
      assert.equal(linesWith(logged, 'database unreachable').length, 1, `${server.name} logs the outage once:\n${logged}`);
      assert.equal(linesWith(logged, 'database reachable again').length, 1, `${server.name} logs its end once:\n${logged}`);
      assert.deepEqual(linesWith(logged, 'handler failed'), [], `${server.name} had no handler failure`);
      assert.deepEqual(linesWith(logged, 'health check failed'), [], `${server.name} logs no failure per probe`);
      const strays = logged.split('\n').filter((line) => line && !line.startsWith('[') && !line.startsWith('infertrack serving'));
      assert.deepEqual(strays, [], `${server.name} logs one line per event`);
      assertNoPassword(logged, `server ${server.name}`);
      console.log(`${server.name} printed ${logged.split('\n').filter(Boolean).length} lines:\n${logged}`);
    }
  });

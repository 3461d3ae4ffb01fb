// What the tests of several `infertrack serve` processes on one PostgreSQL database share: the test cluster that
// CTest started (tests/postgres/cluster.sh, fixture `postgres`), a fresh database on it per test, the real binary
// started on free loopback ports, an HTTP client that keeps cookies and the CSRF token as the page script does, and
// the check that no output ever shows the database password.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserSession, PASSWORD, jsonOf, runCli, startServer as startInfertrack } from '../support/server.mjs';

export { EXE, PASSWORD } from '../support/server.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CLUSTER_SCRIPT = join(HERE, '..', 'postgres', 'cluster.sh');
// No answer of these servers may take longer: a request that does has hung.
export const REQUEST_TIMEOUT_MS = 3_000;

// The directory of the cluster CTest started; the tests fail (never skip) without one.
export function clusterDir() {
  const dir = process.env.INFERTRACK_TEST_POSTGRES_DIR;
  assert.ok(dir, 'INFERTRACK_TEST_POSTGRES_DIR is not set: run these tests through ctest, which starts the cluster');
  return dir;
}

// The URL of the cluster's maintenance database, with its password.
export function clusterUrl() {
  const file = join(clusterDir(), 'url');
  assert.ok(existsSync(file), `no ${file}: the PostgreSQL test cluster did not start`);
  const url = readFileSync(file, 'utf8').trim();
  assert.match(url, /^postgresql:\/\//);
  return url;
}

// The password in the cluster's URL: no output of the servers or the CLI may hold it.
export function clusterPassword() {
  return decodeURIComponent(new URL(clusterUrl()).password);
}

// Runs SQL on database `name` of the cluster through psql; its rows, one per line, fields split by '|'.
export function sql(name, statement) {
  const url = new URL(clusterUrl());
  const password = decodeURIComponent(url.password);
  url.password = '';
  url.pathname = '/' + name;
  const result = spawnSync('psql', ['-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-d', url.href, '-c', statement],
    { encoding: 'utf8', env: { ...process.env, PGPASSWORD: password }, timeout: 20_000 });
  assert.equal(result.status, 0, `psql failed on ${name}: ${result.stderr}`);
  return result.stdout.split('\n').filter((line) => line !== '');
}

// A fresh, empty database of the cluster for one test; its URL (with the password) is what --db takes.
export function freshDatabase(label) {
  const name = `servers_${label}_${process.pid}`;
  sql('postgres', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  sql('postgres', `CREATE DATABASE ${name} TEMPLATE template0`);
  const url = new URL(clusterUrl());
  url.pathname = '/' + name;
  return {
    name,
    url: url.href,
    drop() {
      try {
        sql('postgres', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } catch {
        // One left behind goes with the cluster at the end of the run.
      }
    },
  };
}

// Runs the CLI (`args` then --db `db`) and waits for it.
export function cli(db, ...args) {
  return runCli(db, args, { timeoutMs: 60_000 });
}

// Starts `infertrack serve` (tests/support/server.mjs) on a free loopback port on database `db` and resolves once it
// serves; `name` tells the servers of a test apart. Its standard output and error are kept for the checks of what it
// logged.
export function startServer(db, name) {
  return startInfertrack(db, { name, args: ['--quiet', '--password-hash-cost', 'minimum', '--threads', '4'] });
}

// Lines of `text` that hold `pattern`.
export function linesWith(text, pattern) {
  return text.split('\n').filter((line) => line.includes(pattern));
}

// Fails when `text`, what `what` printed, holds the password of the cluster's URL.
export function assertNoPassword(text, what) {
  const password = clusterPassword();
  assert.ok(password.length >= 8, 'the cluster URL has a password');
  assert.ok(!text.includes(password), `${what} printed the database password`);
}

// One HTTP client: a cookie jar and the CSRF token of GET /api/v1/me, as the page script keeps them. It may talk
// to several servers in turn: the cookies are the browser's, not a server's.
export class Client extends BrowserSession {
  // Sends a request to `base` (a server's URL) and gives {status, headers, text, json}; a request that takes
  // longer than REQUEST_TIMEOUT_MS throws.
  async send(base, method, path, body) {
    const response = await fetch(base + path, {
      method, headers: this.sessionHeaders(method, { jsonBody: body !== undefined }),
      body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const json = jsonOf(response.headers.get('content-type'), text);
    this.remember(response.status, response.headers.getSetCookie(), json);
    return { status: response.status, headers: response.headers, text, json };
  }

  get(base, path) { return this.send(base, 'GET', path); }

  async me(base) {
    const answer = await this.get(base, '/api/v1/me');
    assert.equal(answer.status, 200, answer.text);
    return answer.json;
  }

  // Both ask for a fresh token first, as the page does: one of an ended session is refused.
  async signUp(base, displayName, email) {
    await this.me(base);
    return this.send(base, 'POST', '/api/v1/account', { display_name: displayName, email, password: PASSWORD });
  }

  async signIn(base, email, password = PASSWORD) {
    await this.me(base);
    return this.send(base, 'POST', '/api/v1/session', { email, password });
  }

  post(base, body, subject = 'page') {
    return this.send(base, 'POST', '/api/v1/comments', { subject, body });
  }
}

// The data version a server's /healthz reports.
export async function dataVersion(server) {
  const answer = await new Client().get(server.url, '/healthz');
  assert.equal(answer.status, 200, `${server.name} /healthz: ${answer.text}`);
  assert.equal(answer.json.status, 'ok');
  return answer.json.data_version;
}

// Polls `check` (an async function giving true when satisfied) every 20 ms for up to `ms`; the time it took, or
// null when it never held.
export async function within(ms, check) {
  const start = performance.now();
  while (performance.now() - start <= ms) {
    if (await check()) return performance.now() - start;
    await new Promise((done) => setTimeout(done, 20));
  }
  return null;
}

// A CSV of `count` new points of model `model`, in the format `infertrack ingest` detects.
export function pointsCsv(model, prefix, count) {
  const lines = ['result_id,model,hardware,framework,precision,date,concurrency,total_allocated_gpus,tput_per_gpu,' +
    'interactivity,interactivity_basis'];
  for (let i = 0; i < count; i++) {
    const concurrency = 1 + (i % 64);
    lines.push([`${prefix}-${i}`, model, `hw-${Math.floor(i / 64)}`, 'vllm', 'fp8', '2026-06-01', concurrency, 8,
      100 * concurrency, 1000 / concurrency, 'median_tpot'].join(','));
  }
  return lines.join('\n') + '\n';
}

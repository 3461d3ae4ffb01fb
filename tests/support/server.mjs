// The real `infertrack serve` for the node suites (tests/e2e, tests/probes, tests/load, tests/postgres_servers) and the
// benchmarks that reuse them: started on a free loopback port, its address read from the "infertrack serving
// http://..." line it prints, its output kept for the checks, and stopped (SIGTERM, then SIGKILL) by the suite or at
// the latest when the suite's process exits. Also what a signed-in browser keeps between requests: cookies and the
// CSRF token.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// CTest passes the binary; by hand, the default build's binary is used.
export const EXE = resolve(process.env.INFERTRACK_EXE ||
  ['build/infertrack', 'build/src/infertrack'].find((path) => existsSync(path)) || 'build/infertrack');
// The password of the accounts the suites make.
export const PASSWORD = 'correct horse battery staple';
// The longest a server may take to print its address: a loaded 2-core machine, a first PostgreSQL connection.
const START_TIMEOUT_MS = 60_000;
// The longest a server may take to stop after SIGTERM before it gets SIGKILL.
const STOP_GRACE_MS = 10_000;

const running = new Set();
// A suite that throws midway leaves no server behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

// A fresh temporary directory `dir` for database file `db` (tracker.db, not made yet: the first command or server on
// it loads the bundled data); `remove()` deletes the directory and all in it.
export function temporaryDatabase(label) {
  const dir = mkdtempSync(join(tmpdir(), `infertrack-${label}-`));
  return { dir, db: join(dir, 'tracker.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// Runs `infertrack ARGS --db DB` and waits for it (at most `timeoutMs` when given); its {status, stdout, stderr}.
export function runCli(db, args, { input = '', timeoutMs } = {}) {
  const result = spawnSync(EXE, [...args, '--db', db], { encoding: 'utf8', input, timeout: timeoutMs });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Starts `infertrack serve --db DB --listen HOST:0 ARGS` and resolves once it serves. Options: `args` added to
// `serve`; `env` added to this process's environment; `cwd`; `host` (default 127.0.0.1); `wrap`, a command that runs
// the binary given after its own arguments (e.g. a shell that lowers a limit first, then execs it); `name`, for
// messages; `folder`, a temporaryDatabase() that belongs to the server and goes when it stops or fails to start.
// Rejects, with the server's standard error, when it exits or has not served within START_TIMEOUT_MS.
//
// The server: {name, child, pid, url ("http://127.0.0.1:PORT"), port, stdout, stderr (all printed so far),
// running(), stop()}; stop() sends SIGTERM (SIGKILL after STOP_GRACE_MS) and resolves to the exit code or signal.
export async function startServer(db, { args = [], env, cwd, host = '127.0.0.1', wrap = [], name = 'the server',
  folder } = {}) {
  const command = [...wrap, EXE, 'serve', '--db', db, '--listen', `${host}:0`, ...args];
  const child = spawn(command[0], command.slice(1),
    { stdio: ['ignore', 'pipe', 'pipe'], cwd, env: env && { ...process.env, ...env } });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const server = {
    name,
    child,
    pid: child.pid,
    url: '',
    port: 0,
    get stdout() { return stdout; },
    get stderr() { return stderr; },
    running: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (server.running()) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      folder?.remove();
      return child.exitCode ?? child.signalCode;
    },
  };
  try {
    server.url = await new Promise((resolveUrl, reject) => {
      const settle = () => {
        clearTimeout(timer);
        child.stdout.off('data', watch);
        child.off('exit', exited);
        child.off('error', failed);
      };
      const fail = (why) => {
        settle();
        reject(new Error(`${name} ${why}: ${stderr}`));
      };
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        fail('did not start in time');
      }, START_TIMEOUT_MS);
      // Registered after the listener that keeps stdout, so it sees the chunk that has just come.
      const watch = () => {
        const match = /serving (http:\/\/[^\s/]+)\//.exec(stdout);
        if (match) {
          settle();
          resolveUrl(match[1]);
        }
      };
      const exited = (code, signal) => fail(`exited with ${code ?? signal}`);
      const failed = (error) => fail(`could not be started (${error.message})`);
      child.stdout.on('data', watch);
      child.once('exit', exited);
      child.once('error', failed);
    });
  } catch (error) {
    folder?.remove();
    throw error;
  }
  server.port = Number(new URL(server.url).port);
  return server;
}

// What a browser keeps between requests to the tracker, as the page script does: its cookies, and the CSRF token of
// the last answer that gave one (GET /api/v1/me, a sign-in), which every write must send. Clients extend it with a
// way to send requests.
export class BrowserSession {
  constructor() {
    this.cookies = new Map();
    this.csrf = '';
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  // The headers a `method` request carries: the cookies, the CSRF token on a write (`csrf` names another token to
  // send, or null for none), and Content-Type when the body is JSON.
  sessionHeaders(method, { csrf, jsonBody = false } = {}) {
    const headers = {};
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    const token = csrf === undefined ? this.csrf : csrf;
    if (method !== 'GET' && token) headers['X-CSRF-Token'] = token;
    if (jsonBody) headers['Content-Type'] = 'application/json';
    return headers;
  }

  // Keeps what an answer gives: the cookies of its Set-Cookie fields (Max-Age=0 removes one), and the token of a
  // successful JSON answer that holds one.
  remember(status, setCookies, json) {
    for (const cookie of setCookies) {
      const pair = cookie.split(';')[0];
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      if (/Max-Age=0(;|$)/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(equals + 1));
    }
    if (status < 300 && json && typeof json.csrf_token === 'string') this.csrf = json.csrf_token;
  }
}

// The JSON an answer of `contentType` holds, or null when it is not JSON or does not parse.
export function jsonOf(contentType, text) {
  if (!(contentType || '').startsWith('application/json')) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

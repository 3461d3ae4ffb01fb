// What the security probes share: the real `infertrack serve` on a free loopback port with a temporary SQLite
// database, a raw HTTP/1.1 client (so that a target such as /assets/../x reaches the server as written, and a
// request can come from another loopback address), a client that keeps cookies and the CSRF token as the page
// script does, and the server's routes as docs/openapi.json and the route tables in the source list them.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserSession, PASSWORD, jsonOf, runCli, startServer as startInfertrack, temporaryDatabase }
  from '../support/server.mjs';

export { PASSWORD } from '../support/server.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const SOURCE_DIR = resolve(HERE, '..', '..');
export const OPENAPI = JSON.parse(readFileSync(join(SOURCE_DIR, 'docs', 'openapi.json'), 'utf8'));
export const API_BASE = OPENAPI.servers[0].url;
// No answer of a probed server may take longer: one that does has hung.
export const REQUEST_TIMEOUT_MS = 10_000;

// Starts `infertrack serve` (tests/support/server.mjs) on a free port of `host` with `serveArgs` added, on the SQLite
// database `db` (a fresh one in a temporary directory when not given; the bundled data loads itself), and resolves
// once it serves. It runs in that directory (`dir`, removed when it stops), so that the traversal probes can plant
// files where a relative path would find them. `wrap` is a command that runs the binary with its arguments after its
// own (e.g. a shell that lowers a limit first).
export async function startServer({ serveArgs = [], db, host = '127.0.0.1', wrap = [] } = {}) {
  const folder = temporaryDatabase('probes');
  const database = db || folder.db;
  const server = await startInfertrack(database, {
    host, wrap, cwd: folder.dir, folder,
    args: ['--quiet', '--password-hash-cost', 'minimum', '--threads', '2', ...serveArgs],
  });
  return Object.assign(server, {
    db: database,
    dir: folder.dir,
    // Runs the CLI on the same database; its {status, stdout, stderr}.
    cli(args, input = '') {
      return runCli(database, args, { input, timeoutMs: 60_000 });
    },
    // Sets rate-limit rule `name` (docs/COMMUNITY.md) in the database, which every request reads.
    setLimit(name, max, windowSeconds) {
      const result = this.cli(['limits', 'set', name, String(max), String(windowSeconds)]);
      assert.equal(result.status, 0, result.stderr);
    },
  });
}

// Sends one request over a new connection exactly as given: `target` is written on the request line untouched.
// `localAddress` picks the loopback address it comes from. Gives {status, headers, text, json, raw}; `headers` maps
// lower-case names to arrays of values.
export function request(base, { method = 'GET', target = '/', headers = {}, body, localAddress } = {}) {
  const { hostname, port } = new URL(base);
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${payload.length}`);
  const head = Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1');
  return new Promise((resolveAnswer, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress });
    const chunks = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${method} ${target}: no answer within ${REQUEST_TIMEOUT_MS} ms`));
    }, REQUEST_TIMEOUT_MS);
    socket.on('connect', () => socket.end(Buffer.concat([head, payload])));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolveAnswer(parseAnswer(Buffer.concat(chunks), method));
      } catch (error) {
        reject(new Error(`${method} ${target}: ${error.message}`));
      }
    });
  });
}

function parseAnswer(raw, method) {
  const end = raw.indexOf('\r\n\r\n');
  assert.ok(end > 0, `no complete answer head in ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const [statusLine, ...fields] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  assert.ok(status >= 100, `bad status line ${statusLine}`);
  const headers = new Map();
  for (const field of fields) {
    const colon = field.indexOf(':');
    const name = field.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) || []), field.slice(colon + 1).trim()]);
  }
  let bodyBytes = raw.subarray(end + 4);
  const length = headers.get('content-length');
  if (length && method !== 'HEAD') bodyBytes = bodyBytes.subarray(0, Number(length[0]));
  const text = bodyBytes.toString('utf8');
  const json = jsonOf(headers.get('content-type')?.[0], text);
  return { status, headers, text, json, header: (name) => headers.get(name)?.[0] };
}

// One browser: a cookie jar and the CSRF token of GET /api/v1/me, as the page script keeps them.
export class Client extends BrowserSession {
  constructor(base) {
    super();
    this.base = base;
    // Sent with every request: e.g. X-Forwarded-For, or a cross-site Origin.
    this.extraHeaders = {};
    this.localAddress = undefined;
  }

  // Sends `method target` with the jar's cookies, the CSRF token on writes (unless `csrf` says which to send, or
  // null for none) and `body` as JSON; keeps the cookies the answer sets.
  async send(method, target, body, { csrf, headers = {} } = {}) {
    const sent = {
      ...this.extraHeaders, ...headers, ...this.sessionHeaders(method, { csrf, jsonBody: body !== undefined }),
    };
    const answer = await request(this.base, {
      method, target, headers: sent, body: body === undefined ? undefined : JSON.stringify(body),
      localAddress: this.localAddress,
    });
    this.remember(answer.status, answer.headers.get('set-cookie') || [], answer.json);
    return answer;
  }

  get(target) { return this.send('GET', target); }

  async me() {
    const answer = await this.get('/api/v1/me');
    assert.equal(answer.status, 200, answer.text);
    return answer.json;
  }

  // Both ask for a fresh token first, as the page does.
  async signUp(displayName, email, password = PASSWORD) {
    await this.me();
    return this.send('POST', '/api/v1/account', { display_name: displayName, email, password });
  }

  async signIn(email, password = PASSWORD) {
    await this.me();
    return this.send('POST', '/api/v1/session', { email, password });
  }

  post(body, subject = 'page') {
    return this.send('POST', '/api/v1/comments', { subject, body });
  }
}

// The operations of docs/openapi.json: [{method, path, operation}] with `path` under the API base.
export function openapiOperations() {
  const operations = [];
  for (const [path, item] of Object.entries(OPENAPI.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const parameters = [...(item.parameters || []), ...(operation.parameters || [])].map(resolveParameter);
      operations.push({ method: method.toUpperCase(), path: API_BASE + path, operation, parameters });
    }
  }
  return operations;
}

function resolveParameter(parameter) {
  if (!parameter.$ref) return parameter;
  const name = parameter.$ref.split('/').pop();
  const resolved = OPENAPI.components.parameters[name];
  assert.ok(resolved, `unresolved parameter ${parameter.$ref}`);
  return resolved;
}

// Every route row of the server's route tables (`{"METHOD", pattern, ...}` in src/infertrack/server), with the
// string constants a row names resolved: [{method, pattern, file}].
export function sourceRoutes() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(cpp|hpp)$/.test(name)) files.push([path, readFileSync(path, 'utf8')]);
    }
  };
  walk(join(SOURCE_DIR, 'src', 'infertrack', 'server'));
  const constants = new Map();
  for (const [, text] of files) {
    for (const match of text.matchAll(/constexpr std::string_view (k_\w+) = "([^"]*)";/g)) {
      constants.set(match[1], match[2]);
    }
  }
  const rows = [];
  for (const [file, text] of files) {
    for (const match of text.matchAll(/\{"(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)",\s*("[^"]*"|k_\w+)/g)) {
      const pattern = match[2].startsWith('"') ? match[2].slice(1, -1) : constants.get(match[2]);
      assert.ok(pattern !== undefined, `${file}: route pattern ${match[2]} is not a string constant of the server`);
      rows.push({ method: match[1], pattern, file });
    }
  }
  assert.ok(rows.length >= 30, `the route tables were read (${rows.length} rows)`);
  return rows;
}

// A route pattern ("/points/{id...}", "/api/v1/comments/{id}") in the OpenAPI document's spelling.
export function openapiSpelling(pattern) {
  return pattern.replace(/\{(\w+)(\.\.\.)?\}/g, '{$1}');
}

// The HTML of an answer, with its <form> elements: [{method, action}].
export function formsOf(html) {
  return [...html.matchAll(/<form\b([^>]*)>/gi)].map((match) => ({
    method: (/\bmethod="([^"]*)"/i.exec(match[1])?.[1] || 'get').toLowerCase(),
    action: /\baction="([^"]*)"/i.exec(match[1])?.[1] ?? '',
    tag: match[0],
  }));
}

// Some stored result ids of the bundled data, from the API.
export async function storedResultIds(base, limit = 5) {
  const answer = await request(base, { target: `${API_BASE}/points?limit=${limit}` });
  assert.equal(answer.status, 200, answer.text);
  const ids = answer.json.points.map((point) => point.result_id);
  assert.ok(ids.length > 0, 'the bundled data holds points');
  return ids;
}

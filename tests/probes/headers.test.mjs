// Probes of the HTTP security headers (OWASP ASVS 4.0.3 V14.3.3, V14.4.1-V14.4.7, V14.5.1, V8.2.1) against a real
// `infertrack serve`: every answer (every route of docs/openapi.json, every page route of the source's route tables,
// the assets, and the error answers 400, 404, 405, 413, 414, 431, 429 and 503) carries a Content-Security-Policy,
// nosniff, a referrer policy and a Content-Type with its charset; nothing but /embed/chart may be framed; the Server
// header names no version; answers that set a cookie or carry an account are never stored.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { after, before, test } from 'node:test';
import {
  API_BASE, Client, openapiOperations, request, sourceRoutes, startServer, storedResultIds,
} from './support.mjs';

// Values that make each required parameter of the API well formed, so that most probes reach a 200.
const SAMPLE_VALUES = {
  model: 'DeepSeek-V4-Pro',
  at: '100',
  a: 'DeepSeek-V4-Pro mi355x sglang fp8',
  b: 'DeepSeek-V4-Pro mi355x sglang fp4',
  slo: 'interactivity>=10',
  subject: 'page',
};
const STRICT_REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
const EMBED_PATH = '/embed/chart';

let server;
let member; // a signed-in client
let resultId;
const answers = []; // [{what, path, answer}] of every probe, checked by each header test

before(async () => {
  server = await startServer();
  member = new Client(server.url);
  assert.equal((await member.signUp('Header Probe', 'header-probe@example.org')).status, 201);
  [resultId] = await storedResultIds(server.url, 1);
  const posted = await member.post('A comment, so that its routes have one to answer about.');
  assert.equal(posted.status, 201, posted.text);
  const commentId = posted.json.id;

  const keep = async (what, path, options = {}) => {
    answers.push({ what, path, answer: await request(server.url, { target: path, ...options }) });
  };
  const withSession = { headers: { Cookie: member.cookieHeader() } };

  // Every operation of docs/openapi.json, with its path parameters and required query parameters filled in.
  for (const op of openapiOperations()) {
    const pathValues = { id: op.path.includes('/comments/') ? String(commentId) : resultId, kind: 'points' };
    const path = op.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(pathValues[name]));
    const query = new URLSearchParams();
    for (const parameter of op.parameters) {
      if (parameter.in === 'query' && parameter.required) {
        query.set(parameter.name, SAMPLE_VALUES[parameter.name] ?? '1');
      }
    }
    if (op.path.endsWith('/export/{kind}')) query.set('model', SAMPLE_VALUES.model);
    const target = query.size > 0 ? `${path}?${query}` : path;
    if (op.method === 'GET') {
      await keep(`GET ${op.path}`, target);
      await keep(`GET ${op.path} signed in`, target, withSession);
    } else {
      // Refused for want of a token (403): the answer's headers are what is probed here.
      await keep(`${op.method} ${op.path}`, target, { method: op.method, ...withSession });
    }
  }
  // Every page route of the source's route tables, and the assets the tracker page names.
  const tracker = await request(server.url, { target: '/' });
  const assets = [...new Set([...tracker.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];
  assert.ok(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')), `assets: ${assets}`);
  const pageExamples = {
    '/points/{id...}': [`/points/${resultId}`, '/points/no-such-result'],
    '/assets/{name...}': [...assets, '/assets/no-such-asset.js'],
    '/compare': ['/compare?a=DeepSeek-V4-Pro+mi355x+sglang+fp8&b=DeepSeek-V4-Pro+mi355x+sglang+fp4', '/compare?a=x'],
    '/embed/chart': ['/embed/chart?v=1', '/embed/chart?v=2'],
  };
  const pages = sourceRoutes().filter((route) => !route.pattern.startsWith('/api/'));
  for (const route of pages) {
    for (const target of pageExamples[route.pattern] || [route.pattern]) {
      await keep(`GET ${route.pattern}`, target);
      await keep(`GET ${route.pattern} signed in`, target, withSession);
      await keep(`HEAD ${route.pattern}`, target, { method: 'HEAD' });
    }
  }
  // Conditional requests answered 304.
  for (const path of ['/', `${API_BASE}/points?limit=1`]) {
    const first = await request(server.url, { target: path });
    await keep(`GET ${path} revalidated`, path, { headers: { 'If-None-Match': first.header('etag') } });
  }
});

after(async () => {
  await server?.stop();
});

// What is wrong with one answer's security headers; `framable` for the one page other sites may frame.
function headerProblems(answer, { framable = false } = {}) {
  const problems = [];
  const one = (name) => answer.header(name);
  if (one('x-content-type-options') !== 'nosniff') {
    problems.push(`X-Content-Type-Options ${one('x-content-type-options')}`);
  }
  // A 304's fields update the answer the browser kept, which carries the rest: a policy here would replace a page's.
  if (answer.status === 304) return problems;
  const csp = one('content-security-policy');
  if (!csp) {
    problems.push('no Content-Security-Policy');
  } else {
    if (!/(^|;)\s*default-src /.test(csp)) problems.push(`no default-src in ${csp}`);
    const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.trim();
    if (framable ? ancestors === undefined : ancestors !== "'none'") problems.push(`frame-ancestors ${ancestors}`);
  }
  if (framable ? one('x-frame-options') !== undefined : one('x-frame-options') !== 'DENY') {
    problems.push(`X-Frame-Options ${one('x-frame-options')}`);
  }
  if (!STRICT_REFERRER_POLICIES.includes(one('referrer-policy'))) {
    problems.push(`Referrer-Policy ${one('referrer-policy')}`);
  }
  return problems;
}

// Content-Type problems: every answer with a body names its type; text, HTML, XML, CSS, JavaScript and CSV say UTF-8.
// JSON has no charset parameter (RFC 8259 section 11: it is UTF-8 by definition), so application/json is complete.
function contentTypeProblems(answer, method = 'GET') {
  const length = Number(answer.header('content-length') || 0);
  if ([204, 304].includes(answer.status) || (length === 0 && method !== 'HEAD')) return [];
  const type = answer.header('content-type');
  if (!type) return ['no Content-Type'];
  const [essence] = type.split(';');
  if (essence === 'application/json') return type === 'application/json' ? [] : [`Content-Type ${type}`];
  if (/^(text\/|application\/(.+\+)?xml$|application\/javascript$)/.test(essence) &&
      !/;\s*charset=utf-8(;|$)/i.test(type)) {
    return [`Content-Type ${type} without charset=utf-8`];
  }
  return [];
}

function assertAll(check) {
  const failures = [];
  for (const { what, path, answer } of answers) {
    const problems = check(answer, path, what);
    if (problems.length > 0) failures.push(`${what} (${path}) ${answer.status}: ${problems.join('; ')}`);
  }
  assert.ok(answers.length >= 80, `every route was probed (${answers.length} answers)`);
  assert.deepEqual(failures, []);
}

test('V14.4.3 V14.4.4 V14.4.6 V14.4.7 every answer carries CSP, nosniff, a referrer policy and forbids framing',
  () => {
    assertAll((answer, path) => headerProblems(answer, { framable: path.startsWith(EMBED_PATH) }));
  });

test('V14.4.7 clickjacking: /embed/chart alone may be framed, and only through frame-ancestors', () => {
  const embeds = answers.filter(({ path, answer }) => path.startsWith(EMBED_PATH) && answer.status === 200);
  assert.ok(embeds.length > 0);
  for (const { answer } of embeds) {
    assert.match(answer.header('content-security-policy'), /frame-ancestors \*/);
    assert.match(answer.header('content-security-policy'), /script-src 'self'(;|$)/, 'framed, it still runs only ours');
  }
  const pages = answers.filter(({ answer }) => (answer.header('content-type') || '').startsWith('text/html'));
  assert.ok(pages.length >= 10);
  for (const { path, answer } of pages.filter(({ path }) => !path.startsWith(EMBED_PATH))) {
    assert.equal(answer.header('x-frame-options'), 'DENY', path);
    assert.match(answer.header('content-security-policy'), /frame-ancestors 'none'/, path);
  }
});

test('V14.4.1 every answer with a body has a Content-Type, with charset=utf-8 for text', () => {
  assertAll((answer, path, what) => contentTypeProblems(answer, what.split(' ')[0]));
});

test('V14.3.3 no answer names the server\'s version or platform', () => {
  assertAll((answer) => {
    const problems = [];
    const name = answer.header('server');
    if (name !== undefined && /[\d/]/.test(name)) problems.push(`Server ${name}`);
    for (const leak of ['x-powered-by', 'x-aspnet-version', 'x-runtime']) {
      if (answer.headers.has(leak)) problems.push(`${leak}: ${answer.header(leak)}`);
    }
    return problems;
  });
});

test('V8.2.1 an answer that sets a cookie or carries an account is never stored; pages carry no session', async () => {
  assertAll((answer, path) => {
    const carriesAccount = path.startsWith(`${API_BASE}/me`) || path.startsWith(`${API_BASE}/comments`) ||
      path.startsWith(`${API_BASE}/session`) || path.startsWith(`${API_BASE}/account`);
    const setsCookie = answer.headers.has('set-cookie');
    if ((carriesAccount || setsCookie) && !/(^|,)\s*no-store/.test(answer.header('cache-control') || '')) {
      return [`Cache-Control ${answer.header('cache-control')}${setsCookie ? ' with Set-Cookie' : ''}`];
    }
    return [];
  });
  // The cached pages (no-cache, shared ETag) hold nothing of the visitor's: signed in, they are the same bytes.
  for (const path of ['/', `/points/${resultId}`]) {
    const anonymous = await request(server.url, { target: path });
    const signedIn = await request(server.url, { target: path, headers: { Cookie: member.cookieHeader() } });
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.text, anonymous.text, `${path} is the same page signed in`);
    assert.ok(!signedIn.headers.has('set-cookie'), path);
    assert.ok(!signedIn.text.includes('header-probe@example.org') && !signedIn.text.includes(member.csrf), path);
  }
});

// Holds SQLite's write lock on `db` from another process (the sqlite3 shell) until the returned function is called.
async function holdWriteLock(db) {
  const shell = spawn('sqlite3', [db], { stdio: ['pipe', 'pipe', 'pipe'] });
  shell.stdin.write("BEGIN IMMEDIATE;\nSELECT 'locked';\n");
  await new Promise((resolveLocked, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('sqlite3 did not take the lock')), 10_000);
    shell.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('locked')) {
        clearTimeout(timer);
        resolveLocked();
      }
    });
  });
  return async () => {
    const exited = new Promise((done) => shell.once('exit', done));
    shell.stdin.end('ROLLBACK;\n.quit\n');
    await exited;
  };
}

test('V14.4 error answers 400, 404, 405, 413, 414, 431, 429 and 503 carry the same headers', async () => {
  const big = 'x'.repeat(70 * 1024);
  const cases = [
    [400, `${API_BASE}/points?limit=not-a-number`],
    [400, '/', { headers: { Host: 'second.example' } }], // two Host fields: refused before any handler
    [404, '/no-such-page'],
    [404, `${API_BASE}/no-such-route`],
    [404, '/api/v2/points'],
    [405, '/', { method: 'POST', body: '' }],
    [405, `${API_BASE}/points`, { method: 'PUT', body: '' }],
    [405, '/healthz', { method: 'DELETE' }],
    [413, `${API_BASE}/comments`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big }],
    [414, `/?q=${'a'.repeat(9000)}`],
    [431, '/', { headers: { 'X-Filler': 'a'.repeat(9000) } }],
  ];
  const checked = [];
  for (const [status, target, options = {}] of cases) {
    const answer = await request(server.url, { target, ...options });
    checked.push({ what: `${options.method || 'GET'} ${target.slice(0, 40)}`, status, answer });
  }
  // 429: a sign-in for one email refused once its failures reach the account rule.
  server.setLimit('sign_in_per_account', 1, 900);
  const guesser = new Client(server.url);
  assert.equal((await guesser.signIn('header-probe@example.org', 'not the password at all')).status, 401);
  checked.push({ what: 'POST /session over the limit', status: 429,
    answer: await guesser.signIn('header-probe@example.org', 'not the password at all') });
  server.setLimit('sign_in_per_account', 20, 900);
  // 503 busy: another process holds the database's write lock for longer than a write waits (2 s).
  const release = await holdWriteLock(server.db);
  try {
    checked.push({ what: 'POST /comments while the database is locked', status: 503,
      answer: await member.post('Written while another process holds the lock.') });
  } finally {
    await release();
  }
  const failures = [];
  for (const { what, status, answer } of checked) {
    const problems = [...headerProblems(answer), ...contentTypeProblems(answer)];
    if (answer.status !== status) problems.push(`status ${answer.status}, expected ${status}`);
    if (answer.status === 503 && !answer.headers.has('retry-after')) problems.push('503 without Retry-After');
    if (problems.length > 0) failures.push(`${what}: ${problems.join('; ')}`);
  }
  assert.deepEqual(failures, []);
});

test('V14.4 the 503 for one connection too many carries the same headers', async () => {
  // With 100 open files the server takes at most 50 connections (server/http/open_file_limit.cpp).
  const limited = await startServer({ wrap: ['sh', '-c', 'ulimit -n 100 && exec "$0" "$@"'] });
  const held = [];
  try {
    let refused;
    for (let i = 0; i < 80 && !refused; i++) {
      const socket = net.connect({ host: '127.0.0.1', port: Number(new URL(limited.url).port) });
      held.push(socket);
      await new Promise((done, fail) => { socket.once('connect', done); socket.once('error', fail); });
      // A connection over the limit is answered at once, unasked.
      refused = await new Promise((done) => {
        let data = '';
        socket.on('data', (chunk) => { data += chunk; });
        setTimeout(() => done(data.startsWith('HTTP/1.1 503') ? data : undefined), 50);
      });
    }
    assert.ok(refused, 'a connection over the limit was answered 503');
    const head = refused.slice(0, refused.indexOf('\r\n\r\n'));
    const fields = new Map(head.split('\r\n').slice(1).map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), [line.slice(colon + 1).trim()]];
    }));
    const answer = { status: 503, headers: fields, header: (name) => fields.get(name)?.[0] };
    assert.deepEqual([...headerProblems(answer), ...contentTypeProblems(answer)], []);
  } finally {
    for (const socket of held) socket.destroy();
    await limited.stop();
  }
});

test('V14.5.1 methods the server does not serve are refused, TRACE never echoes the request', async () => {
  for (const method of ['TRACE', 'PUT', 'OPTIONS', 'CONNECT', 'PROPFIND']) {
    for (const target of ['/', `${API_BASE}/points`, `${API_BASE}/me`, '/healthz']) {
      const answer = await request(server.url, {
        method, target: method === 'CONNECT' ? `${new URL(server.url).host}` : target,
        headers: { Cookie: member.cookieHeader() },
      });
      // RFC 9110: 405 for a method the server knows but the route does not allow, 501 for one it does not know.
      assert.ok((answer.status >= 400 && answer.status < 500) || answer.status === 501, `${method} ${target}: ${answer.status}`);
      assert.ok(!answer.text.includes(member.cookies.get('infertrack_session')), `${method} ${target} echoes`);
      assert.deepEqual(headerProblems(answer), [], `${method} ${target}`);
    }
  }
});

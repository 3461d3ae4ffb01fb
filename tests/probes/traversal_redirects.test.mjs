// Probes of path traversal (OWASP ASVS 4.0.3 V12.3.1, V12.3.2) and open redirects (V5.1.5) against a real
// `infertrack serve`. The server reads no file named by a URL (its assets are embedded at build time), so every
// traversal of /assets/ and of the other routes, however encoded, is a 400 or 404 and never shows a file: not
// /etc/passwd, not the database, not a file or symlink in the server's working directory. And it redirects nowhere:
// no answer to any route, with any next=/return parameter or trailing slash, is a 3xx or names an off-site target.
import assert from 'node:assert/strict';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { API_BASE, Client, PASSWORD, request, sourceRoutes, startServer, storedResultIds } from './support.mjs';

const SECRET = 'secret-of-the-working-directory-7f3a';
// What a leaked file would show: /etc/passwd, a SQLite database, an executable, the process environment, the marker.
const LEAKS = [/root:.*:0:0:/, /SQLite format 3/, /\x7fELF/, /PATH=\/|HOME=\//, new RegExp(SECRET)];

let server;
let asset; // the name of one real asset, e.g. /assets/tracker-1a2b3c.js

before(async () => {
  server = await startServer();
  // A file and symlinks in the server's working directory, where a server serving from disk would look.
  writeFileSync(join(server.dir, 'secret.txt'), SECRET);
  symlinkSync('/etc', join(server.dir, 'assets'));
  symlinkSync(join(server.dir, 'secret.txt'), join(server.dir, 'static'));
  const page = await request(server.url, { target: '/' });
  asset = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
  assert.ok(asset, 'the tracker page names its script');
});

after(async () => {
  await server?.stop();
});

function traversals(db) {
  const name = asset.slice('/assets/'.length);
  return [
    '/assets/../../../../etc/passwd',
    '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/assets/%252e%252e/%252e%252e/etc/passwd',
    '/assets/%252e%252e%252f%252e%252e%252fetc%252fpasswd',
    '/assets/..\\..\\..\\etc\\passwd',
    '/assets/..%5c..%5c..%5cetc%5cpasswd',
    '/assets/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
    '/assets/....//....//....//etc/passwd',
    '/assets//etc/passwd',
    '/assets/%2fetc%2fpasswd',
    '/assets/file:///etc/passwd',
    `/assets/${encodeURIComponent(db)}`,
    `/assets/..%2ftracker.db`,
    '/assets/../tracker.db',
    '/assets/secret.txt',
    '/assets/passwd',
    `/assets/${name}%00`,
    `/assets/${name}%00.txt`,
    `/assets/../assets/${name}/../../secret.txt`,
    '/static/../secret.txt',
    '/static/..%2fsecret.txt',
    '/static',
    '/secret.txt',
    '/tracker.db',
    '/../../../../etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/points/..%2f..%2f..%2fetc%2fpasswd',
    '/points/../../../etc/passwd',
    `${API_BASE}/points/..%2f..%2fetc%2fpasswd`,
    `${API_BASE}/export/..%2f..%2fetc%2fpasswd`,
    `${API_BASE}/../../etc/passwd`,
    '/embed/..%2f..%2fetc%2fpasswd',
    '/proc/self/environ',
    '/assets/..%2f..%2f..%2fproc%2fself%2fenviron',
    '../../etc/passwd',
    'http://localhost/../../etc/passwd',
    '/%00',
    '/assets/%00',
  ];
}

test('V12.3.1 V12.3.2 no traversal of /assets/ or any route shows a file, however it is encoded', async () => {
  const failures = [];
  for (const target of traversals(server.db)) {
    const answer = await request(server.url, { target });
    const leak = LEAKS.find((pattern) => pattern.test(answer.text));
    if (leak) failures.push(`${target}: ${answer.status} shows ${leak}`);
    if (answer.status >= 500) failures.push(`${target}: ${answer.status}`);
    // Under /assets/ only an embedded asset's exact name answers; anything else is refused.
    if (/^\/(assets|static)\b/.test(target) && ![400, 404].includes(answer.status)) {
      failures.push(`${target}: ${answer.status}, expected 400 or 404`);
    }
    if (answer.status === 200 && !/^text\/html|^application\/json/.test(answer.header('content-type') || '')) {
      failures.push(`${target}: 200 ${answer.header('content-type')}`);
    }
  }
  assert.deepEqual(failures, []);
  // The probe can tell: the asset itself is served by its exact name.
  const served = await request(server.url, { target: asset });
  assert.equal(served.status, 200);
  assert.match(served.header('content-type'), /^text\/javascript/);
  assert.ok(readFileSync(join(server.dir, 'secret.txt'), 'utf8') === SECRET);
});

const OFF_SITE = [
  '//evil.example', '//evil.example/', 'https://evil.example', 'http://evil.example/x', '/\\evil.example',
  '\\\\evil.example', '/%2F%2Fevil.example', '/%5Cevil.example', 'javascript:alert(1)', '///evil.example',
  'https:evil.example', ' //evil.example',
];
const NEXT_PARAMETERS = [
  'next', 'return', 'return_to', 'returnTo', 'redirect', 'redirect_uri', 'url', 'continue', 'to',
];

// Where an answer sends the browser off the site: a 3xx with any Location, a meta refresh or a link to the target.
function redirectProblems(answer) {
  const problems = [];
  if (answer.status >= 300 && answer.status < 400 && answer.status !== 304) problems.push(`status ${answer.status}`);
  if (answer.headers.has('location')) problems.push(`Location: ${answer.header('location')}`);
  if (answer.headers.has('refresh')) problems.push(`Refresh: ${answer.header('refresh')}`);
  if (/http-equiv\s*=\s*["']?refresh/i.test(answer.text)) problems.push('meta refresh');
  for (const match of answer.text.matchAll(/\b(href|action)\s*=\s*["']\s*([^"']*)["']/gi)) {
    const absolute = /^\s*(\/\/|\/\\|\\\\|[a-z][a-z0-9+.-]*:)/i.test(match[2]);
    const offSite = absolute && /evil\.example|javascript:/i.test(match[2]);
    if (offSite || /^\s*javascript:/i.test(match[2])) {
      problems.push(`${match[1]}="${match[2]}"`);
    }
  }
  return problems;
}

test('V5.1.5 no route redirects, with any next= or return parameter or a trailing slash', async () => {
  const [id] = await storedResultIds(server.url, 1);
  const failures = [];
  let probes = 0;
  const check = async (options) => {
    const answer = await request(server.url, options);
    probes += 1;
    const problems = redirectProblems(answer);
    if (answer.status >= 500) problems.push(`status ${answer.status}`);
    if (problems.length > 0) failures.push(`${options.method || 'GET'} ${options.target}: ${problems.join('; ')}`);
  };
  const paths = new Set(['/', `/points/${id}`, '/compare', '/embed/chart', '/feed.atom', '/healthz', `${API_BASE}/me`]);
  for (const route of sourceRoutes().filter((r) => r.method === 'GET' && !r.pattern.includes('{'))) {
    paths.add(route.pattern);
  }
  for (const path of paths) {
    for (const target of OFF_SITE) {
      for (const name of NEXT_PARAMETERS) {
        await check({ target: `${path}?${name}=${encodeURIComponent(target)}` });
      }
    }
    // A trailing slash added or a doubled one: answered where it is, never sent elsewhere.
    await check({ target: `${path.replace(/\/$/, '')}/` });
    await check({ target: `/${path}` });
  }
  for (const target of OFF_SITE) {
    await check({ target: target.startsWith('/') ? target : `/${target}` });
    await check({ target: `/${encodeURIComponent(target)}` });
    await check({ target: `/embed/chart?v=1&model=${encodeURIComponent(target)}` });
    await check({ target: `/compare?a=${encodeURIComponent(target)}&b=${encodeURIComponent(target)}` });
  }
  // Signing in and out never sends the browser anywhere either, whatever it names.
  server.setLimit('sign_up_per_address', 1000, 3600);
  const member = new Client(server.url);
  assert.equal((await member.signUp('Redirect Probe', 'redirect-probe@example.org')).status, 201);
  for (const target of OFF_SITE) {
    const signedIn = await member.send('POST', `${API_BASE}/session?next=${encodeURIComponent(target)}`,
      { email: 'redirect-probe@example.org', password: PASSWORD, next: target, return_to: target });
    probes += 1;
    const problems = redirectProblems(signedIn);
    if (problems.length > 0 || signedIn.status >= 500) {
      failures.push(`sign-in next=${target}: ${signedIn.status} ${problems}`);
    }
  }
  const out = await member.send('DELETE', `${API_BASE}/session?next=${encodeURIComponent('//evil.example')}`);
  assert.equal(out.status, 204);
  assert.deepEqual(redirectProblems(out), []);
  assert.deepEqual(failures, []);
  assert.ok(probes >= 500, `${probes} redirect probes`);
});

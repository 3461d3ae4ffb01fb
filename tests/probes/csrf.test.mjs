// Probes of cross-site request forgery (OWASP ASVS 4.0.3 V4.2.2, V13.2.3, V14.5.3) against a real `infertrack serve`.
// The server's design (docs/COMMUNITY.md): every write under /api/v1 must carry X-CSRF-Token, derived from the
// session (or, before sign-in, from the visitor cookie), which only GET /api/v1/me gives and which no other origin
// can read (no CORS). The write routes come from docs/openapi.json and from the route tables in the source, which
// must agree, so that a new write route is probed as soon as it exists; the page forms come from the pages served.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import {
  API_BASE, Client, PASSWORD, formsOf, openapiOperations, openapiSpelling, request, sourceRoutes, startServer,
  storedResultIds,
} from './support.mjs';

const EVIL_ORIGIN = 'https://evil.example';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let server;
let victim; // signed in, author of `commentId`
let attacker; // signed in on another account
let victimVisitorToken; // the victim's CSRF token of before the sign-in
let commentId;
const VICTIM_EMAIL = 'csrf-victim@example.org';
const COMMENT = 'The comment a forged request would change.';

before(async () => {
  server = await startServer();
  server.setLimit('sign_up_per_address', 1000, 3600);
  attacker = new Client(server.url);
  assert.equal((await attacker.signUp('CSRF Attacker', 'csrf-attacker@example.org')).status, 201);
  victim = new Client(server.url);
  victimVisitorToken = (await victim.me()).csrf_token;
  const up = await victim.send('POST', '/api/v1/account',
    { display_name: 'CSRF Victim', email: VICTIM_EMAIL, password: PASSWORD });
  assert.equal(up.status, 201, up.text);
  // The admin routes (hide, restore) must refuse a forgery before they look at who asks.
  const admin = server.cli(['user', 'add', '--admin', '--email', 'csrf-admin@example.org', '--name', 'CSRF Admin'],
    `${PASSWORD}\n`);
  assert.equal(admin.status, 0, admin.stderr);
  const posted = await victim.post(COMMENT);
  assert.equal(posted.status, 201, posted.text);
  commentId = posted.json.id;
});

after(async () => {
  await server?.stop();
});

// Every write route: [{method, path}] in the OpenAPI document's spelling, from the document and the source.
function writeRoutes() {
  const documented = openapiOperations().filter((op) => WRITE_METHODS.has(op.method))
    .map((op) => `${op.method} ${op.path}`);
  const routed = sourceRoutes().filter((route) => WRITE_METHODS.has(route.method))
    .map((route) => `${route.method} ${openapiSpelling(route.pattern)}`);
  assert.deepEqual([...new Set(routed)].sort(), [...new Set(documented)].sort(),
    'the write routes of the route tables are those of docs/openapi.json');
  assert.ok(documented.length >= 10, `the write routes were found: ${documented}`);
  return documented.map((key) => {
    const [method, path] = key.split(' ');
    return { method, path, target: path.replace('{id}', String(commentId)) };
  });
}

// A body each write would accept from its rightful sender, so that only the token can be what refuses it.
function bodyFor(method, path) {
  const bodies = {
    [`POST ${API_BASE}/account`]: { display_name: 'Forged Account', email: 'forged@example.org', password: PASSWORD },
    [`DELETE ${API_BASE}/account`]: { password: PASSWORD },
    [`POST ${API_BASE}/account/password`]: { current_password: PASSWORD, new_password: 'forged new passphrase 1' },
    [`POST ${API_BASE}/session`]: { email: 'csrf-attacker@example.org', password: PASSWORD },
    [`POST ${API_BASE}/comments`]: { subject: 'page', body: 'A forged comment.' },
    [`PATCH ${API_BASE}/comments/{id}`]: { body: 'A forged edit.' },
  };
  return bodies[`${method} ${path}`];
}

// The ways a forged request can come: with no token, a made-up one, another account's, the victim's own token of
// before sign-in, and as a cross-site form would send it (its own Origin and Referer, a form's content type, no
// custom header).
function forgeries() {
  return [
    { name: 'no token', csrf: null },
    { name: 'a made-up token', csrf: randomBytes(32).toString('base64url') },
    { name: 'another session\'s token', csrf: () => attacker.csrf },
    { name: 'the visitor token of before sign-in', csrf: () => victimVisitorToken },
    {
      name: 'a cross-site form post', csrf: null, form: true,
      headers: { Origin: EVIL_ORIGIN, Referer: `${EVIL_ORIGIN}/attack.html`, 'Sec-Fetch-Site': 'cross-site' },
    },
    {
      name: 'a cross-site request with a wrong token', csrf: 'forged',
      headers: { Origin: EVIL_ORIGIN, Referer: `${EVIL_ORIGIN}/attack.html`, 'Sec-Fetch-Site': 'cross-site' },
    },
  ];
}

async function forge(client, route, forgery) {
  const body = bodyFor(route.method, route.path);
  const csrf = typeof forgery.csrf === 'function' ? forgery.csrf() : forgery.csrf;
  const headers = { ...(forgery.headers || {}) };
  if (forgery.form) {
    // What an HTML form can send: urlencoded fields, the victim's cookies, no custom header.
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (client.cookies.size > 0) headers.Cookie = client.cookieHeader();
    const fields = new URLSearchParams(Object.entries(body || {})).toString();
    return request(client.base, { method: route.method, target: route.target, headers, body: fields });
  }
  if (client.cookies.size > 0) headers.Cookie = client.cookieHeader();
  if (csrf) headers['X-CSRF-Token'] = csrf;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return request(client.base, {
    method: route.method, target: route.target, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
}

test('V4.2.2 V13.2.3 every write route refuses a signed-in browser\'s forged requests with 403 csrf', async () => {
  const routes = writeRoutes();
  for (const route of routes) {
    for (const forgery of forgeries()) {
      const answer = await forge(victim, route, forgery);
      assert.equal(answer.status, 403, `${route.method} ${route.target} with ${forgery.name}: ${answer.text}`);
      assert.equal(answer.json?.error, 'csrf', `${route.method} ${route.target} with ${forgery.name}`);
    }
  }
  // Nothing changed: the comment, the session, the password and the account are as they were.
  const listed = await new Client(server.url).get(`${API_BASE}/comments?subject=page`);
  const comment = listed.json.comments.find((c) => c.id === commentId);
  assert.equal(comment?.body, COMMENT, 'the comment is neither edited, deleted nor hidden');
  assert.equal(comment.hidden, false);
  assert.ok(!listed.text.includes('A forged comment.'));
  const me = await victim.me();
  assert.equal(me.signed_in, true, 'the victim is still signed in as before');
  assert.equal(me.user.email, VICTIM_EMAIL);
  assert.equal((await new Client(server.url).signIn(VICTIM_EMAIL)).status, 200, 'the password is unchanged');
  assert.equal((await new Client(server.url).signIn('forged@example.org')).status, 401, 'no account was made');
});

test('V4.2.2 sign-up and sign-in refuse forged requests from a browser not signed in (login CSRF)', async () => {
  const stranger = new Client(server.url);
  await stranger.me();
  for (const route of writeRoutes()) {
    for (const forgery of forgeries().filter((f) => typeof f.csrf !== 'function')) {
      const answer = await forge(stranger, route, forgery);
      assert.equal(answer.status, 403, `${route.method} ${route.target} with ${forgery.name}: ${answer.text}`);
    }
  }
  assert.equal((await stranger.me()).signed_in, false, 'no forged sign-in put the browser in an account');
});

test('V4.2.2 the probes can tell: the same write with the session\'s own token is taken', async () => {
  const edited = await victim.send('PATCH', `${API_BASE}/comments/${commentId}`, { body: `${COMMENT} Edited.` });
  assert.equal(edited.status, 200, edited.text);
  const restored = await victim.send('PATCH', `${API_BASE}/comments/${commentId}`, { body: COMMENT });
  assert.equal(restored.status, 200, restored.text);
});

test('V14.5.3 no origin is allowed to read answers cross-site: no CORS header, preflights get none', async () => {
  const answers = [
    await request(server.url,
      { target: `${API_BASE}/me`, headers: { Origin: EVIL_ORIGIN, Cookie: victim.cookieHeader() } }),
    await request(server.url, { target: `${API_BASE}/points?limit=1`, headers: { Origin: EVIL_ORIGIN } }),
    await request(server.url, {
      method: 'OPTIONS', target: `${API_BASE}/comments`,
      headers: {
        Origin: EVIL_ORIGIN, 'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-csrf-token, content-type',
      },
    }),
  ];
  for (const answer of answers) {
    for (const name of answer.headers.keys()) {
      assert.ok(!name.startsWith('access-control-'), `no ${name}: ${answer.headers.get(name)}`);
    }
  }
  assert.equal(answers[0].status, 200);
  assert.ok(answers[2].status >= 400 && answers[2].status < 500, `the preflight is refused: ${answers[2].status}`);
});

test('V4.2.2 no page holds a form that posts: every form of every page is a GET', async () => {
  const [id] = await storedResultIds(server.url, 1);
  const pagePatterns = sourceRoutes().filter((route) => !route.pattern.startsWith('/api/'))
    .map((route) => route.pattern);
  assert.ok(pagePatterns.includes('/'), `page routes were found: ${pagePatterns}`);
  const examples = {
    '/points/{id...}': `/points/${id}`,
    '/assets/{name...}': null, // no HTML
    '/embed/chart': '/embed/chart?v=1',
    '/compare': '/compare?a=DeepSeek-V4-Pro+mi355x+sglang+fp8&b=DeepSeek-V4-Pro+mi355x+sglang+fp4',
  };
  let forms = 0;
  for (const pattern of pagePatterns) {
    const target = pattern in examples ? examples[pattern] : pattern;
    if (target === null) continue;
    const answer = await request(server.url, { target, headers: { Cookie: victim.cookieHeader() } });
    assert.ok(answer.status < 500, `${target}: ${answer.status}`);
    for (const form of formsOf(answer.text)) {
      forms += 1;
      assert.equal(form.method, 'get', `${target}: ${form.tag} would post without X-CSRF-Token`);
    }
    // A write sent to a page is refused before anything happens.
    const posted = await request(server.url, {
      method: 'POST', target,
      headers: { Cookie: victim.cookieHeader(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    });
    assert.ok([404, 405].includes(posted.status), `POST ${target}: ${posted.status}`);
  }
  assert.ok(forms >= 2, `the pages' forms were read (${forms})`);
});

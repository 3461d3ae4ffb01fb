// Probes of session management (OWASP ASVS 4.0.3, V3) against a real `infertrack serve`: session fixation, token
// rotation, sign-out and password change ending sessions server-side, and the cookies' attributes, directly and
// behind a trusted TLS proxy.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Client, PASSWORD, startServer } from './support.mjs';

const SESSION = 'infertrack_session';
const COOKIE_NAMES = ['infertrack_session', 'infertrack_visitor', 'infertrack_device'];

let server;
let proxied; // run as behind a TLS proxy: --secure-cookies --trusted-proxy 127.0.0.1

before(async () => {
  [server, proxied] = await Promise.all([
    startServer(),
    startServer({ serveArgs: ['--secure-cookies', '--trusted-proxy', '127.0.0.1'] }),
  ]);
  // These probes sign up more accounts from one address than an hour allows.
  server.setLimit('sign_up_per_address', 1000, 3600);
});

after(async () => {
  await server?.stop();
  await proxied?.stop();
});

// A token of the shape the server hands out (43 base64url characters), which it would read if planted.
function plantedToken() {
  return randomBytes(32).toString('base64url');
}

async function signedUp(base, name) {
  const client = new Client(base);
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}@example.org`;
  const answer = await client.signUp(name, email);
  assert.equal(answer.status, 201, answer.text);
  return { client, email };
}

// A client that only holds `token` as its session cookie: someone replaying it.
function replaying(base, token) {
  const replay = new Client(base);
  replay.cookies.set(SESSION, token);
  return replay;
}

test('V3.2.1 session fixation: a session id planted before sign-in is neither kept nor valid after it', async () => {
  const { email } = await signedUp(server.url, 'Fixation Victim');
  const victim = new Client(server.url);
  const planted = plantedToken();
  victim.cookies.set(SESSION, planted);
  const signedIn = await victim.signIn(email);
  assert.equal(signedIn.status, 200, signedIn.text);
  const issued = victim.cookies.get(SESSION);
  assert.ok(issued, 'sign-in sets a session cookie');
  assert.notEqual(issued, planted, 'the planted id is replaced');
  assert.equal((await replaying(server.url, planted).me()).signed_in, false, 'the planted id opens no session');
  assert.equal((await replaying(server.url, issued).me()).signed_in, true);
});

test('V3.2.1 session fixation: an attacker\'s own live session planted in a browser ends when the victim signs in',
  async () => {
    const attacker = await signedUp(server.url, 'Fixation Attacker');
    const attackerToken = attacker.client.cookies.get(SESSION);
    const { email } = await signedUp(server.url, 'Fixation Owner');
    const victim = new Client(server.url);
    victim.cookies.set(SESSION, attackerToken);
    const signedIn = await victim.signIn(email);
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.equal(signedIn.json.user.email, email);
    assert.notEqual(victim.cookies.get(SESSION), attackerToken);
    // The attacker's id, replayed, no longer opens anyone's session: it cannot ride on the victim's sign-in.
    assert.equal((await replaying(server.url, attackerToken).me()).signed_in, false);
  });

test('V3.2.1 the session token and the CSRF token rotate on every sign-in and sign-up', async () => {
  const visitor = new Client(server.url);
  const before = await visitor.me();
  const email = 'rotation@example.org';
  const up = await visitor.send('POST', '/api/v1/account', { display_name: 'Rotation', email, password: PASSWORD });
  assert.equal(up.status, 201, up.text);
  const first = visitor.cookies.get(SESSION);
  assert.notEqual(up.json.csrf_token, before.csrf_token, 'sign-up gives a new CSRF token');
  // The visitor's token of before the sign-up is refused once signed in.
  const stale = await visitor.send('POST', '/api/v1/comments', { subject: 'page', body: 'With a stale token.' },
    { csrf: before.csrf_token });
  assert.equal(stale.status, 403, stale.text);
  const again = await visitor.signIn(email);
  assert.equal(again.status, 200, again.text);
  const second = visitor.cookies.get(SESSION);
  assert.notEqual(second, first, 'a second sign-in gets a new session id');
  assert.notEqual(again.json.csrf_token, up.json.csrf_token);
  assert.equal((await replaying(server.url, first).me()).signed_in, false, 'the id it replaced is ended');
});

test('V3.2.2 session tokens carry at least 128 bits and are never repeated', async () => {
  const tokens = new Set();
  for (let i = 0; i < 3; i++) {
    const { client } = await signedUp(server.url, `Entropy ${i}`);
    const token = client.cookies.get(SESSION);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/, '256 random bits, base64url');
    tokens.add(token);
  }
  assert.equal(tokens.size, 3);
});

test('V3.3.1 sign-out ends the session on the server: the old cookie replayed opens nothing and writes nothing',
  async () => {
    const { client } = await signedUp(server.url, 'Sign Out');
    const token = client.cookies.get(SESSION);
    const csrf = client.csrf;
    const out = await client.send('DELETE', '/api/v1/session');
    assert.equal(out.status, 204, out.text);
    assert.ok((out.headers.get('set-cookie') || []).some((cookie) => cookie.startsWith(`${SESSION}=;`) &&
      /Max-Age=0/.test(cookie)), 'the cookie is cleared in the browser too');
    assert.equal((await replaying(server.url, token).me()).signed_in, false);
    // With the session's own CSRF token, as a copy of the whole browser state would send it.
    const write = await replaying(server.url, token).send('POST', '/api/v1/comments',
      { subject: 'page', body: 'Replayed after sign-out.' }, { csrf });
    assert.equal(write.status, 401, write.text);
    const listed = await new Client(server.url).get('/api/v1/comments?subject=page');
    assert.ok(!listed.text.includes('Replayed after sign-out.'));
  });

test('V3.3.3 changing the password ends the account\'s other sessions', async () => {
  const { client, email } = await signedUp(server.url, 'Password Changer');
  const other = new Client(server.url);
  assert.equal((await other.signIn(email)).status, 200);
  const otherToken = other.cookies.get(SESSION);
  const changed = await client.send('POST', '/api/v1/account/password',
    { current_password: PASSWORD, new_password: 'another long passphrase 42' });
  assert.equal(changed.status, 204, changed.text);
  assert.equal((await replaying(server.url, otherToken).me()).signed_in, false);
  assert.equal((await client.me()).signed_in, true, 'the session that changed it stays');
});

test('V3.7.1 changing the password or deleting the account asks for the current password again', async () => {
  const { client } = await signedUp(server.url, 'Reauthenticated');
  const change = await client.send('POST', '/api/v1/account/password',
    { current_password: 'not the password at all', new_password: 'another long passphrase 42' });
  assert.equal(change.status, 401, change.text);
  const removal = await client.send('DELETE', '/api/v1/account', { password: 'not the password at all' });
  assert.equal(removal.status, 401, removal.text);
  assert.equal((await client.me()).signed_in, true);
});

// Every Set-Cookie of one visit: a visitor cookie, sign-up (session, device), sign-out (cleared session).
async function cookiesOfAVisit(base, name, headers = {}) {
  const client = new Client(base);
  client.extraHeaders = headers;
  const set = [];
  const keep = (answer) => set.push(...(answer.headers.get('set-cookie') || []));
  keep(await client.get('/api/v1/me'));
  const up = await client.send('POST', '/api/v1/account',
    { display_name: name, email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.org`, password: PASSWORD });
  assert.equal(up.status, 201, up.text);
  keep(up);
  keep(await client.send('DELETE', '/api/v1/session'));
  const names = new Set(set.map((cookie) => cookie.split('=')[0]));
  assert.deepEqual([...names].sort(), [...COOKIE_NAMES].sort(), `every cookie the server sets was seen: ${set}`);
  return set;
}

function attributes(cookie) {
  return cookie.split(';').slice(1).map((part) => part.trim().split('=')[0].toLowerCase());
}

test('V3.4.2 V3.4.3 V3.4.5 every cookie is HttpOnly, SameSite=Lax, Path=/ and without Domain', async () => {
  for (const cookie of await cookiesOfAVisit(server.url, 'Cookie Flags')) {
    assert.match(cookie, /; HttpOnly(;|$)/, cookie);
    assert.match(cookie, /; SameSite=(Lax|Strict)(;|$)/, cookie);
    assert.match(cookie, /; Path=\/(;|$)/, cookie);
    assert.ok(!attributes(cookie).includes('domain'), `host-only, never shared with sibling hosts: ${cookie}`);
  }
});

// Secure comes from --secure-cookies, never from a request header: a client cannot talk the server out of it.
test('V3.4.1 behind a trusted TLS proxy (--secure-cookies, X-Forwarded-Proto https) every cookie is Secure',
  async () => {
    const visits = [
      await cookiesOfAVisit(proxied.url, 'Secure Cookies',
        { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.7' }),
      await cookiesOfAVisit(proxied.url, 'Downgraded Proto',
        { 'X-Forwarded-Proto': 'http', 'X-Forwarded-For': '198.51.100.8' }),
    ];
    for (const cookie of visits.flat()) {
      assert.match(cookie, /; Secure(;|$)/, cookie);
      assert.match(cookie, /; HttpOnly(;|$)/, cookie);
      assert.match(cookie, /; SameSite=(Lax|Strict)(;|$)/, cookie);
      assert.ok(!attributes(cookie).includes('domain'), cookie);
    }
  });

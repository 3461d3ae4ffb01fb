// Probes of brute force on sign-in (OWASP ASVS 4.0.3 V2.2.1, V11.1.4) against a real `infertrack serve` on SQLite: the
// per-account limit holds whatever address the guesses come from (X-Forwarded-For of a trusted proxy, or other
// client addresses); the per-address limit counts each client behind a trusted proxy apart, cannot be dodged by
// writing addresses at the left of X-Forwarded-For, and ignores the header from any peer that is not a trusted
// proxy. (The same across two instances on one PostgreSQL database: brute_force_instances.test.mjs.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client, PASSWORD, startServer } from './support.mjs';

const WRONG = 'not the password at all';
const WINDOW = 900;

let proxied; // --trusted-proxy 127.0.0.1: requests from 127.0.0.1 name their client in X-Forwarded-For
let direct; // no trusted proxy: X-Forwarded-For is only text

before(async () => {
  [proxied, direct] = await Promise.all([
    startServer({ serveArgs: ['--trusted-proxy', '127.0.0.1'] }),
    startServer(),
  ]);
  for (const server of [proxied, direct]) server.setLimit('sign_up_per_address', 1000, 3600);
});

after(async () => {
  await proxied?.stop();
  await direct?.stop();
});

// A browser that never signed in to the account (no device cookie it trusts), coming from `address` through the
// proxy, or from the loopback address `peer` directly.
function stranger(server, { forwardedFor, peer } = {}) {
  const client = new Client(server.url);
  if (forwardedFor) client.extraHeaders = { 'X-Forwarded-For': forwardedFor };
  client.localAddress = peer;
  return client;
}

async function account(server, name) {
  const owner = new Client(server.url);
  const email = `${name}@example.org`;
  assert.equal((await owner.signUp(name, email)).status, 201);
  return { owner, email };
}

test('V2.2.1 the per-account limit holds across client addresses behind a trusted proxy and direct peers', async () => {
  proxied.setLimit('sign_in_per_account', 4, WINDOW);
  proxied.setLimit('sign_in_per_address', 1000, WINDOW);
  const { owner, email } = await account(proxied, 'spread-guesses');
  // Four guesses, each from another client address: counted per address, none would be limited.
  const sources = [{ forwardedFor: '203.0.113.1' }, { forwardedFor: '203.0.113.2' }, { peer: '127.0.0.2' },
    { peer: '127.0.0.3', forwardedFor: '203.0.113.4' }];
  for (const [i, source] of sources.entries()) {
    const failed = await stranger(proxied, source).signIn(email, WRONG);
    assert.equal(failed.status, 401, `guess ${i + 1}: ${failed.text}`);
  }
  // The fifth, from yet other addresses and even with the right password, is refused until the window passes.
  for (const source of [{ forwardedFor: '198.51.100.77' }, { peer: '127.0.0.4' }, { forwardedFor: '2001:db8::1' }]) {
    const refused = await stranger(proxied, source).signIn(email, PASSWORD);
    assert.equal(refused.status, 429, `${JSON.stringify(source)}: ${refused.text}`);
    assert.ok(Number(refused.header('retry-after')) > 0, 'says when to try again');
    const sessions = (refused.headers.get('set-cookie') || [])
      .filter((cookie) => cookie.startsWith('infertrack_session=') && !/Max-Age=0/.test(cookie));
    assert.deepEqual(sessions, [], 'a refused sign-in opens no session');
  }
  // The owner's own browser, trusted since sign-up, is not locked out by a stranger's guesses.
  assert.equal((await owner.signIn(email)).status, 200);
});

test('V2.2.1 V11.1.4 behind a trusted proxy each client address is counted apart, and cannot be dodged', async () => {
  proxied.setLimit('sign_in_per_account', 1000, WINDOW);
  proxied.setLimit('sign_in_per_address', 3, WINDOW);
  const guesser = '198.51.100.9';
  // Three failures on three accounts (existing or not) from one client address.
  for (const i of [1, 2, 3]) {
    const failed = await stranger(proxied, { forwardedFor: guesser }).signIn(`sprayed-${i}@example.org`, WRONG);
    assert.equal(failed.status, 401, failed.text);
  }
  const limited = await stranger(proxied, { forwardedFor: guesser }).signIn('sprayed-4@example.org', WRONG);
  assert.equal(limited.status, 429, limited.text);
  // A client writing other addresses at the left is still the address the proxy saw (the rightmost untrusted one).
  const spoofed = await stranger(proxied, { forwardedFor: `10.0.0.1, 192.0.2.55, ${guesser}` })
    .signIn('sprayed-5@example.org', WRONG);
  assert.equal(spoofed.status, 429, spoofed.text);
  // Another client behind the same proxy is not limited by the first one's failures.
  const other = await stranger(proxied, { forwardedFor: '198.51.100.10' }).signIn('sprayed-6@example.org', WRONG);
  assert.equal(other.status, 401, other.text);
  // A peer that is not the trusted proxy is itself the client, whatever header it sends: its own address counts.
  for (const i of [1, 2, 3]) {
    const failed = await stranger(proxied, { peer: '127.0.0.5', forwardedFor: `203.0.113.${100 + i}` })
      .signIn(`untrusted-${i}@example.org`, WRONG);
    assert.equal(failed.status, 401, failed.text);
  }
  const untrusted = await stranger(proxied, { peer: '127.0.0.5', forwardedFor: '203.0.113.200' })
    .signIn('untrusted-4@example.org', WRONG);
  assert.equal(untrusted.status, 429, `X-Forwarded-For from an untrusted peer is ignored: ${untrusted.text}`);
});

test('V2.2.1 without a trusted proxy X-Forwarded-For is ignored: a new header buys no new guesses', async () => {
  direct.setLimit('sign_in_per_account', 1000, WINDOW);
  direct.setLimit('sign_in_per_address', 3, WINDOW);
  for (const i of [1, 2, 3]) {
    const failed = await stranger(direct, { forwardedFor: `203.0.113.${i}` }).signIn(`direct-${i}@example.org`, WRONG);
    assert.equal(failed.status, 401, failed.text);
  }
  for (const header of ['203.0.113.50', '127.0.0.9', '2001:db8::7', 'unknown']) {
    const refused = await stranger(direct, { forwardedFor: header }).signIn('direct-9@example.org', WRONG);
    assert.equal(refused.status, 429, `X-Forwarded-For: ${header}: ${refused.text}`);
  }
  // The probe can tell: another real client address is counted apart.
  const elsewhere = await stranger(direct, { peer: '127.0.0.6' }).signIn('direct-10@example.org', WRONG);
  assert.equal(elsewhere.status, 401, elsewhere.text);
});

test('V2.2.1 a session cookie buys no more password guesses than the sign-in form', async () => {
  direct.setLimit('sign_in_per_account', 2, WINDOW);
  direct.setLimit('sign_in_per_address', 1000, WINDOW);
  const { email } = await account(direct, 'session-guesses');
  // A stolen session (no device cookie) guessing the password through the password change.
  const owner = new Client(direct.url);
  assert.equal((await owner.signIn(email)).status, 200);
  const thief = new Client(direct.url);
  thief.cookies.set('infertrack_session', owner.cookies.get('infertrack_session'));
  await thief.me();
  const statuses = [];
  for (let i = 0; i < 3; i++) {
    const guess = await thief.send('POST', '/api/v1/account/password',
      { current_password: `${WRONG} ${i}`, new_password: 'a brand new passphrase' });
    statuses.push(guess.status);
  }
  assert.deepEqual(statuses, [401, 401, 429]);
});

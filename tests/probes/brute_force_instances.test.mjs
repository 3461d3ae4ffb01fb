// Probes of brute force on sign-in across instances (OWASP ASVS 4.0.3 V2.2.1): two `infertrack serve` processes on one
// PostgreSQL database of the test cluster CTest starts (fixture `postgres`), each behind the same trusted proxy. A
// guesser spreading tries over both instances and over client addresses gets no more than the per-account limit;
// one client address spraying accounts over both gets no more than the per-address limit.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cli, freshDatabase } from '../postgres_servers/support.mjs';
import { Client, PASSWORD, startServer } from './support.mjs';

const WRONG = 'not the password at all';

let db;
let a;
let b;

before(async () => {
  db = freshDatabase('probes');
  const serveArgs = ['--trusted-proxy', '127.0.0.1'];
  // One after the other: the first loads the bundled data into the empty database.
  a = await startServer({ db: db.url, serveArgs });
  b = await startServer({ db: db.url, serveArgs });
});

after(async () => {
  await a?.stop();
  await b?.stop();
  db?.drop();
});

function setLimit(name, max, window) {
  const result = cli(db.url, 'limits', 'set', name, String(max), String(window));
  assert.equal(result.status, 0, result.stderr);
}

function stranger(server, forwardedFor) {
  const client = new Client(server.url);
  client.extraHeaders = { 'X-Forwarded-For': forwardedFor };
  return client;
}

test('V2.2.1 the per-account limit holds across two instances and many client addresses', async () => {
  setLimit('sign_in_per_account', 4, 900);
  setLimit('sign_in_per_address', 1000, 900);
  const owner = new Client(a.url);
  const email = 'two-instances@example.org';
  assert.equal((await owner.signUp('Two Instances', email)).status, 201);
  for (const [i, server] of [a, b, a, b].entries()) {
    const failed = await stranger(server, `203.0.113.${10 + i}`).signIn(email, WRONG);
    assert.equal(failed.status, 401, `guess ${i + 1}: ${failed.text}`);
  }
  for (const [i, server] of [a, b].entries()) {
    const refused = await stranger(server, `198.51.100.${20 + i}`).signIn(email, PASSWORD);
    assert.equal(refused.status, 429, refused.text);
    assert.ok(Number(refused.header('retry-after')) > 0);
  }
  // The owner's browser, which the account trusts, signs in on either.
  owner.base = b.url;
  assert.equal((await owner.signIn(email)).status, 200);
});

test('V2.2.1 one client address spraying accounts over two instances meets the per-address limit', async () => {
  setLimit('sign_in_per_account', 1000, 900);
  setLimit('sign_in_per_address', 3, 900);
  const sprayer = '192.0.2.33';
  for (const [i, server] of [a, b, a].entries()) {
    const failed = await stranger(server, sprayer).signIn(`spray-${i}@example.org`, WRONG);
    assert.equal(failed.status, 401, failed.text);
  }
  for (const server of [b, a]) {
    const refused = await stranger(server, sprayer).signIn('spray-9@example.org', WRONG);
    assert.equal(refused.status, 429, refused.text);
  }
  const other = await stranger(b, '192.0.2.34').signIn('spray-10@example.org', WRONG);
  assert.equal(other.status, 401, 'another client address is counted apart');
});

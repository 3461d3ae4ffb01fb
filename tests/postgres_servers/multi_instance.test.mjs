// Two `infertrack serve` processes on one PostgreSQL database, as behind a balancer: a session made on one works
// on the other, a rate limit counts the requests of both, an ingest from the command line is seen by both within a
// second (their /healthz and their cached API answers), and an ingest killed midway leaves the database as it was.
// No output of the servers or the CLI holds the database password.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  Client, EXE, PASSWORD, assertNoPassword, cli, dataVersion, freshDatabase, pointsCsv, sql, startServer, within,
} from './support.mjs';

let db;
let a;
let b;
let dir;
const outputs = []; // [what, text] of every CLI run, checked for the password at the end

before(async () => {
  db = freshDatabase('multi');
  dir = mkdtempSync(join(tmpdir(), 'infertrack-servers-'));
  // One after the other: the first loads the bundled data into the empty database, the second finds it there.
  a = await startServer(db.url, 'A');
  b = await startServer(db.url, 'B');
});

after(async () => {
  await a?.stop();
  await b?.stop();
  db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(...args) {
  const result = cli(db.url, ...args);
  outputs.push([`infertrack ${args[0]}`, result.stdout + result.stderr]);
  return result;
}

test('a session made on one instance is a session on the other, and ending it ends it on both', async () => {
  const browser = new Client();
  const email = 'shared-session@example.org';
  const signedUp = await browser.signUp(a.url, 'Shared Session', email);
  assert.equal(signedUp.status, 201, signedUp.text);
  const sessionCookie = browser.cookies.get('infertrack_session');
  assert.ok(sessionCookie);

  const onB = await browser.me(b.url);
  assert.equal(onB.signed_in, true);
  assert.equal(onB.user.email, email);
  const posted = await browser.post(b.url, 'Posted through instance B with the session of instance A.');
  assert.equal(posted.status, 201, posted.text);
  assert.equal(posted.json.author.display_name, 'Shared Session');
  const listed = await new Client().get(a.url, '/api/v1/comments?subject=page');
  assert.equal(listed.status, 200, listed.text);
  assert.ok(listed.json.comments.some((comment) => comment.id === posted.json.id), 'A lists the comment B took');

  // Signed out on B: the cookie A handed out no longer opens a session on A.
  const signedOut = await browser.send(b.url, 'DELETE', '/api/v1/session');
  assert.equal(signedOut.status, 204, signedOut.text);
  const stale = new Client();
  stale.cookies.set('infertrack_session', sessionCookie);
  assert.equal((await stale.me(a.url)).signed_in, false);

  const signedIn = await browser.signIn(b.url, email);
  assert.equal(signedIn.status, 200, signedIn.text);
  assert.equal((await browser.me(a.url)).signed_in, true);
});

test('the comment limit counts the posts made through both instances, not each one apart', async () => {
  const author = new Client();
  assert.equal((await author.signUp(b.url, 'Busy Writer', 'busy-writer@example.org')).status, 201);
  const servers = [a, b];
  // comment_per_user: 10 posts a minute (docs/COMMUNITY.md), spread over both instances.
  for (let i = 0; i < 10; i++) {
    const posted = await author.post(servers[i % 2].url, `Comment ${i} of ten.`);
    assert.equal(posted.status, 201, `post ${i} on ${servers[i % 2].name}: ${posted.text}`);
  }
  for (const server of servers) {
    const refused = await author.post(server.url, 'One too many.');
    assert.equal(refused.status, 429, `${server.name}: ${refused.text}`);
    assert.ok(Number(refused.headers.get('retry-after')) > 0, `${server.name} says when to retry`);
  }
});

test('sign-in failures on both instances count against the account together', async () => {
  const owner = new Client();
  const email = 'guessed@example.org';
  assert.equal((await owner.signUp(a.url, 'Guessed', email)).status, 201);
  // 4 failures in 15 minutes, then 429 until the window passes (the backoff of the default rule counts whole
  // seconds, too coarse for a test). Set from the command line: the rules live in the database.
  const limited = run('limits', 'set', 'sign_in_per_account', '4', '900');
  assert.equal(limited.status, 0, limited.stderr);
  // A stranger's browser (no device cookie the account trusts), two guesses on each instance: counted per
  // instance, each would have seen 2 failures only and let the next try through.
  const stranger = new Client();
  for (const [i, server] of [a, b, a, b].entries()) {
    const failed = await stranger.signIn(server.url, email, 'not the password at all');
    assert.equal(failed.status, 401, `failure ${i + 1} on ${server.name}: ${failed.text}`);
  }
  for (const server of [a, b]) {
    const refused = await stranger.signIn(server.url, email, PASSWORD);
    assert.equal(refused.status, 429, `${server.name}: ${refused.text}`);
    assert.ok(Number(refused.headers.get('retry-after')) > 0, `${server.name} says when to retry`);
  }
  // The owner's browser, trusted since the sign-up, is not locked out by the stranger.
  assert.equal((await owner.signIn(b.url, email)).status, 200);
});

test('an ingest from the command line is seen by both instances within a second', async () => {
  const before = [await dataVersion(a), await dataVersion(b)];
  assert.equal(before[0], before[1], 'both instances serve the same version');
  // A cached route: what is stored, asked twice of each instance so that the second answer comes from its cache.
  const path = '/api/v1/availability';
  const points = '/api/v1/points?model=Ingested-Model';
  const reader = new Client();
  const answered = {};
  for (const server of [a, b]) {
    for (let i = 0; i < 2; i++) {
      const answer = await reader.get(server.url, path);
      assert.equal(answer.status, 200, answer.text);
      assert.ok(!answer.text.includes('Ingested-Model'));
      answered[server.name] = answer.headers.get('etag');
    }
    assert.equal((await reader.get(server.url, points)).status, 404, 'no such model yet');
  }

  const csv = join(dir, 'ingested.csv');
  writeFileSync(csv, pointsCsv('Ingested-Model', 'ingested', 3));
  const ingested = run('ingest', csv);
  assert.equal(ingested.status, 0, ingested.stderr);
  assert.match(ingested.stdout, /3 point\(s\) added/);

  for (const server of [a, b]) {
    const seen = await within(1_000, async () => (await dataVersion(server)) > before[0]);
    assert.notEqual(seen, null, `${server.name}'s /healthz reports a new data version within 1 s`);
    const anew = await within(1_000, async () => {
      const answer = await reader.get(server.url, path);
      return answer.status === 200 && answer.text.includes('Ingested-Model');
    });
    assert.notEqual(anew, null, `${server.name} answers the GET it cached before the ingest anew within 1 s`);
    assert.notEqual((await reader.get(server.url, path)).headers.get('etag'), answered[server.name]);
    const listed = await reader.get(server.url, points);
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.json.points.length, 3);
    console.log(`${server.name}: new data version on /healthz ${seen.toFixed(0)} ms after the ingest, ` +
      `cached availability answer renewed ${anew.toFixed(0)} ms after that`);
  }
  assert.equal(await dataVersion(a), await dataVersion(b));
});

test('an ingest killed midway leaves the database as it was', async () => {
  const count = () => Number(sql(db.name, 'SELECT COUNT(*) FROM points')[0]);
  const version = () => Number(sql(db.name, 'SELECT version FROM benchmark_data_version')[0]);
  const before = { points: count(), version: version(), served: await dataVersion(a) };
  assert.equal(before.served, before.version);

  const csv = join(dir, 'big.csv');
  writeFileSync(csv, pointsCsv('Killed-Model', 'killed', 150_000));
  const ingest = spawn(EXE, ['ingest', '--db', db.url, csv],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  ingest.stdout.on('data', (chunk) => { printed += chunk; });
  ingest.stderr.on('data', (chunk) => { printed += chunk; });
  const exited = new Promise((done) => ingest.once('exit', (code, signal) => done({ code, signal })));
  // Midway: its transaction has written rows (it holds a transaction id), and it has not committed.
  const writing = `SELECT COUNT(*) FROM pg_stat_activity WHERE datname = '${db.name}' AND backend_xid IS NOT NULL`;
  const started = await within(30_000, async () => ingest.exitCode !== null || Number(sql('postgres', writing)[0]) > 0);
  assert.notEqual(started, null, 'the ingest started writing');
  assert.equal(ingest.exitCode, null, `the ingest ended before it could be killed midway: ${printed}`);
  ingest.kill('SIGKILL');
  assert.deepEqual(await exited, { code: null, signal: 'SIGKILL' });
  outputs.push(['the killed ingest', printed]);
  console.log(`ingest killed ${started.toFixed(0)} ms after it started, while writing`);

  // The server rolls the transaction back once it sees the connection gone.
  const rolledBack = await within(10_000, async () => Number(sql('postgres', writing)[0]) === 0);
  assert.notEqual(rolledBack, null, 'the killed ingest\'s transaction ends');
  assert.equal(count(), before.points);
  assert.equal(version(), before.version);
  assert.equal(await dataVersion(a), before.version);
  assert.equal(await dataVersion(b), before.version);
  for (const server of [a, b]) {
    const listed = await new Client().get(server.url, '/api/v1/points?model=Killed-Model');
    assert.equal(listed.status, 404, `${server.name} knows no point of the killed ingest: ${listed.text}`);
  }

  // Nothing is left locked: the next ingest goes through.
  const small = join(dir, 'after-kill.csv');
  writeFileSync(small, pointsCsv('Killed-Model', 'after-kill', 2));
  const next = run('ingest', small);
  assert.equal(next.status, 0, next.stderr);
  assert.equal(count(), before.points + 2);
});

test('no output of the servers or the command line holds the database password', async () => {
  await a.stop();
  await b.stop();
  for (const server of [a, b]) {
    assertNoPassword(server.stdout + server.stderr, `server ${server.name}`);
  }
  assert.ok(outputs.length >= 3);
  for (const [what, text] of outputs) assertNoPassword(text, what);
  // An unreachable database names the server without its password.
  const refused = cli(db.url.replace(/:(\d+)\//, ':1/'), 'points', '--model', 'x');
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /127\.0\.0\.1/);
  assertNoPassword(refused.stdout + refused.stderr, 'a command on an unreachable database');
});

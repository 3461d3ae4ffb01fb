#!/usr/bin/env node
// Kills `infertrack serve` with SIGKILL while signed-in clients write, and checks after each kill that what the
// server acknowledged is stored whole.
//
// usage: node bench/crash_server.mjs [--kills 30] [--engine sqlite|postgresql|both] [--clients 4] [--seed N]
//
// Each round starts the server on the database of the round before, and --clients clients (plus one admin) write
// through it as fast as it answers: new threads, replies, edits, sign-outs followed by sign-ins; the admin hides and
// restores comments. After a delay drawn uniformly from 0.2 to 1.5 s the server gets SIGKILL, is started again on
// the same database, and the checks are:
//   - SQLite: PRAGMA integrity_check and foreign_key_check are clean; PostgreSQL: no transaction or lock of the
//     killed server is left;
//   - every comment whose POST or PATCH got its 201 or 200 is stored with the acknowledged body, subject and parent
//     (a write in flight at the kill may be stored or not, whole either way);
//   - no half-written rows: a thread's first comment names itself as its thread, a reply its parent's thread at one
//     level deeper, and each comment is hidden exactly when its last hide or restore in the audit log says so;
//   - every session whose sign-in (or sign-up) was acknowledged, and not ended since, is still signed in on the new
//     server, and one whose sign-out was acknowledged is not;
//   - the new server answers /healthz and lists the comments.
// Prints `kills K: W acknowledged writes, C comments checked after each kill, broken B` per engine and exits 1 if any check failed. PostgreSQL
// runs on CTest's cluster (INFERTRACK_TEST_POSTGRES_DIR) or on a private one, stopped at exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client, PostgresDatabase, SqliteDatabase, cliSync, ensureCluster, loadAverage, parseOptions, randomSource,
  startServer,
} from './crash_support.mjs';

const USAGE = 'usage: node bench/crash_server.mjs [--kills 30] [--engine sqlite|postgresql|both] [--clients 4] ' +
  '[--seed N]\n';
const options = parseOptions(process.argv.slice(2),
  { kills: 30, engine: 'both', clients: 4, seed: Date.now() % 1e9 }, USAGE);
const engines = options.engine === 'both' ? ['sqlite', 'postgresql'] : [options.engine];
if (!engines.every((engine) => ['sqlite', 'postgresql'].includes(engine)) || options.kills < 1 ||
    options.clients < 1) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const KILL_AFTER_MS = [200, 1_500];
const random = randomSource(options.seed);
const workDir = mkdtempSync(join(tmpdir(), 'infertrack-crash-server-'));
process.once('exit', () => rmSync(workDir, { recursive: true, force: true }));

// One browser: its cookies, what the server acknowledged to it, and the one request in flight, if any.
class Writer {
  constructor(index, admin) {
    this.index = index;
    this.admin = admin;
    this.email = `${admin ? 'admin' : 'writer'}-${index}@example.org`;
    this.name = `${admin ? 'Admin' : 'Writer'} ${index}`;
    this.client = new Client();
    this.signedIn = false; // as last acknowledged
    this.sessionKnown = true; // false while a sign-in or sign-out was in flight at the kill
    this.comments = new Map(); // id -> {subject, parent, body, pendingBody}
    this.sequence = 0;
    this.acknowledged = 0; // writes the server answered with success
    this.ended = []; // session cookies whose sign-out was acknowledged
  }
}

// Sends one request; null when the server did not answer (killed under it).
async function attempt(writer, server, method, path, body) {
  try {
    return await writer.client.send(server.url, method, path, body);
  } catch {
    return null;
  }
}

// The writes of one writer until the server stops answering. Returns what was in flight then.
async function write(writer, server, subjects) {
  for (;;) {
    const roll = random();
    if (!writer.signedIn) {
      writer.sessionKnown = false;
      let answer;
      try {
        answer = await writer.client.signIn(server.url, writer.email);
      } catch {
        return;
      }
      if (answer.status !== 200) throw new Error(`${writer.email} sign-in: ${answer.status} ${answer.text}`);
      writer.signedIn = true;
      writer.sessionKnown = true;
      writer.acknowledged++;
      continue;
    }
    if (writer.admin) {
      const ids = [...subjects.all.keys()];
      if (ids.length === 0) {
        await new Promise((done) => setTimeout(done, 20));
        continue;
      }
      const id = ids[Math.floor(random() * ids.length)];
      const answer = await attempt(writer, server, 'POST', `/api/v1/comments/${id}/${roll < 0.5 ? 'hide' : 'restore'}`);
      if (answer === null) return;
      if (answer.status !== 200 && answer.status !== 409) {
        throw new Error(`admin hide/restore ${id}: ${answer.status} ${answer.text}`);
      }
      writer.acknowledged += answer.status === 200 ? 1 : 0;
      continue;
    }
    const own = [...writer.comments.entries()].filter(([, comment]) => comment.pendingBody === undefined);
    if (roll < 0.12) {
      writer.sessionKnown = false;
      const ending = writer.client.cookies.get('infertrack_session');
      const answer = await attempt(writer, server, 'DELETE', '/api/v1/session');
      if (answer === null) return;
      if (answer.status !== 204) throw new Error(`${writer.email} sign-out: ${answer.status} ${answer.text}`);
      writer.signedIn = false;
      writer.sessionKnown = true;
      writer.ended.push(ending); // the cookie of an ended session must open nothing, after any restart
      writer.acknowledged++;
      continue;
    }
    if (roll < 0.25 && own.length > 0) {
      const [id, comment] = own[Math.floor(random() * own.length)];
      const body = `Edited ${++writer.sequence} by ${writer.name}: ${'e'.repeat(1 + (writer.sequence % 300))}`;
      comment.pendingBody = body;
      const answer = await attempt(writer, server, 'PATCH', `/api/v1/comments/${id}`, { body });
      if (answer === null) return;
      if (answer.status === 403 && answer.json?.error) {
        // Hidden by the admin meanwhile: an author cannot edit it.
        delete comment.pendingBody;
        continue;
      }
      if (answer.status !== 200) throw new Error(`edit ${id}: ${answer.status} ${answer.text}`);
      comment.body = body;
      delete comment.pendingBody;
      writer.acknowledged++;
      continue;
    }
    const parent = roll < 0.45 && own.length > 0 ? own[Math.floor(random() * own.length)] : null;
    const subject = parent ? parent[1].subject : `page`;
    const body = `Comment ${++writer.sequence} by ${writer.name}${parent ? ` replying to ${parent[0]}` : ''}: ` +
      'x'.repeat(1 + (writer.sequence * 37) % 2000);
    const request = { subject, body, ...(parent ? { parent_id: parent[0] } : {}) };
    const answer = await attempt(writer, server, 'POST', '/api/v1/comments', request);
    if (answer === null) return;
    if (answer.status === 400 && answer.json?.field === 'parent_id') continue; // the parent was hidden meanwhile
    if (answer.status !== 201) throw new Error(`post: ${answer.status} ${answer.text}`);
    const comment = { subject, parent: parent ? parent[0] : null, body };
    writer.comments.set(answer.json.id, comment);
    writer.acknowledged++;
    subjects.all.set(answer.json.id, comment);
  }
}

// The comments and the hide/restore audit of the database, read through a connection of its own.
function storedComments(db) {
  const rows = db.query('SELECT id, COALESCE(parent_id, 0), thread_id, depth, hidden, body FROM comments');
  const comments = new Map();
  for (const row of rows) {
    const [id, parent, thread, depth, hidden] = row.split('|', 5).map(Number);
    const body = row.split('|').slice(5).join('|');
    comments.set(id, { id, parent, thread, depth, hidden: hidden === 1, body });
  }
  const audit = new Map();
  for (const row of db.query("SELECT target, action FROM audit_log WHERE action IN ('hide_comment', " +
    "'restore_comment') ORDER BY id")) {
    const [target, action] = row.split('|');
    audit.set(Number(target.replace('comment:', '')), action);
  }
  return { comments, audit };
}

function checkComments(db, writers) {
  const problems = [];
  const { comments, audit } = storedComments(db);
  for (const comment of comments.values()) {
    if (comment.parent === 0 && (comment.thread !== comment.id || comment.depth !== 0)) {
      problems.push(`comment ${comment.id} starts a thread but names thread ${comment.thread}, depth ${comment.depth}`);
    }
    const parent = comments.get(comment.parent);
    if (comment.parent !== 0 && (!parent || comment.thread !== parent.thread || comment.depth !== parent.depth + 1)) {
      problems.push(`reply ${comment.id} has thread ${comment.thread}, depth ${comment.depth}, unlike its parent ` +
        `${comment.parent}`);
    }
    if (comment.hidden !== (audit.get(comment.id) === 'hide_comment')) {
      problems.push(`comment ${comment.id} is ${comment.hidden ? '' : 'not '}hidden, and its last moderation in ` +
        `the audit log is ${audit.get(comment.id) ?? 'none'}`);
    }
  }
  let checked = 0;
  for (const writer of writers) {
    for (const [id, expected] of writer.comments) {
      const stored = comments.get(id);
      checked++;
      if (!stored) {
        problems.push(`acknowledged comment ${id} of ${writer.email} is missing`);
      } else if (stored.body !== expected.body && stored.body !== expected.pendingBody) {
        problems.push(`comment ${id} holds ${JSON.stringify(stored.body.slice(0, 40))}, not its acknowledged body`);
      } else if ((expected.parent ?? 0) !== stored.parent) {
        problems.push(`comment ${id} has parent ${stored.parent}, expected ${expected.parent}`);
      } else {
        if (stored.body === expected.pendingBody) expected.body = expected.pendingBody;
        delete expected.pendingBody;
      }
    }
  }
  return { problems, checked };
}

async function checkSessions(server, writers) {
  const problems = [];
  for (const writer of writers) {
    if (writer.sessionKnown && writer.client.cookies.has('infertrack_session') !== writer.signedIn) {
      problems.push(`${writer.email}: the cookie jar disagrees with the acknowledged state`);
    }
    const me = await writer.client.me(server.url);
    if (writer.sessionKnown && me.signed_in !== writer.signedIn) {
      problems.push(`${writer.email}: ${me.signed_in ? 'signed in' : 'not signed in'} after the restart, though ` +
        `its last acknowledged ${writer.signedIn ? 'sign-in' : 'sign-out'} says otherwise`);
    }
    writer.signedIn = me.signed_in;
    writer.sessionKnown = true;
    for (const cookie of writer.ended) {
      const stale = new Client();
      stale.cookies.set('infertrack_session', cookie);
      if ((await stale.me(server.url)).signed_in) problems.push(`${writer.email}: a session signed out opens again`);
    }
    // Checked once: a cookie signed out stays so, and the list would grow with every round.
    writer.ended = [];
  }
  return problems;
}

async function crashEngine(engine) {
  const dir = mkdtempSync(join(workDir, `${engine}-`));
  const db = engine === 'sqlite' ? new SqliteDatabase(dir) : new PostgresDatabase('crash_server');
  const tally = { kills: 0, checked: 0, broken: 0, failures: [] };
  const writers = [];
  try {
    let server = await startServer(db.arg, 'first');
    // No limit may refuse the writes: the limits are not what is tested here.
    for (const [rule, window] of [['comment_per_user', 60], ['sign_up_per_address', 3600]]) {
      const set = cliSync(['limits', 'set', rule, '100000000', String(window), '--db', db.arg]);
      if (set.status !== 0) throw new Error(`limits set ${rule}: ${set.stderr}`);
    }
    for (let i = 0; i <= options.clients; i++) {
      const writer = new Writer(i, i === options.clients);
      const signedUp = await writer.client.signUp(server.url, writer.name, writer.email);
      if (signedUp.status !== 201) throw new Error(`sign-up ${writer.email}: ${signedUp.status} ${signedUp.text}`);
      writer.signedIn = true;
      writers.push(writer);
    }
    const promoted = cliSync(['user', 'set-admin', '--email', writers.at(-1).email, '--db', db.arg]);
    if (promoted.status !== 0) throw new Error(`user set-admin: ${promoted.stderr}`);
    const subjects = { all: new Map() };

    for (let round = 0; round < options.kills; round++) {
      const delay = KILL_AFTER_MS[0] + random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
      const killed = new Promise((done) => server.child.once('exit', (code, signal) => done(signal)));
      setTimeout(() => server.child.kill('SIGKILL'), delay);
      const writing = writers.map((writer) => write(writer, server, subjects));
      const signal = await killed;
      await Promise.all(writing);
      if (signal !== 'SIGKILL') throw new Error(`the server exited by itself (${signal}): ${server.stderr}`);
      tally.kills++;
      await db.settled();
      server = await startServer(db.arg, `after kill ${round}`);
      const problems = [...db.damage()];
      const comments = checkComments(db, writers);
      problems.push(...comments.problems);
      tally.checked += comments.checked;
      problems.push(...await checkSessions(server, writers));
      const health = await new Client().get(server.url, '/healthz');
      if (health.status !== 200) problems.push(`/healthz after the restart: ${health.status} ${health.text}`);
      const listed = await new Client().get(server.url, '/api/v1/comments?subject=page');
      if (listed.status !== 200) problems.push(`/api/v1/comments after the restart: ${listed.status}`);
      if (problems.length > 0) {
        tally.broken++;
        tally.failures.push(`${engine} kill ${round} (${delay.toFixed(0)} ms): ${problems.join('; ')}`);
        console.log(`BROKEN ${tally.failures.at(-1)}`);
      }
    }
    await server.stop();
  } finally {
    db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  const comments = writers.reduce((sum, writer) => sum + writer.comments.size, 0);
  const acknowledged = writers.reduce((sum, writer) => sum + writer.acknowledged, 0);
  console.log(`${engine}: kills ${tally.kills}: ${acknowledged} acknowledged writes, ${comments} comments checked ` +
    `after each kill (${tally.checked} checks), broken ${tally.broken}`);
  return tally;
}

let cluster = null;
let failed = 0;
const started = performance.now();
console.log(`crash_server: seed ${options.seed}, load average ${loadAverage()}`);
try {
  for (const engine of engines) {
    if (engine === 'postgresql') cluster = ensureCluster();
    failed += (await crashEngine(engine)).broken;
  }
} finally {
  cluster?.stop();
}
console.log(`crash_server: ${failed === 0 ? 'every' : `${failed} broken:`} database whole after every kill; ` +
  `${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`);
process.exit(failed === 0 ? 0 : 1);

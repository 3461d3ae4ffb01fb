// An ingest into a SQLite database on a small full file system (a tmpfs of its own) fails with exit code 1 and a
// message that names the full disk and the file, and leaves the database as it was (its content hash, counts and
// integrity), alone and beside a running server; the server still reads it. On the same file system remounted
// read-only, an ingest fails the same way, saying so, and `serve` either reads the database or says why it cannot.
// Mounting needs root (the test machines run the tests as root): without it the test fails, it never skips. The
// file system is unmounted at exit whatever happens.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, rmdirSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  EXE, SqliteDatabase, batchModel, cliSync, ingestArgs, startServer, writeBatch,
} from '../../bench/crash_support.mjs';

// Room for the bundled data and a first batch, not for the second.
const FILE_SYSTEM_SIZE = '24m';
const FIRST_BATCH_POINTS = 2_000;
const TOO_LARGE_BATCH_POINTS = 40_000;
const LEFT_FREE_BYTES = 1024 * 1024;

let mountPoint;
let inputs;
let mounted = false;
let db;

function unmount() {
  if (mounted) {
    // A lazy unmount as the fallback: a server killed midway may still hold a file for a moment.
    if (spawnSync('umount', [mountPoint]).status !== 0) spawnSync('umount', ['-l', mountPoint]);
    mounted = false;
  }
  if (mountPoint && existsSync(mountPoint)) rmdirSync(mountPoint);
}
process.once('exit', unmount);

function mount(...args) {
  const result = spawnSync('mount', args, { encoding: 'utf8' });
  assert.equal(result.status, 0, `mount ${args.join(' ')} failed (${result.stderr.trim() || result.error}): this ` +
    'test needs root to mount a small tmpfs; run it as root');
}

before(() => {
  assert.equal(process.getuid(), 0, 'this test mounts a small tmpfs, which needs root: run it as root');
  mountPoint = mkdtempSync(join(tmpdir(), 'infertrack-test-full-disk-'));
  inputs = mkdtempSync(join(tmpdir(), 'infertrack-test-full-disk-inputs-'));
  mount('-t', 'tmpfs', '-o', `size=${FILE_SYSTEM_SIZE},mode=0755`, 'tmpfs', mountPoint);
  mounted = true;
  db = new SqliteDatabase(mountPoint);
});

after(() => {
  unmount();
  if (inputs) rmSync(inputs, { recursive: true, force: true });
});

// What must not change: the stored content (sqlite3's hash of every table, not of the file's bytes: the header's
// change counter and journal mode flip with the ingest's journal switch), the counts and the data version.
function snapshot() {
  return { content: db.query('.sha3sum')[0], counts: db.counts() };
}

// Fills the file system up to LEFT_FREE_BYTES free.
function fill() {
  const { bavail, bsize } = statfsSync(mountPoint);
  const size = bavail * bsize - LEFT_FREE_BYTES;
  assert.ok(size > 0, `the tmpfs has only ${bavail * bsize} bytes free before filling`);
  const result = spawnSync('fallocate', ['-l', String(size), join(mountPoint, 'filler')], { encoding: 'utf8' });
  assert.equal(result.status, 0, `fallocate: ${result.stderr}`);
}

async function assertServed(expectedVersion, storedModel, absentModel, server = null) {
  const served = server ?? await startServer(db.arg, 'reader');
  try {
    const health = await fetch(`${served.url}/healthz`).then(async (r) => ({ status: r.status, json: await r.json() }));
    assert.equal(health.status, 200);
    assert.equal(health.json.data_version, expectedVersion);
    const stored = await fetch(`${served.url}/api/v1/points?model=${storedModel}&limit=1`);
    assert.equal(stored.status, 200, 'the server reads the points stored before');
    const absent = await fetch(`${served.url}/api/v1/points?model=${absentModel}&limit=1`);
    assert.equal(absent.status, 404, 'the server knows no point of the refused batch');
  } finally {
    if (!server) await served.stop();
  }
}

test('an ingest into a full file system fails with exit 1, names the full disk, and changes nothing', async () => {
  const first = writeBatch(inputs, 'csv', 1, FIRST_BATCH_POINTS);
  const loaded = cliSync(ingestArgs(db, first));
  assert.equal(loaded.status, 0, loaded.stderr);
  const large = writeBatch(inputs, 'csv', 2, TOO_LARGE_BATCH_POINTS);
  fill();

  // Alone, the ingest takes the file for itself with a rollback journal; beside a server it writes to the WAL.
  for (const beside of [false, true]) {
    const server = beside ? await startServer(db.arg, 'beside') : null;
    try {
      const before = snapshot();
      const refused = cliSync(ingestArgs(db, large));
      assert.equal(refused.status, 1, `exit code (${beside ? 'beside a server' : 'alone'}): ${refused.stderr}`);
      assert.match(refused.stderr, /disk holding the database is full/);
      assert.ok(refused.stderr.includes(db.path), `the message names the file: ${refused.stderr}`);
      assert.match(refused.stderr, /nothing was stored/);
      assert.deepEqual(db.damage(), []);
      assert.deepEqual(snapshot(), before, 'the database is as it was');
      assert.ok(!existsSync(`${db.path}-journal`), 'no journal is left to roll back');
      await assertServed(before.counts.version, batchModel('csv', 1), batchModel('csv', 2), server);
    } finally {
      await server?.stop();
    }
  }
  // With room again, the same ingest goes through: the failure left no lock or journal behind.
  rmSync(join(mountPoint, 'filler'));
  const before = db.counts();
  const stored = cliSync(ingestArgs(db, large));
  assert.equal(stored.status, 0, stored.stderr);
  assert.equal(db.counts().points, before.points + TOO_LARGE_BATCH_POINTS);
});

test('on read-only media an ingest fails with exit 1 saying so, and serve reads or says why it cannot', async () => {
  const before = snapshot();
  mount('-o', 'remount,ro', mountPoint);
  try {
    const batch = writeBatch(inputs, 'csv', 3, 100);
    const refused = cliSync(ingestArgs(db, batch));
    assert.equal(refused.status, 1, refused.stderr);
    assert.match(refused.stderr, /mounted read-only/);
    assert.ok(refused.stderr.includes(db.path), `the message names the file: ${refused.stderr}`);

    const serve = spawnSync(EXE, ['serve', '--db', db.arg, '--listen', '127.0.0.1:0', '--quiet'],
      { encoding: 'utf8', timeout: 20_000 });
    if (serve.status === null) {
      assert.fail('serve started on read-only media: this test expects it to say why it cannot (update the test)');
    }
    assert.equal(serve.status, 1, serve.stderr);
    assert.match(serve.stderr, /mounted read-only/);
    assert.ok(serve.stderr.includes(db.path), serve.stderr);
  } finally {
    mount('-o', 'remount,rw', mountPoint);
  }
  assert.deepEqual(snapshot(), before, 'the database is as it was');
  assert.deepEqual(db.damage(), []);
});

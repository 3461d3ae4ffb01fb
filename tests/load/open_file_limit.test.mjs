// The real `infertrack serve` under a low open-file limit (`ulimit -n`), flooded with more connections than it can
// hold: it must not crash or spin, must refuse (503) or hold back the excess, and must answer normally once they close.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { bundledDatabase, cpuSecondsOf, openFilesOf, rawExchange, sleep, startServer } from './support.mjs';

const REQUEST = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
// A server waiting on its connections or pausing between failed accepts uses next to no CPU; one spinning on accept
// would use a whole core.
const IDLE_CPU_SHARE = 0.1;

let database;

before(() => { database = bundledDatabase(); });
after(() => database?.remove());

// Opens `count` connections that each send a keep-alive /healthz request and stay open; resolves at once to the list
// of clients, each with the status of its answer once one comes (0 until then) and whether the server closed it.
function flood(port, count) {
  const clients = [];
  for (let i = 0; i < count; ++i) {
    const client = { status: 0, closed: false, text: '' };
    client.socket = net.connect({ host: '127.0.0.1', port }, () => client.socket.write(REQUEST));
    client.socket.on('data', (chunk) => {
      client.text += chunk.toString('latin1');
      client.status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(client.text)?.[1] ?? 0);
    });
    client.socket.on('error', () => {});
    client.socket.on('close', () => { client.closed = true; });
    clients.push(client);
  }
  return clients;
}

const count = (clients, predicate) => clients.filter(predicate).length;

// Waits until no client has got an answer or been closed for a second (at most 20 s): what the server does with the
// flood has then happened, however loaded the machine.
async function settle(clients) {
  const state = () => clients.map((c) => `${c.status}${c.closed}`).join();
  let last = state();
  let quietSince = Date.now();
  for (const deadline = Date.now() + 20_000; Date.now() < deadline && Date.now() - quietSince < 1_000;) {
    await sleep(100);
    if (state() !== last) {
      last = state();
      quietSince = Date.now();
    }
  }
}

// The server's CPU share over `ms` while nothing asks anything of it.
async function idleCpuShare(pid, ms) {
  const start = cpuSecondsOf(pid);
  await sleep(ms);
  return (cpuSecondsOf(pid) - start) / (ms / 1000);
}

async function closeAll(clients) {
  for (const client of clients) client.socket.destroy();
  await sleep(300);
}

test('with 64 descriptors it holds 32 connections and refuses the rest with 503, then serves again', async () => {
  const server = await startServer(database.db, { openFiles: 64 });
  try {
    assert.match(server.stdout, /open-file limit \(64\) leaves room for 32 connections/);
    const clients = flood(server.port, 300);
    await settle(clients);
    const served = count(clients, (c) => c.status === 200);
    const refused = count(clients, (c) => c.status === 503);
    assert.equal(served, 32, `${served} served`);
    assert.equal(refused, 300 - 32, `${refused} refused`);
    assert.ok(clients.every((c) => c.status !== 503 || (c.closed && c.text.includes('"overloaded"'))));
    assert.ok(openFilesOf(server.pid) <= 64);
    const share = await idleCpuShare(server.pid, 2_000);
    assert.ok(share < IDLE_CPU_SHARE, `the server used ${(share * 100).toFixed(0)}% of a core while holding them`);

    await closeAll(clients);
    const again = flood(server.port, 32);
    await settle(again);
    assert.equal(count(again, (c) => c.status === 200), 32, 'once the flood left, 32 new connections are all served');
    await closeAll(again);
    for (let i = 0; i < 20; ++i) {
      assert.equal((await rawExchange(server.port, REQUEST.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'))).status,
        200);
    }
    assert.ok(server.running(), server.stderr);
  } finally {
    assert.equal(await server.stop(), 0, `the server did not stop cleanly: ${server.stderr}`);
  }
});

test('with 20 descriptors accepting fails (EMFILE): the excess waits, without spinning, and is answered later', async () => {
  const server = await startServer(database.db, { openFiles: 20 });
  try {
    const flooded = Date.now();
    const clients = flood(server.port, 60);
    await settle(clients);
    const served = count(clients, (c) => c.status === 200);
    const waiting = count(clients, (c) => c.status === 0 && !c.closed);
    assert.ok(served >= 1 && served <= 10, `${served} served`);
    assert.ok(waiting > 0, 'no connection was held back: the limit was not reached');
    assert.match(server.stdout, /accept failed: Too many open files/);
    const share = await idleCpuShare(server.pid, 2_000);
    assert.ok(share < IDLE_CPU_SHARE, `the server used ${(share * 100).toFixed(0)}% of a core out of descriptors`);
    // A failed accept is retried after 100 ms, each logged once: not a flood of lines.
    const failures = server.stdout.split('\n').filter((line) => line.includes('accept failed')).length;
    const seconds = (Date.now() - flooded) / 1000;
    assert.ok(failures <= 11 * seconds, `${failures} accept failures logged in ${seconds} s`);

    // As the served connections close, the waiting ones are accepted and answered, each 200 or 503.
    for (const client of clients.filter((c) => c.status === 200)) client.socket.destroy();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && clients.some((c) => c.status === 0 && !c.closed)) {
      for (const client of clients.filter((c) => c.status === 200)) client.socket.destroy();
      await sleep(200);
    }
    assert.equal(count(clients, (c) => c.status === 0 && !c.closed), 0, 'connections left unanswered');
    assert.equal(count(clients, (c) => c.status !== 200 && c.status !== 503), 0);
    await closeAll(clients);
    assert.equal((await rawExchange(server.port, REQUEST.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'))).status,
      200);
    assert.ok(server.running(), server.stderr);
  } finally {
    assert.equal(await server.stop(), 0, `the server did not stop cleanly: ${server.stderr}`);
  }
});

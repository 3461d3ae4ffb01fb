// What the load and hostile-client checks share (tests/load/*.test.mjs and bench/slow_clients.mjs): the real
// `infertrack serve` on a free loopback port, optionally under a lower open-file limit, its memory and CPU time read
// from /proc, and a raw socket client for requests no well-behaved client sends.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { runCli, startServer as startInfertrack, temporaryDatabase } from '../support/server.mjs';

// A fresh directory with a database holding the bundled data (the first command on a new file loads it).
export function bundledDatabase() {
  const { db, remove } = temporaryDatabase('load');
  const result = runCli(db, ['presets'], { timeoutMs: 60_000 });
  assert.equal(result.status, 0, `creating ${db} failed: ${result.stderr}`);
  return { db, remove };
}

// Starts `infertrack serve --quiet` (tests/support/server.mjs) on `db` and a free loopback port, with `openFiles` as
// its open-file limit (soft and hard, as `ulimit -n` sets them) when given; resolves once it serves.
export function startServer(db, { openFiles, threads = 1, args = [] } = {}) {
  // exec keeps the pid: the limit is the server's own, not a wrapper's.
  const wrap = openFiles === undefined ? [] : ['bash', '-c', `ulimit -n ${openFiles} && exec "$@"`, 'serve'];
  return startInfertrack(db, { wrap, args: ['--quiet', '--threads', String(threads), ...args] });
}

// The resident memory of process `pid` now and at its peak, in MiB (VmRSS, VmHWM).
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)[1]);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

// The CPU time process `pid` has used, user and system, in seconds.
export function cpuSecondsOf(pid) {
  // Fields after the command name, which sits in parentheses and may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticksPerSecond = 100; // USER_HZ on Linux
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

// Open descriptors of process `pid`.
export function openFilesOf(pid) {
  return spawnSync('ls', [`/proc/${pid}/fd`], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).length;
}

// Sends `bytes` (a string or Buffer, or an array of them written one after the other) on a new connection to
// `port` and resolves to everything the server sent before closing: {text, status, closed, error}. `closed` is
// false when the server kept the connection open past `timeoutMs`.
export function rawExchange(port, bytes, { timeoutMs = 5_000, halfClose = false } = {}) {
  return new Promise((resolveExchange) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks = [];
    let done = false;
    const finish = (closed, error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3}) /.exec(text);
      resolveExchange({ text, status: match ? Number(match[1]) : 0, closed, error });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('connect', () => {
      for (const part of [bytes].flat()) socket.write(part);
      if (halfClose) socket.end();
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    // A reset after the answer came still leaves the answer to check.
    socket.on('error', (error) => finish(true, error.code));
  });
}

// Latencies in ms -> {count, p50, p99, max}.
export function percentiles(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

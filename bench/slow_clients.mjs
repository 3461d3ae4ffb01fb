// Slow clients against `infertrack serve` (docs/RELIABILITY.md, "Load and hostile clients"): serves a database on a
// free loopback port and measures normal clients (wrk on cached answers, bench/wrk/cached_answers.lua) first alone,
// then while SLOW_HEADERS connections send their request one byte per second and SLOW_READERS connections ask for a
// large answer and read it at READ_BYTES_PER_S. A slow client the server drops is replaced at once, so the pressure
// holds for the whole run. Samples the server's VmRSS every 200 ms and prints normal clients' p50/p99 with and
// without the slow ones, how long the server held each kind of slow client, and its VmHWM. Fails (exit 1) when a
// normal request failed, their p99 with slow clients reached P99_LIMIT_MS, VmHWM reached MEMORY_LIMIT_MIB, or the
// server stopped answering. Stops the server and every socket at the end, whatever happens.
//
// Usage: node bench/slow_clients.mjs                     (from the source tree, after building `infertrack`)
// Environment, all optional:
//   SLOW_HEADERS=500 SLOW_READERS=500 DURATION_S=60 BASELINE_S=10   the slow clients and how long they press
//   READ_BYTES_PER_S=1024                       how fast a slow reader reads
//   LARGE_PATH=/api/v1/openapi.json             what slow readers ask for, without gzip (the bundled data's largest answer)
//   NORMAL_CONNECTIONS=8 THINK_MS=5             wrk's normal clients: connections, pause between requests
//   NORMAL_PATHS="/api/v1/interpolate?... /"    what they ask for, in turn (separated by spaces; all cached)
//   MODEL=DeepSeek-V4-Pro                       the model the default paths name
//   SERVER_THREADS=2 DB=path                    infertrack serve --threads, the database (default: bundled data)
//   P99_LIMIT_MS=50 MEMORY_LIMIT_MIB=50         the pass marks
//   INFERTRACK_EXE                              the binary (default: build/infertrack)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledDatabase, cpuSecondsOf, memoryOf, percentiles, sleep, startServer } from '../tests/load/support.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const env = (name, fallback) => process.env[name] ?? fallback;
const slowHeaders = Number(env('SLOW_HEADERS', 500));
const slowReaders = Number(env('SLOW_READERS', 500));
const durationS = Number(env('DURATION_S', 60));
const baselineS = Number(env('BASELINE_S', 10));
const readBytesPerS = Number(env('READ_BYTES_PER_S', 1024));
const model = env('MODEL', 'DeepSeek-V4-Pro');
const largePath = env('LARGE_PATH', '/api/v1/openapi.json');
const normalConnections = Number(env('NORMAL_CONNECTIONS', 8));
const thinkMs = Number(env('THINK_MS', 5));
const serverThreads = Number(env('SERVER_THREADS', 2));
const p99LimitMs = Number(env('P99_LIMIT_MS', 50));
const memoryLimitMiB = Number(env('MEMORY_LIMIT_MIB', 50));
const normalPaths = env('NORMAL_PATHS', `/api/v1/interpolate?model=${model}&at=100 /api/v1/headlines ` +
  `/api/v1/frontier?model=${model} /`).split(' ');

const failures = [];
const fail = (message) => {
  failures.push(message);
  console.log(`FAIL: ${message}`);
};

// Runs wrk's normal clients for `seconds`; resolves to {requests, rps, p50, p99, errors} (latencies in ms).
function normalClients(base, seconds) {
  return new Promise((resolveRun, reject) => {
    const args = ['-t1', `-c${normalConnections}`, `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: gzip',
      '-s', join(HERE, 'wrk', 'cached_answers.lua'), base];
    const wrk = spawn('wrk', args, {
      env: { ...process.env, PATHS: normalPaths.join(' '), THINK_MS: String(thinkMs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    wrk.stdout.on('data', (chunk) => { out += chunk; });
    wrk.on('error', reject);
    wrk.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}: ${out}`));
      const ms = (text) => {
        const [, number, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text);
        return Number(number) * { us: 0.001, ms: 1, s: 1000, m: 60000 }[unit];
      };
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
      resolveRun({
        requests: Number(/(\d+) requests in/.exec(out)[1]),
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]),
        p50: Number(ms(/^\s+50%\s+(\S+)/m.exec(out)[1]).toFixed(2)),
        p99: Number(ms(/^\s+99%\s+(\S+)/m.exec(out)[1]).toFixed(2)),
        errors: (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) + (non2xx ? Number(non2xx[1]) : 0),
      });
    });
  });
}

// Keeps `count` connections that each send `request` one byte per second; a connection the server closes is
// replaced. Records how long the server held each one.
function slowHeaderClients(port, count, request, stats) {
  const sockets = new Set();
  let stopped = false;
  const open = () => {
    if (stopped) return;
    const socket = net.connect({ host: '127.0.0.1', port });
    const opened = Date.now();
    let sent = 0;
    let timer;
    sockets.add(socket);
    socket.on('connect', () => {
      timer = setInterval(() => {
        if (sent < request.length) socket.write(request[sent++]);
      }, 1000);
    });
    socket.on('data', (chunk) => { stats.answered += /^HTTP\/1\.1 /.test(chunk.toString('latin1')) ? 1 : 0; });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
      if (stopped) return;
      stats.held.push((Date.now() - opened) / 1000);
      stats.bytesSent += sent;
      open();
    });
  };
  for (let i = 0; i < count; ++i) open();
  return () => {
    stopped = true;
    for (const socket of sockets) socket.destroy();
  };
}

// Keeps `count` connections that each ask for `path` without gzip and read the answer at `bytesPerS`; when an answer
// ends or the server closes, the connection is replaced. Records bytes read and how long each was held.
function slowReaderClients(port, count, path, bytesPerS, stats) {
  const sockets = new Set();
  let stopped = false;
  const open = () => {
    if (stopped) return;
    const socket = net.connect({ host: '127.0.0.1', port });
    const opened = Date.now();
    let got = 0;
    let timer;
    sockets.add(socket);
    socket.pause();
    socket.on('connect', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      const perTick = Math.max(1, Math.round(bytesPerS / 10));
      timer = setInterval(() => {
        const chunk = socket.read(Math.min(perTick, socket.readableLength)) ?? socket.read();
        if (chunk) got += chunk.length;
      }, 100);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
      if (stopped) return;
      stats.held.push((Date.now() - opened) / 1000);
      stats.bytesRead += got;
      open();
    });
  };
  for (let i = 0; i < count; ++i) open();
  return () => {
    stopped = true;
    for (const socket of sockets) socket.destroy();
  };
}

async function fetchStatus(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return error.name;
  }
}

const database = env('DB', '') ? { db: env('DB', ''), remove() {} } : bundledDatabase();
const server = await startServer(database.db, { threads: serverThreads });
let stopHeaders = () => {};
let stopReaders = () => {};
const cleanup = async () => {
  stopHeaders();
  stopReaders();
  await server.stop();
  database.remove();
};
process.on('SIGINT', () => cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => cleanup().then(() => process.exit(143)));

try {
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`server ${server.url}, ${serverThreads} thread(s); load average ${load()}`);
  for (const path of [...normalPaths, largePath]) {
    const response = await fetch(server.url + path);
    const bytes = (await response.arrayBuffer()).byteLength;
    console.log(`  warm-up ${response.status} ${bytes} bytes  ${path}`);
    if (response.status !== 200) fail(`warm-up ${path} answered ${response.status}`);
  }
  console.log(`after warm-up: VmRSS ${memoryOf(server.pid).rss.toFixed(1)} MiB`);

  const alone = await normalClients(server.url, baselineS);
  console.log(`normal clients alone (${baselineS} s, ${normalConnections} connections, think ${thinkMs} ms): ` +
    `${alone.rps} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms, errors ${alone.errors}`);

  const headerStats = { held: [], bytesSent: 0, answered: 0 };
  const readerStats = { held: [], bytesRead: 0 };
  const cpuBefore = cpuSecondsOf(server.pid);
  let peakRss = 0;
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, memoryOf(server.pid).rss); }, 200);
  const dripped = 'GET /api/v1/headlines HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n' +
    'X-Drip: '.padEnd(4096, 'd') + '\r\n\r\n';
  stopHeaders = slowHeaderClients(server.port, slowHeaders, dripped, headerStats);
  stopReaders = slowReaderClients(server.port, slowReaders, largePath, readBytesPerS, readerStats);
  // Let every slow client connect and the readers fill their buffers before measuring.
  await sleep(2_000);
  const pressed = await normalClients(server.url, durationS);
  clearInterval(sampler);
  const memory = memoryOf(server.pid);
  const cpu = cpuSecondsOf(server.pid) - cpuBefore;
  console.log(`normal clients with ${slowHeaders} slow senders and ${slowReaders} slow readers (${durationS} s): ` +
    `${pressed.rps} req/s, p50 ${pressed.p50} ms, p99 ${pressed.p99} ms, errors ${pressed.errors}`);
  const held = (stats) => {
    const p = percentiles(stats.held);
    return `${p.count} closed by the server, held p50 ${p.p50?.toFixed(1)} s, max ${p.max?.toFixed(1)} s`;
  };
  console.log(`slow senders: ${held(headerStats)}, ${headerStats.answered} answered`);
  console.log(`slow readers: ${held(readerStats)}, ${readerStats.bytesRead} bytes read in all`);
  console.log(`server: VmRSS peak ${peakRss.toFixed(1)} MiB, VmHWM ${memory.hwm.toFixed(1)} MiB, ` +
    `CPU ${cpu.toFixed(1)} s over ${durationS + 2} s; load average ${load()}`);

  stopHeaders();
  stopReaders();
  await sleep(500);
  const after = await fetchStatus(server.url + '/healthz');
  console.log(`after the slow clients left: /healthz ${after}`);

  if (alone.errors > 0) fail(`${alone.errors} normal request(s) failed without slow clients`);
  if (pressed.errors > 0) fail(`${pressed.errors} normal request(s) failed with slow clients`);
  if (!(pressed.p99 < p99LimitMs)) fail(`normal p99 with slow clients ${pressed.p99} ms is not under ${p99LimitMs} ms`);
  if (!(memory.hwm < memoryLimitMiB)) fail(`VmHWM ${memory.hwm.toFixed(1)} MiB is not under ${memoryLimitMiB} MiB`);
  if (slowHeaders > 0 && headerStats.answered > 0) fail(`${headerStats.answered} dripped request(s) were answered`);
  if (after !== 200) fail(`/healthz after the slow clients answered ${after}`);
  if (!server.running()) fail('the server died');
} catch (error) {
  fail(error.stack ?? String(error));
} finally {
  await cleanup();
}
console.log(failures.length === 0 ? 'slow_clients: ok' : `slow_clients: ${failures.length} failure(s)`);
process.exit(failures.length === 0 ? 0 : 1);

// The server's memory across one browser visit of the tracker page (docs/BENCHMARKS.md, "HTTP server"):
// starts `infertrack serve` on a database, opens `/` in headless Debian Chromium, waits until the chart,
// the points table and the history are drawn, and prints the API requests made and VmRSS/VmHWM.
// Usage: node bench/page_visit_memory.mjs INFERTRACK_EXE DB [all]   ("all" then asks for every run date)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
const [exe, db, mode] = process.argv.slice(2);
const child = spawn(exe, ['serve', '--db', db, '--listen', '127.0.0.1:0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
const url = await new Promise((resolve) => {
  let out = '';
  child.stdout.on('data', (c) => { out += c; const m = /serving (http:\/\/[^\s/]+)\//.exec(out); if (m) resolve(m[1]); });
});
const mem = (what) => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const get = (k) => (Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)[1]) / 1024).toFixed(1);
  console.log(`${what.padEnd(40)} VmRSS ${get('VmRSS')} MiB  VmHWM ${get('VmHWM')} MiB`);
};
mem('started');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
const requests = [];
page.on('response', async (r) => { if (r.url().includes('/api/')) { requests.push(r.url().replace(url, '')); } });
const t0 = Date.now();
await page.goto(url + '/');
await page.waitForSelector('#chart-canvas[data-state="ready"]', { timeout: 120000 });
await page.waitForSelector('#points-table[data-state="ready"]', { timeout: 120000 });
await page.waitForSelector('#history-canvas[data-state="ready"]', { timeout: 120000 });
console.log(`ready in ${Date.now() - t0} ms; API requests: ${requests.length}`);
for (const r of requests.slice(0, 8)) console.log('  ' + r.slice(0, 120));
mem('after a visit of / (page ready)');
if (mode === 'all') {
  await page.selectOption('#c-runs', 'all');
  await page.waitForSelector('#chart-canvas[data-state="ready"]', { timeout: 300000 });
  await page.waitForFunction(() => document.querySelector('#chart-canvas').dataset.state === 'ready', null, { timeout: 300000 });
  console.log(`every run date: ${await page.locator('#chart-canvas').getAttribute('data-curves')} curves, ${requests.length} API requests`);
  mem('after "every run date"');
}
await browser.close();
child.kill('SIGTERM');

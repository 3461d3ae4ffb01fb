// First contentful paint of pages in headless Debian Chromium (docs/BENCHMARKS.md, "The tracker page in
// headless Chromium"): loads each URL N times, interleaved with a nearly empty page served here for
// comparison, each load in a fresh browser context as a first visit, and prints median, best and p90.
// Usage: N=30 node bench/page_fcp.mjs URL [URL...]      (e.g. an `infertrack serve` on the bundled data)
import http from 'node:http';
import { chromium } from 'playwright-core';

const loads = Number(process.env.N || 30);
const empty = http.createServer((request, response) => {
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>empty</title></head>' +
    '<body><p>A nearly empty page.</p></body></html>');
});
await new Promise((resolve) => empty.listen(0, '127.0.0.1', resolve));
const urls = [...process.argv.slice(2), `http://127.0.0.1:${empty.address().port}/`];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu'] });
const paints = urls.map(() => []);
for (let i = 0; i < loads; i++) {
  for (let u = 0; u < urls.length; u++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(urls[u], { waitUntil: 'load' });
    paints[u].push(await page.evaluate(() => new Promise((resolve) => {
      const done = () => {
        const entry = performance.getEntriesByName('first-contentful-paint')[0];
        if (entry) resolve(entry.startTime); else requestAnimationFrame(done);
      };
      done();
    })));
    await context.close();
  }
}
for (let u = 0; u < urls.length; u++) {
  const sorted = [...paints[u]].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))].toFixed(0);
  console.log(`${urls[u]}  ${loads} loads: median ${at(0.5)} ms, best ${at(0)} ms, p90 ${at(0.9)} ms`);
}
await browser.close();
empty.close();

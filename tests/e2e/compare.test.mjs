// The compare page draws both runs' curves and its table says what the API says; the embedded chart renders alone.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { launchBrowser, newPage, startServer } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const A = 'DeepSeek-V4-Pro mi355x sglang fp4 none agg 8192/1024 2026-05-02';
const B = 'DeepSeek-V4-Pro mi355x sglang fp4';

test('the compare page draws both curves and its table matches the API', async () => {
  const page = await newPage(browser);
  const query = new URLSearchParams({ a: A, b: B, at: '20', gpus_per_rack: 'mi355x=8' });
  await page.goto(`${server.url}/compare?${query}`);
  await page.waitForSelector('#compare-chart[data-state="ready"]');
  const answer = await server.api(`/api/v1/compare?${query}`);
  assert.equal(await page.getAttribute('#compare-chart', 'data-curves'), '2');
  const points = answer.a.curve.points.length + answer.b.curve.points.length;
  assert.equal(await page.getAttribute('#compare-chart', 'data-points'), String(points));
  assert.equal(await page.locator('#compare-chart canvas').count() > 0, true);
  assert.equal(await page.locator('#compare-legend li').count(), 2);

  // One row for the target, then one per shared target, each with the API's values and ratio.
  const rows = page.locator('#compare-table tbody tr');
  const values = [answer.at_target, ...answer.targets];
  assert.equal(await rows.count(), values.length);
  const fmt = (v) => new Intl.NumberFormat('en-US', { maximumFractionDigits: v >= 100 ? 0 : 1,
    minimumFractionDigits: v >= 100 ? 0 : 1 }).format(v);
  for (let i = 0; i < values.length; i++) {
    const row = rows.nth(i);
    assert.equal(await row.getAttribute('data-target'), String(values[i].target));
    assert.equal(await row.getAttribute('data-ratio-bound'), values[i].ratio_bound);
    const cells = await row.locator('td').allTextContents();
    for (const [index, side] of [[0, 'a'], [1, 'b']]) {
      const value = values[i][side];
      if (value.tps_per_gpu !== null) assert.match(cells[index], new RegExp(fmt(value.tps_per_gpu).replace('.', '\\.')));
    }
    if (values[i].ratio !== null) {
      assert.equal(cells[2], `${values[i].ratio.toFixed(2)}×`.replace(/^/, values[i].ratio_bound === 'at_least' ? '≥ ' : ''));
    }
  }

  // The PNG of the chart.
  await page.waitForSelector('#compare-png:not([disabled])');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#compare-png')]);
  assert.match(download.suggestedFilename(), /^infertrack-compare-.*\.png$/);
  const png = await readFile(await download.path());
  assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the embedded chart renders alone, and only it may be framed', async () => {
  const page = await newPage(browser);
  const response = await page.goto(`${server.url}/embed/chart?v=1&model=DeepSeek-V4-Pro&hardware=mi355x`);
  assert.match(response.headers()['content-security-policy'], /frame-ancestors \*/);
  await page.waitForSelector('#embed-chart[data-state="ready"]');
  const frontier = await server.api('/api/v1/frontier?model=DeepSeek-V4-Pro&hardware=mi355x&x=auto&metric=total');
  assert.equal(await page.getAttribute('#embed-chart', 'data-curves'), String(frontier.curves.length));
  assert.equal(await page.locator('#embed-chart canvas').count() > 0, true);
  for (const chrome of ['header', 'nav', 'footer', '#comments', '#planner', '#history', 'form']) {
    assert.equal(await page.locator(chrome).count(), 0, chrome);
  }
  assert.deepEqual(page.problems, []);

  // Framed by a page of another origin: the embed loads inside it; the tracker page is refused.
  const host = createServer((request, reply) => {
    reply.writeHead(200, { 'Content-Type': 'text/html' });
    reply.end(`<iframe id="e" src="${server.url}/embed/chart?model=DeepSeek-V4-Pro"></iframe>` +
      `<iframe id="t" src="${server.url}/"></iframe>`);
  });
  await new Promise((listening) => host.listen(0, '127.0.0.1', listening));
  try {
    await page.goto(`http://127.0.0.1:${host.address().port}/`);
    let embedded;
    for (let tries = 0; !embedded && tries < 100; tries++) {
      embedded = page.frames().find((f) => f.url().includes('/embed/chart'));
      if (!embedded) await page.waitForTimeout(100);
    }
    await embedded.waitForSelector('#embed-chart[data-state="ready"]', { state: 'attached' });
    const tracker = page.frames().find((f) => f.url() === `${server.url}/`);
    assert.equal(tracker ? await tracker.locator('#chart').count().catch(() => 0) : 0, 0);
  } finally {
    host.close();
  }
  await page.context().close();
});

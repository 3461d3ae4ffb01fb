// The points table on a model with more points than one API page: the page never asks for every point
// at once, lists the first page, and fetches the next one when asked; the exports follow what is listed.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, newPage, startServer } from './harness.mjs';

const PAGE_LIMIT = 1000; // the API's largest (and default) page
const MODEL = 'Paging-Model';
const DATES = ['2026-05-01', '2026-05-08', '2026-05-15', '2026-05-22', '2026-05-29', '2026-06-05',
  '2026-06-12', '2026-06-19', '2026-06-26', '2026-07-03', '2026-07-10'];
const CONCURRENCIES = 50;
const HARDWARE = ['gb200', 'mi355x'];
const TOTAL = DATES.length * CONCURRENCIES * HARDWARE.length; // 1,100
const WIDE_MODEL = 'Wide-Model';
const WIDE_HARDWARE = 30;
const WIDE_DATES = ['2026-06-01', '2026-07-01'];
const MANY_MODEL = 'Many-Model';
const MANY_CONFIGURATIONS = 60; // more than one page of the history API (50)
const HISTORY_PAGE = 50;
const RUN_DATES_DRAWN = 8; // web/static/tracker/chart.js: MAX_RUN_DATES_DRAWN
const CURVES_DRAWN = 40; // web/static/tracker/chart.js: MAX_CURVES_DRAWN

let server;
let browser;
let dir;
before(async () => {
  server = await startServer();
  dir = mkdtempSync(join(tmpdir(), 'infertrack-paging-'));
  const header = 'result_id,model,hardware,framework,precision,spec_method,disaggregated,date,isl,osl,concurrency,' +
    'total_allocated_gpus,prefill_gpus,decode_gpus,tp,ep,tput_per_gpu,input_tput_per_gpu,output_tput_per_gpu,' +
    'interactivity,interactivity_basis,source_url,notes';
  const lines = [header];
  let id = 0;
  for (const hardware of HARDWARE) {
    DATES.forEach((date, d) => {
      for (let c = 1; c <= CONCURRENCIES; c++) {
        const speed = 1 + d / 10;
        const total = 100 * c * speed;
        lines.push([`paging-${id++}`, MODEL, hardware, 'vllm', 'fp4', 'none', 'false', date, '', '', c, 8, '', '', 8, '',
          total, total * 0.9, total * 0.1, (1000 / c) * speed, 'p90_itl', 'https://example.org/run', ''].join(','));
      }
    });
  }
  // Many configurations on two dates: more curves than the chart draws for "every run date".
  for (let g = 0; g < WIDE_HARDWARE; g++) {
    WIDE_DATES.forEach((date, d) => {
      for (let c = 1; c <= 3; c++) {
        const total = 100 * c * (1 + d + g / 100);
        lines.push([`wide-${id++}`, WIDE_MODEL, `gpu${g}`, 'vllm', 'fp8', 'none', 'false', date, '', '', c, 8, '', '', 8,
          '', total, total * 0.9, total * 0.1, 500 / c, 'p90_itl', '', ''].join(','));
      }
    });
  }
  // More configurations than one history page holds.
  for (let g = 0; g < MANY_CONFIGURATIONS; g++) {
    for (let c = 1; c <= 2; c++) {
      const total = 50 * c * (1 + g / 100);
      lines.push([`many-${id++}`, MANY_MODEL, `acc${g}`, 'sglang', 'fp8', 'none', 'false', '2026-06-01', '', '', c, 8, '',
        '', 8, '', total, total * 0.9, total * 0.1, 200 / c, 'p90_itl', '', ''].join(','));
    }
  }
  const csv = join(dir, 'paging.csv');
  writeFileSync(csv, lines.join('\n') + '\n');
  server.cli('ingest', csv);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('every run date lists one page of points, and the next on request', async () => {
  const page = await newPage(browser);
  const listings = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/api/v1/points') listings.push((await response.json()).points.length);
  });
  await page.goto(`${server.url}/?model=${MODEL}&runs=all`);
  // No published cost for every hardware here: the planner may answer with an error, which is not this test's.
  await page.waitForSelector('#chart-canvas[data-state="ready"]');
  await page.waitForSelector('#points-table[data-state="ready"]');
  const table = page.locator('#points-table');
  assert.equal(await table.getAttribute('data-count'), String(PAGE_LIMIT));
  assert.equal(await page.locator('#points-more').isVisible(), true);

  await page.click('#points-more');
  await page.waitForFunction((n) => document.querySelector('#points-table').dataset.count === String(n), TOTAL);
  assert.equal(await page.locator('#points-table tbody tr').count(), TOTAL);
  assert.equal(await page.locator('#points-more').isVisible(), false);
  assert.ok(listings.every((n) => n <= PAGE_LIMIT), `pages of ${listings.join(', ')} points`);

  // The CSV holds what is listed, in the API's order across both pages.
  const first = await server.api(`/api/v1/points?model=${MODEL}`);
  const second = await server.api(`/api/v1/points?model=${MODEL}&after=${encodeURIComponent(first.next)}`);
  assert.equal(second.next, null);
  const expected = [...first.points, ...second.points].map((p) => p.result_id);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  const ids = readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n').slice(1).map((l) => l.split(',')[0]);
  assert.deepEqual(ids, expected);

  // Back to the latest runs: one run per configuration, no further page.
  await page.selectOption('#c-runs', 'latest');
  await page.waitForFunction((n) => document.querySelector('#points-table').dataset.count === String(n),
    HARDWARE.length * CONCURRENCIES);
  assert.equal(await page.locator('#points-more').isVisible(), false);
  assert.deepEqual(page.problems.filter((text) => !text.includes('the server responded with a status of 400')), []);
  await page.context().close();
});

test('every run date draws the newest runs only, and says what it left out', async () => {
  const page = await newPage(browser);
  const frontierDates = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/frontier') frontierDates.push(url.searchParams.get('date'));
  });
  await page.goto(`${server.url}/?model=${MODEL}&runs=all`);
  await page.waitForSelector('#chart-canvas[data-state="ready"]');
  // Eleven run dates, two configurations each: the eight latest dates are asked for and drawn.
  const newest = [...DATES].reverse().slice(0, RUN_DATES_DRAWN);
  assert.deepEqual([...frontierDates].sort(), [...newest].sort());
  assert.equal(await page.locator('#chart-canvas').getAttribute('data-curves'), String(RUN_DATES_DRAWN * HARDWARE.length));
  assert.match(await page.locator('#chart-status').textContent(),
    new RegExp(`the ${RUN_DATES_DRAWN} latest of ${DATES.length} run dates`));

  // Thirty configurations on two dates: sixty curves, of which the forty newest are drawn.
  await page.goto(`${server.url}/?model=${WIDE_MODEL}&runs=all`);
  await page.waitForSelector('#chart-canvas[data-state="ready"]');
  assert.equal(await page.locator('#chart-canvas').getAttribute('data-curves'), String(CURVES_DRAWN));
  const status = await page.locator('#chart-status').textContent();
  assert.match(status, new RegExp(`the newest ${CURVES_DRAWN} of their ${WIDE_HARDWARE * WIDE_DATES.length} curves`));
  assert.doesNotMatch(status, /latest of/);
  // Every configuration of the newer date is among them.
  const legend = await page.locator('#chart-legend li').allTextContents();
  assert.equal(legend.filter((text) => text.includes(WIDE_DATES[1])).length, WIDE_HARDWARE);

  // The latest runs only: nothing left out.
  await page.selectOption('#c-runs', 'latest');
  await page.waitForFunction((n) => document.querySelector('#chart-canvas').dataset.curves === String(n), WIDE_HARDWARE);
  assert.doesNotMatch(await page.locator('#chart-status').textContent(), /Drawn:/);
  assert.deepEqual(page.problems.filter((text) => !text.includes('the server responded with a status of 400')), []);
  await page.context().close();
});

test('the history chart gathers every page of configurations the API answers', async () => {
  const page = await newPage(browser);
  const offsets = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/history') offsets.push(url.searchParams.get('offset'));
  });
  await page.goto(`${server.url}/?model=${MANY_MODEL}`);
  await page.waitForSelector('#history-canvas[data-state="ready"]');
  assert.deepEqual(offsets, [null, String(HISTORY_PAGE)]);
  assert.equal(await page.locator('#history-canvas').getAttribute('data-series'), String(MANY_CONFIGURATIONS));
  assert.equal(await page.locator('#history-legend li').count(), MANY_CONFIGURATIONS);
  const answer = await server.api(`/api/v1/history?model=${MANY_MODEL}&limit=1000`);
  const shown = await page.$$eval('#history-table tbody tr', (rows) => rows.map((row) => row.dataset.configuration));
  assert.deepEqual([...new Set(shown)], answer.rows.map((row) => row.configuration));
  assert.deepEqual(page.problems.filter((text) => !text.includes('the server responded with a status of 400')), []);
  await page.context().close();
});

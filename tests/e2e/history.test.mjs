// The performance-over-time chart in a real browser against the real server: one line per configuration
// of the history API's answer, and a new target refetches and shows the values the API gives for it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, newPage, screenshotPath, startServer, waitForApp } from './harness.mjs';

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

// The values the table shows, by configuration and run date ('' for a gap).
async function shownValues(page) {
  return page.$$eval('#history-table tbody tr', (rows) => rows.map((row) =>
    [row.dataset.configuration, row.dataset.date, row.querySelector('[data-value]').dataset.value]));
}

function apiValues(answer) {
  return answer.rows.flatMap((row) => row.points.map((p) =>
    [row.configuration, p.date, p.value.tps_per_gpu === null ? '' : String(p.value.tps_per_gpu)]));
}

async function historyAt(model, at) {
  return server.api(`/api/v1/history?model=${encodeURIComponent(model)}&at=${at}&x=auto&metric=total`);
}

test('the history chart draws one line per configuration the API answers', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  await waitForApp(page);
  await page.waitForSelector('#history-canvas[data-state="ready"]');
  const model = await page.inputValue('#f-model');
  const at = await page.inputValue('#h-at');
  const answer = await historyAt(model, at);
  assert.ok(answer.rows.length > 1);
  const canvas = page.locator('#history-canvas');
  assert.equal(await canvas.getAttribute('data-series'), String(answer.rows.length));
  assert.equal(await page.locator('#history-canvas canvas').count(), 1);
  assert.equal(await page.locator('#history-legend li').count(), answer.rows.length);
  assert.deepEqual(await shownValues(page), apiValues(answer));
  // The x axis leaves room beside the first and last run days, so that no marker is cut in half by the frame.
  const days = answer.rows.flatMap((row) => row.points.map((p) => p.days_since_launch));
  const [left, right] = (await canvas.getAttribute('data-days')).split(',').map(Number);
  assert.ok(left < Math.min(...days) && right > Math.max(...days), `${left},${right} around ${days}`);

  // The MI355X launch run (fp8, fastest point 2.43 tok/s/user) is a gap with its reason, never a zero.
  const gap = page.locator('#history-table tr[data-date="2026-04-25"]');
  assert.match(await gap.textContent(), /gap.*above the fastest measured interactivity 2\.43/);

  // Hovering the first day shows every run of that day with its value or the reason for the gap.
  await page.locator('#history-canvas').scrollIntoViewIfNeeded();
  const over = await page.locator('#history-canvas .u-over').boundingBox();
  await page.mouse.move(over.x + 1, over.y + over.height / 2);
  const tooltip = page.locator('#history-tooltip');
  await tooltip.waitFor({ state: 'visible' });
  assert.match(await tooltip.textContent(), /Day 1.*gap: target .* above the fastest measured interactivity 2\.43/s);
  // Values that are only lower bounds are counted in the status and drawn hollow (a series of their own).
  const lowerBounds = answer.rows.flatMap((row) => row.points).filter((p) => p.value.state === 'clamped_low').length;
  assert.ok(lowerBounds > 0);
  assert.match(await page.textContent('#history-status'),
    new RegExp(`; ${lowerBounds} hollow markers? for values that are only lower bounds`));
  // The keyboard reaches the same: focus, then the arrow keys step through the run days.
  await page.mouse.move(0, 0);
  await tooltip.waitFor({ state: 'hidden' });
  await page.focus('#history-canvas');
  await page.keyboard.press('ArrowRight');
  await tooltip.waitFor({ state: 'visible' });
  assert.match(await tooltip.textContent(), /^Day 1\D/);
  await page.keyboard.press('ArrowRight');
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  await page.waitForFunction((day) => document.getElementById('history-tooltip').textContent.startsWith(`Day ${day}`),
    sorted[1]);
  await page.keyboard.press('Escape');
  await tooltip.waitFor({ state: 'hidden' });
  await page.screenshot({ path: screenshotPath('history-chart.png'), fullPage: false });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('moving the target refetches and shows the values the API gives for it', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  await waitForApp(page);
  await page.waitForSelector('#history-canvas[data-state="ready"]');
  const model = await page.inputValue('#f-model');
  const before = await shownValues(page);

  await page.fill('#h-at', '5');
  await page.waitForFunction(() => /at 5 tok\/s\/user/.test(document.querySelector('#history-status').textContent)
    && document.querySelector('#history-canvas').dataset.state === 'ready');
  const answer = await historyAt(model, 5);
  const after5 = await shownValues(page);
  assert.deepEqual(after5, apiValues(answer));
  assert.notDeepEqual(after5, before);
  // At 5 tok/s/user the MI355X fp4 runs rise date by date.
  const fp4 = answer.rows.find((r) => r.hardware === 'mi355x' && r.precision === 'fp4');
  const values = fp4.points.map((p) => p.value.tps_per_gpu);
  assert.deepEqual(values, [...values].sort((a, b) => a - b));
  assert.match(page.url(), /history_at=5/); // the share link keeps the target

  // A target no run reaches: no empty frame without a y axis, but words for it; the table keeps each gap.
  await page.fill('#h-at', '100000');
  await page.waitForFunction(() => /no line to draw/.test(document.querySelector('#history-status').textContent));
  assert.equal(await page.locator('#history-canvas canvas').count(), 0);
  assert.ok(await page.locator('#history-table tbody tr').count() > 0);

  // A target that is not one clears the last target's table, rather than leaving its values under the refusal.
  await page.fill('#h-at', '0');
  await page.waitForSelector('#history-canvas[data-state="invalid"]');
  assert.equal(await page.locator('#history-table tbody tr').count(), 0);
  assert.equal(await page.textContent('#history-status'), 'The target must be a positive number of tok/s/user.');
  // A small target is said as given, not rounded to 0.0.
  await page.fill('#h-at', '0.04');
  await page.waitForFunction(() => /configurations? at 0\.04 tok\/s\/user/.test(
    document.querySelector('#history-status').textContent));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The MI355X story across precisions: with one line across precisions, the fp8 launch run and the fp4 runs after
// it are one line, each date naming its precision, with the values the API gives with join_precisions=true.
test('one line across precisions joins the MI355X fp8 launch run to its fp4 runs', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/?model=DeepSeek-V4-Pro&hardware=mi355x');
  await waitForApp(page);
  await page.waitForSelector('#history-canvas[data-state="ready"]');
  await page.fill('#h-at', '2');
  await page.check('#h-join');
  await page.waitForFunction(() => location.search.includes('join=1'));
  const answer = await server.api('/api/v1/history?model=DeepSeek-V4-Pro&hardware=mi355x&at=2&x=auto&metric=total' +
    '&join_precisions=true');
  assert.equal(answer.rows.length, 1);
  await page.waitForFunction((n) => document.getElementById('history-canvas').dataset.state === 'ready' &&
    document.querySelectorAll('#history-table tbody tr').length === n, answer.rows[0].points.length);
  assert.deepEqual(await shownValues(page), apiValues(answer));
  assert.match(await page.textContent("#history-legend"), /DeepSeek-V4-Pro mi355x sglang fp4\/fp8 none agg 8192\/1024 ≥ 91\.73x since 2026-04-25/);
  assert.match(await page.textContent('#history-table tr[data-date="2026-04-25"]'), /2026-04-25 \(fp8\)/);
  assert.match(await page.textContent('#history-table tr[data-date="2026-05-21"]'), /2026-05-21 \(fp4\)/);
  // The share link keeps the choice.
  const restored = await newPage(browser);
  await restored.goto(page.url());
  await waitForApp(restored);
  assert.equal(await restored.isChecked('#h-join'), true);
  assert.deepEqual([...page.problems, ...restored.problems], []);
  await page.context().close();
  await restored.context().close();
});

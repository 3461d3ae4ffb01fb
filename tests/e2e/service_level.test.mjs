// Latency axes, service-level targets, the best fleet and the inverse questions in a real browser, on the InferenceX
// capture that reports time to first token and end-to-end latency: the page shows what the API answers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, newPage, screenshotPath, startServer, waitForApp } from './harness.mjs';

const CAPTURE = 'tests/cases/inferencex/benchmarks-dsr1-latest.json';
const MODEL = 'DeepSeek-R1-0528';
const CHAT = 'interactivity>=50,ttft_p99<=2s';

let server;
let browser;
before(async () => {
  server = await startServer();
  server.cli('ingest', CAPTURE);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function openModel(query = '') {
  const page = await newPage(browser);
  await page.goto(`${server.url}/?model=${MODEL}${query}`);
  await waitForApp(page);
  return page;
}

test('a TTFT axis redraws the frontier in seconds, and the share link carries and restores it', async () => {
  const page = await openModel();
  const canvas = page.locator('#chart-canvas');
  assert.equal(await canvas.getAttribute('data-axis'), 'interactivity');
  await page.focus('#c-axis');
  await page.selectOption('#c-axis', 'ttft_p99');
  await page.waitForFunction(() => document.querySelector('#chart-canvas').dataset.axis === 'ttft_p99' &&
    document.querySelector('#chart-canvas').dataset.state === 'ready');
  const expected = await server.api(`/api/v1/frontier?model=${MODEL}&x=ttft_p99&metric=total`);
  assert.ok(expected.curves.length > 0);
  assert.ok(expected.curves.every((c) => c.axis === 'ttft_p99' && c.axis_unit === 's'));
  assert.equal(Number(await canvas.getAttribute('data-curves')), expected.curves.length);
  assert.equal(await canvas.getAttribute('data-axis-title'), 'Time to first token, P99, s');
  await page.locator('#chart').screenshot({ path: screenshotPath('latency-axis.png') });

  // A statistic some runs lack names the configurations left out, as the chart does for any axis.
  await page.selectOption('#c-axis', 'ttft_p90');
  await page.waitForFunction(() => document.querySelector('#chart-canvas').dataset.axis === 'ttft_p90' &&
    document.querySelector('#chart-canvas').dataset.state === 'ready');
  const p90 = await server.api(`/api/v1/frontier?model=${MODEL}&x=ttft_p90&metric=total`);
  assert.ok(p90.left_out.length > 0);
  assert.equal(Number(await canvas.getAttribute('data-curves')), p90.curves.length);
  assert.ok((await page.textContent('#chart-status')).includes(p90.left_out[0].configuration));
  await page.selectOption('#c-axis', 'ttft_p99');
  await page.waitForFunction(() => document.querySelector('#chart-canvas').dataset.axis === 'ttft_p99' &&
    document.querySelector('#chart-canvas').dataset.state === 'ready');

  assert.equal(new URL(page.url()).searchParams.get('axis'), 'ttft_p99');
  const restored = await newPage(browser);
  await restored.goto(page.url());
  await waitForApp(restored);
  assert.equal(await restored.inputValue('#c-axis'), 'ttft_p99');
  assert.equal(await restored.locator('#chart-canvas').getAttribute('data-axis'), 'ttft_p99');
  assert.equal(Number(await restored.locator('#chart-canvas').getAttribute('data-curves')), expected.curves.length);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(restored.problems, []);
});

test('an SLO and a demand submitted with the keyboard rank the fleets the API ranks', async () => {
  const page = await openModel();
  // A custom demand and a rack size for every hardware (the bundled figures give one to gb200 alone).
  await page.selectOption('#p-preset', 'custom');
  await page.fill('#p-demand', '40T');
  await page.fill('#p-rack', '8');
  await page.selectOption('#s-rank', 'power');
  await page.focus('#s-slo');
  await page.keyboard.type(CHAT);
  assert.equal(await page.inputValue('#s-slo-preset'), CHAT); // the chat preset holds these limits
  await page.keyboard.press('Enter');
  await page.waitForSelector('#fleet-table[data-state="ready"]');

  const params = new URLSearchParams({ model: MODEL, slo: CHAT, rank_by: 'power', demand: '40T', utilization: '0.6',
    gpus_per_rack: '8' });
  const expected = await server.api('/api/v1/fleet?' + params);
  assert.ok(expected.ranked.length > 1 && expected.unranked.length > 0);
  const shown = await page.$$eval('#fleet-table tbody tr', (rows) => rows.map((row) => ({
    configuration: row.dataset.configuration,
    rank: Number(row.querySelector('[data-field="rank"]').dataset.value),
    cost: Number(row.querySelector('[data-field="cost_per_day"]').dataset.value),
    binding: row.querySelector('[data-field="binding_limit"]').textContent,
    brackets: row.querySelector('[data-field="cost_per_day_over_brackets"]').textContent,
  })));
  assert.deepEqual(shown.map((r) => [r.rank, r.configuration, r.cost, r.binding]),
    expected.ranked.map((r) => [r.rank, r.configuration, r.plan.cost_per_day, r.service_level.binding_limit]));
  // The uncertainty range of the first fleet, in whole dollars as the table writes them.
  const first = expected.ranked[0].uncertainty.over_brackets;
  if (first) {
    const dollars = (v) => '$' + Math.round(v).toLocaleString('en-US');
    assert.equal(shown[0].brackets, `${dollars(first.cost_per_day.low)}–${dollars(first.cost_per_day.high)}`);
  }
  const unranked = await page.$$eval('#fleet-unranked li', (items) => items.map((li) => li.dataset.configuration));
  assert.deepEqual(unranked, expected.unranked.map((u) => u.configuration));
  assert.match(await page.textContent('#fleet-status'), /ranked by megawatts for 40T tokens\/day/);
  await page.locator('#fleet-form').screenshot({ path: screenshotPath('fleet-form.png') });

  // The share link carries the target and the ranking, and opening it ranks the same fleets.
  const link = new URL(page.url());
  assert.equal(link.searchParams.get('slo'), CHAT);
  assert.equal(link.searchParams.get('rank_by'), 'power');
  const restored = await newPage(browser);
  await restored.goto(link.href);
  await restored.waitForSelector('#fleet-table[data-state="ready"]');
  assert.equal(await restored.inputValue('#s-slo'), CHAT);
  const restoredRows = await restored.$$eval('#fleet-table tbody tr', (rows) => rows.map((r) => r.dataset.configuration));
  assert.deepEqual(restoredRows, expected.ranked.map((r) => r.configuration));
  assert.deepEqual(page.problems, []);
  assert.deepEqual(restored.problems, []);
});

test('an inverse question shows the budget route\'s answer', async () => {
  const page = await openModel();
  await page.selectOption('#b-kind', 'megawatts');
  await page.selectOption('#b-given', 'at');
  await page.fill('#b-at', '40');
  await page.fill('#b-cap', '50');
  await page.press('#b-cap', 'Enter');
  await page.waitForSelector('#budget-table[data-state="ready"]');
  const params = new URLSearchParams({ model: MODEL, megawatts: '50', at: '40', utilization: '0.6' });
  const expected = await server.api('/api/v1/budget?' + params);
  const rows = await page.$$eval('#budget-table tbody tr', (all) => all.map((row) => ({
    configuration: row.dataset.configuration,
    tokens: row.querySelector('[data-field="tokens_per_day"]')?.dataset.value ?? null,
    unavailable: row.querySelector('.unavailable')?.textContent ?? null,
  })));
  assert.deepEqual(rows.map((r) => r.configuration), expected.rows.map((r) => r.configuration));
  expected.rows.forEach((row, i) => {
    if (row.unavailable) assert.equal(rows[i].unavailable, row.unavailable);
    else assert.equal(rows[i].tokens === '' ? null : Number(rows[i].tokens), row.tokens_per_day);
  });
  assert.ok(expected.rows.some((r) => r.tokens_per_day > 0), 'some configuration serves a demand within 50 MW');
  assert.ok((await page.textContent('#budget-status')).includes(expected.rows[0].question));
  const link = new URL(page.url());
  assert.deepEqual([link.searchParams.get('budget'), link.searchParams.get('cap'), link.searchParams.get('given'),
    link.searchParams.get('budget_at')], ['megawatts', '50', 'at', '40']);
  assert.deepEqual(page.problems, []);
});

test('a bad SLO shows the API\'s refusal beside the field', async () => {
  const page = await openModel();
  const bad = 'interactivity>=5x0';
  const response = await fetch(`${server.url}/api/v1/fleet?` +
    new URLSearchParams({ model: MODEL, slo: bad, preset: 'fireworks', utilization: '0.6' }));
  assert.equal(response.status, 400);
  const { detail } = await response.json();
  assert.match(detail, /^slo: /);
  await page.fill('#s-slo', bad);
  await page.press('#s-slo', 'Enter');
  await page.waitForSelector('#fleet-table[data-state="error"]');
  assert.equal(await page.textContent('#s-slo-error'), detail);
  assert.equal(await page.getAttribute('#s-slo', 'aria-invalid'), 'true');
  assert.match(await page.getAttribute('#s-slo', 'aria-describedby'), /s-slo-error/);
  assert.equal(await page.locator('#fleet-table tbody tr').count(), 0);
  // Corrected, the field is no longer marked.
  await page.selectOption('#s-slo-preset', 'interactivity>=10');
  await page.press('#s-slo', 'Enter');
  await page.waitForSelector('#fleet-table[data-state="ready"]');
  assert.equal(await page.textContent('#s-slo-error'), '');
  assert.equal(await page.getAttribute('#s-slo', 'aria-invalid'), null);
});

test('the planner offers the API\'s presets, and the glance table shows each one\'s /slo answer', async () => {
  const page = await openModel();
  const presets = await server.api('/api/v1/slo/presets');
  assert.deepEqual(await page.$$eval('#s-slo-preset option[data-key]', (options) => options.map((o) => o.value)),
    presets.map((p) => p.slo));
  await page.waitForSelector(`#glance-table[data-state="ready"][data-model="${MODEL}"]`);
  const glance = await server.api(`/api/v1/glance?model=${MODEL}`);
  const chat = await server.api(`/api/v1/slo?` + new URLSearchParams({ model: MODEL, slo: presets[0].slo }));
  const row = glance.rows.findIndex((r) => chat.rows.find((c) => c.configuration === r.configuration)?.tps_per_gpu);
  assert.ok(row >= 0, 'some configuration has an operating point under the chat preset');
  const expected = chat.rows.find((c) => c.configuration === glance.rows[row].configuration);
  assert.equal(glance.rows[row].slo_cells[0].tps_per_gpu, expected.tps_per_gpu);
  const cell = page.locator('#glance-table tbody tr').nth(row).locator('td[data-slo="chat"]');
  assert.equal(await cell.getAttribute('title'), 'Operating point, bound by ' + expected.binding_limit);
  const shown = Number((await cell.textContent()).replaceAll(',', ''));
  assert.ok(Math.abs(shown - expected.tps_per_gpu) <= 0.5 + 1e-9 * expected.tps_per_gpu, `${shown} vs ${expected.tps_per_gpu}`);
  // The script's redraw for this model writes the cells as the server does.
  const drawn = await page.innerHTML('#glance-table tbody');
  const rendered = await newPage(browser, { javaScriptEnabled: false });
  await rendered.goto(`${server.url}/?model=${MODEL}`);
  assert.equal((await rendered.innerHTML('#glance-table tbody')).replace(/\s+</g, '<').trim(), drawn.trim());
  await rendered.context().close();
  assert.deepEqual(page.problems, []);
});

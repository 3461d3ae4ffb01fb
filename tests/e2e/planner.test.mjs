// The capacity planner in a real browser: its answer for a measured point and a demand preset is the
// one the CLI gives for the same question.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, newPage, screenshotPath, startServer, waitForApp } from './harness.mjs';

const POINT = '444914';

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

const cell = (page, field) =>
  page.locator(`#plan-table tbody tr:first-child td[data-field="${field}"]`).getAttribute('data-value');

test('the Fireworks preset for a point shows the racks and $/day of `infertrack plan`', async () => {
  const [expected] = JSON.parse(server.cli('plan', '--point', POINT, '--preset', 'fireworks', '--json'));
  assert.ok(expected.plan, 'the CLI plans this point');

  const page = await newPage(browser);
  await page.goto(server.url + '/');
  await waitForApp(page);
  await page.check('#p-by-point');
  await page.selectOption('#p-point', POINT);
  await page.selectOption('#p-preset', 'fireworks');
  await page.waitForFunction(() => {
    const row = document.querySelector('#plan-table tbody tr');
    return document.querySelector('#plan-table').dataset.state === 'ready' && row &&
      row.dataset.configuration && document.querySelectorAll('#plan-table tbody tr').length === 1;
  });
  assert.equal(Number(await cell(page, 'racks')), expected.plan.racks);
  assert.equal(Number(await cell(page, 'cost_per_day')), expected.plan.cost_per_day);
  assert.equal(Number(await cell(page, 'groups')), expected.plan.groups);
  assert.equal(Number(await cell(page, 'power_mw')), expected.plan.power_mw);
  const shown = await page.locator('#plan-table tbody tr:first-child td[data-field="racks"]').textContent();
  assert.equal(shown, expected.plan.racks.toLocaleString('en-US'));
  assert.equal(await page.locator('#plan-table tbody tr:first-child').getAttribute('data-configuration'),
    expected.configuration);
  // The preset's note and source, and the plan's caveats, are on the page.
  assert.match(await page.locator('#p-preset-note').textContent(), /Fireworks/);
  assert.equal(await page.locator('#p-preset-note a').getAttribute('href'), expected.preset.source_url);
  const caveats = await page.locator('#plan-caveats').textContent();
  for (const caveat of expected.caveats) assert.ok(caveats.includes(caveat), caveat);
  assert.equal(await page.locator('#plan-bars .bar-group').count(), 4);
  await page.locator('#planner').screenshot({ path: screenshotPath('planner.png') });

  // The disabled demand field shows the preset's demand, which a custom one would be typed like.
  assert.equal(await page.isEnabled('#p-demand'), false);
  assert.equal(await page.getAttribute('#p-demand', 'placeholder'), '40T');
  await page.selectOption('#p-preset', 'openrouter');  // 18,342,857,142,857 tokens/day
  assert.equal(await page.getAttribute('#p-demand', 'placeholder'), '18.34T');
  // A demand typed before gives way to the preset's while one is chosen, and comes back with a custom demand.
  await page.selectOption('#p-preset', 'custom');
  await page.fill('#p-demand', '10T');
  await page.selectOption('#p-preset', 'fireworks');
  assert.equal(await page.inputValue('#p-demand'), '');
  assert.doesNotMatch(page.url(), /demand=10T/);
  await page.selectOption('#p-preset', 'custom');
  assert.equal(await page.inputValue('#p-demand'), '10T');
  await page.selectOption('#p-preset', 'fireworks');

  // The same demand typed as a custom figure gives the same plan.
  await page.selectOption('#p-preset', 'custom');
  assert.equal(await page.isEnabled('#p-demand'), true);
  await page.fill('#p-demand', '');
  await page.waitForSelector('#plan-table[data-state="invalid"]');
  assert.equal(await page.locator('#plan-table tbody tr').count(), 0);
  await page.fill('#p-demand', '40T');
  await page.waitForFunction((racks) =>
    document.querySelector('#plan-table tbody tr td[data-field="racks"]')?.dataset.value === String(racks),
  expected.plan.racks);
  assert.equal(Number(await cell(page, 'cost_per_day')), expected.plan.cost_per_day);

  // Overrides recompute the plan: twice the GPU-hour price, twice the daily cost.
  await page.fill('#p-cost', String(expected.hardware.cost_per_gpu_hour * 2));
  await page.waitForFunction((cost) => {
    const td = document.querySelector('#plan-table tbody tr td[data-field="cost_per_day"]');
    return td && Math.abs(Number(td.dataset.value) - cost) < 0.01;
  }, expected.plan.cost_per_day * 2);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the planner at a target interactivity answers every configuration, reachable or not', async () => {
  const page = await newPage(browser, { viewport: { width: 375, height: 812 }, isMobile: true });
  await page.goto(server.url + '/?preset=fireworks');
  await waitForApp(page);
  const model = await page.inputValue('#f-model');
  const answers = await server.api(`/api/v1/plan?model=${encodeURIComponent(model)}&at=100&preset=fireworks&utilization=0.6`);
  assert.equal(await page.locator('#plan-table tbody tr').count(), answers.length);
  const unavailable = answers.filter((a) => !a.plan).length;
  assert.equal(await page.locator('#plan-table td.unavailable').count(), unavailable);
  await page.locator('#planner').screenshot({ path: screenshotPath('planner-375.png') });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('hardware without published figures is planned from the three figures typed in', async () => {
  // No figures are published for l40s: two points of it are added to the served database.
  const csv = join(mkdtempSync(join(tmpdir(), 'infertrack-l40s-')), 'l40s.csv');
  writeFileSync(csv, 'model,hardware,framework,precision,date,concurrency,total_allocated_gpus,tput_per_gpu,' +
    'interactivity,interactivity_basis\nDeepSeek-V4-Pro,l40s,vllm,fp8,2026-06-01,16,8,1200,40,median_tpot\n' +
    'DeepSeek-V4-Pro,l40s,vllm,fp8,2026-06-01,64,8,3100,10,median_tpot\n');
  server.cli('ingest', csv);
  const listed = await server.api('/api/v1/points?model=DeepSeek-V4-Pro&hardware=l40s&runs=latest');
  const point = listed.points[0].result_id;
  const [expected] = JSON.parse(server.cli('plan', '--point', point, '--preset', 'fireworks', '--cost-per-gpu-hour',
    '2.5', '--kw-per-gpu', '1.4', '--gpus-per-rack', '8', '--json'));
  assert.ok(expected.plan, 'the CLI plans this point with the three figures');

  const page = await newPage(browser);
  await page.goto(server.url + `/?plan_by=point&point=${encodeURIComponent(point)}&preset=fireworks`);
  // The plan is refused at first (no figures for the hardware), which waitForApp does not wait out.
  await page.waitForFunction(() => /GPUs per rack/.test(document.querySelector('#plan-status').textContent));
  // In the planner's own words: its fields, not the command's flags or the API's parameters.
  assert.equal(await page.textContent('#plan-status'), 'No plan: no cost and power figures are stored for hardware ' +
    '\'l40s\': fill in "$ per GPU-hour", "All-in kW per GPU" and "GPUs per rack" above to plan it.');
  await page.fill('#p-cost', '2.5');
  await page.fill('#p-kw', '1.4');
  await page.fill('#p-rack', '8');
  await page.waitForFunction((racks) =>
    document.querySelector('#plan-table tbody tr td[data-field="racks"]')?.dataset.value === String(racks),
  expected.plan.racks);
  assert.equal(Number(await cell(page, 'cost_per_day')), expected.plan.cost_per_day);
  assert.equal(Number(await cell(page, 'power_mw')), expected.plan.power_mw);
  assert.match(page.url(), /rack=8/);

  // The server's refusal names the planner's field, not the API's parameter.
  await page.fill('#p-rack', '200000');
  await page.waitForFunction(() => /GPUs per rack: must be 1 to 100000/.test(document.querySelector('#plan-status').textContent));
  assert.doesNotMatch(await page.textContent('#plan-status'), /gpus_per_rack|gpus-per-rack/);
  await page.fill('#p-rack', '8');

  // A figure the browser cannot read is said to be wrong, not silently left out.
  await page.fill('#p-cost', '');
  await page.focus('#p-cost');
  await page.keyboard.type('1e');
  await page.waitForSelector('#plan-table[data-state="invalid"]');
  assert.match(await page.textContent('#plan-status'), /Overrides must be numbers above 0/);
  assert.deepEqual(page.problems.filter((p) => !p.includes('400')), []);
  await page.context().close();
});

// The July 2026 table prices MI355X but gives no rack size: the planner asks for that one figure, then uses the table's.
test('MI355X is planned once its GPUs per rack are typed in', async () => {
  const listed = await server.api('/api/v1/points?model=DeepSeek-V4-Pro&hardware=mi355x&runs=latest');
  const point = listed.points[0].result_id;
  const [expected] = JSON.parse(server.cli('plan', '--point', point, '--preset', 'fireworks', '--gpus-per-rack', '64',
    '--json'));
  assert.equal(expected.hardware.cost_per_gpu_hour, 1.5);
  const page = await newPage(browser);
  await page.goto(server.url + `/?plan_by=point&point=${encodeURIComponent(point)}&preset=fireworks`);
  await page.waitForFunction(() => /GPUs per rack/.test(document.querySelector('#plan-status').textContent));
  assert.equal(await page.textContent('#plan-status'), 'No plan: the cost figures of hardware \'mi355x\' (2026-07-01) ' +
    'give no rack size: fill in "GPUs per rack" above to plan it (mi355x=N sizes this hardware alone).');
  assert.match(await page.getAttribute('#p-rack', 'placeholder'), /mi355x none published/);
  // With the filters on MI355X, the placeholders give its figures alone.
  await page.selectOption('#f-hardware', 'mi355x');
  await page.waitForFunction(() => document.getElementById('p-cost').placeholder === 'mi355x $1.50');
  assert.equal(await page.getAttribute('#p-rack', 'placeholder'), 'mi355x none published');
  await page.fill('#p-rack', '64');
  await page.waitForFunction((racks) =>
    document.querySelector('#plan-table tbody tr td[data-field="racks"]')?.dataset.value === String(racks),
  expected.plan.racks);
  assert.equal(Number(await cell(page, 'cost_per_day')), expected.plan.cost_per_day);
  assert.match(await page.textContent('#plan-caveats'), /AMD Instinct MI355X: \$1\.50\/GPU-hr, 2\.09 kW\/GPU all-in, 64 GPUs per rack \(2026-07-01, with your overrides\)/);
  // At a target, both MI355X configurations lack the rack size: the status says none has a plan.
  await page.goto(server.url + '/?model=DeepSeek-V4-Pro&hardware=mi355x&at=2&preset=fireworks');
  await page.waitForSelector('#plan-table[data-state="ready"]');
  assert.equal(await page.textContent('#plan-status'), 'None of the 2 configurations has a plan; the table says why.');
  assert.deepEqual(page.problems.filter((p) => !p.includes('400')), []);
  await page.context().close();
});

// Beside GB200, a rack size typed for MI355X alone sizes MI355X and leaves GB200's published 72 in force.
test('a planner figure typed as hardware=value applies to that hardware alone', async () => {
  const expected = JSON.parse(server.cli('plan', '--model', 'DeepSeek-V4-Pro', '--at', '2', '--preset', 'fireworks',
    '--gpus-per-rack', 'mi355x=8', '--json'));
  const racksOf = (hardware) => expected.filter((a) => a.plan && a.hardware.hardware === hardware)
    .map((a) => [a.configuration, String(a.plan.racks)]);
  assert.ok(racksOf('gb200').length > 0 && racksOf('mi355x').length > 0);
  assert.ok(expected.every((a) => !a.plan || a.hardware.gpus_per_rack === (a.hardware.hardware === 'mi355x' ? 8 : 72)));

  const page = await newPage(browser);
  await page.goto(server.url + '/?model=DeepSeek-V4-Pro&at=2&preset=fireworks');
  await page.waitForSelector('#plan-table[data-state="ready"]');
  await page.fill('#p-rack', 'MI355X = 8');
  const shown = async () => page.$$eval('#plan-table tbody tr', (rows) => rows.map((row) =>
    [row.dataset.configuration, row.querySelector('td[data-field="racks"]')?.dataset.value ?? null]));
  await page.waitForFunction(() => document.querySelectorAll('#plan-table tbody td[data-field="racks"]').length >= 3);
  const rows = new Map(await shown());
  for (const [configuration, racks] of [...racksOf('gb200'), ...racksOf('mi355x')]) {
    assert.equal(rows.get(configuration), racks, configuration);
  }
  assert.match(page.url(), /rack=MI355X\+%3D\+8|rack=MI355X%20%3D%208/);
  // Only the hardware given a figure is said to be planned with the reader's overrides.
  const figures = await page.locator('#plan-caveats li').allTextContents();
  assert.ok(figures.some((t) => /^AMD Instinct MI355X: .* 8 GPUs per rack \(2026-07-01, with your overrides\)\.$/.test(t)),
    figures.join('\n'));
  assert.ok(figures.some((t) => /^NVIDIA GB200 NVL72: .* 72 GPUs per rack \(2026-11-02\)\.$/.test(t)), figures.join('\n'));
  // A plan sized on a lower bound of throughput (the target below the slowest point) is an upper bound itself.
  const bounded = expected.filter((a) => a.plan && a.interpolation.state === 'clamped_low');
  assert.ok(bounded.length > 0);
  for (const answer of expected.filter((a) => a.plan)) {
    const racks = page.locator(`#plan-table tbody tr[data-configuration="${answer.configuration}"] td[data-field="racks"]`);
    assert.equal((await racks.textContent()).startsWith('≤ '), answer.interpolation.state === 'clamped_low',
      answer.configuration);
  }

  // Text that is neither a number nor pairs is refused in the page; a hardware nothing stored has, by the server.
  await page.fill('#p-rack', 'mi355x=8,');
  await page.waitForSelector('#plan-table[data-state="invalid"]');
  assert.match(await page.textContent('#plan-status'), /hardware=number pairs such as mi355x=8/);
  // The field at fault is marked, and only that one.
  assert.equal(await page.getAttribute('#p-rack', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#p-cost', 'aria-invalid'), null);
  await page.fill('#p-rack', 'h100=8');
  await page.waitForFunction(() => /GPUs per rack: no stored points for hardware 'h100'/
    .test(document.querySelector('#plan-status').textContent));
  assert.equal(await page.getAttribute('#p-rack', 'aria-invalid'), 'true', 'the server named the field');
  await page.fill('#p-rack', '');
  await page.waitForSelector('#plan-table[data-state="ready"]');
  assert.equal(await page.getAttribute('#p-rack', 'aria-invalid'), null);
  assert.deepEqual(page.problems.filter((p) => !p.includes('400')), []);
  await page.context().close();
});

test('a share link naming a point that is not stored says so instead of planning another one', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/?plan_by=point&point=no-such-point&preset=fireworks');
  await page.waitForFunction(() => document.querySelector('#p-point').options.length > 1);
  assert.equal(await page.inputValue('#p-point'), '');
  assert.match(await page.locator('#p-point option:checked').textContent(), /no-such-point \(from the link\) is not stored/);
  await page.waitForFunction(() => /Choose a measured point/.test(document.querySelector('#plan-status').textContent));
  assert.equal(await page.locator('#plan-table tbody tr').count(), 0);
  await page.context().close();
});

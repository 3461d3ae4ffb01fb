// State that leaves the page: the share link restores filters, toggles and planner inputs, and the
// exports hold exactly the points the API gives for the shown filters.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { launchBrowser, newPage, startServer, waitForApp } from './harness.mjs';

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

test('a share link restores the page state', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  await waitForApp(page);
  await page.selectOption('#f-model', 'DeepSeek-V4.1-Flash');
  await page.waitForSelector('#chart-canvas[data-state="ready"]');
  await page.selectOption('#c-metric', 'output');
  await page.selectOption('#c-x', 'p90');
  await page.uncheck('#c-log');
  await page.selectOption('#p-preset', 'openrouter');
  await page.fill('#p-at', '80');
  await page.fill('#p-util', '0.5');
  await page.fill('#p-kw', '2.5');
  await page.waitForSelector('#plan-table[data-state="ready"]');
  const link = page.url();
  assert.match(link, /model=DeepSeek-V4\.1-Flash/);
  // What the share button says (the link copied, or the link itself where the clipboard is refused) goes once the
  // page's state, and so its link, changes.
  await page.click('#share-link');
  await page.waitForFunction(() => document.getElementById('share-status').textContent !== '');
  await page.fill('#p-util', '0.7');
  await page.waitForFunction(() => location.search.includes('utilization=0.7'));
  assert.equal(await page.textContent('#share-status'), '');
  await page.context().close();

  const restored = await newPage(browser);
  await restored.goto(link);
  await waitForApp(restored);
  assert.equal(await restored.inputValue('#f-model'), 'DeepSeek-V4.1-Flash');
  assert.equal(await restored.inputValue('#c-metric'), 'output');
  assert.equal(await restored.inputValue('#c-x'), 'p90');
  assert.equal(await restored.isChecked('#c-log'), false);
  assert.equal(await restored.inputValue('#p-preset'), 'openrouter');
  assert.equal(await restored.inputValue('#p-at'), '80');
  assert.equal(await restored.inputValue('#p-util'), '0.5');
  assert.equal(await restored.inputValue('#p-kw'), '2.5');
  // The table lists the latest run of each configuration the shared filters select, as the chart does.
  const flash = (await server.api('/api/v1/points?model=DeepSeek-V4.1-Flash&runs=latest')).points;
  assert.equal(await restored.locator('#points-table tbody tr').count(), flash.length);
  assert.equal(await restored.locator('#chart-canvas').getAttribute('data-curves'),
    String((await server.api('/api/v1/frontier?model=DeepSeek-V4.1-Flash&x=p90&metric=output')).curves.length));

  // A measured point chosen in the planner survives the link as well.
  await restored.check('#p-by-point');
  const point = flash[flash.length - 1].result_id;
  await restored.selectOption('#p-point', point);
  await restored.waitForSelector('#plan-table[data-state="ready"]');
  const again = await newPage(browser);
  await again.goto(restored.url());
  await waitForApp(again);
  assert.equal(await again.isChecked('#p-by-point'), true);
  assert.equal(await again.inputValue('#p-point'), point);
  assert.deepEqual([...restored.problems, ...again.problems], []);
  await restored.context().close();
  await again.context().close();
});

// Splits one CSV line (fields may be quoted with doubled quotes inside).
function csvFields(line) {
  const fields = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { fields.push(field); field = ''; } else field += c;
  }
  fields.push(field);
  return fields;
}

test('a share link naming a point of an earlier run restores it in the planner', async () => {
  const latest = new Set((await server.api('/api/v1/points?model=DeepSeek-V4-Pro&hardware=mi355x&runs=latest'))
    .points.map((p) => p.result_id));
  const older = (await server.api('/api/v1/points?model=DeepSeek-V4-Pro&hardware=mi355x')).points
    .find((p) => !latest.has(p.result_id));
  assert.ok(older, 'the bundled data has earlier MI355X runs');
  const page = await newPage(browser);
  await page.goto(`${server.url}/?hardware=mi355x&plan_by=point&point=${encodeURIComponent(older.result_id)}`);
  // MI355X has no published cost, so the plan itself may be an error; the choice is what is tested.
  await page.waitForSelector('#points-table[data-state="ready"]');
  await page.waitForSelector('#plan-table[data-state]:not([data-state="loading"])');
  assert.equal(await page.isChecked('#p-by-point'), true);
  assert.equal(await page.inputValue('#p-point'), older.result_id);
  // The address still names the point, so that a reload plans the same one.
  assert.equal(new URL(page.url()).searchParams.get('point'), older.result_id);
  assert.deepEqual(page.problems.filter((text) => !text.includes('the server responded with a status of 400')), []);
  await page.context().close();
});

test('the planner offers only points of the chosen filters, and the address names a point only when planning by one', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  await page.waitForSelector('#points-table[data-state="ready"]');
  await page.waitForFunction(() => document.querySelector('#p-point').options.length > 0);
  assert.equal(new URL(page.url()).searchParams.get('point'), null, 'planning at a target names no point');

  await page.selectOption('#f-model', 'DeepSeek-V4.1-Flash');
  const flash = new Set((await server.api('/api/v1/points?model=DeepSeek-V4.1-Flash&runs=latest'))
    .points.map((p) => p.result_id));
  await page.waitForFunction((ids) => {
    const options = [...document.querySelector('#p-point').options].map((o) => o.value);
    return options.length === ids.length && options.every((id) => ids.includes(id));
  }, [...flash]);
  assert.ok(flash.has(await page.inputValue('#p-point')), 'the chosen point is one of the model shown');
  assert.equal(new URL(page.url()).searchParams.get('point'), null);
  await page.check('#p-by-point');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('plan_by') === 'point');
  assert.ok(flash.has(new URL(page.url()).searchParams.get('point')));

  // Planning by point, another model: the address follows the point now chosen, so a reload plans that one.
  await page.selectOption('#f-model', 'DeepSeek-V4-Pro');
  const pro = new Set((await server.api('/api/v1/points?model=DeepSeek-V4-Pro&runs=latest'))
    .points.map((p) => p.result_id));
  await page.waitForFunction((ids) => ids.includes(new URL(location.href).searchParams.get('point')), [...pro]);
  assert.equal(new URL(page.url()).searchParams.get('point'), await page.inputValue('#p-point'));
  await page.context().close();
});

test('CSV and JSON exports match the API points for the shown filters', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/?hardware=mi355x');
  await waitForApp(page);
  // The latest runs, as the chart draws them; then every run date, the answer's first (here only) page.
  await exportsMatch(page, await server.api('/api/v1/points?model=DeepSeek-V4-Pro&hardware=mi355x&runs=latest'));
  await page.selectOption('#c-runs', 'all');
  await page.waitForSelector('#points-table[data-state="ready"]');
  const every = await server.api('/api/v1/points?model=DeepSeek-V4-Pro&hardware=mi355x');
  await page.waitForFunction((n) => document.querySelector('#points-table').dataset.count === String(n),
    every.points.length);
  await exportsMatch(page, every);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The table and both exports hold exactly the points of `answer`, one page of /api/v1/points.
async function exportsMatch(page, answer) {
  assert.equal(answer.next, null);
  const expected = answer.points;
  assert.ok(expected.length > 0);
  assert.equal(await page.locator('#points-table tbody tr').count(), expected.length);

  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  const lines = (await readFile(await csvDownload.path(), 'utf8')).trimEnd().split('\r\n');
  const header = csvFields(lines[0]);
  const rows = lines.slice(1).map((line) => Object.fromEntries(csvFields(line).map((v, i) => [header[i], v])));
  assert.equal(rows.length, expected.length);
  rows.forEach((row, i) => {
    const point = expected[i];
    assert.equal(row.result_id, point.result_id);
    assert.equal(row.hardware, point.hardware);
    assert.equal(row.date, point.date);
    assert.equal(Number(row.concurrency), point.concurrency);
    assert.equal(row.total_tps_per_gpu === '' ? null : Number(row.total_tps_per_gpu), point.tps_per_gpu.total);
    const speed = point.interactivity ? point.interactivity.value : null;
    assert.equal(row.interactivity === '' ? null : Number(row.interactivity), speed);
  });

  const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  assert.deepEqual(JSON.parse(await readFile(await jsonDownload.path(), 'utf8')), expected);
}

test('downloads with provenance ask the server\'s export the questions the page shows', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/?hardware=mi355x&as_of=2026-05-04`);
  await waitForApp(page);
  await page.waitForSelector('#points-table[data-state="ready"]');
  await page.waitForSelector('#plan-table[data-state]:not([data-state="loading"])');
  await page.selectOption('#export-format', 'json');
  const href = async (kind) => new URL(await page.getAttribute(`#export-${kind}`, 'href'), server.url);

  // Points: the table's rows (the latest runs on or before the as-of date), with the date in the provenance.
  const points = await href('points');
  assert.equal(points.pathname, '/api/v1/export/points');
  assert.equal(points.searchParams.get('format'), 'json');
  const exported = await server.api(points.pathname + points.search);
  assert.equal(exported.provenance.as_of, '2026-05-04');
  assert.equal(exported.provenance.query.runs, 'latest');
  const listed = await page.locator('#points-table tbody tr').count();
  assert.equal(exported.points.length, listed);
  const shown = await server.api('/api/v1/points?model=DeepSeek-V4-Pro&hardware=mi355x&as_of=2026-05-04&runs=latest');
  assert.deepEqual(exported.points.map((p) => p.result_id), shown.points.map((p) => p.result_id));

  // Frontiers: the curves the chart drew, with their knots in the provenance.
  const frontiers = await server.api((await href('frontiers')).pathname + (await href('frontiers')).search);
  assert.equal(String(frontiers.frontiers.length), await page.getAttribute('#chart-canvas', 'data-curves'));
  assert.ok(frontiers.provenance.runs.length > 0);

  // History at the history target; the plan link follows the planner, in CSV when asked.
  const history = await href('history');
  assert.equal(history.searchParams.get('at'), await page.inputValue('#h-at'));
  await page.selectOption('#export-format', 'csv');
  const plan = await href('plans');
  assert.equal(plan.searchParams.get('format'), 'csv');
  assert.equal(plan.searchParams.get('utilization'), await page.inputValue('#p-util'));

  // A click downloads the file the server names.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-points')]);
  assert.equal(download.suggestedFilename(), 'infertrack-points-DeepSeek-V4-Pro-mi355x-2026-05-04.csv');
  const text = await readFile(await download.path(), 'utf8');
  assert.match(text, /^# infertrack export: points\n/);
  assert.match(text, /# as_of: 2026-05-04\n/);
  assert.deepEqual(page.problems.filter((t) => !t.includes('the server responded with a status of 400')), []);
  await page.context().close();
});

// The "as of" date picker: an earlier date shows the tracker as it stood that day (the latest run of each
// configuration on or before it) in the chart, the table of every configuration, the planner and the points
// table, exactly as the API answers with as_of; the share link keeps the date and clearing it returns to
// the latest runs.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, newPage, screenshotPath, startServer, waitForApp } from './harness.mjs';

const MODEL = 'DeepSeek-V4-Pro';
const EARLIER = '2026-05-04'; // between the bundled MI355X runs of 2026-05-02 and 2026-05-10

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

// What the page shows that the API decides: curves and points drawn, the table's result ids, and the
// configurations of the table of every configuration.
async function shown(page) {
  return {
    curves: await page.locator('#chart-canvas').getAttribute('data-curves'),
    drawn: await page.locator('#chart-canvas').getAttribute('data-points'),
    ids: await page.locator('#points-table tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.resultId)),
  };
}

// Waits until the chart and the points table show what `want` holds (the answers arrive one by one).
async function settle(page, want) {
  await page.waitForFunction((w) => {
    const canvas = document.getElementById('chart-canvas');
    const ids = [...document.querySelectorAll('#points-table tbody tr')].map((r) => r.dataset.resultId);
    return canvas.dataset.state === 'ready' && canvas.dataset.points === w.drawn &&
      canvas.dataset.curves === w.curves && ids.join() === w.ids.join();
  }, want);
  await waitForApp(page);
  await page.waitForSelector('#interpolation-table:not([data-state="loading"])', { state: 'attached' });
}

async function expected(asOf) {
  const query = `model=${MODEL}&hardware=mi355x` + (asOf ? `&as_of=${asOf}` : '');
  const frontier = await server.api(`/api/v1/frontier?${query}&x=auto&metric=total`);
  const points = await server.api(`/api/v1/points?${query}&runs=latest`);
  return {
    curves: String(frontier.curves.length),
    drawn: String(frontier.curves.reduce((n, c) => n + c.points.length, 0)),
    ids: points.points.map((p) => p.result_id),
  };
}

// The table of every configuration at the headline target, model by model as the API answers it.
async function interpolationRows(asOf) {
  const rows = [];
  const models = [...new Set((await server.api('/api/v1/availability')).map((r) => r.model))].sort();
  for (const model of models) {
    const answer = await server.api(`/api/v1/interpolate?model=${model}&at=100` + (asOf ? `&as_of=${asOf}` : ''));
    rows.push(...answer.rows.map((r) => r.configuration));
  }
  return rows;
}

// The links of the table of every configuration: each row's bracketing result ids, as the API names them.
async function interpolationLinks(asOf) {
  const links = [];
  const models = [...new Set((await server.api('/api/v1/availability')).map((r) => r.model))].sort();
  for (const model of models) {
    const answer = await server.api(`/api/v1/interpolate?model=${model}&at=100` + (asOf ? `&as_of=${asOf}` : ''));
    links.push(...answer.rows.map((r) => [r.value.lower_result_id, r.value.upper_result_id].filter((id) => id)
      .map((id) => '/points/' + encodeURIComponent(id))));
  }
  return links;
}

const shownLinks = (page) => page.locator('#interpolation-table tbody tr').evaluateAll(
  (rows) => rows.map((r) => [...r.querySelectorAll('td:nth-child(4) a')].map((a) => a.getAttribute('href'))));

test('the as-of date picker shows the tracker as it stood on an earlier date', async () => {
  const page = await newPage(browser);
  const requests = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) requests.push(new URL(request.url()));
  });
  await page.goto(server.url + `/?model=${MODEL}&hardware=mi355x`);
  await waitForApp(page);

  // Labelled, bounded by the measured run dates of the model, blank (the latest runs) by default.
  const picker = page.getByLabel('As of (blank: latest)');
  assert.equal(await picker.getAttribute('type'), 'date');
  assert.equal(await picker.inputValue(), '');
  const dates = (await server.api(`/api/v1/availability?model=${MODEL}`)).map((r) => r.date).sort();
  await page.waitForFunction((min) => document.getElementById('f-as-of').min === min, dates[0]);
  // No upper bound but the four-digit year: a date after the last run is the latest state.
  assert.equal(await picker.getAttribute('max'), '9999-12-31');
  const latest = await expected(null);
  await settle(page, latest);
  assert.deepEqual(await shown(page), latest);
  // The planner's placeholders give the figures of the hardware the filters choose.
  assert.equal(await page.getAttribute('#p-cost', 'placeholder'), 'mi355x $1.50');

  // Keyboard: focus the picker and type the date.
  requests.length = 0;
  await picker.focus();
  await page.keyboard.type(EARLIER.slice(5, 7) + EARLIER.slice(8, 10) + EARLIER.slice(0, 4));
  assert.equal(await picker.inputValue(), EARLIER);
  const earlier = await expected(EARLIER);
  await settle(page, earlier);
  assert.notDeepEqual(earlier.ids, latest.ids);
  assert.deepEqual(await shown(page), earlier);
  assert.ok(earlier.ids.length > 0);
  const tableDates = await page.locator('#points-table tbody tr td[data-field="date"]').allTextContents();
  assert.ok(tableDates.every((date) => date <= EARLIER), tableDates.join());
  assert.deepEqual(await page.locator('#interpolation-table tbody tr').evaluateAll(
    (rows) => rows.map((r) => r.dataset.configuration)), await interpolationRows(EARLIER));
  // Its result ids stay links, as the server renders them.
  assert.deepEqual(await shownLinks(page), await interpolationLinks(EARLIER));
  // The sentence above the points table names the filters now in force.
  assert.equal(await page.textContent('#points-filters'), `${MODEL}, mi355x, as of ${EARLIER}`);
  // Every request for the chart, the values, the planner and the table carried the date.
  for (const route of ['frontier', 'points', 'plan', 'history', 'interpolate', 'hardware']) {
    const sent = requests.filter((url) => url.pathname === '/api/v1/' + route);
    assert.ok(sent.length > 0, route);
    assert.ok(sent.every((url) => url.searchParams.get('as_of') === EARLIER), route);
  }
  assert.match(page.url(), new RegExp(`as_of=${EARLIER}`));
  // The planner's placeholders are the figures the server says were in force that day: none for MI355X (its first
  // are of July 2026), and GB200 NVL72 as published in April 2026 once the filters take every hardware.
  await page.waitForFunction(() => document.getElementById('p-cost').placeholder === 'mi355x: none in force');
  await page.selectOption('#f-hardware', '');
  await page.waitForFunction(() => document.getElementById('p-cost').placeholder === 'gb200 $2.21');
  assert.equal(await page.getAttribute('#p-kw', 'placeholder'), 'gb200 2.10');
  await page.selectOption('#f-hardware', 'mi355x');
  await page.waitForFunction(() => location.search.includes('hardware=mi355x'));
  await settle(page, earlier);
  await page.screenshot({ path: screenshotPath('as-of.png'), fullPage: false });

  // The share link restores the date, and the page the server renders for it already follows it.
  const restored = await newPage(browser);
  await restored.goto(page.url());
  await settle(restored, earlier);
  assert.equal(await restored.inputValue('#f-as-of'), EARLIER);
  assert.match(restored.url(), new RegExp(`hardware=mi355x.*as_of=${EARLIER}|as_of=${EARLIER}.*hardware=mi355x`));
  assert.deepEqual(await shown(restored), earlier);
  assert.deepEqual(await restored.locator('#interpolation-table tbody tr td:first-child').allTextContents(),
    await interpolationRows(EARLIER));

  // Clearing the date returns to the latest runs.
  await restored.fill('#f-as-of', '');
  await restored.waitForFunction(() => !location.search.includes('as_of'));
  await settle(restored, latest);
  assert.deepEqual(await shown(restored), latest);
  assert.deepEqual(await restored.locator('#interpolation-table tbody tr').evaluateAll(
    (rows) => rows.map((r) => r.dataset.configuration)), await interpolationRows(null));
  assert.deepEqual(await shownLinks(restored), await interpolationLinks(null));
  assert.equal(await restored.textContent('#points-filters'), `${MODEL}, mi355x`);

  // A date after the last run is followed too: the latest runs, with the date kept in the link.
  const LATER = '2026-12-31';
  await restored.fill('#f-as-of', LATER);
  await restored.waitForFunction((later) => location.search.includes('as_of=' + later), LATER);
  await settle(restored, await expected(LATER));
  assert.deepEqual(await shown(restored), latest);

  // A date before the first run is refused beside the field and put back, and the next filter change does not send it.
  await restored.fill('#f-as-of', '2026-04-01');
  await restored.waitForFunction(() => document.getElementById('as-of-status').textContent.includes('2026-04-01'));
  assert.match(await restored.textContent('#as-of-status'),
    new RegExp(`before \\d{4}-\\d{2}-\\d{2}: 2026-04-01 is not applied \\(the page shows ${LATER}\\)`));
  assert.equal(await restored.getAttribute('#f-as-of', 'aria-invalid'), 'true');
  await restored.selectOption('#f-precision', 'fp4');
  await restored.waitForFunction(() => location.search.includes('precision=fp4'));
  assert.match(restored.url(), new RegExp(`as_of=${LATER}`));
  // The table's sentence follows once the API has answered for the new filters.
  await restored.waitForFunction((text) => document.getElementById('points-filters').textContent === text,
    `${MODEL}, mi355x, fp4, as of ${LATER}`);
  assert.equal(await restored.textContent('#as-of-status'), '', 'an applied change clears the refusal');
  assert.equal(await restored.getAttribute('#f-as-of', 'aria-invalid'), null);
  assert.equal(await restored.inputValue('#f-as-of'), LATER, 'the field shows the date applied again');

  // Another model whose first run is later than the date applied: said beside the field, and named by the chart.
  const refused = [];
  page.on('response', (response) => {
    if (response.status() === 400) refused.push(new URL(response.url()).pathname);
  });
  await page.selectOption('#f-model', 'DeepSeek-V4.1-Flash');
  await page.waitForFunction(() => /No run of this model is measured before/.test(
    document.getElementById('as-of-status').textContent));
  assert.match(await page.textContent('#as-of-status'), new RegExp(`as of ${EARLIER} there is nothing to show`));
  await page.waitForFunction((date) => document.getElementById('chart-status').textContent.includes(
    `on or before ${date}`), EARLIER);
  // Another filter's change leaves the reason standing: the same date is still applied.
  await page.selectOption('#f-disagg', 'false');
  await page.waitForFunction(() => location.search.includes('disaggregated=false'));
  assert.match(await page.textContent('#as-of-status'), /No run of this model is measured before/);
  // Back to a model measured by then: the reason goes.
  await page.selectOption('#f-model', MODEL);
  await page.waitForFunction(() => document.getElementById('as-of-status').textContent === '');
  assert.equal(await page.getAttribute('#f-as-of', 'aria-invalid'), null);

  // The plan API refuses (400) a plan whose filters match no curve, as for Flash on mi355x here; nothing else fails.
  assert.ok(refused.every((path) => path === '/api/v1/plan'), refused.join());
  assert.deepEqual([...page.problems.filter((p) => !(p.includes('400') && refused.length)), ...restored.problems], []);
  await page.context().close();
  await restored.context().close();
});

for (const malformed of ['2026-13-45', '20260-05-10']) test(`a malformed ?as_of=${malformed} is said beside the field and never sent to the API`, async () => {
  const page = await newPage(browser);
  const sent = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) sent.push(new URL(request.url()));
  });
  await page.goto(server.url + `/?model=${MODEL}&as_of=${malformed}`);
  await waitForApp(page);
  assert.match(await page.textContent('#as-of-status'), new RegExp(`"${malformed}" from the address is not a date`));
  assert.equal(await page.inputValue('#f-as-of'), '');
  // Typed, a year of five digits is not applied either (a date field takes it).
  await page.evaluate(() => {
    const field = document.getElementById('f-as-of');
    field.value = '20260-05-10';
    field.dispatchEvent(new Event('change'));
  });
  assert.equal(await page.inputValue('#f-as-of'), '20260-05-10');
  assert.match(await page.textContent('#as-of-status'), /is not applied: a date has a four-digit year/);
  await page.evaluate(() => { document.getElementById('f-as-of').value = ''; });
  // A filter change applies the latest runs, as the server did, and the reason gives way.
  await page.selectOption('#f-hardware', 'mi355x');
  await page.waitForFunction(() => location.search.includes('hardware=mi355x'));
  assert.ok(sent.length > 0 && sent.every((url) => !url.searchParams.has('as_of')), sent.join());
  assert.doesNotMatch(page.url(), /as_of/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('without the script, ?as_of= narrows the server-rendered tables', async () => {
  const page = await newPage(browser, { javaScriptEnabled: false });
  await page.goto(server.url + `/?model=${MODEL}&hardware=mi355x&as_of=${EARLIER}`);
  assert.equal(await page.inputValue('#f-as-of'), EARLIER);
  const ids = await page.locator('#points-table tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.resultId));
  const dates = await page.locator('#points-table tbody tr td[data-field="date"]').allTextContents();
  assert.ok(ids.length > 0 && dates.every((date) => date <= EARLIER), dates.join());
  assert.deepEqual(await page.locator('#interpolation-table tbody tr td:first-child').allTextContents(),
    await interpolationRows(EARLIER));
  await page.context().close();
});

// Typed digit by digit, a date field commits a date at each digit (years 0002, 0020, 0202 on the way to 2026):
// only the date typed is applied, once, with no refusal shown on the way.
test('a date typed digit by digit is applied once, when typing pauses', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + `/?model=${MODEL}&hardware=mi355x`);
  await waitForApp(page);
  await page.waitForFunction(() => document.getElementById('f-as-of').min !== '');
  const applied = new Set();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/frontier') applied.add(url.searchParams.get('as_of') || 'latest');
  });
  const statuses = new Set();
  await page.exposeFunction('noteStatus', (text) => statuses.add(text));
  await page.evaluate(() => new MutationObserver(() => window.noteStatus(
    document.getElementById('as-of-status').textContent)).observe(document.getElementById('as-of-status'),
    { childList: true, characterData: true, subtree: true }));
  await page.focus('#f-as-of');
  await page.keyboard.type('05042026', { delay: 80 });
  await page.waitForFunction((date) => location.search.includes('as_of=' + date), EARLIER);
  await settle(page, await expected(EARLIER));
  assert.deepEqual([...applied], [EARLIER], 'no date on the way to the one typed was applied');
  assert.deepEqual([...statuses].filter((text) => text !== ''), [], 'no refusal was shown while typing');
  // The headline cards are about runs of October: hidden as of May, and the page says why.
  assert.equal(await page.locator('#headlines .headline:visible').count(), 0);
  assert.ok(await page.isVisible('#headlines-after-as-of'));
  // Enter applies at once: the day typed over is applied without waiting for a pause.
  applied.clear();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.search.includes('as_of=2026-05-10'), null, { timeout: 500 });
  await settle(page, await expected('2026-05-10'));
  assert.deepEqual([...applied], ['2026-05-10']);
  // A day deleted and the field left: nothing new is applied, and the field shows again the date the page shows.
  await page.keyboard.press('Backspace');
  await page.focus('#f-model');
  assert.equal(await page.inputValue('#f-as-of'), '2026-05-10');
  assert.match(page.url(), /as_of=2026-05-10/);
  await page.fill('#f-as-of', '');
  await page.waitForFunction(() => !location.search.includes('as_of'));
  assert.equal(await page.locator('#headlines .headline:visible').count(), 2);
  assert.ok(await page.isHidden('#headlines-after-as-of'));
  // The table drawn again for the latest runs prices each row to three significant digits ($0.00143, not $0.001).
  await page.waitForFunction((n) => document.querySelectorAll('#interpolation-table tbody tr').length === n &&
    document.getElementById('interpolation-table').dataset.state !== 'loading', (await interpolationRows(null)).length);
  const prices = [];
  for (const model of [...new Set((await server.api('/api/v1/availability')).map((r) => r.model))].sort()) {
    const answer = await server.api(`/api/v1/interpolate?model=${model}&at=100`);
    prices.push(...answer.rows.map((r) => r.efficiency ? r.efficiency.cost_per_million_tokens : null));
  }
  const shownPrices = await page.locator('#interpolation-table tbody tr td:nth-child(5)').allTextContents();
  assert.equal(shownPrices.length, prices.length);
  assert.ok(prices.some((p) => p !== null && p < 0.01), prices.join());
  prices.forEach((price, i) => {
    if (price === null) return assert.equal(shownPrices[i], 'n/a');
    assert.match(shownPrices[i], /^(≤ )?\$[\d,]+\.\d{2,}$/);
    const shown = Number(shownPrices[i].replace(/^(≤ )?\$/, '').replaceAll(',', ''));
    assert.ok(Math.abs(shown - price) <= price * 0.005, shownPrices[i]);
  });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

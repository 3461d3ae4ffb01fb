// "What changed": the bundled MI355X jumps (fp8 on launch day, then fp4) listed from the changes API, the feed
// linked from the head, and "new since your last visit" across visits of one browser (local storage).
import assert from 'node:assert/strict';
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

const ready = '#changes-table[data-state="ready"][data-model="DeepSeek-V4-Pro"]';
const mi355x = '#changes-table tbody tr:has(th:text-matches("mi355x"))';

test('What changed lists the MI355X jumps from the fp8 launch-day run to fp4', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  await waitForApp(page);
  await page.waitForSelector(ready);
  const answer = await server.api('/api/v1/changes?model=DeepSeek-V4-Pro&join_precisions=true');
  assert.equal(await page.locator('#changes-table tbody tr').count(), answer.findings.length);
  const rows = page.locator(mi355x);
  assert.equal(await rows.count(), 4);
  // Newest first: 05-10 -> 05-21 on top, launch day (fp8) -> 05-02 (fp4) last, a lower bound.
  assert.match(await rows.first().locator('td').nth(1).textContent(), /^2026-05-21 fp4/);
  const launch = rows.last();
  assert.match(await launch.locator('td').nth(0).textContent(), /^2026-04-25 fp8/);
  assert.match(await launch.locator('td').nth(1).textContent(), /^2026-05-02 fp4/);
  assert.equal(await launch.locator('td').nth(2).textContent(), 'improvement');
  assert.equal(await launch.locator('td').nth(3).textContent(), '≥ 20.34× (+1933.7%)');
  assert.ok(await launch.locator('td a[href^="/points/"]').count() >= 2);
  // The feed is announced in the head.
  assert.equal(await page.getAttribute('link[rel="alternate"][type="application/atom+xml"]', 'href'), '/feed.atom');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('"new since your last visit" marks the runs that came after the last visit of this browser', async () => {
  const page = await newPage(browser);
  // First visit: nothing to compare with, nothing marked; the newest run date is remembered.
  await page.goto(server.url + '/');
  await page.waitForSelector(ready);
  assert.match(await page.textContent('#changes-visit'), /^First visit/);
  assert.equal(await page.locator('#changes-table .new-since-visit').count(), 0);
  const seen = await page.evaluate(() => localStorage.getItem('infertrack.changes.seen:DeepSeek-V4-Pro'));
  assert.match(seen, /^\d{4}-\d{2}-\d{2}$/);

  // Second visit, nothing stored since: nothing is new.
  await page.reload();
  await page.waitForSelector(ready);
  assert.match(await page.textContent('#changes-visit'), /^Nothing new since your last visit/);
  assert.equal(await page.locator('#changes-table .new-since-visit').count(), 0);

  // A visit remembered from before the MI355X runs of 2026-05-10 and 2026-05-21: those are marked.
  await page.evaluate(() => localStorage.setItem('infertrack.changes.seen:DeepSeek-V4-Pro', '2026-05-04'));
  await page.reload();
  await page.waitForSelector(ready);
  assert.match(await page.textContent('#changes-visit'), /new runs? since your last visit \(newest run then: 2026-05-04\)/);
  const marked = page.locator(mi355x + '[data-new="true"]');
  assert.equal(await marked.count(), 2);
  assert.equal(await page.locator(mi355x + ':not([data-new])').count(), 2);
  assert.equal(await marked.first().locator('.new-since-visit').textContent(), 'new since your last visit');
  // That visit is now remembered in its turn.
  assert.equal(await page.evaluate(() => localStorage.getItem('infertrack.changes.seen:DeepSeek-V4-Pro')), seen);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The run-to-run spread as a band around a curve, the new / carried-over mark of each point, the embed code the
// tracker page copies, the compare page's canonical link, on runs of one image close together; and accuracy scores
// beside throughput, with the warning for a faster configuration that scores measurably lower.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, newPage, startServer, waitForApp } from './harness.mjs';

const MODEL = 'DeepSeek-V4-Pro';
const QUERY = `?model=${MODEL}&framework=spreadfw`;

// Runs of one configuration: one with image b (06-01), three with image a (06-05, 06-08, 06-12), two points each;
// the 06-12 run repeats the slow point of the run before it (06-08) unchanged.
function spreadCsv() {
  const header = 'model,hardware,framework,precision,spec_method,disaggregated,date,isl,osl,concurrency,' +
    'total_allocated_gpus,tput_per_gpu,interactivity,interactivity_basis,image,result_id';
  const rows = [];
  const run = (date, image, slow, fast) => {
    rows.push(`${MODEL},b300,spreadfw,fp4,none,false,${date},8192,1024,64,8,${slow},40,median_tpot,${image},s-${date}-slow`);
    rows.push(`${MODEL},b300,spreadfw,fp4,none,false,${date},8192,1024,4,8,${fast},300,median_tpot,${image},s-${date}-fast`);
  };
  run('2026-06-01', 'img:b', 400, 60);
  run('2026-06-05', 'img:a', 950, 150);
  run('2026-06-08', 'img:a', 1000, 120);
  run('2026-06-12', 'img:a', 1000, 180);
  // Another configuration of the same GPU, slower at 100 tok/s/user, for the accuracy warning.
  rows.push(`${MODEL},b300,accfw,fp8,none,false,2026-06-12,8192,1024,64,8,500,40,median_tpot,img:c,acc-slow`);
  rows.push(`${MODEL},b300,accfw,fp8,none,false,2026-06-12,8192,1024,4,8,90,300,median_tpot,img:c,acc-fast`);
  return [header, ...rows].join('\n') + '\n';
}

// Illustrative scores in the documented shape (docs/FORMATS.md): the faster fp4 configuration scores lower than the
// slower fp8 one by 0.05, more than 2 combined standard errors (2 x 0.01).
const EVALS = [
  { hardware: 'b300', framework: 'spreadfw', model: MODEL, precision: 'fp4', spec_method: 'none', disagg: false,
    isl: 8192, osl: 1024, date: '2026-06-12', task: 'gsm8k', score: 0.90, stderr: 0.008 },
  { hardware: 'b300', framework: 'accfw', model: MODEL, precision: 'fp8', spec_method: 'none', disagg: false,
    isl: 8192, osl: 1024, date: '2026-06-12', task: 'gsm8k', score: 0.95, stderr: 0.006 },
];

let server;
let browser;
before(async () => {
  server = await startServer();
  const file = join(server.db + '-spread.csv');
  writeFileSync(file, spreadCsv());
  server.cli('ingest', file);
  const evals = join(server.db + '-evals.json');
  writeFileSync(evals, JSON.stringify(EVALS));
  server.cli('ingest', evals);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the chart shades the spread of the close runs of one image and names how many runs it rests on', async () => {
  const answer = await server.api(`/api/v1/frontier${QUERY}&spread=true`);
  assert.equal(answer.curves.length, 1);
  assert.equal(answer.curves[0].spread.runs, 3);
  const page = await newPage(browser);
  await page.goto(server.url + '/' + QUERY);
  await waitForApp(page);
  await page.waitForSelector('#chart-canvas[data-state="ready"][data-curves="1"]');
  assert.equal(await page.getAttribute('#chart-canvas', 'data-bands'), '1');
  assert.match(await page.textContent('#chart-legend'), /band: spread of 3 runs with its image/);
  assert.equal(await page.getAttribute('#chart-legend .spread-note', 'title'),
    'Runs of 2026-06-05, 2026-06-08, 2026-06-12');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a point repeated from the run before is marked carried over in its tooltip', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/' + QUERY);
  await waitForApp(page);
  await page.waitForSelector('#chart-canvas[data-state="ready"][data-curves="1"]');
  // The arrow keys walk the points along the axis: the slow point (40 tok/s/user) first.
  await page.focus('#chart-canvas');
  await page.keyboard.press('ArrowRight');
  const tooltip = page.locator('#chart-tooltip');
  assert.match(await tooltip.textContent(), /Result s-2026-06-12-slow/);
  assert.match(await tooltip.textContent(), /carried over: the run before measured the same at this concurrency/);
  await page.keyboard.press('ArrowRight');
  assert.match(await tooltip.textContent(), /Result s-2026-06-12-fast/);
  assert.match(await tooltip.textContent(), /new with this run/);
  await page.context().close();
});

test('"Copy embed code" gives an iframe of /embed/chart with the chart\'s filters, which may be framed', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/' + QUERY);
  await waitForApp(page);
  await page.click('#embed-code');
  const code = await page.getAttribute('#share-status', 'data-embed');
  const src = /^<iframe src="([^"]+)" width="720" height="480" title="InferTrack: DeepSeek-V4-Pro throughput per GPU against interactivity"><\/iframe>$/.exec(code);
  assert.ok(src, code);
  const url = new URL(src[1].replaceAll('&amp;', '&'));
  assert.equal(url.origin + url.pathname, server.url + '/embed/chart');
  assert.deepEqual(Object.fromEntries(url.searchParams), { v: '1', model: MODEL, framework: 'spreadfw', log: '1' });
  const embed = await fetch(url);
  assert.equal(embed.status, 200);
  assert.match(embed.headers.get('content-security-policy'), /frame-ancestors \*/);
  // The page links the compare page.
  assert.equal(await page.getAttribute('a[href="/compare"] >> nth=0', 'href'), '/compare');
  await page.context().close();
});

test('the compare page names its permanent link as canonical', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/compare?a=${MODEL}+b300+spreadfw+fp4+*+*+*+2026-06-05&b=${MODEL}+b300+spreadfw`);
  const permanent = await page.getAttribute('#compare-permanent', 'href');
  assert.match(permanent, /2026-06-12/);
  assert.equal(await page.getAttribute('link[rel="canonical"]', 'href'), permanent);
  // A page without a comparison has none.
  await page.goto(`${server.url}/compare`);
  assert.equal(await page.locator('link[rel="canonical"]').count(), 0);
  await page.context().close();
});

test('accuracy scores sit beside throughput at the target, with the warning the API gives', async () => {
  const answer = await server.api(`/api/v1/evals?model=${MODEL}&hardware=b300&at=100`);
  assert.equal(answer.evals.length, 2);
  assert.equal(answer.warnings.length, 1);
  const page = await newPage(browser);
  await page.goto(`${server.url}/?model=${MODEL}&hardware=b300`);
  await waitForApp(page);
  await page.waitForSelector('#accuracy-table[data-state="ready"][data-rows="2"]');
  const rows = page.locator('#accuracy-table tbody tr');
  assert.equal(await rows.count(), 2);
  const texts = await rows.allTextContents();
  assert.ok(texts.some((t) => t.includes('0.9000 ± 0.0080') && t.includes('spreadfw')), texts.join('\n'));
  assert.ok(texts.some((t) => t.includes('0.9500 ± 0.0060') && t.includes('accfw')), texts.join('\n'));
  assert.deepEqual(await page.locator('#accuracy-warnings li').allTextContents(), [answer.warnings[0].detail]);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

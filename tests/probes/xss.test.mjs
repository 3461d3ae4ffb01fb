// Probes of stored cross-site scripting (OWASP ASVS 4.0.3 V5.2.1, V5.3.1, V5.3.3, V5.1.4) against a real
// `infertrack serve`: script payloads stored through every field that reaches a page (ingested names, notes, images
// and links of CSV points, runner rows and evaluation results; comment bodies; display names) are escaped in the
// served HTML, JSON embedded in the page and the Atom feed, and, in headless Chromium, nothing of them runs or
// reaches the DOM as markup.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser } from '../e2e/harness.mjs';
import { API_BASE, Client, SOURCE_DIR, request, startServer } from './support.mjs';

// Each payload sets window.__pwned to its own number if it ever runs; `markup` is what must never be served as is.
const PAYLOADS = {
  script: { text: '<script>window.__pwned=1</script>', markup: '<script>window.__pwned' },
  attribute: { text: '"><img src=x onerror=window.__pwned=2>', markup: '<img src=x onerror' },
  closing: { text: '</script><script>window.__pwned=3</script>', markup: '</script><script>window.__pwned' },
  single: { text: "'><svg onload=window.__pwned=4>", markup: '<svg onload' },
};
const LINK = 'javascript:window.__pwned=5';
// Sorted before the bundled models, it is the tracker's default model, so that it is in the page's embedded state.
const MODEL = `A-XSS-Model${PAYLOADS.closing.text}`;
const HARDWARE = `hw${PAYLOADS.attribute.text}`;
const FRAMEWORK = `fw${PAYLOADS.closing.text}`;
const PRECISION = `fp8${PAYLOADS.single.text}`;
const NOTE = `notes: ${PAYLOADS.script.text} & "quoted" ${PAYLOADS.attribute.text}`;
const RESULT_ID = `xss-${PAYLOADS.single.text}`;
const RUNNER_FRAMEWORK = `runner${PAYLOADS.closing.text}`;

let server;
let dir;
let author;

function csvField(text) {
  return `"${String(text).replaceAll('"', '""')}"`;
}

function ingest(args) {
  const result = server.cli(['ingest', ...args]);
  assert.equal(result.status, 0, `ingest ${args.join(' ')}: ${result.stderr}`);
}

before(async () => {
  server = await startServer();
  server.setLimit('sign_up_per_address', 1000, 3600);
  dir = mkdtempSync(join(tmpdir(), 'infertrack-xss-'));
  // CSV points: every text field holding a payload, the links `javascript:`.
  const header = 'result_id,model,hardware,framework,precision,spec_method,date,concurrency,total_allocated_gpus,' +
    'tput_per_gpu,interactivity,interactivity_basis,image,notes,run_url,source_url';
  const rows = [[RESULT_ID, 8, 1000, 50], ['xss-2', 16, 1500, 30], ['xss-3', 32, 1800, 10]].map(
    ([id, concurrency, tput, interactivity]) => [id, MODEL, HARDWARE, FRAMEWORK, PRECISION,
      `sm${PAYLOADS.single.text}`, '2026-06-01', concurrency, 8, tput, interactivity, 'median_tpot',
      `img${PAYLOADS.attribute.text}`, NOTE, LINK, LINK].map(csvField).join(','));
  writeFileSync(join(dir, 'points.csv'), [header, ...rows].join('\n') + '\n');
  ingest([join(dir, 'points.csv')]);
  // A runner row (agg_*.json): framework, image and recipe from the runner, its run link `javascript:`.
  const runner = JSON.parse(readFileSync(join(SOURCE_DIR, 'tests', 'cases', 'runner', 'dsv4-runs',
    'agg_dsv4_8k1k_mi355x_sglang_fp4_tp8_conc64.json'), 'utf8'));
  Object.assign(runner, {
    framework: RUNNER_FRAMEWORK, image: `runner-image${PAYLOADS.attribute.text}`,
    recipe_fingerprint: PAYLOADS.script.text, run_url: LINK, kv_offload_backend: PAYLOADS.single.text,
  });
  writeFileSync(join(dir, 'agg_xss.json'), JSON.stringify(runner));
  ingest([join(dir, 'agg_xss.json')]);
  // Evaluation results joining the payload configuration, with payload task and metric names.
  writeFileSync(join(dir, 'evals.json'), JSON.stringify([{
    hardware: HARDWARE, framework: FRAMEWORK, model: MODEL, precision: PRECISION,
    spec_method: `sm${PAYLOADS.single.text}`,
    disagg: false, date: '2026-06-01', task: `task${PAYLOADS.attribute.text}`, score: 0.5, stderr: 0.01,
    metric: PAYLOADS.script.text, run_url: LINK,
  }]));
  ingest([join(dir, 'evals.json')]);
  // A snapshot of dataset notes, a hardware price table and a demand preset, each name, note and link a payload.
  writeFileSync(join(dir, 'snapshot.json'), JSON.stringify({
    notes: [`Caveat ${PAYLOADS.script.text}`],
    hardware: { name: `NVIDIA H100 ${PAYLOADS.attribute.text}`, gpus_per_rack: 8, cost_per_gpu_hour: 1.5,
      all_in_power_kw_per_gpu: 2.09, retrieved: '2026-08-01', source_url: LINK },
    presets: [{ label: `Preset${PAYLOADS.script.text} · 1T`, value: 1, note: `note${PAYLOADS.attribute.text}`,
      source_url: LINK }],
    points: [],
  }));
  ingest([join(dir, 'snapshot.json')]);
  // Comments, under a display name that is itself a payload, on the tracker page and on the payload point.
  author = new Client(server.url);
  const up = await author.signUp(`Name${PAYLOADS.attribute.text}`, 'xss-author@example.org');
  assert.equal(up.status, 201, up.text);
  for (const subject of ['page', `point:${RESULT_ID}`]) {
    for (const body of commentBodies()) {
      const posted = await author.post(body, subject);
      assert.equal(posted.status, 201, `${subject}: ${posted.text}`);
    }
  }
});

after(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Markdown and raw HTML that would run script if rendered as written.
function commentBodies() {
  return [
    `Raw HTML: ${PAYLOADS.script.text} and ${PAYLOADS.attribute.text} and ${PAYLOADS.single.text}`,
    `Links: [click](${LINK}) [case](JaVaScRiPt:window.__pwned=6) [spaced]( javascript:window.__pwned=7 ) ` +
      `[data](data:text/html,<script>window.__pwned=8</script>) [entity](&#106;avascript:window.__pwned=9) ` +
      `<${LINK}> ![image](${LINK})`,
    `Code: \`${PAYLOADS.closing.text}\` and *emphasis ${PAYLOADS.closing.text}*`,
    `[ref]\n\n[ref]: ${LINK} "title${PAYLOADS.attribute.text}"`,
  ];
}

// The attributes of every start tag of `html` (outside the JSON data block), as a browser would read them.
function attributesOf(html) {
  const attributes = [];
  const markup = html.replace(/<script type="application\/json"[\s\S]*?<\/script>/g, '');
  const startTag = /<([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;
  for (const tag of markup.matchAll(startTag)) {
    for (const attribute of tag[2].matchAll(/([^\s=>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g)) {
      const value = (attribute[2] || '').replace(/^["']|["']$/g, '');
      attributes.push({ tag: tag[1], name: attribute[1].toLowerCase(), value });
    }
  }
  return attributes;
}

// Where `html` serves a payload's markup, an event handler attribute, or a javascript:/data: URL in a link or source.
function markupServed(html) {
  const found = [];
  for (const [name, payload] of Object.entries(PAYLOADS)) {
    if (html.includes(payload.markup)) found.push(`${name} payload served as markup`);
  }
  for (const { tag, name, value } of attributesOf(html)) {
    if (name.startsWith('on')) found.push(`<${tag} ${name}="${value}">`);
    // The layout's own empty icon, href="data:,", stops the browser asking for /favicon.ico.
    const scheme = value.replace(/&#0*58;|&colon;/gi, ':');
    const unsafe = /^\s*(javascript|data|vbscript):/i.test(scheme) && value !== 'data:,';
    if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name) && unsafe) {
      found.push(`<${tag} ${name}="${value}">`);
    }
  }
  return found;
}

function encoded(text) {
  return encodeURIComponent(text);
}

// Every page a payload reaches: the tracker filtered to the payload model, the point pages, a comparison and an
// embed of the payload configurations, the feed.
function pageTargets() {
  return [
    '/',
    `/?model=${encoded(MODEL)}`,
    `/?model=DeepSeek-V4-Pro&hardware=mi355x`,
    `/points/${encoded(RESULT_ID)}`,
    '/points/xss-2',
    // A configuration name cannot hold a space (docs/EMBEDDING.md): the runner row's framework has none.
    `/compare?a=${encoded(`DeepSeek-V4-Pro mi355x ${RUNNER_FRAMEWORK}`)}` +
      `&b=${encoded('DeepSeek-V4-Pro mi355x sglang fp4')}`,
    `/embed/chart?v=1&model=${encoded(MODEL)}`,
    '/feed.atom',
    `/feed.atom?model=${encoded(MODEL)}`,
  ];
}

test('V5.3.3 V5.3.1 every payload stored through an ingest or a comment is escaped in the HTML served', async () => {
  const failures = [];
  let reached = 0;
  for (const target of pageTargets()) {
    const answer = await request(server.url, { target });
    assert.equal(answer.status, 200, `${target}: ${answer.status} ${answer.text.slice(0, 200)}`);
    for (const problem of markupServed(answer.text)) failures.push(`${target}: ${problem}`);
    // The payloads did reach the page, escaped: as HTML entities, or as \u003c in JSON embedded in it.
    if (/&lt;(script|img|svg)|\\u003c(script|img|svg)/.test(answer.text)) reached += 1;
  }
  assert.deepEqual(failures, []);
  assert.ok(reached >= 5, `the payloads reached the pages (escaped) on ${reached} of them`);
});

test('V5.3.3 the JSON state embedded in the tracker page cannot close its script element', async () => {
  const answer = await request(server.url, { target: `/?model=${encoded(MODEL)}` });
  const blocks = [...answer.text.matchAll(/<script type="application\/json" id="initial-state">([\s\S]*?)<\/script>/g)];
  assert.equal(blocks.length, 1, 'one initial-state block, closed where the server closed it');
  const state = JSON.parse(blocks[0][1]);
  assert.ok(JSON.stringify(state).includes(MODEL), 'the payload model is in the state, whole');
  assert.ok(!blocks[0][1].includes('<'), 'no < in the embedded JSON at all');
});

test('V5.2.1 V5.1.4 comment Markdown renders no script, event handler, or javascript:/data: link', async () => {
  for (const subject of ['page', `point:${RESULT_ID}`]) {
    const listed = await request(server.url, { target: `${API_BASE}/comments?subject=${encoded(subject)}` });
    assert.equal(listed.status, 200, listed.text);
    const comments = listed.json.comments;
    assert.equal(comments.length, commentBodies().length);
    for (const comment of comments) {
      const html = comment.body_html;
      assert.ok(html.length > 0);
      assert.deepEqual(markupServed(html), [], html);
      assert.ok(!/<(script|img|svg|iframe|object|embed|style)\b/i.test(html), html);
      for (const href of html.matchAll(/href="([^"]*)"/g)) {
        // An unsafe destination is dropped (href=""), never kept.
        assert.match(href[1], /^(https?:|mailto:|#|\/|$)/i, `a link that goes somewhere safe: ${html}`);
      }
      assert.equal(comment.author.display_name, `Name${PAYLOADS.attribute.text}`, 'the name is kept as written');
    }
  }
});

test('V5.3.3 in Chromium no payload runs or becomes markup on any page, and script cannot read the session cookie',
  async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // Any dialog a payload opens counts like window.__pwned.
      await context.addInitScript(() => {
        for (const name of ['alert', 'confirm', 'prompt']) {
          window[name] = () => { window.__pwned = name; };
        }
      });
      const page = await context.newPage();
      const blocked = [];
      page.on('console', (message) => {
        // A payload that reached the DOM as markup is reported by the page's CSP even when it stops it.
        if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) blocked.push(message.text());
      });
      page.on('pageerror', (error) => blocked.push(error.message));
      for (const target of pageTargets().filter((t) => !t.startsWith('/feed.atom'))) {
        await page.goto(server.url + target);
        if (await page.locator('#comments').count() > 0) {
          await page.locator('#comments').scrollIntoViewIfNeeded();
          await page.waitForSelector('#comments-list[data-state="ready"]');
        }
        if (await page.locator('#points-table').count() > 0) {
          await page.waitForSelector('#points-table[data-state="ready"], #points-table[data-state="empty"]');
        }
        await page.waitForLoadState('networkidle');
        const found = await page.evaluate(() => {
          const problems = [];
          if (window.__pwned !== undefined) problems.push(`window.__pwned = ${window.__pwned}`);
          for (const element of document.querySelectorAll('*')) {
            for (const attribute of element.attributes) {
              if (/^on/i.test(attribute.name)) problems.push(`${element.tagName} ${attribute.name}`);
              if (/^(href|src|action|formaction)$/i.test(attribute.name) &&
                  /^\s*(javascript|data|vbscript):/i.test(attribute.value) && attribute.value !== 'data:,') {
                problems.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
              }
            }
          }
          for (const script of document.querySelectorAll('script')) {
            if (!script.src && script.type !== 'application/json') problems.push('an inline script element');
          }
          if (document.querySelector('img[src="x"], svg[onload]')) problems.push('a payload element');
          return problems;
        });
        assert.deepEqual(found, [], target);
      }
      const readable = await page.evaluate(async () => {
        const me = await (await fetch('/api/v1/me')).json();
        const signIn = await fetch('/api/v1/session', {
          method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf_token },
          body: JSON.stringify({ email: 'xss-author@example.org', password: 'correct horse battery staple' }),
        });
        const after = await (await fetch('/api/v1/me')).json();
        return { status: signIn.status, signedIn: after.signed_in, cookies: document.cookie };
      });
      assert.equal(readable.status, 200);
      assert.equal(readable.signedIn, true, 'the browser holds the session');
      assert.ok(!/infertrack_(session|visitor|device)/.test(readable.cookies), `script reads ${readable.cookies}`);
      assert.deepEqual(blocked, [], 'nothing was blocked or thrown');
      const pwned = await page.evaluate(() => window.__pwned);
      assert.equal(pwned, undefined);
    } finally {
      await browser.close();
    }
  });

test('V5.3.3 the API answers payloads as JSON data only, never as a document', async () => {
  const targets = [
    `${API_BASE}/points?model=${encoded(MODEL)}`,
    `${API_BASE}/points/${encoded(RESULT_ID)}`,
    `${API_BASE}/evals?model=${encoded(MODEL)}&at=20`,
    `${API_BASE}/comments?subject=page`,
  ];
  for (const target of targets) {
    const answer = await request(server.url, { target });
    assert.equal(answer.status, 200, `${target}: ${answer.text.slice(0, 300)}`);
    assert.equal(answer.header('content-type'), 'application/json');
    assert.equal(answer.header('x-content-type-options'), 'nosniff');
    assert.match(answer.header('content-security-policy') || '', /default-src 'none'/, target);
    assert.ok(answer.json !== null, `${target} is JSON`);
  }
  const evals = await request(server.url, { target: `${API_BASE}/evals?model=${encoded(MODEL)}&at=20` });
  assert.ok(JSON.stringify(evals.json).includes(JSON.stringify(`task${PAYLOADS.attribute.text}`)),
    'the payload task name is in the evals answer, as data');
});

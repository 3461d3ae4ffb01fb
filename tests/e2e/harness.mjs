// Shared set-up of the browser tests: the real `infertrack serve` on a free port with a fresh database
// (the bundled data loads itself), and headless Debian Chromium driven by playwright-core.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { runCli, startServer as startInfertrack, temporaryDatabase } from '../support/server.mjs';

export const SCREENSHOT_DIR = resolve(process.env.INFERTRACK_SCREENSHOT_DIR || 'build/screenshots');
const CHROMIUM = process.env.INFERTRACK_CHROMIUM || '/usr/bin/chromium';

// Starts the server (tests/support/server.mjs) on a fresh database of its own, removed when it stops; `serveArgs`
// are added to `serve` (['--password-hash-cost', 'minimum'] where accounts are made).
export async function startServer({ serveArgs = [] } = {}) {
  const folder = temporaryDatabase('e2e');
  const server = await startInfertrack(folder.db, { args: serveArgs, folder });
  return Object.assign(server, {
    db: folder.db,
    // Runs the CLI on the same database, e.g. cli('plan', '--point', id, '--json').
    cli(...args) {
      return this.cliWithInput('', ...args);
    },
    // The same with `input` on standard input, e.g. the password of `user add`.
    cliWithInput(input, ...args) {
      const result = runCli(folder.db, args, { input });
      if (result.status !== 0) throw new Error(`infertrack ${args.join(' ')} failed: ${result.stderr}`);
      return result.stdout;
    },
    async api(path) {
      const response = await fetch(server.url + path);
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.json();
    },
  });
}

// Headless Chromium with a fresh profile (playwright gives every launch its own temporary
// --user-data-dir) and nothing that reaches beyond loopback.
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// A page that records console errors and uncaught exceptions into `page.problems`.
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') page.problems.push(message.text());
  });
  page.on('pageerror', (error) => page.problems.push(error.message));
  return page;
}

// Waits until the script has drawn the chart and answered the planner.
export async function waitForApp(page) {
  await page.waitForSelector('#chart-canvas[data-state="ready"]');
  await page.waitForSelector('#points-table[data-state="ready"]');
  await page.waitForSelector('#plan-table[data-state="ready"], #plan-table[data-state="invalid"]');
}

export function screenshotPath(name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, name);
}

// Shared set-up of the browser tests: the real `infertrack serve` on a free port with a fresh database
// (the bundled data loads itself), and headless Debian Chromium driven by playwright-core.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

// CTest passes the binary; by hand, the default build's binary is used.
export const EXE = resolve(process.env.INFERTRACK_EXE ||
  ['build/infertrack', 'build/src/infertrack'].find((path) => existsSync(path)) || 'build/infertrack');
export const SCREENSHOT_DIR = resolve(process.env.INFERTRACK_SCREENSHOT_DIR || 'build/screenshots');
const CHROMIUM = process.env.INFERTRACK_CHROMIUM || '/usr/bin/chromium';
const START_TIMEOUT_MS = 30_000;

// Starts the server on port 0 and reads the bound port from its "infertrack serving http://..." line;
// `serveArgs` are added to `serve` (['--password-hash-cost', 'minimum'] where accounts are made).
export async function startServer({ serveArgs = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'infertrack-e2e-'));
  const db = join(dir, 'tracker.db');
  const child = spawn(EXE, ['serve', '--db', db, '--listen', '127.0.0.1:0', ...serveArgs],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const url = await new Promise((resolveUrl, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in time: ${stderr}`)), START_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /serving (http:\/\/[^\s/]+)\//.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
  child.removeAllListeners('exit');
  return {
    url,
    db,
    // Runs the CLI on the same database, e.g. cli('plan', '--point', id, '--json').
    cli(...args) {
      return this.cliWithInput('', ...args);
    },
    // The same with `input` on standard input, e.g. the password of `user add`.
    cliWithInput(input, ...args) {
      const result = spawnSync(EXE, [...args, '--db', db], { encoding: 'utf8', input });
      if (result.status !== 0) throw new Error(`infertrack ${args.join(' ')} failed: ${result.stderr}`);
      return result.stdout;
    },
    async api(path) {
      const response = await fetch(url + path);
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.json();
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
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

// Shared set-up of the end-to-end tests: a static server of dist/, Debian's Chromium driven by
// playwright-core, and a record of every request each page makes.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/static-server.mjs';

const require = createRequire(new URL('../tools/package.json', import.meta.url));
const { chromium } = require('playwright-core');

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts the server (of `dir`, dist/ by default, optionally under a sub-path `prefix`) and
 * Chromium. `origin` is the server's; `site` the address of the playground's folder, without its
 * last slash (`origin` itself at the host's root).
 */
export async function start({ dir = null, prefix = '/' } = {}) {
  // DIST: another bundle folder (e.g. a second working copy's build); dist/ by default.
  const server = await serve(dir || process.env.DIST || join(ROOT, 'dist'), 0, '127.0.0.1', { prefix });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const site = origin + prefix.replace(/\/$/, '');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const requests = [];
  /**
   * A fresh browser profile (empty storage) whose requests are recorded; `options` add to the
   * context's (e.g. `hasTouch`). Service workers are blocked unless `serviceWorkers: 'allow'`:
   * the offline copy (e2e/offline.test.mjs) would otherwise download every bundle in every test.
   */
  async function newPage(options = {}) {
    const context = await browser.newContext({
      acceptDownloads: true, viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', ...options,
    });
    context.on('request', (r) => requests.push(r.url()));
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.consoleErrors = errors;
    return page;
  }
  async function stop() {
    await browser.close();
    await new Promise((ok) => server.close(ok));
  }
  /** The served bundle's origins: this server's, and any a test adds (another host of dist/). */
  const origins = [origin];
  const allow = (other) => origins.push(other);
  /** Requests to anything but the served bundle (the app must make none). */
  const foreignRequests = () =>
    requests.filter((u) => !origins.some((o) => u.startsWith(o + '/')) && !u.startsWith('blob:') && !u.startsWith('data:')
      && !u.startsWith('file:'));
  return { origin, site, server, browser, newPage, requests, foreignRequests, allow, stop };
}

/** Shapley values as shown in the results table. */
export async function phis(page) {
  return page.locator('#shapley-table td.phi').allTextContents();
}

/** Waits until the results table shows values different from `before`. */
export async function waitForChange(page, before) {
  await page.waitForFunction((b) => {
    const now = [...document.querySelectorAll('#shapley-table td.phi')].map((c) => c.textContent);
    return now.length > 0 && JSON.stringify(now) !== b;
  }, JSON.stringify(before));
}

/**
 * Runs the native runner on a scenario (an object, or JSON text as-is: e.g. a seed above 2^53,
 * which a JS number cannot hold) and returns its stdout.
 */
export function nativeRun(scenario) {
  const dir = mkdtempSync(join(tmpdir(), 'cloudecon-e2e-'));
  const file = join(dir, 'scenario.json');
  writeFileSync(file, typeof scenario === 'string' ? scenario : JSON.stringify(scenario));
  const bin = join(ROOT, 'target', 'release', 'cloudecon');
  // Results with schedules exceed spawnSync's default 1 MB of output.
  const out = spawnSync(bin, ['run', file], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(`native runner failed (${out.status}): ${out.stderr}`);
  return out.stdout.trim();
}

/** Imports a scenario through the toolbar's file input. */
export async function importScenario(page, scenario) {
  await page.locator('#import-json').setInputFiles({
    name: 'scenario.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)),
  });
}

/** Clicks a download button and returns the downloaded text. */
export async function downloadText(page, selector) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const { readFile } = await import('node:fs/promises');
  return (await readFile(await download.path(), 'utf8')).trim();
}

/**
 * Starts the server and browser before a test file and stops them after it, checking that no
 * page made a request outside the served bundle. Returns the environment (filled in `before`).
 */
/** A preset's scenario, as the native runner prints it. */
export function preset(name) {
  const out = spawnSync(join(ROOT, 'target', 'release', 'cloudecon'), ['preset', name], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout);
}

/** How many pixels of the canvas inside `#id` are not white. */
export async function inked(page, id) {
  return page.evaluate((id) => {
    const c = document.querySelector(`#${id} canvas`);
    if (!c) return 0;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250) n++;
    return n;
  }, id);
}

/**
 * Watches the progress bar of `#run-status` from inside the page and presses Cancel the moment it
 * moves (so the cancel reaches the worker long before the run ends, however fast the machine);
 * the values seen are in `window.progressSeen`.
 */
export async function cancelOnFirstProgress(page) {
  await page.evaluate(() => {
    window.progressSeen = [];
    new MutationObserver(() => {
      const bar = document.querySelector('#run-status:not(.loading) progress');
      if (!bar) return;
      const v = Number(bar.value);
      if (!window.progressSeen.includes(v)) window.progressSeen.push(v);
      if (v > 0 && !window.cancelClicked) { window.cancelClicked = true; document.querySelector('#cancel-run-status').click(); }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** Watches the progress bar of `#run-status` from inside the page; the values seen are in `window.progressSeen`. */
export async function watchProgress(page) {
  await page.evaluate(() => {
    window.progressSeen = [];
    new MutationObserver(() => {
      const bar = document.querySelector('#run-status:not(.loading) progress');
      if (bar && !window.progressSeen.includes(Number(bar.value))) window.progressSeen.push(Number(bar.value));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

/** Waits for the run that `cancelOnFirstProgress` cancels, and checks it was cancelled midway. */
export async function waitForCancelledMidway(page, timeout) {
  await page.waitForFunction(() => document.querySelector('#run-status')?.textContent.includes('Run cancelled'), null, { timeout });
  const seen = await page.evaluate(() => window.progressSeen);
  assert.ok(seen.some((v) => v > 0 && v < 1), `progress values seen: ${seen}`);
}

export function useEnvironment({ setup = null, teardown = null, ...options } = {}) {
  const env = {};
  before(async () => {
    Object.assign(env, await start(options));
    // E.g. another host of the bundle (its origin allowed with `env.allow`).
    if (setup) await setup(env);
  });
  after(async () => {
    if (teardown) await teardown(env);
    // The app may load only its own assets: no request to any other host, ever.
    const foreign = env.foreignRequests();
    await env.stop();
    assert.deepEqual(foreign, [], 'requests outside the served bundle');
  });
  return env;
}

/**
 * The built site copied under `prefix` (e.g. `/~teacher/cloudecon/`) of a plain static server,
 * as a university web space serves files: Python's `http.server`, which rewrites no address,
 * compresses nothing, sends no ETag or cache headers and has no custom 404 page. Returns
 * `{ site, www, port, stop }`: `site` the playground's address without its last slash, `www`
 * the served folder.
 */
export async function plainHost(prefix, { dir = process.env.DIST || join(ROOT, 'dist') } = {}) {
  const { cpSync, mkdirSync, rmSync } = await import('node:fs');
  const { spawn } = await import('node:child_process');
  const { createServer } = await import('node:net');
  const www = mkdtempSync(join(tmpdir(), 'cloudecon-www-'));
  const folder = join(www, ...prefix.split('/').filter(Boolean));
  mkdirSync(folder, { recursive: true });
  cpSync(dir, folder, { recursive: true });
  // A free port: taken, then let go for Python.
  const port = await new Promise((ok) => {
    const probe = createServer().listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => ok(port)); });
  });
  const python = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', www], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(origin + prefix).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 100) throw new Error('python3 -m http.server did not start');
    await new Promise((ok) => setTimeout(ok, 100));
  }
  const stop = () => { python.kill(); rmSync(www, { recursive: true, force: true }); };
  return { site: origin + prefix.replace(/\/$/, ''), origin, www: folder, port, stop };
}

/**
 * Where the page shows the problem at a JSON path (`jobs[2].duration`): the field's own message
 * when a field at that pointer (or under it) shows it (`#problem-jobs-2-duration`), else the
 * problems beside a group of fields (`.field-problem[data-path=…]`). A problem is shown once.
 */
export function problemAt(page, path) {
  const pointer = '/' + path.replace(/\[(\d+)\]/g, '.$1').split('.').join('/');
  const id = 'problem' + pointer.replace(/[^A-Za-z0-9]/g, '-');
  // (a field under the path, for a group's problems: `policies[1]` is shown at its σ field)
  return page.locator(`.field-problem[data-path="${path}"], #${id}, [id^="${id}-"]`).first();
}

// What keeps a class going when something goes wrong: a panic shows the playground's own message
// (in the page and in the worker), the background worker survives a slow link (its download shows
// progress and is not mistaken for a hung worker), and the console stays free of the deprecation
// and preload-integrity warnings the worker's loading used to print.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment } from './harness.mjs';

const env = useEnvironment();

/** A page whose console warnings are collected (from before its first load). */
async function watched() {
  const page = await env.newPage();
  page.warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') page.warnings.push(m.text()); });
  return page;
}

const LOADING_WARNINGS = /deprecated|integrity|preload/i;

test('a panic in the page shows the playground\'s message, not a dead page', async () => {
  const page = await env.newPage();
  await page.goto(`${env.origin}/__test/panic`);
  await page.waitForSelector('#panic:not([hidden])');
  assert.match(await page.textContent('#panic'), /Something went wrong inside the playground.*deliberate panic/s);
});

test('a panic in the background worker fails its run at once with the worker\'s message', async () => {
  const page = await env.newPage();
  await page.goto(`${env.origin}/__test/panic?worker=1`);
  await page.waitForFunction(() => /crashed/.test(document.querySelector('#worker-panic')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.match(await page.textContent('#worker-panic'), /deliberate/);
});

test('on a slow link the worker downloads with progress and then runs (no "stopped responding")', async () => {
  const page = await watched();
  await page.goto(`${env.origin}/era`);
  await page.waitForSelector('#run-status.done');
  // About 0.16 Mbit/s from here on: the worker's ~470 KB (Brotli) take ~25 s, beyond the 20 s
  // silence limit that used to count the download.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 20_000, uploadThroughput: 20_000,
  });
  await page.selectOption('#presets', 'era-yahoo');
  await page.waitForSelector('#run-status.loading progress', { timeout: 15_000 });
  const first = await page.textContent('#run-status');
  // Compressed in transit, the decoded size is not known in advance: megabytes so far.
  assert.match(first, /Loading the background worker… \d+\.\d (of \d+\.\d MB|MB so far)/);
  // The bar moves.
  await page.waitForFunction((t) => {
    const s = document.querySelector('#run-status.loading');
    return s && s.textContent !== t;
  }, first, { timeout: 20_000 });
  await page.waitForSelector('#run-status.done', { timeout: 150_000 });
  assert.doesNotMatch(await page.textContent('#run-status'), /stopped responding|stalled|did not start/);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  assert.deepEqual(page.consoleErrors, []);
  assert.deepEqual(page.warnings.filter((w) => LOADING_WARNINGS.test(w)), []);
});

test('loading the app and starting its worker print no deprecation or integrity warnings', async () => {
  const page = await watched();
  await page.goto(`${env.origin}/`);
  await page.waitForSelector('main h1');
  await page.goto(`${env.origin}/era`);
  await page.waitForSelector('#run-status.done');
  await page.selectOption('#presets', 'era-yahoo');
  await page.waitForSelector('#run-status.done', { timeout: 120_000 });
  assert.deepEqual(page.warnings.filter((w) => LOADING_WARNINGS.test(w)), []);
  assert.deepEqual(page.consoleErrors, []);
});

test('the bundle is sent precompressed, and the page shows a loading message before any wasm', async () => {
  const page = await env.newPage();
  const encodings = new Map();
  page.on('response', (r) => encodings.set(new URL(r.url()).pathname, r.headers()['content-encoding'] ?? ''));
  // The HTML alone, before any script runs, already says that the playground is loading.
  const html = await (await fetch(`${env.origin}/`)).text();
  assert.match(html, /id="first-load"[^]*Loading the page/);
  await page.goto(`${env.origin}/`);
  await page.waitForSelector('main h1');
  assert.equal(await page.locator('#first-load').count(), 0, 'the app replaces the loading message');
  const wasm = [...encodings].filter(([path]) => path.endsWith('.wasm'));
  assert.ok(wasm.length >= 1, 'the app\'s wasm was loaded');
  for (const [path, encoding] of wasm) assert.equal(encoding, 'br', `${path} is sent with Brotli`);
});

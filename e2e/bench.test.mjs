// Benchmark mode (/bench) times the standard workloads without freezing the tab: they run in a
// background worker, the page shows how far it is, stays responsive, and Cancel stops it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment } from './harness.mjs';

const env = useEnvironment();

/** Starts recording, in the page, the longest gap between timer ticks (a frozen tab has long ones). */
async function watchResponsiveness(page) {
  await page.evaluate(() => {
    window.longestGap = 0;
    let last = performance.now();
    window.ticker = setInterval(() => {
      const now = performance.now();
      window.longestGap = Math.max(window.longestGap, now - last);
      last = now;
    }, 20);
  });
}

test('the benchmark runs in the background with progress, the page stays responsive, and Cancel stops it', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/bench');
  await page.waitForSelector('#run-bench');
  await watchResponsiveness(page);
  await page.click('#run-bench');
  assert.equal(await page.locator('#run-bench').isDisabled(), true, 'no second benchmark while one runs');
  // Progress moves through the workloads.
  await page.waitForFunction(() => Number(document.querySelector('#bench-status progress')?.value) > 0, null, { timeout: 60_000 });
  assert.match(await page.textContent('#bench-status'), /Timing workload \d+ of \d+ in a background worker… \d+ %/);
  // Three more seconds of timing, then the page still answers at once.
  await page.waitForTimeout(3000);
  const gap = await page.evaluate(() => window.longestGap);
  assert.ok(gap < 500, `the page froze for ${Math.round(gap)} ms while the benchmark ran`);
  const t0 = Date.now();
  await page.evaluate(() => document.title);
  assert.ok(Date.now() - t0 < 500, 'the page answers at once');

  await page.click('#cancel-bench');
  await page.waitForFunction(() => document.querySelector('#bench-status')?.textContent.includes('cancelled'), null, { timeout: 2000 });
  assert.equal(await page.locator('#run-bench').isEnabled(), true);
  assert.equal(await page.locator('#bench-json').count(), 0, 'a cancelled benchmark reports nothing');
  // Nothing arrives later from the cancelled benchmark.
  await page.waitForTimeout(3000);
  assert.match(await page.textContent('#bench-status'), /cancelled/);
  assert.equal(await page.locator('#bench-json').count(), 0);
  assert.deepEqual(page.consoleErrors, []);
});

test('a filtered benchmark reports its workloads as JSON, after a cancelled one', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/bench?filter=shapley');
  await page.click('#run-bench');
  await page.waitForSelector('#bench-status progress');
  await page.click('#cancel-bench');
  await page.waitForFunction(() => document.querySelector('#bench-status')?.textContent.includes('cancelled'));
  // The same worker takes the next benchmark.
  await page.click('#run-bench');
  await page.waitForSelector('#bench-json', { timeout: 120_000 });
  const report = JSON.parse(await page.textContent('#bench-json'));
  assert.equal(report.platform, 'wasm');
  assert.deepEqual(report.workloads.map((w) => w.name).sort(), ['shapley_glove_16', 'shapley_random_20']);
  for (const w of report.workloads) assert.ok(w.iterations >= 3 && w.mean_ms > 0 && w.min_ms <= w.mean_ms, JSON.stringify(w));
  assert.equal(await page.locator('#bench-status').count(), 0, 'the status goes once the report is in');
  assert.equal(await page.locator('main table tbody tr').count(), 2);
  assert.deepEqual(page.consoleErrors, []);
});

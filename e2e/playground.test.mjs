// End-to-end tests of the release bundle in headless Chromium (run by scripts/test.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useEnvironment, phis, waitForChange, nativeRun, importScenario, downloadText, ROOT, cancelOnFirstProgress, waitForCancelledMidway } from './harness.mjs';

const env = useEnvironment();

const players = (n) => Array.from({ length: n }, (_, i) => `P${i + 1}`);

/** The README's table of mechanisms: name, first tag and whether it is available. */
function readmeMechanisms() {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return [...text.matchAll(/^\| (.+?) \(`(\w+)`.*\| \**(available|coming)\** \|$/gm)]
    .map(([, name, tag, status]) => ({ name, tag, coming: status === 'coming' }));
}

test('home page presents the four mechanisms and opens the calculator', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/');
  await page.waitForSelector('#card-cloudshare h3');
  const cards = await page.locator('.card h3').allTextContents();
  for (const name of ['Abacus', 'ERA', 'On-demand, spot, or both', 'CloudShare / DirectContr', 'Shapley value calculator']) {
    assert.ok(cards.some((t) => t.startsWith(name)), `${name} card`);
  }
  // The page table and the README agree on what is available and what is still to come.
  const readme = readmeMechanisms();
  assert.ok(readme.length >= 5, `README mechanisms: ${JSON.stringify(readme)}`);
  for (const { name, tag, coming } of readme) {
    const card = page.locator(`#card-${tag}`);
    assert.equal(await card.count(), 1, `a card for ${tag}`);
    assert.ok((await card.locator('h3').textContent()).startsWith(name), `the ${tag} card is titled ${name}`);
    assert.equal(await card.evaluate((c) => c.classList.contains('coming')), coming, `${tag} is ${coming ? 'coming' : 'available'}`);
    assert.equal(await card.locator('a').count(), coming ? 0 : 1, `${tag}: a link only when available`);
  }
  assert.equal(await page.locator('.card.coming').count(), readme.filter((m) => m.coming).length, 'coming cards = README');
  assert.deepEqual(await page.locator('.site-header nav a').allTextContents(),
    ['Mechanisms', 'Abacus', 'Shapley calculator', 'ERA', 'Spot', 'CloudShare', 'Classroom', 'Class game', 'Studies', 'Benchmark'], 'header links');
  assert.equal(await page.locator('#card-abacus a').getAttribute('href'), '/abacus');
  await page.click('#card-shapley a');
  await page.waitForSelector('#shapley-table');
  assert.equal(new URL(page.url()).pathname, '/shapley');
  assert.deepEqual(page.consoleErrors, []);
});

test('editing a coalition value updates the Shapley values and the chart is drawn', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  const before = await phis(page);
  assert.deepEqual(before, ['0.666667', '0.166667', '0.166667']);
  await page.locator('tr[data-mask="3"] input').fill('4');
  await waitForChange(page, before);
  assert.deepEqual(await phis(page), ['1.166667', '0.666667', '-0.833333']);
  const inked = await page.evaluate(() => {
    const c = document.querySelector('#shapley-chart canvas');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250) n++;
    return { n, w: c.width, h: c.height };
  });
  assert.ok(inked.w > 300 && inked.h > 200, `canvas size ${inked.w}×${inked.h}`);
  assert.ok(inked.n > 2000, `chart has only ${inked.n} inked pixels`);
  assert.deepEqual(page.consoleErrors, []);
});

test('a share link restores the exact scenario in a fresh browser', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  await page.fill('#title', 'Shared glove game');
  await page.locator('tr[data-mask="5"] input').fill('0.1234567890123456789');
  await waitForChange(page, ['0.666667', '0.166667', '0.166667']);
  const values = await phis(page);
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  assert.match(url, /\/shapley#s=[A-Za-z0-9_-]+$/);
  const json = await downloadText(page, '#export-json');

  const fresh = await env.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector('#shapley-table td.phi');
  assert.equal(await fresh.inputValue('#title'), 'Shared glove game');
  assert.deepEqual(await phis(fresh), values);
  assert.equal(await fresh.locator('tr[data-mask="5"] input').inputValue(), '0.12345678901234568');
  assert.equal(await downloadText(fresh, '#export-json'), json, 'exported documents differ');
  assert.equal(new URL(fresh.url()).hash, '', 'the fragment is consumed so a reload keeps later edits');
});

test('a corrupted share link shows the error banner and the page stays usable', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley#s=not-a-real-scenario!!');
  await page.waitForSelector('#error-banner');
  const banner = await page.textContent('#error-banner');
  assert.match(banner, /Could not open the shared link/);
  const before = await phis(page);
  assert.deepEqual(before, ['0.666667', '0.166667', '0.166667'], 'the default scenario is shown');
  await page.locator('tr[data-mask="1"] input').fill('0.5');
  await waitForChange(page, before);
  await page.click('#error-banner .dismiss');
  assert.equal(await page.locator('#error-banner').count(), 0);
  assert.deepEqual(page.consoleErrors, []);
});

test('a reload keeps the edits', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  await page.click('#add-player');
  await page.locator('.player-name').nth(3).fill('Dana');
  await page.fill('#notes', 'kept across reloads');
  await page.locator('tr[data-mask="8"] input').fill('2');
  await page.waitForFunction(() => document.querySelectorAll('#shapley-table td.phi').length === 4);
  const values = await phis(page);
  await page.reload();
  await page.waitForSelector('#shapley-table td.phi');
  assert.equal(await page.locator('.player-name').nth(3).inputValue(), 'Dana');
  assert.equal(await page.inputValue('#notes'), 'kept across reloads');
  assert.deepEqual(await phis(page), values);
});

test('results in the browser equal the native runner, inline and in the worker', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  const cases = [
    { version: 1, mechanism: 'shapley', seed: 7, players: players(8), game: { kind: 'random', low: -5, high: 10 } },
    { version: 1, mechanism: 'shapley', seed: 11, players: players(20), game: { kind: 'random', low: 0, high: 100 } },
  ];
  for (const scenario of cases) {
    const before = await phis(page);
    await importScenario(page, scenario);
    await waitForChange(page, before);
    const where = await page.textContent('#run-status');
    assert.match(where, scenario.players.length > 16 ? /background worker/ : /instantly/);
    assert.equal(await downloadText(page, '#download-result-json'), nativeRun(scenario), `${scenario.players.length} players`);
  }
  assert.deepEqual(page.consoleErrors, []);
});

test('a long run shows progress and can be cancelled', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  // Watch the progress bar from inside the page and press Cancel the moment it moves, so the
  // cancel reaches the worker long before its 64 steps are done, however fast the machine.
  await cancelOnFirstProgress(page);
  await importScenario(page, { version: 1, mechanism: 'shapley', seed: 3, players: players(20), game: { kind: 'glove', left: players(9) } });
  await waitForCancelledMidway(page);
  assert.equal(await page.locator('#shapley-table').count() > 0, true, 'earlier results stay on screen');
  // The worker takes the next run after a cancel.
  await page.locator('.player-name').first().fill('Left1');
  await page.waitForFunction(() => document.querySelector('#run-status.done')?.textContent.includes('background worker'));
  assert.equal((await phis(page)).length, 20);
  assert.deepEqual(page.consoleErrors, []);
});

test('importing a bad file explains the problem and keeps the work', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  const before = await phis(page);
  await importScenario(page, { version: 1, mechanism: 'shapley', players: ['A', 'A'], coalitions: [{ members: ['A'], value: 'x' }] });
  await page.waitForSelector('#error-banner');
  assert.match(await page.textContent('#error-banner'), /coalitions\[0\]\.value/);
  assert.deepEqual(await phis(page), before);
});

test('benchmark mode prints the native workloads as JSON', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/bench');
  await page.click('#run-bench');
  await page.waitForSelector('#bench-json', { timeout: 120_000 });
  const report = JSON.parse(await page.textContent('#bench-json'));
  assert.equal(report.platform, 'wasm');
  const names = report.workloads.map((w) => w.name);
  assert.ok(names.includes('shapley_random_20'), names.join());
  for (const w of report.workloads) assert.ok(w.iterations >= 3 && w.mean_ms > 0, JSON.stringify(w));
});

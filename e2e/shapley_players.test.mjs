// The Shapley page's limits and numbers: "Add player" adds players up to the stated 20 (a
// coalition table up to 12, then it is disabled and says why, and a formula goes on to 20), and
// rounding residue is written as 0 — no −1.39e-17, no "−0.0 %".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, importScenario, nativeRun, phis } from './harness.mjs';

const env = useEnvironment();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function open(options) {
  const page = await env.newPage(options);
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  return page;
}

const playerCount = (page) => page.locator('.players .player-name').count();

/** Clicks (or taps) "Add player" while it is enabled; returns the number of players then. */
async function addUntilDisabled(page, touch) {
  const add = page.locator('#add-player');
  for (let guard = 0; guard < 25 && await add.isEnabled(); guard++) {
    const before = await playerCount(page);
    if (touch) await add.tap(); else await add.click();
    await page.waitForFunction((n) => document.querySelectorAll('.players .player-name').length === n + 1, before);
  }
  return playerCount(page);
}

/** The reason the disabled "Add player" gives: the text of its aria-describedby. */
async function reason(page) {
  return page.evaluate(() => {
    const b = document.querySelector('#add-player');
    const ids = (b.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
  });
}

for (const [name, options, touch] of [['desktop', {}, false], ['a 390 px touch screen', PHONE, true]]) {
  test(`"Add player" goes up to the stated 20, or is disabled with the reason (${name})`, async () => {
    const page = await open(options);
    assert.match(await page.textContent('.players'), /Up to 20 players/);
    // The coalition table: up to 12 players, then disabled with the way on.
    assert.equal(await addUntilDisabled(page, touch), 12);
    assert.equal(await page.locator('#add-player').isDisabled(), true);
    assert.match(await reason(page), /12 players.*formula/s);

    // A formula takes players up to the game's 20.
    await page.selectOption('#formula-kind', 'random');
    await page.click('#apply-formula');
    await page.waitForFunction(() => !document.querySelector('#add-player').disabled);
    assert.equal(await reason(page), '', 'an enabled button gives no reason');
    assert.equal(await addUntilDisabled(page, touch), 20);
    assert.match(await reason(page), /at most 20 players/);
    // 2^20 − 1 coalitions: computed in the background worker, every player valued.
    await page.waitForFunction(() => document.querySelectorAll('#shapley-table td.phi').length === 20
      && document.querySelector('#run-status')?.classList.contains('done'), null, { timeout: 120_000 });
    assert.match(await page.textContent('#run-status'), /background worker/);
    const values = (await phis(page)).map(Number);
    assert.equal(values.length, 20);
    assert.ok(values.every(Number.isFinite), values.join());
    assert.deepEqual(page.consoleErrors, []);
  });
}

/** A game whose first player's value comes out as −1.39e-17 (rounding residue, not zero). */
const RESIDUE = {
  version: 1, mechanism: 'shapley', title: 'Residue', seed: 0, players: ['A', 'B', 'C'],
  coalitions: [
    { members: ['A'], value: 0.6 }, { members: ['B'], value: 0.4 }, { members: ['A', 'B'], value: 0.1 },
    { members: ['C'], value: 0.2 }, { members: ['A', 'C'], value: 0.1 }, { members: ['B', 'C'], value: 0.6 },
    { members: ['A', 'B', 'C'], value: 0.2 },
  ],
};

test('values within 1e-12 of zero show as 0, and their share as 0.0 %', async () => {
  const native = JSON.parse(nativeRun(RESIDUE));
  assert.ok(native.shapley[0] < 0 && native.shapley[0] > -1e-12, `the game still has residue: ${native.shapley[0]}`);
  assert.ok(native.efficiency_gap !== 0 && Math.abs(native.efficiency_gap) < 1e-12);

  const page = await open();
  await importScenario(page, RESIDUE);
  await page.waitForFunction(() => document.querySelector('#title')?.value === 'Residue');
  await page.waitForFunction(() => document.querySelectorAll('#shapley-table td.phi').length === 3);
  const rows = await page.locator('#shapley-table tbody tr').evaluateAll((rs) => rs.map((r) => [...r.cells].map((c) => c.textContent)));
  assert.deepEqual(rows[0], ['A', '0', '0.0 %']);
  assert.deepEqual(rows.map((r) => r[1]), ['0', '0.15', '0.05']);
  assert.equal(await page.textContent('#efficiency-gap'), '0');

  // Nowhere on the page (the chart's table too): no residue, no negative zero.
  await page.click('#shapley-chart button.chart-table-toggle');
  const text = await page.textContent('main');
  assert.doesNotMatch(text, /e-1[0-9]/, 'no residue in scientific notation');
  assert.doesNotMatch(text, /[-−]0(\.0+)?\s?%/, 'no negative zero percentage');
  assert.doesNotMatch(text, /[-−]0(\.0+)?(?![.\d])/, 'no negative zero');
  assert.deepEqual(page.consoleErrors, []);
});

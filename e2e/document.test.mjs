// End-to-end tests of the page document every mechanism page shares: a scenario of another
// mechanism (imported or in a share link) opens on its own page, the seed is a whole number exact
// to 2^64 − 1, and the observations table is paged like the other long tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, downloadText, importScenario, nativeRun, phis } from './harness.mjs';

const env = useEnvironment();

const AUCTION = {
  version: 1, mechanism: 'abacus', title: 'Imported auction', notes: 'two jobs, three resources', seed: 5,
  alpha: 0.4, tolerance: 1e-10, max_iterations: 10000, trace: true,
  resources: [{ name: 'cpu', units: 8 }, { name: 'mem', units: 8 }, { name: 'disk', units: 2 }],
  jobs: [
    { name: 'A', budget: 50, utility: { kind: 'linear', weights: [1, 2, 3] } },
    { name: 'B', budget: 80, utility: { kind: 'log', weights: [3, 1, 1] } },
  ],
};

test('importing an Abacus scenario on the Shapley page opens it on the Abacus page', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  await page.fill('#title', 'My game');
  await importScenario(page, AUCTION);
  await page.waitForFunction(() => location.pathname === '/abacus'
    && document.querySelectorAll('#auction-table tbody tr').length === 2, null, { timeout: 10_000 })
    .catch(() => assert.fail(`the auction did not open on /abacus (at ${page.url()})`));
  assert.equal(await page.inputValue('#title'), 'Imported auction');
  assert.equal(await page.inputValue('#notes'), 'two jobs, three resources');
  assert.equal(await page.inputValue('#seed'), '5');
  assert.deepEqual(await page.locator('#jobs-table input.job-name').evaluateAll((es) => es.map((e) => e.value)), ['A', 'B']);
  assert.equal(new URL(page.url()).hash, '', 'the hand-over fragment is consumed');
  assert.equal(await page.locator('#error-banner').count(), 0, 'no error');
  // The Shapley page kept its own work, and Back returns to it.
  await page.goBack();
  await page.waitForSelector('#shapley-table td.phi');
  assert.equal(new URL(page.url()).pathname, '/shapley');
  assert.equal(await page.inputValue('#title'), 'My game');
  assert.deepEqual(await phis(page), ['0.666667', '0.166667', '0.166667']);
  // The other way round: a Shapley game imported on the estimation page opens on /shapley.
  await page.goto(env.origin + '/abacus/estimate');
  await page.waitForSelector('#weights-table td.weight');
  await importScenario(page, { version: 1, mechanism: 'shapley', title: 'Majority', players: ['A', 'B', 'C'],
    game: { kind: 'majority', quota: 2 } });
  await page.waitForFunction(() => location.pathname === '/shapley'
    && document.querySelector('#title')?.value === 'Majority', null, { timeout: 10_000 })
    .catch(() => assert.fail(`the game did not open on /shapley (at ${page.url()})`));
  await page.waitForFunction(() => document.querySelectorAll('#shapley-table td.phi').length === 3);
  assert.deepEqual(await phis(page), ['0.333333', '0.333333', '0.333333']);
  assert.deepEqual(page.consoleErrors, []);
});

test('a share link opened on another mechanism\'s page goes to its own page', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus/estimate');
  await page.waitForSelector('#weights-table td.weight');
  await page.fill('#title', 'Shared fit');
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  assert.match(url, /\/abacus\/estimate#s=/);
  const weights = await page.locator('#weights-table td.weight').allTextContents();

  const fresh = await env.newPage();
  await fresh.goto(url.replace('/abacus/estimate#', '/shapley#'));
  await fresh.waitForFunction(() => location.pathname === '/abacus/estimate'
    && document.querySelector('#title')?.value === 'Shared fit', null, { timeout: 10_000 })
    .catch(() => assert.fail(`the link did not open on /abacus/estimate (at ${fresh.url()})`));
  await fresh.waitForSelector('#weights-table td.weight');
  assert.deepEqual(await fresh.locator('#weights-table td.weight').allTextContents(), weights);
  assert.equal(new URL(fresh.url()).hash, '');
  assert.equal(await fresh.locator('#error-banner').count(), 0, 'no error');
  assert.deepEqual(fresh.consoleErrors, []);
});

test('a seed typed as 2^64 − 1 is kept exactly and gives the runner\'s numbers', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  await importScenario(page, { version: 1, mechanism: 'shapley', seed: 1, players: ['A', 'B', 'C', 'D'],
    game: { kind: 'random', low: 0, high: 10 } });
  await page.waitForFunction(() => document.querySelectorAll('#shapley-table td.phi').length === 4);
  const before = await phis(page);
  await page.fill('#seed', '18446744073709551615');
  await page.waitForFunction((b) => JSON.stringify([...document.querySelectorAll('#shapley-table td.phi')]
    .map((c) => c.textContent)) !== b, JSON.stringify(before), { timeout: 5000 })
    .catch(() => assert.fail('a new seed does not draw a new game'));
  const json = await downloadText(page, '#export-json');
  assert.match(json, /"seed": 18446744073709551615\b/, 'the exported document has exactly that seed');
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(json), 'browser result = native runner');
  // Text that is not a u64 is marked and changes nothing; the seed survives a reload.
  await page.fill('#seed', '18446744073709551616');
  assert.equal(await page.getAttribute('#seed', 'aria-invalid'), 'true');
  assert.match(await downloadText(page, '#export-json'), /"seed": 18446744073709551615\b/);
  await page.reload();
  await page.waitForSelector('#shapley-table td.phi');
  assert.equal(await page.inputValue('#seed'), '18446744073709551615');
  // Pages that draw nothing at random show no seed.
  await page.goto(env.origin + '/abacus/estimate');
  await page.waitForSelector('#weights-table td.weight');
  assert.equal(await page.locator('#seed').count(), 0);
  assert.deepEqual(page.consoleErrors, []);
});

test('a 120-job CSV import shows 50 observations a page with a pager', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus/estimate');
  await page.waitForSelector('#weights-table td.weight');
  // Noiseless u = 2·s1 + 5·s2: the fit recovers the weights exactly.
  const rows = Array.from({ length: 120 }, (_, l) => {
    const s1 = ((l * 37) % 100 + 1) / 101;
    const s2 = ((l * 61) % 97 + 1) / 98;
    return `${s1},${s2},${2 * s1 + 5 * s2}`;
  });
  await page.locator('#import-csv').setInputFiles({ name: 'obs.csv', mimeType: 'text/csv',
    buffer: Buffer.from(['s1,s2,u', ...rows].join('\n') + '\n') });
  await page.waitForFunction(() => [...document.querySelectorAll('#weights-table td.weight')]
    .map((c) => c.textContent).join() === '2.0000,5.0000', null, { timeout: 10_000 });
  const shown = () => page.locator('#observations-table tbody tr[data-observation]')
    .evaluateAll((es) => es.map((e) => Number(e.dataset.observation)));
  let on = await shown();
  assert.equal(on.length, 50, 'one page of 50 rows');
  assert.deepEqual([on[0], on[49]], [0, 49]);
  assert.match(await page.textContent('fieldset.observations legend'), /Observations \(120\)/);
  assert.match(await page.textContent('#observations-pager'), /rows 1–50 of 120/);
  await page.click('#observations-pager .next');
  await page.waitForFunction(() => document.querySelector('#observations-table tbody tr')?.dataset.observation === '50');
  await page.click('#observations-pager .last');
  await page.waitForFunction(() => document.querySelector('#observations-table tbody tr')?.dataset.observation === '100');
  on = await shown();
  assert.deepEqual([on.length, on[19]], [20, 119]);
  // An edit on a later page changes that observation.
  const last = page.locator('#observations-table tr[data-observation="119"] input.utility');
  assert.equal(Number(await last.inputValue()), Number(rows[119].split(',')[2]));
  await last.fill('100');
  await page.waitForFunction(() => [...document.querySelectorAll('#weights-table td.weight')]
    .map((c) => c.textContent).join() !== '2.0000,5.0000');
  assert.match(await downloadText(page, '#export-json'), /"utility": 100(\.0)?\b/);
  assert.deepEqual(page.consoleErrors, []);
});

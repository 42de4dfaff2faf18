// End-to-end tests of the Abacus page against the release bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, downloadText, nativeRun, preset, inked } from './harness.mjs';

const env = useEnvironment();

const column = (page, cls) => page.locator(`#auction-table td.${cls}`).allTextContents();

test('the running example reproduces the paper and draws its figures', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  const shares = await column(page, 'share');
  assert.deepEqual(shares.slice(0, 2), ['0.309', '0.236'], 'J1 shares (paper: 0.310 / 0.236)');
  assert.equal(shares[5], '0.421', 'J3 reduce share');
  assert.deepEqual((await column(page, 'sub-budget')).slice(0, 2), ['63.99', '36.01'], 'J1 sub-budgets $64.0 / $36.0');
  for (const id of ['shares-chart', 'split-chart', 'convergence-chart', 'residual-chart', 'sweep-chart']) {
    assert.ok((await inked(page, id)) > 2000, `${id} is drawn`);
  }
  assert.match(await page.textContent('#sweep-verdict'), /No report in this range beats the truth/);
  assert.match(await page.inputValue('#notes'), /reconstructed/);
  assert.deepEqual(page.consoleErrors, []);
});

test('moving the α slider and editing a budget recompute at once', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  await page.locator('#alpha').fill('0');
  await page.waitForFunction(() => [...document.querySelectorAll('#auction-table td.share')].every((c) => c.textContent === '0.333'));
  await page.locator('#alpha').fill('1');
  await page.waitForFunction(() => document.querySelector('#auction-table td.share')?.textContent !== '0.333');
  const before = await column(page, 'share');
  await page.locator('tr[data-job="0"] input.budget').fill('1000');
  await page.waitForFunction((b) => JSON.stringify([...document.querySelectorAll('#auction-table td.share')].map((c) => c.textContent)) !== b, JSON.stringify(before));
  const after = await column(page, 'share');
  assert.ok(Number(after[0]) > Number(before[0]), `a bigger budget buys a bigger map share: ${before[0]} → ${after[0]}`);
});

test('bad input is explained with its JSON path and the work is kept', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  await page.locator('tr[data-job="1"] input.budget').fill('-5');
  await page.waitForSelector('#run-status.invalid');
  assert.match(await page.textContent('#run-status'), /J2's budget must be a finite number > 0, got -5\s*jobs\[1\]\.budget/);
  await page.reload();
  await page.waitForSelector('#run-status.invalid');
  assert.equal(await page.locator('tr[data-job="1"] input.budget').inputValue(), '-5', 'the edit survives a reload');
  await page.locator('tr[data-job="1"] input.budget').fill('200');
  await page.waitForSelector('#auction-table td.share');
});

test('the auction result equals the native runner, bit for bit', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(preset('abacus-running-example')));
  // 32 jobs x 4 resources: whole SIMD lanes (wasm simd128 here, AVX2 or SSE2 natively).
  await page.selectOption('#presets', 'abacus-convergence-linear');
  await page.waitForFunction(() => document.querySelectorAll('#auction-table tbody tr').length === 32);
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(preset('abacus-convergence-linear')));
});

test('Table I runs the scheduler in the worker against FIFO and Fair', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  await page.selectOption('#presets', 'abacus-table-one');
  await page.waitForSelector('#schedule-table tbody tr', { timeout: 60_000 });
  const policies = await page.locator('#schedule-table tbody td:first-child').allTextContents();
  assert.deepEqual(policies, ['Abacus', 'FIFO', 'Fair']);
  assert.ok((await inked(page, 'response-chart')) > 2000, 'response-time chart drawn');
  assert.ok((await inked(page, 'utilisation-chart')) > 2000, 'utilisation chart drawn');
  const native = JSON.parse(nativeRun(preset('abacus-table-one')));
  const means = await page.locator('#schedule-table tbody td:nth-child(3)').allTextContents();
  assert.deepEqual(means, native.schedule_result.policies.map((p) => p.mean_response_time.toFixed(1)), 'same numbers as the native runner');
  // The scheduler panel's own download: the schedule result, bit for bit the native one.
  const downloaded = JSON.parse(await downloadText(page, '#download-schedule-json'));
  assert.deepEqual(downloaded.schedule_result, native.schedule_result, 'downloaded schedule result = native runner');
  const csv = (await downloadText(page, '#download-schedule-csv')).trim().split('\n');
  assert.equal(csv[0], 'policy,job,user,arrival,start,finish,response_time');
  assert.equal(csv.length - 1, native.schedule_result.policies.reduce((k, p) => k + p.jobs.length, 0), 'one CSV row per job and policy');
  assert.deepEqual(page.consoleErrors, []);
});

test('utility estimation fits weights, imports CSV and explains bad rows', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus/estimate');
  await page.waitForSelector('#weights-table td.weight');
  const native = JSON.parse(nativeRun(preset('abacus-estimate-example')));
  assert.deepEqual(await page.locator('#weights-table td.weight').allTextContents(), native.weights.map((w) => w.toFixed(4)));
  assert.ok((await inked(page, 'weights-chart')) > 2000, 'weights chart drawn');
  const csv = (rows) => ({ name: 'obs.csv', mimeType: 'text/csv', buffer: Buffer.from(rows) });
  await page.locator('#import-csv').setInputFiles(csv('map,reduce,utility\n0.5,0.5,3.5\n0.2,x,1\n'));
  await page.waitForSelector('#error-banner');
  assert.match(await page.textContent('#error-banner'), /line 3, column 2/);
  // Noiseless data of u = 2·s1 + 5·s2: the fit recovers the weights exactly.
  await page.locator('#import-csv').setInputFiles(csv('s1,s2,u\n0.5,0.5,3.5\n0.2,0.6,3.4\n0.9,0.1,2.3\n'));
  await page.waitForFunction(() => [...document.querySelectorAll('#weights-table td.weight')].map((c) => c.textContent).join() === '2.0000,5.0000');
  assert.deepEqual(page.consoleErrors, []);
});

test('convergence statistics reproduce Fig. 6: log utilities settle in fewer rounds', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  await page.click('#convergence-study summary');
  await page.selectOption('#study-over', 'alpha');
  await page.click('#run-study');
  await page.waitForSelector('#study-table tbody tr', { timeout: 60_000 });
  const rows = await page.locator('#study-table tbody tr').allTextContents();
  assert.equal(rows.length, 5, rows.join(' | '));
  const mean = (cell) => Number(cell.split(' ')[0]);
  for (let r = 1; r <= rows.length; r++) {
    const linear = mean(await page.textContent(`#study-table tbody tr:nth-child(${r}) td:nth-child(2)`));
    const log = mean(await page.textContent(`#study-table tbody tr:nth-child(${r}) td:nth-child(3)`));
    assert.ok(log < linear, `row ${r}: log ${log} < linear ${linear}`);
  }
  assert.ok((await inked(page, 'study-chart')) > 2000, 'study chart drawn');
  assert.deepEqual(page.consoleErrors, []);
});

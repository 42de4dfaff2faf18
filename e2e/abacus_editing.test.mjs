// End-to-end tests of editing on the Abacus page: jobs and resource types, the power exponent,
// α, import, share links and the incentive explorer's weight-ratio sweep. One page is reused
// (reset to the running example before each test) to keep the file fast.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, downloadText, nativeRun, importScenario, preset } from './harness.mjs';

const env = useEnvironment();

/** The running example as shown on a fresh page (J1, J2, J3 on map and reduce). */
const EXAMPLE_SHARES = [['0.309', '0.236'], ['0.431', '0.343'], ['0.260', '0.421']];

/** The results table as data: header, job names, shares and sub-budgets per row. */
async function table(page) {
  return page.evaluate(() => {
    const t = document.querySelector('#auction-table');
    if (!t) return null;
    const header = [...t.querySelectorAll('thead th')].map((c) => c.textContent);
    const rows = [...t.querySelectorAll('tbody tr')];
    return {
      header,
      jobs: rows.map((r) => r.querySelector('td').textContent),
      shares: rows.map((r) => [...r.querySelectorAll('td.share')].map((c) => c.textContent)),
      budgets: rows.map((r) => [...r.querySelectorAll('td.sub-budget')].map((c) => c.textContent)),
    };
  });
}

/** Waits until the results table differs from `before` (as returned by `table`). */
async function tableChange(page, before, what) {
  try {
    await page.waitForFunction((b) => {
      const t = document.querySelector('#auction-table');
      return t && t.innerText !== b;
    }, before, { timeout: 5000 });
  } catch {
    assert.fail(`the results table did not change after ${what}`);
  }
}
const tableText = (page) => page.evaluate(() => document.querySelector('#auction-table')?.innerText ?? '');

/** Checks the shape of the table and that every resource's shares sum to 1 (to the shown digits). */
function checkTable(t, jobs, resources, when) {
  assert.deepEqual(t.jobs, jobs, `${when}: job rows of the results table`);
  assert.deepEqual(t.header, ['Job', ...resources.map((r) => `s(${r})`), ...resources.map((r) => `b(${r}) $`), 'utility'],
    `${when}: results table columns`);
  for (const [i, row] of t.shares.entries()) {
    assert.equal(row.length, resources.length, `${when}: ${jobs[i]} has ${row.length} share cells, not ${resources.length}`);
    assert.equal(t.budgets[i].length, resources.length, `${when}: ${jobs[i]} sub-budget cells`);
  }
  for (let j = 0; j < resources.length; j++) {
    const sum = t.shares.reduce((a, row) => a + Number(row[j]), 0);
    assert.ok(Math.abs(sum - 1) <= 0.0005 * jobs.length + 1e-9,
      `${when}: shares of ${resources[j]} sum to ${sum.toFixed(4)}, not 1 (${t.shares.map((r) => r[j]).join(' + ')})`);
  }
}

/** Checks that each job's sub-budgets add up to its budget (to the shown cents). */
function checkBudgets(t, budgets, when) {
  for (const [i, row] of t.budgets.entries()) {
    const sum = row.reduce((a, b) => a + Number(b), 0);
    assert.ok(Math.abs(sum - budgets[i]) <= 0.005 * row.length + 1e-9,
      `${when}: sub-budgets of ${t.jobs[i]} sum to ${sum.toFixed(2)}, not its budget ${budgets[i]}`);
  }
}

/** A fingerprint of the pixels of a chart's canvas (to see that it was redrawn). */
async function canvasHash(page, id) {
  return page.evaluate((id) => {
    const c = document.querySelector(`#${id} canvas`);
    if (!c) return null;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 2166136261;
    for (let i = 0; i < d.length; i += 7) h = Math.imul(h ^ d[i], 16777619);
    return h >>> 0;
  }, id);
}

/** Waits for the run status to report a problem and checks that it says it in the page's words, with the field's path. */
async function expectProblem(page, pattern, what) {
  await page.waitForSelector('#run-status.invalid', { timeout: 5000 }).catch(() =>
    assert.fail(`${what} is not reported as invalid`));
  const status = await page.textContent('#run-status');
  assert.match(status, pattern, `${what}: the error names the field's path (got ${JSON.stringify(status)})`);
}

/**
 * Checks two result documents for the same structure and the same numbers, bit for bit: power and
 * log utilities and α ∉ {0, ½, 1} go through `core/src/math.rs` (the libm crate on every target),
 * so the browser's wasm build and the native runner agree exactly.
 */
function assertClose(actual, expected, what, path = '$') {
  if (typeof expected === 'number') {
    assert.equal(typeof actual, 'number', `${what}: ${path} is ${JSON.stringify(actual)}, native has ${expected}`);
    assert.ok(Object.is(actual, expected), `${what}: ${path} is ${actual} in the browser, ${expected} natively`);
  } else if (expected && typeof expected === 'object') {
    assert.equal(typeof actual, 'object', `${what}: ${path} is not an object/array in the browser`);
    assert.deepEqual(Object.keys(actual ?? {}), Object.keys(expected), `${what}: fields of ${path}`);
    for (const k of Object.keys(expected)) assertClose(actual[k], expected[k], what, `${path}.${k}`);
  } else {
    assert.equal(actual, expected, `${what}: ${path}`);
  }
}

const removeJob = (page, i) => job(page, i).locator('button.remove').click();

const alphaField = (page) => page.locator('#alpha-value');
const job = (page, i) => page.locator(`#jobs-table tr[data-job="${i}"]`);

let shared = null;
/** The page shared by the tests, reset to the running example with no error on screen. */
async function examplePage() {
  if (!shared) {
    shared = await env.newPage();
    await shared.goto(env.origin + '/abacus');
  } else {
    await shared.click('#reset');
    while (await shared.locator('#error-banner .dismiss').count()) await shared.locator('#error-banner .dismiss').first().click();
  }
  await shared.waitForFunction(() => document.querySelectorAll('#auction-table tbody tr').length === 3
    && document.querySelector('#run-status.done'));
  const t = await table(shared);
  assert.deepEqual(t.shares, EXAMPLE_SHARES, 'the page starts from the running example');
  return shared;
}

test('adding and removing jobs and resource types keeps the shares consistent', async () => {
  const page = await examplePage();
  let t = await table(page);
  checkTable(t, ['J1', 'J2', 'J3'], ['map', 'reduce'], 'running example');

  // A fourth job ($100, x + y) competes for both resources: J1 gets less of each.
  let before = await tableText(page);
  await page.click('#add-job');
  await tableChange(page, before, 'Add job');
  assert.equal(await page.locator('#jobs-table tbody tr').count(), 4, 'Add job adds a row to the jobs editor');
  assert.equal(await job(page, 3).locator('input.job-name').inputValue(), 'J4', 'the new job is named J4');
  assert.equal(await job(page, 3).locator('input.budget').inputValue(), '100', 'the new job bids $100');
  t = await table(page);
  checkTable(t, ['J1', 'J2', 'J3', 'J4'], ['map', 'reduce'], 'after Add job');
  checkBudgets(t, [100, 200, 160, 100], 'after Add job');
  for (const j of [0, 1]) {
    assert.ok(Number(t.shares[0][j]) < Number(EXAMPLE_SHARES[0][j]),
      `a new competitor must lower J1's share of resource ${j}: ${EXAMPLE_SHARES[0][j]} → ${t.shares[0][j]}`);
  }
  const withJ4 = t;

  // J4 gets rich: J1's shares fall further and J4 takes the most of both resources.
  before = await tableText(page);
  await job(page, 3).locator('input.budget').fill('2000');
  await tableChange(page, before, 'J4 budget 2000');
  t = await table(page);
  checkTable(t, ['J1', 'J2', 'J3', 'J4'], ['map', 'reduce'], 'after J4 bids $2000');
  checkBudgets(t, [100, 200, 160, 2000], 'after J4 bids $2000');
  for (const j of [0, 1]) {
    assert.ok(Number(t.shares[0][j]) < Number(withJ4.shares[0][j]),
      `a richer J4 must lower J1's share of resource ${j}: ${withJ4.shares[0][j]} → ${t.shares[0][j]}`);
    assert.ok(t.shares.every((row, i) => i === 3 || Number(row[j]) < Number(t.shares[3][j])),
      `J4 with $2000 must hold the largest share of resource ${j}: ${t.shares.map((r) => r[j])}`);
  }
  const richJ4 = t;

  // Removing J2 (the second-richest) gives J1 more of both resources and keeps the others' names.
  before = await tableText(page);
  await removeJob(page, 1);
  await tableChange(page, before, 'removing J2');
  assert.equal(await page.locator('#jobs-table tbody tr').count(), 3, 'removing a job removes its editor row');
  assert.deepEqual(await page.locator('#jobs-table input.job-name').evaluateAll((es) => es.map((e) => e.value)),
    ['J1', 'J3', 'J4'], 'the jobs editor shows the remaining jobs');
  assert.deepEqual(await page.locator('#jobs-table input.budget').evaluateAll((es) => es.map((e) => e.value)),
    ['100', '160', '2000'], 'the budget fields move with their jobs');
  t = await table(page);
  checkTable(t, ['J1', 'J3', 'J4'], ['map', 'reduce'], 'after removing J2');
  checkBudgets(t, [100, 160, 2000], 'after removing J2');
  for (const j of [0, 1]) {
    assert.ok(Number(t.shares[0][j]) > Number(richJ4.shares[0][j]),
      `removing a competitor must raise J1's share of resource ${j}: ${richJ4.shares[0][j]} → ${t.shares[0][j]}`);
  }

  // A third resource type: a new share and sub-budget column, every weight 1 on it.
  before = await tableText(page);
  await page.click('#add-resource');
  await tableChange(page, before, 'Add resource type');
  // The editor's fields follow the document a render after the results table may have (a field
  // keeps its own text and takes a new value in an effect): wait for the name, as a reader would.
  await page.waitForFunction(() => document.querySelectorAll('fieldset.resources input.resource-name')[2]?.value === 'R3',
    null, { timeout: 10_000 }).catch(() => {});
  assert.deepEqual(await page.locator('fieldset.resources input.resource-name').evaluateAll((es) => es.map((e) => e.value)),
    ['map', 'reduce', 'R3'], 'the new resource is R3');
  assert.equal(await job(page, 0).locator('input.weight').count(), 3, 'each job gets a weight field for R3');
  assert.deepEqual(await page.locator('#jobs-table input.weight').evaluateAll((es) => es.map((e) => e.value)),
    ['3', '2', '1', '2', '4', '1', '1', '1', '1'], 'weights after adding R3 (1 on the new resource)');
  t = await table(page);
  checkTable(t, ['J1', 'J3', 'J4'], ['map', 'reduce', 'R3'], 'after Add resource type');
  checkBudgets(t, [100, 160, 2000], 'after Add resource type');
  assert.ok(t.budgets.every((row) => Number(row[2]) > 0), `every job bids on R3: ${t.budgets.map((r) => r[2])}`);

  // Removing map: the remaining columns are reduce and R3, the weights follow.
  before = await tableText(page);
  await page.locator('fieldset.resources tbody tr').nth(0).locator('button.remove').click();
  await tableChange(page, before, 'removing the map resource');
  assert.deepEqual(await page.locator('fieldset.resources input.resource-name').evaluateAll((es) => es.map((e) => e.value)),
    ['reduce', 'R3'], 'resource editor after removing map');
  assert.deepEqual(await page.locator('#jobs-table input.weight').evaluateAll((es) => es.map((e) => e.value)),
    ['2', '1', '4', '1', '1', '1'], 'weights after removing map (the map weights go)');
  t = await table(page);
  checkTable(t, ['J1', 'J3', 'J4'], ['reduce', 'R3'], 'after removing map');
  checkBudgets(t, [100, 160, 2000], 'after removing map');

  // The edited scenario gives in the browser what the native runner gives.
  const scenario = JSON.parse(await downloadText(page, '#export-json'));
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(scenario),
    'the result after the edits differs from the native runner on the exported scenario');
  assert.deepEqual(page.consoleErrors, [], 'console errors while editing');
});

test('a power utility shows its exponent; a bad exponent is explained and the work is kept', async () => {
  const page = await examplePage();
  let before = await tableText(page);
  await job(page, 1).locator('input.budget').fill('250');
  await tableChange(page, before, 'J2 budget 250');

  assert.equal(await job(page, 0).locator('input.exponent').count(), 0, 'a linear utility has no exponent field');
  before = await tableText(page);
  await job(page, 0).locator('select').selectOption('power');
  await tableChange(page, before, 'switching J1 to a power utility');
  const exponent = job(page, 0).locator('input.exponent');
  assert.equal(await exponent.count(), 1, 'switching J1 to power shows an exponent field');
  assert.equal(await exponent.inputValue(), '0.5', 'the exponent starts at 0.5');
  const good = await tableText(page);

  for (const bad of ['1.5', '0']) {
    await exponent.fill(bad);
    await expectProblem(page, new RegExp(`J1's exponent p must be in \\(0, 1\\].*got ${bad}\\s*jobs\\[0\\]\\.utility\\.exponent`),
      `exponent ${bad}`);
    assert.equal(await tableText(page), good, `exponent ${bad}: the last good result must stay on screen`);
    assert.equal(await exponent.inputValue(), bad, `exponent ${bad}: the typed text is kept`);
    assert.equal(await job(page, 1).locator('input.budget').inputValue(), '250', `exponent ${bad}: the other edit (J2 $250) is kept`);
    assert.equal(await job(page, 0).locator('select').inputValue(), 'power', `exponent ${bad}: J1 stays a power utility`);
  }

  await exponent.fill('0.7');
  await page.waitForSelector('#run-status.done', { timeout: 5000 }).catch(() =>
    assert.fail('fixing the exponent (0.7) does not clear the error'));
  assert.equal(await page.locator('#run-status.invalid').count(), 0, 'the error is gone after the fix');
  await tableChange(page, good, 'exponent 0.5 → 0.7');
  const scenario = JSON.parse(await downloadText(page, '#export-json'));
  assert.deepEqual(scenario.jobs[0].utility, { kind: 'power', weights: [3, 2], exponent: 0.7 }, 'J1 utility in the document');
  assert.equal(scenario.jobs[1].budget, 250, 'J2 budget in the document');
  assertClose(JSON.parse(await downloadText(page, '#download-result-json')), JSON.parse(nativeRun(scenario)),
    'power utility: browser result vs native runner');

  // Back to linear: the exponent field goes and the document has no exponent.
  await job(page, 0).locator('select').selectOption('linear');
  await page.waitForFunction(() => !document.querySelector('#jobs-table tr[data-job="0"] input.exponent'));
  assert.equal(await page.locator('#run-status.invalid').count(), 0, 'a linear utility carries no stale exponent');
});

test('α outside [0, 1] is explained at `alpha`; α = 0 shares everything equally', async () => {
  const page = await examplePage();
  const alpha = alphaField(page);
  assert.equal(await alpha.count(), 1, 'α has a number field besides the slider');
  assert.equal(await alpha.inputValue(), '0.5', 'the α field shows 0.5');
  const good = await tableText(page);

  for (const bad of ['1.5', '-0.2']) {
    await alpha.fill(bad);
    await expectProblem(page, new RegExp(`α must be in \\[0, 1\\], got ${bad}\\s*alpha`), `α = ${bad}`);
    assert.equal(await tableText(page), good, `α = ${bad}: the last good result must stay on screen`);
  }

  await alpha.fill('0');
  await page.waitForSelector('#run-status.done', { timeout: 5000 }).catch(() => assert.fail('α = 0 does not clear the error'));
  await page.waitForFunction(() => [...document.querySelectorAll('#auction-table td.share')].every((c) => c.textContent === '0.333'),
    null, { timeout: 5000 }).catch(async () => assert.fail(`α = 0 must give every job 1/3: ${JSON.stringify((await table(page)).shares)}`));
  assert.equal(await page.inputValue('#alpha'), '0', 'the slider follows the α field');

  // With a fourth job every share is 1/4, whatever the budgets.
  await page.click('#add-job');
  await job(page, 3).locator('input.budget').fill('5000');
  await page.waitForFunction(() => {
    const c = [...document.querySelectorAll('#auction-table td.share')];
    return c.length === 8 && c.every((x) => x.textContent === '0.250');
  }, null, { timeout: 5000 }).catch(async () => assert.fail(`α = 0 with 4 jobs must give 1/4 each: ${JSON.stringify((await table(page)).shares)}`));

  // The slider moves the field too.
  await page.locator('#alpha').fill('0.25');
  await page.waitForFunction(() => document.querySelector('fieldset.params input[aria-label="α"]').value === '0.25', null, { timeout: 5000 })
    .catch(() => assert.fail('the α field does not follow the slider'));
  const t = await table(page);
  checkTable(t, ['J1', 'J2', 'J3', 'J4'], ['map', 'reduce'], 'α = 0.25');
  assert.ok(Number(t.shares[3][0]) > 0.25, `α = 0.25: the $5000 job gets more than 1/4 (${t.shares[3][0]})`);
});

test('importing a bad file explains it with its path and keeps the scenario; a good one replaces it', async () => {
  const page = await examplePage();
  await page.fill('#title', 'My work');
  let before = await tableText(page);
  await job(page, 0).locator('input.budget').fill('120');
  await tableChange(page, before, 'J1 budget 120');
  const mine = await tableText(page);
  const example = preset('abacus-running-example');

  const bad = [
    ['weights of the wrong length', (s) => { s.jobs[1].utility.weights = [3]; },
      /jobs\[1\]\.utility\.weights: needs one weight per resource type \(2\), got 1/],
    ['no resources', (s) => { s.resources = []; }, /resources: at least one resource type is required/],
  ];
  for (const [what, spoil, message] of bad) {
    const s = structuredClone(example);
    spoil(s);
    s.title = 'Spoiled';
    await importScenario(page, s);
    await page.waitForSelector('#error-banner', { timeout: 5000 }).catch(() => assert.fail(`importing a file with ${what} shows no error`));
    const banner = await page.textContent('#error-banner');
    assert.match(banner, message, `${what}: the banner names the path (got ${JSON.stringify(banner)})`);
    assert.match(banner, /your work is unchanged/, `${what}: the banner says the work is kept`);
    assert.equal(await page.inputValue('#title'), 'My work', `${what}: the title must not change`);
    assert.equal(await job(page, 0).locator('input.budget').inputValue(), '120', `${what}: J1's budget must not change`);
    assert.equal(await tableText(page), mine, `${what}: the results must not change`);
    await page.click('#error-banner .dismiss');
  }

  const good = {
    version: 1, mechanism: 'abacus', title: 'Imported', notes: 'two jobs, three resources', seed: 0,
    alpha: 0.4, tolerance: 1e-10, max_iterations: 10000, trace: true,
    resources: [{ name: 'cpu', units: 8 }, { name: 'mem', units: 8 }, { name: 'disk', units: 2 }],
    jobs: [
      { name: 'A', budget: 50, utility: { kind: 'linear', weights: [1, 2, 3] } },
      { name: 'B', budget: 80, utility: { kind: 'log', weights: [3, 1, 1] } },
    ],
  };
  await importScenario(page, good);
  await page.waitForFunction(() => document.querySelectorAll('#auction-table tbody tr').length === 2, null, { timeout: 5000 })
    .catch(() => assert.fail('importing a good file does not replace the scenario'));
  assert.equal(await page.locator('#error-banner').count(), 0, 'a good import shows no error');
  assert.equal(await page.inputValue('#title'), 'Imported', 'the imported title');
  assert.equal(await alphaField(page).inputValue(), '0.4', 'the imported α');
  const t = await table(page);
  checkTable(t, ['A', 'B'], ['cpu', 'mem', 'disk'], 'after a good import');
  checkBudgets(t, [50, 80], 'after a good import');
  assert.equal(await page.locator('#sweep-results').count(), 0, 'the imported scenario has no sweep');
  assertClose(JSON.parse(await downloadText(page, '#download-result-json')), JSON.parse(nativeRun(good)),
    'imported scenario: browser result vs native runner');
});

test('a share link of an edited scenario reopens with the same numbers', async () => {
  const page = await examplePage();
  await page.fill('#title', 'Shared auction');
  let before = await tableText(page);
  await job(page, 2).locator('input.budget').fill('333.25');
  await tableChange(page, before, 'J3 budget 333.25');
  before = await tableText(page);
  await alphaField(page).fill('0.35');
  await tableChange(page, before, 'α 0.35');
  const shown = await table(page);
  const json = await downloadText(page, '#export-json');
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  assert.match(url, /\/abacus#s=[A-Za-z0-9_-]+$/, 'share URL of the Abacus page');

  const fresh = await env.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector('#auction-table td.share');
  assert.equal(await fresh.inputValue('#title'), 'Shared auction', 'title from the link');
  assert.equal(await fresh.locator('#jobs-table tr[data-job="2"] input.budget').inputValue(), '333.25', 'J3 budget from the link');
  assert.equal(await alphaField(fresh).inputValue(), '0.35', 'α field from the link');
  assert.equal(await fresh.inputValue('#alpha'), '0.35', 'α slider from the link');
  assert.deepEqual(await table(fresh), shown, 'the shared page shows other numbers');
  assert.equal(await downloadText(fresh, '#export-json'), json, 'the exported documents differ');
  assert.equal(new URL(fresh.url()).hash, '', 'the fragment is consumed');
  assert.deepEqual(fresh.consoleErrors, [], 'console errors on the shared page');
  await fresh.context().close();
});

test('the incentive explorer sweeps the weight ratio and its verdict matches the result', async () => {
  const page = await examplePage();
  assert.equal(await page.inputValue('#sweep-over'), 'budget', 'the example sweeps the budget');
  assert.match(await page.textContent('#sweep-verdict'), /No report in this range beats the truth for J1/);
  const budgetChart = await canvasHash(page, 'sweep-chart');
  assert.ok(budgetChart !== null, 'the sweep chart is drawn');

  await page.selectOption('#sweep-over', 'weight_ratio');
  await page.waitForFunction((h) => {
    const c = document.querySelector('#sweep-chart canvas');
    if (!c) return false;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let x = 2166136261;
    for (let i = 0; i < d.length; i += 7) x = Math.imul(x ^ d[i], 16777619);
    return (x >>> 0) !== h;
  }, budgetChart, { timeout: 5000 }).catch(() => assert.fail('the sweep chart was not redrawn for the weight ratio'));

  const scenario = JSON.parse(await downloadText(page, '#export-json'));
  assert.equal(scenario.sweep?.over, 'weight_ratio', 'the document sweeps the weight ratio');
  assert.equal(scenario.sweep?.job, 'J1', 'the sweep stays on J1');
  const sweep = JSON.parse(nativeRun(scenario)).sweep;
  assert.ok(sweep && sweep.points.length === scenario.sweep.points, 'the native runner sweeps every point');
  const verdict = await page.textContent('#sweep-verdict');
  if (sweep.max_gain <= 1e-6 * Math.max(Math.abs(sweep.truthful.true_utility), 1)) {
    assert.match(verdict, /No report in this range beats the truth for J1/, `verdict for max gain ${sweep.max_gain}`);
  } else {
    assert.match(verdict, new RegExp(`A misreport gains ${sweep.max_gain.toFixed(4)} for J1`), `verdict for max gain ${sweep.max_gain}`);
  }
  assert.doesNotMatch(await page.textContent('#sweep-results'), /Lemma 4/, 'no budget-monotonicity line for a weight sweep');

  // J3 (2x + 4y) lies about its ratio instead.
  const j1Chart = await canvasHash(page, 'sweep-chart');
  await page.selectOption('#sweep-job', '2');
  await page.waitForFunction(() => /for J3/.test(document.querySelector('#sweep-verdict')?.textContent ?? ''), null, { timeout: 5000 })
    .catch(() => assert.fail('the verdict does not follow the swept job (J3)'));
  assert.equal(await page.inputValue('#sweep-over'), 'weight_ratio', 'changing the job keeps the weight-ratio sweep');
  assert.notEqual(await canvasHash(page, 'sweep-chart'), j1Chart, 'the sweep chart is redrawn for J3');

  await page.selectOption('#sweep-over', 'budget');
  await page.waitForFunction(() => /Lemma 4/.test(document.querySelector('#sweep-results')?.textContent ?? ''), null, { timeout: 5000 })
    .catch(() => assert.fail('switching back to the budget sweep does not show the budget verdict'));
  assert.match(await page.textContent('#sweep-verdict'), /No report in this range beats the truth for J3/);
  assert.deepEqual(page.consoleErrors, [], 'console errors in the incentive explorer');
});

test('every control of the jobs editor can be clicked at 1280 × 900', async () => {
  const page = await examplePage();
  const covered = await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('#jobs-table input, #jobs-table select, #jobs-table button, fieldset.resources input, fieldset.resources button')) {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      if (hit !== el && !el.contains(hit)) out.push(`${el.getAttribute('aria-label') ?? el.title ?? el.className} under ${hit?.tagName.toLowerCase()}${hit?.id ? '#' + hit.id : ''}`);
    }
    return out;
  });
  assert.deepEqual(covered, [], 'editor controls hidden under another element');
});

// ERA with a unit price formula of the user's (issue 22): Basic-Econ's own price as the formula
// `demand_price` gives Basic-Econ's numbers; a typo is marked at the field with its line:column
// and the work is kept; a valid formula's results equal the native runner's; it runs beside the
// paper's algorithms in the comparison; a share link carries it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, downloadText, nativeRun } from './harness.mjs';
import { openShippedExercise } from './documents.mjs';

const env = useEnvironment();

const metric = (page, key) => page.textContent(`#era-metrics tr[data-metric="${key}"] td`);
const FIELD = '#era-unit-price-formula';

async function withFormula() {
  const page = await env.newPage();
  await page.goto(env.origin + '/era');
  await page.waitForSelector('#era-metrics');
  await page.selectOption('#era-algorithm', 'formula');
  await page.waitForSelector(FIELD);
  return page;
}

test('Basic-Econ becomes its own price as a formula, with the same results', async () => {
  const page = await withFormula();
  assert.equal(await page.inputValue(FIELD), 'demand_price');
  assert.equal(await metric(page, 'accepted'), '3');
  assert.equal(await metric(page, 'revenue'), '12');
  assert.match(await page.textContent('.formula-help'), /demand_price/);
  assert.deepEqual(page.consoleErrors, []);
});

test('a typo is marked at the field with its position, the text kept; the fix runs as natively', async () => {
  const page = await withFormula();
  await page.fill(FIELD, 'demand_price * (1 + promsed)');
  await page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') === 'true', FIELD);
  const id = await page.getAttribute(FIELD, 'aria-describedby');
  const message = await page.locator(`#${id}`).innerText();
  assert.match(message, /unit price formula/);
  assert.match(message, /at 1:21: unknown variable "promsed"/);
  assert.match(message, /promised/, 'the message lists the variables');
  assert.equal(await page.inputValue(FIELD), 'demand_price * (1 + promsed)', 'the text is kept');
  await page.fill(FIELD, 'demand_price * 2 + 1');
  await page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') !== 'true', FIELD);
  await page.waitForFunction(() => document.querySelector('#era-metrics tr[data-metric="revenue"] td')?.textContent !== '12');
  const exported = JSON.parse(await downloadText(page, '#export-json'));
  assert.deepEqual(exported.algorithm, { kind: 'formula', unit_price: 'demand_price * 2 + 1', min_unit_price: 0, late_penalty: 0 });
  const native = JSON.parse(nativeRun(exported));
  assert.equal(Number(await metric(page, 'accepted')), native.metrics.accepted);
  const revenue = Number((await metric(page, 'revenue')).replace(/[^0-9.-]/g, ''));
  assert.ok(Math.abs(revenue - native.metrics.revenue) < 1e-9, `${revenue} against ${native.metrics.revenue}`);
  assert.deepEqual(page.consoleErrors, []);
});

test('the formula runs beside the paper\'s algorithms, and a share link carries it', async () => {
  const page = await withFormula();
  await page.fill(FIELD, 'max(demand_price, 2)');
  await page.locator('#era-compare-price').fill('1');
  await page.click('#era-compare-run');
  await page.waitForFunction(() => document.querySelectorAll('#era-compare tbody tr').length === 4);
  const algorithms = await page.locator('#era-compare tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.algorithm));
  assert.deepEqual(algorithms, ['basic_econ', 'first_fit', 'on_demand', 'formula']);
  assert.match(await page.textContent('#era-compare tr[data-algorithm="formula"]'), /your formula/);
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  const fresh = await env.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector(FIELD);
  assert.equal(await fresh.inputValue(FIELD), 'max(demand_price, 2)');
  assert.equal(await downloadText(fresh, '#export-json'), await downloadText(page, '#export-json'));
  assert.deepEqual(fresh.consoleErrors, []);
});

test('the price-formula exercise: a formula is the field the student edits, and its goals check it', async () => {
  const { page, task, check } = await openShippedExercise(env, '/era', 'era-price-formula');
  assert.equal(await page.inputValue(FIELD), 'demand_price');
  // Predict first (the results show once the prediction is committed): Basic-Econ's revenue.
  await task('t1').locator('input.number').fill('360');
  assert.match(await check('t1'), /✓/);
  await page.waitForSelector('#era-metrics');
  assert.match(await check('t3'), /✗/, 'Basic-Econ\'s own price is no discount');
  await page.fill(FIELD, 'demand_price * 0.8');
  await page.waitForFunction(() => document.querySelector('#era-metrics tr[data-metric="revenue"] td')?.textContent === '288');
  assert.match(await check('t3'), /✓/);
  assert.match(await check('t4'), /✓/);
  await page.fill(FIELD, '0');
  await page.waitForFunction(() => document.querySelector('#era-metrics tr[data-metric="revenue"] td')?.textContent === '0');
  assert.match(await check('t4'), /✗/, 'a flat price gives the day to the first requests');
  assert.deepEqual(page.consoleErrors, []);
});

test('on a Chinese page the same typo is said in Chinese, still marked at its position (issue 37: errors are data)', async () => {
  const page = await env.newPage({ locale: 'zh-CN' });
  await page.goto(env.origin + '/era');
  await page.waitForSelector('#era-metrics');
  await page.selectOption('#era-algorithm', 'formula');
  await page.waitForSelector(FIELD);
  await page.fill(FIELD, 'demand_price * (1 + promsed)');
  await page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') === 'true', FIELD);
  const id = await page.getAttribute(FIELD, 'aria-describedby');
  const message = await page.locator(`#${id}`).innerText();
  assert.match(message, /第 1 行第 21 列：未知变量 "promsed"/);
  assert.doesNotMatch(message, /unknown variable|at 1:21/);
  // The marked character is the one the core names, whatever the language.
  assert.equal(await page.textContent('mark.formula-error-at'), 'p');
  assert.deepEqual(page.consoleErrors, []);
});

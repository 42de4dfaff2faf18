// Abacus with a utility formula of the user's (issue 22): choosing "your formula" writes the
// job's own utility out (the same auction, to the bit); a typo is marked at the field with its
// line:column and the work is kept; a valid formula's results equal the native runner's; a share
// link carries it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, downloadText, nativeRun } from './harness.mjs';

const env = useEnvironment();

const FIELD = 'tr[data-job="0"] input.utility-formula';
const shares = (page) => page.locator('#auction-table td.share').allTextContents();

async function withFormula() {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  const before = await downloadText(page, '#download-result-json');
  await page.selectOption('tr[data-job="0"] select', 'formula');
  await page.waitForSelector(FIELD);
  return { page, before };
}

test("the job's own utility written as a formula gives the same auction", async () => {
  const { page, before } = await withFormula();
  assert.equal(await page.inputValue(FIELD), '3*map + 2*reduce');
  assert.match(await page.textContent('#utility-formula-hint'), /map, reduce/);
  assert.equal(await downloadText(page, '#download-result-json'), before, 'the same result, to the bit');
  assert.deepEqual(page.consoleErrors, []);
});

test('a typo is marked at the field with its position, the text kept; the fix runs as natively', async () => {
  const { page } = await withFormula();
  await page.fill(FIELD, '3*min(map/2, reduse)');
  await page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') === 'true', FIELD);
  const id = await page.getAttribute(FIELD, 'aria-describedby');
  const message = await page.locator(`#${id}`).innerText();
  assert.match(message, /at 1:14: unknown variable "reduse"/);
  assert.match(message, /map, reduce/, 'the message lists the variables');
  assert.equal(await page.inputValue(FIELD), '3*min(map/2, reduse)', 'the text is kept');
  const before = await shares(page);
  await page.fill(FIELD, 'sqrt(map) + 2*sqrt(reduce)');
  await page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') !== 'true', FIELD);
  await page.waitForFunction((b) => JSON.stringify([...document.querySelectorAll('#auction-table td.share')].map((c) => c.textContent)) !== b, JSON.stringify(before));
  const exported = JSON.parse(await downloadText(page, '#export-json'));
  assert.deepEqual(exported.jobs[0].utility, { kind: 'formula', formula: 'sqrt(map) + 2*sqrt(reduce)' });
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(exported), 'the browser equals the runner');
  assert.deepEqual(page.consoleErrors, []);
});

test('a share link carries the formula', async () => {
  const { page } = await withFormula();
  await page.fill(FIELD, 'map^0.5 * reduce^0.5');
  await page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') !== 'true', FIELD);
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  const fresh = await env.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector(FIELD);
  assert.equal(await fresh.inputValue(FIELD), 'map^0.5 * reduce^0.5');
  await fresh.waitForSelector('#auction-table td.share');
  assert.equal(await downloadText(fresh, '#download-result-json'), await downloadText(page, '#download-result-json'));
  assert.deepEqual(fresh.consoleErrors, []);
});

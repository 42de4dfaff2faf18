// CloudShare with a priority formula of the user's (issue 22): a formula algorithm starts as
// DirectContr (`contribution - utility` under ψ_sp: ORIG_DIRECT's waits); a typo is marked at the
// field with its line:column and the text kept; the fix (FairShare written as a formula) gives
// FAIRSHARE's waits, beside the built-ins in the unfairness table and with its own Gantt chart,
// and the page's result equals the native runner's; a share link carries it; the exercise's goal
// checks a formula the student writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, downloadText, nativeRun } from './harness.mjs';
import { openShippedExercise } from './documents.mjs';

const env = useEnvironment();

const row = (tag) => `#cloudshare-algorithms tr[data-algorithm="${tag}"]`;
const waits = (page, tag) => page.textContent(`${row(tag)} td.waits`);
const FIELD = '#cloudshare-formula-priority-5';

async function withFormula() {
  const page = await env.newPage();
  await page.goto(env.origin + '/cloudshare');
  await page.waitForSelector('#cloudshare-algorithms');
  await page.click('#cloudshare-add-formula');
  await page.waitForSelector(FIELD);
  await page.waitForSelector(row('mine'));
  return page;
}

test('a formula algorithm starts as DirectContr, beside the built-ins, with its Gantt chart', async () => {
  const page = await withFormula();
  assert.equal(await page.inputValue(FIELD), 'contribution - utility');
  assert.equal(await page.inputValue('#cloudshare-formula-name-5'), 'mine');
  assert.equal(await waits(page, 'mine'), await waits(page, 'orig_direct'));
  assert.equal(await waits(page, 'mine'), '[0, 3]');
  assert.equal(
    await page.textContent(`${row('mine')} td.unfairness`),
    await page.textContent(`${row('orig_direct')} td.unfairness`),
  );
  await page.waitForSelector('#cloudshare-gantt-mine');
  assert.equal(await page.locator('#cloudshare-gantts > *').count(), 6, 'a Gantt chart per algorithm, the formula\'s included');
  assert.match(await page.textContent('.formula-help'), /waiting/);
  assert.deepEqual(page.consoleErrors, []);
});

test('a typo is marked at the field with its position, the text kept; the fix runs as natively', async () => {
  const page = await withFormula();
  await page.fill(FIELD, 'contribution - utilty');
  await page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') === 'true', FIELD);
  const id = await page.getAttribute(FIELD, 'aria-describedby');
  const message = await page.locator(`#${id}`).innerText();
  assert.match(message, /at 1:16: unknown variable "utilty"/);
  assert.match(message, /usage/, 'the message lists the variables');
  assert.equal(await page.inputValue(FIELD), 'contribution - utilty', 'the text is kept');
  // FairShare written as a formula: FAIRSHARE's waits.
  await page.fill(FIELD, 'if(processors > 0, -usage / processors, -1e308)');
  await page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') !== 'true', FIELD);
  await page.waitForFunction((r) => document.querySelector(`${r} td.waits`)?.textContent === '[5, 0]', row('mine'));
  assert.equal(await waits(page, 'fair_share'), '[5, 0]');
  const exported = JSON.parse(await downloadText(page, '#export-json'));
  assert.deepEqual(exported.algorithms.at(-1), {
    kind: 'formula', name: 'mine', psi: 'sp', priority: 'if(processors > 0, -usage / processors, -1e308)',
  });
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(exported));
  const native = JSON.parse(nativeRun(exported));
  const mine = native.algorithms.find((a) => a.algorithm === 'mine');
  assert.equal(Number(await page.textContent(`${row('mine')} td.unfairness`)), mine.unfairness);
  assert.deepEqual(page.consoleErrors, []);
});

test('a share link carries the formula; removing it gives the five again', async () => {
  const page = await withFormula();
  await page.fill(FIELD, 'contribution - utility + waiting');
  await page.selectOption('#cloudshare-formula-psi-5', 'surface');
  await page.waitForFunction(() => document.querySelector('#cloudshare-formula-psi-5')?.value === 'surface');
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  const fresh = await env.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector(FIELD);
  assert.equal(await fresh.inputValue(FIELD), 'contribution - utility + waiting');
  assert.equal(await fresh.inputValue('#cloudshare-formula-psi-5'), 'surface');
  assert.equal(await downloadText(fresh, '#export-json'), await downloadText(page, '#export-json'));
  await fresh.click('#cloudshare-formulas button.remove');
  await fresh.waitForFunction(() => !document.querySelector('#cloudshare-algorithms tr[data-algorithm="mine"]'));
  assert.equal(JSON.parse(await downloadText(fresh, '#export-json')).algorithms, undefined, 'the default list');
  assert.deepEqual(fresh.consoleErrors, []);
});

test('the priority-formula exercise: the formula is the field the student edits, and the goal checks it', async () => {
  const { page, task, check } = await openShippedExercise(env, '/cloudshare', 'cloudshare-priority-formula');
  assert.equal(await page.inputValue(FIELD), 'contribution - utility');
  await task('t1').locator('input.number').fill('16.667');
  assert.match(await check('t1'), /✓/);
  await page.waitForSelector(row('mine'));
  assert.match(await check('t3'), /✗/, 'DirectContr is no fairer than the built-ins here');
  await page.fill(FIELD, '-waiting');
  await page.waitForFunction((r) => document.querySelector(`${r} td.waits`)?.textContent === '[7, 0, 12]', row('mine'));
  assert.match(await check('t3'), /✓/);
  assert.deepEqual(page.consoleErrors, []);
});

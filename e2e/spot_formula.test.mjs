// Spot policies as a formula family (issue 22): a family added beside the paper's policies, a
// typo marked at its field with its line:column (the text kept), the fix run with results equal
// to the native runner's, the family's experts in the results (labels, CSV, payoff chart), and a
// share link carrying the formulas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, downloadText, nativeRun, inked } from './harness.mjs';

const env = useEnvironment();

const BID = '#spot-formula-4-bid';

async function withFamily() {
  const page = await env.newPage();
  await page.goto(env.origin + '/spot');
  await page.waitForSelector('#spot-metrics');
  await page.click('#spot-add-formula');
  await page.waitForSelector(BID);
  await page.waitForFunction(() => /8 policies/.test(document.querySelector('#spot-summary')?.textContent));
  return page;
}

test('a formula family runs beside the paper\'s policies; a typo is marked at its field, the fix runs as natively', async () => {
  const page = await withFamily();
  assert.equal(await page.inputValue(BID), 'b');
  assert.match(await page.textContent('#spot-formula-4 .formula-help'), /γ-weighted average/);
  await page.fill(BID, 'max(b, lst + 0.1)');
  await page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') === 'true', BID);
  const id = await page.getAttribute(BID, 'aria-describedby');
  const message = await page.locator(`#${id}`).innerText();
  assert.match(message, /at 1:8: unknown variable "lst"/);
  assert.match(message, /last, avg, b/, 'the message lists the variables and the parameter');
  assert.equal(await page.inputValue(BID), 'max(b, lst + 0.1)', 'the text is kept');
  const before = await downloadText(page, '#download-result-json');
  await page.fill(BID, 'max(b, last + 0.1)');
  await page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') !== 'true', BID);
  await page.waitForFunction(() => document.querySelector('#spot-payoff-chart canvas') !== null);
  let result = await downloadText(page, '#download-result-json');
  for (let k = 0; k < 50 && result === before; k++) {
    await page.waitForTimeout(100);
    result = await downloadText(page, '#download-result-json');
  }
  const exported = JSON.parse(await downloadText(page, '#export-json'));
  assert.deepEqual(exported.policies[4], {
    family: 'formula', on_demand: 'if(m > 1, 0, a)', spot: 'if(m > 1, a, 0)', bid: 'max(b, last + 0.1)',
    drop: 'r > m*c || q >= v', params: { b: [0.1, 0.15, 0.2, 0.25] },
  });
  assert.equal(result, nativeRun(exported), 'the page\'s result is the native runner\'s');
  const parsed = JSON.parse(result);
  assert.deepEqual(parsed.policies.slice(4).map((p) => p.label), ['formula b=0.1', 'formula b=0.15', 'formula b=0.2', 'formula b=0.25']);
  const csv = (await downloadText(page, '#download-result-csv')).split('\n');
  assert.equal(csv.length, 1 + 8, 'one CSV row per expert');
  assert.match(csv[5], /formula b=0\.1/);
  assert.ok((await inked(page, 'spot-payoff-chart')) > 2000, 'the payoff chart is drawn');
  assert.deepEqual(page.consoleErrors, []);
});

test('a bad parameter name is marked at the grid; a share link carries the family', async () => {
  const page = await withFamily();
  const grid = '#spot-formula-4-params';
  await page.fill(grid, 'm = 0.1, 0.2');
  await page.waitForFunction(() => /"m" is a variable/.test(document.querySelector('#spot-formula-4')?.textContent));
  await page.fill(grid, 'b = 0.2; eps = 0, 0.05');
  await page.fill(BID, 'b + eps');
  await page.waitForFunction(() => /6 policies/.test(document.querySelector('#spot-summary')?.textContent));
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  const fresh = await env.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector(BID);
  assert.equal(await fresh.inputValue(BID), 'b + eps');
  assert.equal(await fresh.inputValue(grid), 'b = 0.2; eps = 0, 0.05');
  assert.equal(await downloadText(fresh, '#export-json'), await downloadText(page, '#export-json'));
  assert.deepEqual(page.consoleErrors, []);
  assert.deepEqual(fresh.consoleErrors, []);
});

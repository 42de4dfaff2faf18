// Errors where the eye is: on every mechanism page an invalid field is marked at the field
// (aria-invalid, and a visible message tied to it with aria-describedby) in the page's words, with
// the JSON path as secondary detail; text that does not parse is explained visibly (not only in a
// tooltip touch users never see); and nothing is silently rewritten.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, downloadText } from './harness.mjs';

const env = useEnvironment();

async function open(path, options) {
  const page = await env.newPage(options);
  await page.goto(env.origin + path);
  await page.waitForSelector('.run-status.done', { timeout: 60_000 });
  return page;
}

/** The message tied to the field at `pointer` (after it is marked invalid). */
async function messageOf(page, pointer) {
  const field = page.locator(`input[data-pointer="${pointer}"]`).first();
  await page.waitForFunction((p) => document.querySelector(`input[data-pointer="${p}"]`)?.getAttribute('aria-invalid') === 'true', pointer);
  const id = await field.getAttribute('aria-describedby');
  assert.ok(id, `${pointer}: aria-describedby`);
  const message = page.locator(`#${id}`);
  assert.ok(await message.isVisible(), `${pointer}: the message is visible`);
  return message.innerText();
}

// Per page: a field, a bad value, and what the message must say in the page's words and path.
const CASES = [
  { path: '/abacus', pointer: '/jobs/0/budget', value: '-5', words: /J1's budget must be/, at: /jobs\[0\]\.budget/ },
  { path: '/abacus/estimate', pointer: '/observations/0/shares/0', value: '7', words: /observed job 1's share of resource 1 must be/, at: /observations\[0\]\.shares\[0\]/ },
  { path: '/shapley', pointer: '/players/1', value: 'A', words: /duplicate name/, at: /players\[1\]/ },
  { path: '/era', pointer: '/cloud/horizon', value: '0', words: /the horizon must be at least 1 slot/, at: /cloud\.horizon/ },
  { path: '/spot', pointer: '/on_demand_price', value: '-1', words: /the on-demand price must be/, at: /on_demand_price/ },
  { path: '/cloudshare', pointer: '/jobs/0/duration', value: '0', words: /duration/, at: /jobs\[0\]\.duration/ },
];

for (const c of CASES) {
  test(`${c.path}: an invalid field is marked at the field in the page's words`, async () => {
    const page = await open(c.path);
    const field = page.locator(`input[data-pointer="${c.pointer}"]`).first();
    assert.ok(await field.count(), `${c.path} has a field at ${c.pointer}`);
    await field.fill(c.value);
    const text = await messageOf(page, c.pointer);
    assert.match(text, c.words);
    assert.match(text, c.at);
    // The results of the previous scenario stay, dimmed and labelled.
    await page.waitForSelector('.results-frame.stale .stale-note');
    // The list above the results speaks the same words.
    assert.match(await page.textContent('#run-status'), c.words);
    assert.deepEqual(page.consoleErrors, []);
  });
}

test('text that does not parse is explained next to the field, on a phone too', async () => {
  const page = await open('/abacus', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const field = page.locator('input[data-pointer="/jobs/1/budget"]').first();
  await field.fill('lots');
  const text = await messageOf(page, '/jobs/1/budget');
  assert.match(text, /“lots” is not a finite number \(e\.g\. 0\.25 or 0,25\); .* is used until it is/);
});

test('Abacus units are refused, not rewritten: −3 and 2.5 stay as typed, explained, and the scenario keeps its units', async () => {
  const page = await open('/abacus');
  const units = page.locator('input[data-pointer="/resources/0/units"]');
  const before = JSON.parse(await downloadText(page, '#export-json')).resources[0].units;
  for (const bad of ['-3', '2.5']) {
    await units.fill(bad);
    assert.equal(await units.inputValue(), bad, 'the text is kept');
    assert.match(await messageOf(page, '/resources/0/units'), /is not a whole number/);
    const doc = JSON.parse(await downloadText(page, '#export-json'));
    assert.equal(doc.resources[0].units, before, `${bad} did not change the scenario`);
  }
  await units.fill('0');
  assert.match(await messageOf(page, '/resources/0/units'), /must be at least 1/);
});

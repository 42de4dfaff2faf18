// End-to-end tests of the numbers in the results: each one shown with a data-result pointer is
// the runner's value at that pointer (up to the shown rounding), and the teacher makes a task by
// clicking one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, preset, nativeRun } from './harness.mjs';
import { listed, MECHANISM_ROUTES, pointerAt, shareFragment } from './documents.mjs';

const env = useEnvironment();

/** The first number in a text and half a unit of its last shown digit. */
function shownNumber(text) {
  const m = text.replaceAll('−', '-').replaceAll(',', '').match(/-?\d+(?:\.(\d+))?(?:e([-+]?\d+))?/i);
  if (!m) return null;
  const decimals = m[1]?.length ?? 0;
  const exponent = Number(m[2] ?? 0);
  return { value: Number(m[0]), half: 0.5 * 10 ** (exponent - decimals) };
}

test("every number of the results named on the page is the runner's value at its pointer", async () => {
  const list = listed('preset');
  const page = await env.newPage();
  const named = {};
  for (const [name, tag] of list) {
    const scenario = preset(name);
    await page.goto('about:blank');
    await page.goto(env.origin + MECHANISM_ROUTES[tag] + shareFragment(scenario));
    await page.waitForSelector('[data-result]', { timeout: 60_000 });
    const shown = await page.$$eval('[data-result]', (es) => es.map((e) => [e.dataset.result, e.textContent]));
    const result = JSON.parse(nativeRun(scenario));
    for (const [pointer, text] of shown) {
      const expected = pointerAt(result, pointer);
      assert.equal(typeof expected, 'number', `${name}: ${pointer} is not a number of the result (${JSON.stringify(expected)?.slice(0, 80)})`);
      const got = shownNumber(text);
      assert.ok(got, `${name}: no number in ${JSON.stringify(text)} at ${pointer}`);
      assert.ok(Math.abs(got.value - expected) <= got.half * 1.0001 + 1e-12 * Math.abs(expected),
        `${name}: ${pointer} shows ${JSON.stringify(text)} but the runner says ${expected}`);
    }
    named[tag] = (named[tag] ?? 0) + shown.length;
  }
  for (const tag of Object.keys(MECHANISM_ROUTES)) assert.ok(named[tag] >= 3, `${tag}: only ${named[tag]} result numbers named`);
  assert.deepEqual(page.consoleErrors, []);
});

test('the teacher clicks a number in the results to ask about it', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  await page.click('text=Make an exercise');
  await page.waitForSelector('#exercise-editor');
  await page.fill('#exercise-title-input', 'Click to ask');
  await page.click('#pick-results');
  assert.equal(await page.getAttribute('#pick-results', 'aria-pressed'), 'true');
  await page.click('#shapley-table td.phi >> nth=1');
  await page.click('#pick-results');
  const draft = await page.evaluate(() => JSON.parse(localStorage.getItem('cloudecon.v1.exercise-draft.shapley')));
  assert.deepEqual(draft.tasks.map((t) => [t.kind, t.answer.result]), [['number', '/shapley/1']]);
  // Out of the mode a click on a number does nothing.
  await page.click('#shapley-table td.phi >> nth=0');
  assert.equal(await page.locator('.task-editor').count(), 1);
  await page.click('#preview-exercise');
  await page.waitForSelector('#exercise li.task[data-task="t1"]');
  const t1 = page.locator('li.task[data-task="t1"]');
  await t1.locator('input.number').fill('0.1667');
  await t1.locator('button.check').click();
  assert.match(await t1.locator('.verdict').textContent(), /✓/);
  assert.deepEqual(page.consoleErrors, []);
});

// End-to-end tests of locked fields on the page: every editor control names its scenario field
// (data-pointer); an exercise greys its locked controls with a padlock and stops edits by mouse
// and keyboard; the teacher locks a field by clicking it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, preset } from './harness.mjs';
import { listed, MECHANISM_ROUTES, pointerAt, shareFragment, shippedExercise } from './documents.mjs';

const env = useEnvironment();

/** The page's scenario as autosaved (what the reducer accepted). */
const savedScenario = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('cloudecon.v1.scenario.abacus')));

/** Whether a control shows the padlock (the locked style's background image). */
const padlocked = (locator) => locator.evaluate((e) => getComputedStyle(e).backgroundImage.includes('svg'));

test("every editor control names a field of the page's scenario", async () => {
  const list = listed('preset');
  const page = await env.newPage();
  const seen = {};
  for (const [name, tag] of list) {
    const scenario = preset(name);
    await page.goto('about:blank');
    await page.goto(env.origin + MECHANISM_ROUTES[tag] + shareFragment(scenario));
    await page.waitForFunction(([tag, title]) => JSON.parse(localStorage.getItem(`cloudecon.v1.scenario.${tag}`) ?? 'null')?.title === title,
      [tag, scenario.title]);
    // The pointers of the controls on the page, and the scenario the page holds (its autosave).
    const { pointers, saved } = await page.evaluate((tag) => ({
      pointers: [...new Set([...document.querySelectorAll('[data-pointer]')].map((e) => e.dataset.pointer))],
      saved: localStorage.getItem(`cloudecon.v1.scenario.${tag}`),
    }), tag);
    const doc = JSON.parse(saved);
    for (const p of pointers) {
      // A field the page leaves out while unset (an optional one) counts when its parent is there.
      const parent = p.slice(0, p.lastIndexOf('/'));
      const up = parent === '' ? doc : pointerAt(doc, parent);
      const ok = pointerAt(doc, p) !== undefined || (up instanceof Object && !Array.isArray(up));
      assert.ok(ok, `${name}: ${p} names nothing in the page's scenario`);
    }
    seen[tag] = new Set([...(seen[tag] ?? []), ...pointers]);
  }
  // Each page's main fields are there (the test fails if the annotations disappear).
  for (const [tag, must] of Object.entries({
    abacus: ['/alpha', '/jobs/0/budget', '/resources/0/units', '/title', '/seed'],
    abacus_estimate: ['/kind', '/observations/0/utility', '/observations/0/shares/0'],
    shapley: ['/players/0', '/coalitions/0/value'],
    era: ['/cloud/horizon', '/algorithm', '/predictor'],
    spot: ['/on_demand_price', '/policies', '/spot_price', '/delay'],
    cloudshare: ['/organizations', '/jobs', '/split_unit'],
  })) {
    for (const p of must) assert.ok(seen[tag]?.has(p), `${tag} lacks a control for ${p}: ${[...(seen[tag] ?? [])].join(' ')}`);
    assert.ok(seen[tag].size >= 8, `${tag}: only ${seen[tag].size} annotated fields`);
  }
  assert.deepEqual(page.consoleErrors, []);
});

test('locked fields are greyed with a padlock and stop edits by mouse and keyboard', async () => {
  const { doc } = shippedExercise('abacus-budgets');
  assert.deepEqual(doc.exercise.locked, ['/alpha', '/jobs/1/budget', '/jobs/2/budget', '/resources']);
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus' + shareFragment(doc));
  await page.waitForSelector('#exercise li.task');
  const alpha = page.locator('#alpha-value');
  const free = page.locator('tr[data-job="0"] input.budget');
  const locked = page.locator('tr[data-job="1"] input.budget');
  assert.ok(await padlocked(alpha));
  assert.ok(await padlocked(locked));
  assert.ok(await padlocked(page.locator('fieldset.resources input').first()));
  assert.ok(!(await padlocked(free)), 'an unlocked field has no padlock');
  assert.ok(!(await padlocked(page.locator('tr[data-job="0"] input.job-name'))), '/jobs/0/name is not under a lock');

  // Typing into a locked field changes nothing and says why.
  const before = await locked.inputValue();
  await locked.click({ force: true });
  await locked.press('End');
  await locked.pressSequentially('9');
  assert.equal(await locked.inputValue(), before);
  assert.match(await page.textContent('#locked-note'), /Locked by the exercise: J2's budget/);
  // The locked list's buttons do nothing.
  const rows = await page.locator('fieldset.resources tbody tr').count();
  await page.locator('#add-resource').click({ force: true });
  assert.equal(await page.locator('fieldset.resources tbody tr').count(), rows);
  assert.match(await page.textContent('#locked-note'), /Locked by the exercise: the resource types/);
  // The free field still edits.
  await free.fill('123');
  assert.equal(await free.inputValue(), '123');
  assert.deepEqual(page.consoleErrors, []);
});

test('the teacher locks a field by clicking it, and the student finds it locked', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  await page.click('text=Make an exercise');
  await page.waitForSelector('#exercise-editor');
  await page.fill('#exercise-title-input', 'Locks by clicking');
  await page.fill('#result-picker-filter', 'shares[0][0]');
  await page.click('#result-picker tr[data-row="/shares/0/0"] button:has-text("Ask")');
  const draft = () => page.evaluate(() => JSON.parse(localStorage.getItem('cloudecon.v1.exercise-draft.abacus')).locked);

  await page.click('#pick-locks');
  assert.equal(await page.getAttribute('#pick-locks', 'aria-pressed'), 'true');
  await page.click('#alpha-value');
  await page.click('tr[data-job="0"] input.budget');
  assert.deepEqual(await draft(), ['/alpha', '/jobs/0/budget']);
  assert.ok(await padlocked(page.locator('#alpha-value')));
  // Clicking again unlocks; Enter on a focused field locks it from the keyboard.
  await page.click('#alpha-value');
  await page.focus('tr[data-job="1"] input.job-name');
  await page.keyboard.press('Enter');
  assert.deepEqual(await draft(), ['/jobs/0/budget', '/jobs/1/name']);
  // The teacher's own panel is not part of the page: its buttons work as usual while picking.
  await page.fill('#result-picker-filter', 'shares[1][0]');
  await page.click('#result-picker tr[data-row="/shares/1/0"] button:has-text("Ask")');
  const tasks = await page.evaluate(() => JSON.parse(localStorage.getItem('cloudecon.v1.exercise-draft.abacus')).tasks.length);
  assert.equal(tasks, 2);
  assert.deepEqual(await draft(), ['/jobs/0/budget', '/jobs/1/name']);
  await page.click('#pick-locks');
  assert.equal(await page.getAttribute('#pick-locks', 'aria-pressed'), 'false');
  // Out of pick mode the teacher edits freely, locked fields too (they are the exercise's values).
  await page.locator('tr[data-job="0"] input.budget').fill('150');
  assert.equal(await savedScenario(page).then((s) => s.jobs[0].budget), 150);

  await page.click('#preview-exercise');
  await page.waitForSelector('#exercise li.task[data-task="t1"]');
  const budget = page.locator('tr[data-job="0"] input.budget');
  assert.ok(await padlocked(budget));
  await budget.click({ force: true });
  await budget.pressSequentially('7');
  assert.equal(await budget.inputValue(), '150');
  assert.ok(!(await padlocked(page.locator('#alpha-value'))), 'unlocked again before the preview');
  assert.deepEqual(page.consoleErrors, []);
});

test("teacher mode on a previewed exercise lifts its locks; leaving it puts them back", async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  await page.click('text=Make an exercise');
  await page.fill('#result-picker-filter', "J1's share of map");
  await page.click('#result-picker tr[data-row="/shares/0/0"] button:has-text("Ask")');
  await page.fill('#lock-picker-filter', 'α');
  await page.click('#lock-picker tr[data-row="/alpha"] button');
  await page.click('#preview-exercise');
  await page.waitForSelector('#exercise li.task');
  await page.click('#back-to-teacher');
  await page.waitForSelector('#exercise-editor');
  // The locked α is free in teacher mode: not greyed, and the edit is accepted.
  await page.locator('#alpha-value').fill('0.7');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('cloudecon.v1.scenario.abacus')).alpha === 0.7);
  await page.click('text=Close teacher mode');
  await page.waitForSelector('#exercise li.task');
  // Locked again: typing is stopped…
  await page.locator('#alpha-value').click();
  await page.locator('#alpha-value').pressSequentially('5');
  assert.equal((await savedScenario(page)).alpha, 0.7);
  // …and the free fields still edit, although α now differs from the exercise's.
  await page.locator('tr[data-job="0"] input.budget').fill('321');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('cloudecon.v1.scenario.abacus')).jobs[0].budget === 321);
  assert.equal(await page.locator('#exercise .refused[role=alert]').count(), 0);
  assert.deepEqual(page.consoleErrors, []);
});

test('a second exercise pasted into the open page replaces the first; the same one keeps the work', async () => {
  const first = shippedExercise('abacus-budgets');
  const second = shippedExercise('abacus-incentives');
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus' + first.fragment);
  await page.waitForSelector('#exercise li.task');
  await page.locator('tr[data-job="0"] input.budget').fill('777');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('cloudecon.v1.scenario.abacus')).jobs[0].budget === 777);
  // The same link again: nothing lost.
  await page.evaluate((f) => { location.hash = f; }, first.fragment);
  await page.waitForTimeout(300);
  assert.equal((await savedScenario(page)).jobs[0].budget, 777);
  // Another exercise: its own title, tasks and scenario.
  await page.evaluate((f) => { location.hash = f; }, second.fragment);
  await page.waitForFunction((t) => document.querySelector('#exercise-title')?.textContent === t, second.doc.exercise.title);
  assert.equal((await savedScenario(page)).jobs[0].budget, second.doc.jobs[0].budget);
  assert.equal(await page.locator('#exercise li.task').count(), second.doc.exercise.tasks.length);
  // With teacher mode open (a preview's way back), the editor follows the exercise that was opened.
  await page.click('#leave-exercise');
  await page.click('text=Make an exercise');
  await page.fill('#exercise-title-input', 'Mine');
  // The second exercise's jobs are named J0 and J1: places are named by the scenario's names.
  await page.fill('#result-picker-filter', "J0's share of map");
  await page.click('#result-picker tr[data-row="/shares/0/0"] button:has-text("Ask")');
  await page.click('#preview-exercise');
  await page.click('#back-to-teacher');
  assert.equal(await page.inputValue('#exercise-title-input'), 'Mine');
  await page.evaluate((f) => { location.hash = f; }, first.fragment);
  await page.waitForFunction((t) => document.querySelector('#exercise-title-input')?.value === t, first.doc.exercise.title);
  assert.deepEqual(page.consoleErrors, []);
});

test('on a touch screen a tap on a locked slider or select changes nothing', async () => {
  const { doc } = shippedExercise('abacus-budgets');
  const page = await env.newPage({ hasTouch: true });
  await page.goto(env.origin + '/abacus' + shareFragment(doc));
  await page.waitForSelector('#exercise li.task');
  await page.locator('#alpha').tap({ position: { x: 3, y: 3 } });
  assert.equal(await page.locator('#alpha').inputValue(), String(doc.alpha));
  assert.equal((await savedScenario(page)).alpha, doc.alpha);
  assert.match(await page.textContent('#locked-note'), /Locked by the exercise: α/);
  assert.deepEqual(page.consoleErrors, []);
});

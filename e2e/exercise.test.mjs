// End-to-end tests of classroom exercises on the mechanism pages: predict then run, checks and
// hints, locked fields, autosave across a reload, the answers file (graded by the runner to the
// same verdicts), resume from file, teacher mode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEnvironment, downloadText } from './harness.mjs';
import { cloudecon, listed, MECHANISM_ROUTES, pointerAt, shareFragment, shippedExercise } from './documents.mjs';

const env = useEnvironment();
function tempFile(name, text) {
  const file = join(mkdtempSync(join(tmpdir(), 'cloudecon-e2e-')), name);
  writeFileSync(file, text);
  return file;
}

const task = (page, id) => page.locator(`li.task[data-task="${id}"]`);

async function answer(page, id, value) {
  await task(page, id).locator('input.number').fill(String(value));
  await task(page, id).locator('button.check').click();
  return task(page, id).locator('.verdict').textContent();
}

test('an exercise link: predict then run, checks, hints, locks, reload, answers file graded like the runner', async () => {
  const { doc, fragment, text } = shippedExercise('abacus-budgets');
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus' + fragment);
  await page.waitForSelector('#exercise li.task');
  assert.equal(await page.textContent('#exercise-title'), doc.exercise.title);

  // Predict, then run: no result anywhere on the page until the prediction is committed.
  assert.ok(await page.locator('.predict-note').isVisible());
  await page.waitForTimeout(300);
  assert.equal(await page.locator('#auction-table').count(), 0, 'results hidden before the prediction');
  assert.equal(await page.locator('#shares-chart').count(), 0);

  // A hint, then a wrong answer: ✗ (the default feedback says no more), and the results appear.
  await task(page, 't1').locator('.hint-button').click();
  assert.match(await task(page, 't1').locator('.hints').textContent(), /sub-budgets/);
  assert.match(await answer(page, 't1', 0.2), /✗ Not quite\./);
  await page.waitForSelector('#auction-table td.share');
  assert.match(await answer(page, 't1', 0.31), /✓/);
  assert.match(await task(page, 't1').locator('.attempts').textContent(), /2 attempts/);
  assert.ok(await task(page, 't1').locator('.explanation').isVisible());

  // A choice.
  await task(page, 't2').locator('input[type=radio][value="1"]').check();
  await task(page, 't2').locator('button.check').click();
  assert.match(await task(page, 't2').locator('.verdict').textContent(), /✗/);
  await task(page, 't2').locator('input[type=radio][value="2"]').check();
  await task(page, 't2').locator('button.check').click();
  assert.match(await task(page, 't2').locator('.verdict').textContent(), /✓/);

  // Locked fields are refused by the reducer, and say so.
  await page.locator('#alpha').fill('1');
  await page.waitForSelector('#exercise .refused[role=alert]');
  assert.match(await page.textContent('#exercise .refused[role=alert]'), /Locked by the exercise: α/);
  await page.locator('tr[data-job="1"] input.budget').fill('999');
  const shares = await page.locator('#auction-table td.share').allTextContents();
  assert.equal(shares[0], '0.309', 'the locked edits changed nothing');

  // The goal: J1's budget is the lever.
  await task(page, 't3').locator('button.check').click();
  assert.match(await task(page, 't3').locator('.verdict').textContent(), /✗.*below 0\.5/);
  await page.locator('tr[data-job="0"] input.budget').fill('2000');
  await page.waitForFunction(() => document.querySelector('#auction-table td.share')?.textContent !== '0.309');
  await task(page, 't3').locator('button.check').click();
  assert.match(await task(page, 't3').locator('.verdict').textContent(), /✓/);
  await page.locator('#student-name').fill('Ann Example');

  // Everything survives a reload: the exercise, the edits, the answers and their verdicts.
  await page.reload();
  await page.waitForSelector('#exercise li.task');
  assert.equal(await page.inputValue('#student-name'), 'Ann Example');
  assert.equal(await task(page, 't1').locator('input.number').inputValue(), '0.31');
  assert.match(await task(page, 't1').locator('.verdict').textContent(), /✓/);
  assert.equal(await page.locator('tr[data-job="0"] input.budget').inputValue(), '2000');
  await page.waitForSelector('#auction-table td.share', { timeout: 5000 });

  // The answers file carries the fingerprint the runner computes, and grades to the same verdicts.
  const answers = JSON.parse(await downloadText(page, '#download-answers'));
  const exerciseFile = tempFile('exercise.json', text);
  const fingerprint = cloudecon(['validate', exerciseFile]).stdout.match(/fingerprint ([0-9a-f]{64})/)[1];
  assert.equal(answers.exercise, fingerprint);
  assert.equal(answers.student, 'Ann Example');
  assert.deepEqual(answers.attempts, { t1: 2, t2: 2, t3: 2 });
  assert.deepEqual(answers.hints_used, { t1: 1 });
  assert.equal(answers.answers.t3.scenario.jobs[0].budget, 2000);
  const graded = cloudecon(['grade', exerciseFile, tempFile('ann.json', JSON.stringify(answers))]);
  assert.equal(graded.code, 0, graded.stderr);
  assert.equal(graded.stderr, '', 'no fingerprint warning');
  const rows = graded.stdout.trim().split('\n').slice(1).map((l) => l.split(','));
  const browser = await page.locator('#exercise li.task').evaluateAll((lis) => lis.map((li) => li.classList.contains('right')));
  assert.deepEqual(rows.map((r) => r[2] === 'true'), [true, true, true]);
  assert.deepEqual(browser.slice(0, 2), [true, true], 'the browser shows the same verdicts after a reload');

  // Resume from file in a fresh browser profile.
  const other = await env.newPage();
  await other.goto(env.origin + '/abacus' + fragment);
  await other.waitForSelector('#exercise li.task');
  assert.equal(await task(other, 't1').locator('input.number').inputValue(), '');
  await other.locator('#resume-answers').setInputFiles({ name: 'answers.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(answers)) });
  await other.waitForFunction(() => document.querySelector('#student-name')?.value === 'Ann Example');
  await other.waitForSelector('#auction-table td.share');
  assert.match(await task(other, 't1').locator('.attempts').textContent(), /2 attempts/);

  // Leaving the exercise frees the page.
  await page.click('#leave-exercise');
  await page.waitForSelector('#exercise', { state: 'detached' });
  await page.locator('#alpha').fill('1');
  assert.deepEqual(page.consoleErrors, []);
  assert.deepEqual(other.consoleErrors, []);
});

test('every shipped exercise opens on its page and checks its tasks like the runner', async () => {
  const list = listed('exercise');
  assert.ok(list.length >= 18);
    const page = await env.newPage();
  for (const [name, tag] of list) {
    const { doc, fragment } = shippedExercise(name);
    // Consecutive exercises on one page differ only in the fragment: the open page must switch.
    await page.goto(env.origin + MECHANISM_ROUTES[tag] + fragment);
    await page.waitForFunction((t) => document.querySelector('#exercise-title')?.textContent === t, doc.exercise.title);
    // Answer every number task with the native result's value: the browser must say ✓.
    const result = JSON.parse(cloudecon(['run', tempFile('s.json', JSON.stringify(doc))]).stdout);
    for (const t of doc.exercise.tasks.filter((t) => t.kind === 'number')) {
      const expected = t.answer.result !== undefined ? pointerAt(result, t.answer.result) : t.answer.value;
      assert.match(await answer(page, t.id, expected), /✓/, `${name} ${t.id}`);
    }
    assert.equal(await page.locator('#exercise .field-problem').count(), 0, name);
  }
  assert.deepEqual(page.consoleErrors, []);
});

test('teacher mode turns the page into an exercise link', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.click('text=Make an exercise');
  await page.waitForSelector('#exercise-editor');
  await page.fill('#exercise-title-input', 'Gloves by hand');
  await page.fill('#result-picker-filter', 'shapley[0]');
  await page.click('#result-picker tr[data-row="/shapley/0"] button:has-text("Ask")');
  await page.fill('#lock-picker-filter', 'players');
  await page.click('#lock-picker tr[data-row="/players"] button');
  assert.equal(await page.locator('#exercise-problems').count(), 0, await page.locator('#exercise-problems').count() ? await page.textContent('#exercise-problems') : '');
  await page.click('#copy-exercise-link');
  const link = await page.inputValue('#exercise-link');
  assert.ok(link.startsWith(env.origin + '/shapley#s='), link);
  await page.click('#preview-exercise');
  await page.waitForSelector('#exercise li.task[data-task="t1"]');
  assert.match(await answer(page, 't1', 0.6667), /✓/);
  // The link opens the same exercise elsewhere.
  const student = await env.newPage();
  await student.goto(link);
  await student.waitForSelector('#exercise li.task[data-task="t1"]');
  assert.equal(await student.textContent('#exercise-title'), 'Gloves by hand');
  assert.deepEqual(page.consoleErrors, []);
});

test("a large exercise computes its answers in the worker, with progress, and checks like the runner", async () => {
  const scenario = JSON.parse(cloudecon(['preset', 'era-yahoo']).stdout);
  const doc = { ...scenario, exercise: { title: 'Yahoo revenue', tasks: [
    { id: 't1', prompt: 'What is the revenue?', kind: 'number', answer: { result: '/metrics/revenue' }, tolerance: { rel: 1e-9 } },
  ] } };
  const expected = JSON.parse(cloudecon(['run', tempFile('s.json', JSON.stringify(scenario))]).stdout).metrics.revenue;
  const page = await env.newPage();
  // Whether the "computing" note ever showed (an answer computed during the render never shows it).
  await page.addInitScript(() => {
    window.sawComputing = false;
    new MutationObserver(() => { if (document.getElementById('exercise-computing')) window.sawComputing = true; })
      .observe(document, { childList: true, subtree: true });
  });
  await page.goto(env.origin + '/era' + shareFragment(doc));
  await page.waitForSelector('#exercise li.task');
  await page.waitForSelector('#exercise-computing', { state: 'detached', timeout: 120_000 });
  assert.ok(await page.evaluate(() => window.sawComputing), 'the answers were computed in the worker');
  assert.match(await answer(page, 't1', expected), /✓/);
  assert.match(await answer(page, 't1', expected * 1.01), /✗/);
  assert.deepEqual(page.consoleErrors, []);
});

test('the printable worksheet shows the text, the tasks and the charts, not the editors or buttons', async () => {
  const { doc, fragment } = shippedExercise('abacus-budgets');
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus' + fragment);
  await page.waitForSelector('#exercise li.task');
  await answer(page, 't1', 0.31);
  await page.waitForSelector('#shares-chart canvas');
  await page.emulateMedia({ media: 'print' });
  assert.ok(await page.locator('#exercise-title').isVisible());
  assert.ok(await page.locator('#exercise .exercise-text').first().isVisible());
  for (const t of doc.exercise.tasks) assert.ok(await task(page, t.id).isVisible(), t.id);
  assert.ok(await page.locator('#shares-chart canvas').isVisible(), 'the current charts');
  assert.ok(!(await page.locator('fieldset.jobs').isVisible()), 'no editors');
  assert.ok(!(await task(page, 't1').locator('button.check').isVisible()), 'no buttons');
  assert.ok(!(await page.locator('.site-header').isVisible()), 'no navigation');
  await page.emulateMedia({ media: 'screen' });
  assert.ok(await page.locator('fieldset.jobs').isVisible());
});

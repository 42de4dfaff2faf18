// End-to-end tests of exercises that help rather than mislead: a changed scenario said beside the
// tasks (with an undoable way back), the teacher's feedback level, numbers refused without an
// attempt, wording with the page's names and precision, no teacher button on a student's link,
// the name first, the classroom's prompts and whole students, and where the panels sit (beside
// the results on a wide screen; teacher mode on a 390 px phone).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEnvironment } from './harness.mjs';
import { cloudecon, pointerAt, shareFragment, shippedExercise } from './documents.mjs';

const env = useEnvironment();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const task = (page, id) => page.locator(`li.task[data-task="${id}"]`);
const savedBudget = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('cloudecon.v1.scenario.abacus')).jobs[0].budget);
function tempFile(name, text) {
  const file = join(mkdtempSync(join(tmpdir(), 'cloudecon-e2e-')), name);
  writeFileSync(file, text);
  return file;
}

/** Checks a number task's answer; returns the verdict's text. */
async function answer(page, id, value) {
  await task(page, id).locator('input.number').fill(String(value));
  await task(page, id).locator('button.check').click();
  return task(page, id).locator('.verdict').textContent();
}

for (const [where, options] of [['desktop', {}], ['a 390 px touch screen', PHONE]]) {
  /** Clicks, or taps on a touch screen. */
  const press = (page, locator) => (options.hasTouch ? locator.tap() : locator.click());
  test(`a changed scenario is said beside the tasks, with an undoable way back that keeps the answers (${where})`, async () => {
    const { doc, fragment } = shippedExercise('abacus-budgets');
    const page = await env.newPage(options);
    await page.goto(env.origin + '/abacus' + fragment);
    await page.waitForSelector('#exercise li.task');
    assert.match(await answer(page, 't1', 0.31), /✓/);
    assert.equal(await page.locator('#scenario-changed').count(), 0, 'the exercise\'s own scenario: nothing to say');

    // J1's budget is free: the page now computes another scenario than the tasks ask about.
    await page.locator('tr[data-job="0"] input.budget').fill('2000');
    await page.waitForSelector('#scenario-changed');
    assert.match(await page.textContent('#scenario-changed'), /changed the scenario.*exercise's own scenario/s);
    assert.ok(await page.evaluate(() => document.querySelector('#scenario-changed').nextElementSibling.matches('ol.tasks')),
      'the note sits right before the tasks');

    // Back to the exercise's scenario: the page's numbers are the tasks' again, the answers stay.
    await press(page, page.locator('#back-to-exercise'));
    await page.waitForSelector('#scenario-restored');
    // Going back is the page's last replacement: its Undo bar offers the same undo.
    assert.match(await page.textContent('#undo'), /Undo going back to the exercise's scenario/);
    assert.equal(await page.locator('tr[data-job="0"] input.budget').inputValue(), String(doc.jobs[0].budget));
    assert.equal(await savedBudget(page), doc.jobs[0].budget);
    assert.equal(await page.locator('#scenario-changed').count(), 0);
    assert.equal(await task(page, 't1').locator('input.number').inputValue(), '0.31');
    assert.match(await task(page, 't1').locator('.verdict').textContent(), /✓/);
    assert.match(await task(page, 't1').locator('.attempts').textContent(), /1 attempt/);

    // …and it can be undone.
    await press(page, page.locator('#undo-back'));
    await page.waitForSelector('#scenario-changed');
    assert.equal(await page.locator('tr[data-job="0"] input.budget').inputValue(), '2000');
    assert.equal(await savedBudget(page), 2000);
    assert.match(await page.textContent('#undo'), /Redo going back to the exercise's scenario/);
    assert.deepEqual(page.consoleErrors, []);
  });
}

test('the teacher chooses the feedback; text that is not a number costs no attempt', async () => {
  const { doc } = shippedExercise('abacus-budgets');
  // The default (links from before the choice too) says right or wrong, no more.
  const told = {};
  for (const level of [undefined, 'none', 'direction', 'distance']) {
    const page = await env.newPage();
    const withLevel = { ...doc, exercise: { ...doc.exercise, ...(level ? { feedback: level } : {}) } };
    await page.goto(env.origin + '/abacus' + shareFragment(withLevel));
    await page.waitForSelector('#exercise li.task');
    told[level ?? 'default'] = [await answer(page, 't1', 0.2), await task(page, 't1').getAttribute('class')];
    if (level === undefined) {
      // Not a number: refused on the spot, no attempt counted, the last verdict unchanged.
      for (const text of ['abc', '']) {
        await task(page, 't1').locator('input.number').fill(text);
        await task(page, 't1').locator('button.check').click();
        assert.match(await task(page, 't1').locator('.refused[role=alert]').textContent(), text ? /“abc” is not a number/ : /Type a number/);
        assert.match(await task(page, 't1').locator('.attempts').textContent(), /^\s*1 attempt$/);
      }
      // A decimal comma is a number.
      assert.match(await answer(page, 't1', '0,31'), /✓ Correct/);
      assert.match(await task(page, 't1').locator('.attempts').textContent(), /2 attempts/);
      const answers = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('cloudecon.v1.answers.'))?.[1]);
      assert.equal(JSON.parse(answers).answers.t1, 0.31);
    }
    assert.deepEqual(page.consoleErrors, []);
  }
  assert.match(told.default[0], /^✗ Not quite\.$/);
  assert.match(told.direction[0], /✗ Not quite: too low\./);
  assert.match(told.distance[0], /✗ Not quite: off by 0\.109 \(within ±0\.005/);
  assert.doesNotMatch(told.none[0], /[✓✗]|off by|too/);
  assert.match(told.none[0], /saved/);
  assert.doesNotMatch(told.none[1], /\b(right|wrong)\b/, 'no colour says it either');

  // Teacher mode's control writes the level into the exercise; the runner reads it and grades alike.
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.click('text=Make an exercise');
  await page.waitForSelector('#exercise-editor');
  await page.selectOption('#exercise-feedback', 'direction');
  await page.fill('#result-picker-filter', 'shapley[0]');
  await page.click('#result-picker tr[data-row="/shapley/0"] button:has-text("Ask")');
  await page.click('#preview-exercise');
  await page.waitForSelector('#exercise li.task[data-task="t1"]');
  assert.match(await answer(page, 't1', 0.9), /✗ Not quite: too high\./);
  const exercise = await page.evaluate(() => JSON.parse(localStorage.getItem('cloudecon.v1.exercise.shapley')));
  assert.equal(exercise.exercise.feedback, 'direction');
  const file = tempFile('exercise.json', JSON.stringify(exercise));
  assert.equal(cloudecon(['validate', file]).code, 0);
  assert.deepEqual(page.consoleErrors, []);
});

test("generated wording uses the page's names and precision, and so do the lock notes", async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  await page.click('text=Make an exercise');
  await page.waitForSelector('#exercise-editor');
  // A number clicked on the page, and a goal from the list of the result's numbers.
  await page.click('#pick-results');
  await page.click('[data-result="/shares/0/1"]');
  await page.click('#pick-results');
  const shown = await page.textContent('[data-result="/shares/0/0"]');
  await page.fill('#result-picker-filter', "J1's share of map");
  await page.click('#result-picker tr[data-row="/shares/0/0"] button:has-text("Goal")');
  const prompts = await page.locator('#exercise-editor .task-editor label.block input[type=text]').evaluateAll((is) => is.map((i) => i.value));
  assert.equal(prompts[0], "What is J1's share of reduce?");
  const decimals = shown.split('.')[1].length;
  const value = JSON.parse(cloudecon(['run', tempFile('s.json', cloudecon(['preset', 'abacus-running-example']).stdout)]).stdout).shares[0][0];
  assert.equal(prompts[1], `Change the scenario so that J1's share of map is at least ${(value * 1.5).toFixed(decimals)}.`);
  // The task editors and the pickers name places; no path, 0-based position or 16 digits.
  const editors = await page.textContent('#exercise-editor .task-editors');
  assert.doesNotMatch(editors, /\[\d\]|\/shares|\d\.\d{7,}/, editors);
  assert.equal(await page.textContent('#lock-picker tr[data-row="/jobs/1/budget"] td.place'), "J2's budget");
  assert.equal(await page.textContent('#result-picker tr[data-row="/shares/0/0"] td.place'), "J1's share of map");
  // A choice task's right option is picked by its text, not by a position from 0.
  await page.click('text=Add a choice task');
  assert.deepEqual(await page.locator('#exercise-editor select.right-option option').allTextContents(), ['1. first', '2. second']);
  assert.deepEqual(page.consoleErrors, []);

  // The student's lock notes.
  const { fragment } = shippedExercise('abacus-budgets');
  const student = await env.newPage();
  await student.goto(env.origin + '/abacus' + fragment);
  await student.waitForSelector('#exercise li.task');
  assert.equal(await student.textContent('#exercise .locked-list'), "Locked: α, J2's budget, J3's budget and the resource types.");
  const locked = student.locator('tr[data-job="1"] input.budget');
  await locked.click({ force: true });
  await locked.pressSequentially('9');
  assert.match(await student.textContent('#locked-note'), /Locked by the exercise: J2's budget/);
  await student.locator('#alpha').fill('1');
  await student.waitForSelector('#exercise .refused[role=alert]');
  assert.match(await student.textContent('#exercise .refused[role=alert]'), /Locked by the exercise: α \(the change was not made\)/);
  assert.deepEqual(student.consoleErrors, []);
});

test('a student sees no teacher mode on an exercise link; the teacher\'s preview leads back to it', async () => {
  const { fragment } = shippedExercise('abacus-budgets');
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus' + fragment);
  await page.waitForSelector('#exercise li.task');
  assert.equal(await page.getByText(/Edit as teacher|teacher mode/i).count(), 0);
  assert.equal(await page.locator('#back-to-teacher').count(), 0);
  assert.match(await page.textContent('#exercise'), /not exams/, 'the honesty statement stays');

  const teacher = await env.newPage();
  await teacher.goto(env.origin + '/shapley');
  await teacher.click('text=Make an exercise');
  await teacher.fill('#result-picker-filter', 'shapley[0]');
  await teacher.click('#result-picker tr[data-row="/shapley/0"] button:has-text("Ask")');
  await teacher.click('#preview-exercise');
  await teacher.waitForSelector('#exercise li.task');
  await teacher.click('#back-to-teacher');
  await teacher.waitForSelector('#exercise-editor');
  assert.deepEqual(page.consoleErrors, []);
  assert.deepEqual(teacher.consoleErrors, []);
});

test('"Your name" comes first; a download without a name asks for it; the file is named with it', async () => {
  const { fragment } = shippedExercise('abacus-budgets');
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus' + fragment);
  await page.waitForSelector('#exercise li.task');
  const before = (a, b) => page.evaluate(([a, b]) =>
    Boolean(document.querySelector(a).compareDocumentPosition(document.querySelector(b)) & Node.DOCUMENT_POSITION_FOLLOWING), [a, b]);
  assert.ok(await before('#student-name', '#exercise .exercise-text'), 'the name before the instructions');
  assert.ok(await before('#student-name', '#exercise li.task'), 'the name before the tasks');

  const downloaded = page.waitForEvent('download', { timeout: 1500 }).then(() => true, () => false);
  await page.click('#download-answers');
  assert.equal(await downloaded, false, 'no file without a name');
  assert.match(await page.textContent('#name-needed'), /Type your name/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'student-name');

  await page.keyboard.type('Ann Example');
  assert.equal(await page.locator('#name-needed').count(), 0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-answers')]);
  assert.equal(download.suggestedFilename(), 'answers-ann-example-budgets-and-shares.json');
  assert.deepEqual(page.consoleErrors, []);
});

test('the classroom heads each task with its prompt, and its chart counts whole students', async () => {
  const { doc, text } = shippedExercise('abacus-budgets');
  const fingerprint = cloudecon(['validate', tempFile('exercise.json', text)]).stdout.match(/fingerprint ([0-9a-f]{64})/)[1];
  const [t1, t2] = doc.exercise.tasks;
  const file = (student, answers) => ({ name: `${student}.json`, mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ version: 1, exercise: fingerprint, student, answers })) });
  const page = await env.newPage();
  await page.goto(env.origin + '/classroom');
  await page.selectOption('#shipped-exercise', 'abacus-budgets');
  await page.waitForSelector('#exercise-fingerprint');
  await page.locator('#answer-files').setInputFiles([
    file('Ann', { [t1.id]: 0.31, [t2.id]: t2.answer.value }), file('Bob', { [t1.id]: 0.9, [t2.id]: (t2.answer.value + 1) % 3 }),
  ]);
  await page.waitForFunction(() => document.querySelectorAll('#grades-table tbody tr').length === 2);
  const header = await page.locator('#grades-table thead th').allTextContents();
  assert.deepEqual(header, ['Student', ...doc.exercise.tasks.map((t, k) => `${k + 1}. ${t.prompt}`), 'Total']);
  // A choice's answer is its option, not a position from 0.
  const bob = await page.locator('#grades-table tbody tr:nth-child(2) td.grade').nth(1).getAttribute('title');
  assert.match(bob, new RegExp(`given: ${t2.options[(t2.answer.value + 1) % 3]}; expected: ${t2.options[t2.answer.value]}`));
  // The chart's axis counts students: whole numbers only (its SVG has the same labels as the canvas).
  const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#grades-chart-svg')]);
  const { readFile } = await import('node:fs/promises');
  const labels = [...(await readFile(await svg.path(), 'utf8')).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].trim());
  const ticks = labels.filter((l) => /^-?[\d.]+$/.test(l));
  assert.ok(ticks.length >= 2, labels.join(' | '));
  assert.deepEqual(ticks.filter((l) => !/^\d+$/.test(l)), [], `axis labels: ${ticks.join(', ')}`);
  assert.match(await page.getAttribute('#grades-chart canvas', 'aria-label'), /: 1, .*: 1, .*: 0$/);
  assert.deepEqual(page.consoleErrors, []);
});

/** The boxes of two elements. */
const boxes = (page, a, b) => page.evaluate(([a, b]) =>
  [a, b].map((s) => document.querySelector(s).getBoundingClientRect().toJSON()), [a, b]);

test('on a wide screen the student and teacher panels sit beside the results', async () => {
  const { fragment } = shippedExercise('abacus-budgets');
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus' + fragment);
  await page.waitForSelector('#exercise li.task');
  await answer(page, 't1', 0.31);
  await page.waitForSelector('#auction-table td.share');
  for (const panel of ['#exercise', '#exercise-editor']) {
    if (panel === '#exercise-editor') {
      // Teacher mode from the page's own button, once the student's exercise is left.
      await page.click('#leave-exercise');
      await page.click('text=Make an exercise');
      await page.waitForSelector('#exercise-editor');
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const [p, results] = await boxes(page, panel, '.results-column');
    assert.ok(p.left >= results.right - 1, `${panel} is beside the results: ${JSON.stringify({ p, results })}`);
    assert.ok(p.top < results.top + 150 && p.bottom > results.top, `${panel} starts level with the results: ${p.top} vs ${results.top}`);
  }
  assert.deepEqual(page.consoleErrors, []);
});

test('teacher mode fits a 390 px phone', async () => {
  const page = await env.newPage(PHONE);
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  await page.getByText('Make an exercise').tap();
  await page.waitForSelector('#exercise-editor');
  const wide = () => page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    culprits: [...document.querySelectorAll('#exercise-editor *')].filter((e) => e.getBoundingClientRect().right > 390.5)
      .filter((e) => !e.parentElement.closest('.scroll, .scroll-box, table')).slice(0, 6)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${e.className} → ${Math.round(e.getBoundingClientRect().right)}`),
  }));
  const fits = async (when) => {
    const { width, culprits } = await wide();
    assert.ok(width <= 390, `${when}: the page is ${width} px wide: ${culprits.join('; ')}`);
  };
  await fits('teacher mode opened');
  await page.fill('#exercise-title-input', 'On a phone');
  await page.fill('#result-picker-filter', "J1's share");
  await page.locator('#result-picker tr[data-row="/shares/0/0"] button:has-text("Ask")').tap();
  await page.locator('#result-picker tr[data-row="/shares/0/1"] button:has-text("Goal")').tap();
  await page.getByText('Add a choice task').tap();
  await page.fill('#lock-picker-filter', 'budget');
  await page.locator('#lock-picker tr[data-row="/jobs/1/budget"] button').tap();
  await fits('with tasks and a lock');
  await page.locator('#copy-exercise-link').tap();
  await page.waitForSelector('#exercise-link');
  await fits('with the link shown');
  await page.locator('#preview-exercise').tap();
  await page.waitForSelector('#exercise li.task');
  await fits('the preview');
  assert.deepEqual(page.consoleErrors, []);
});

// End-to-end tests of the classroom: the collection page (/classroom) grades students' answer
// files against an exercise given as a file, a link or a shipped one — a table of students ×
// tasks, the files of another exercise listed apart, a chart, and the same CSV as `cloudecon
// grade` — and the home page links every shipped exercise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEnvironment, downloadText, inked, ROOT } from './harness.mjs';

const env = useEnvironment();

/** The native runner: a release build in CARGO_TARGET_DIR or target/, else through cargo. */
function cli(args, input) {
  const built = [process.env.CARGO_TARGET_DIR, join(ROOT, 'target')]
    .filter(Boolean).map((dir) => join(dir, 'release', 'cloudecon')).find((bin) => existsSync(bin));
  const [cmd, argv] = built
    ? [built, args]
    : ['cargo', ['run', '-q', '--release', '-p', 'cloudecon-core', '--bin', 'cloudecon', '--', ...args]];
  const out = spawnSync(cmd, argv, { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(`cloudecon ${args.join(' ')} failed (${out.status}): ${out.stderr}`);
  return out.stdout;
}

const dir = mkdtempSync(join(tmpdir(), 'cloudecon-classroom-'));
/** Writes `text` to a file of the test's folder; returns its path. */
function file(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

// The exercise: the shipped "budgets and shares" (a number, a choice and a goal task), and its
// fingerprint as the runner computes it.
const EXERCISE = cli(['exercise', 'abacus-budgets']);
const EXERCISE_FILE = file('exercise.json', EXERCISE);
const FINGERPRINT = cli(['validate', EXERCISE_FILE]).match(/exercise fingerprint ([0-9a-f]{64})/)?.[1];
const doc = JSON.parse(EXERCISE);
const [t1, t2, t3] = doc.exercise.tasks;

/** The result of the exercise's scenario at a JSON pointer. */
function resultAt(scenario, pointer) {
  const out = JSON.parse(cli(['run', '-'], JSON.stringify(scenario)));
  return pointer.split('/').slice(1).reduce((v, k) => v[k], out);
}

const { exercise: _, ...SCENARIO } = doc;
// A goal answer: J1 with a much larger budget (its map share goes above one half).
const BIGGER = { ...SCENARIO, jobs: SCENARIO.jobs.map((j, i) => (i === 0 ? { ...j, budget: 2000 } : j)) };

const ANN = {
  version: 1, exercise: FINGERPRINT, student: 'Ann',
  answers: { [t1.id]: Number(resultAt(SCENARIO, t1.answer.result).toFixed(3)), [t2.id]: (t2.answer.value + 1) % t2.options.length,
    [t3.id]: { scenario: BIGGER } },
  attempts: { [t1.id]: 2, [t2.id]: 1 }, hints_used: { [t1.id]: 1 },
};
const BOB = {
  version: 1, exercise: FINGERPRINT, student: 'Bob',
  answers: { [t1.id]: 0.9, [t2.id]: t2.answer.value },
  attempts: { [t2.id]: 3 }, hints_used: { [t3.id]: 2 },
};
const CY = { ...BOB, student: 'Cy', exercise: 'f'.repeat(64) };

const json = (name, value) => ({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(value)) });

/** The grades table as [student, [correct, attempts, hints, tooltip] per task…, total]. */
async function gradesTable(page) {
  return page.locator('#grades-table tbody tr').evaluateAll((trs) => trs.map((tr) => [
    tr.querySelector('th').textContent,
    [...tr.querySelectorAll('td.grade')].map((td) => [td.dataset.correct === 'true', Number(td.dataset.attempts),
      Number(td.dataset.hints), td.title, td.querySelector('.mark').textContent]),
    tr.querySelector('td.total').textContent,
  ]));
}

test('the collection page grades answer files, lists the others apart and downloads the runner\'s CSV', async () => {
  assert.ok(FINGERPRINT, 'cloudecon validate prints the exercise fingerprint');
  // The runner's verdicts for the two files of this exercise: right/wrong mixes.
  const expectedCsv = cli(['grade', EXERCISE_FILE, file('ann.json', JSON.stringify(ANN)), file('bob.json', JSON.stringify(BOB))]).trim();
  const verdicts = expectedCsv.split('\n').slice(1).map((line) => line.split(',')[2] === 'true');
  assert.deepEqual(verdicts, [true, false, true, false, true, false], expectedCsv);

  const page = await env.newPage();
  await page.goto(env.origin + '/classroom');
  await page.waitForSelector('#exercise-file');
  await page.locator('#exercise-file').setInputFiles({ name: 'exercise.json', mimeType: 'application/json', buffer: Buffer.from(EXERCISE) });
  await page.waitForSelector('#exercise-summary');
  assert.equal(await page.textContent('#exercise-fingerprint'), FINGERPRINT, 'the browser\'s fingerprint is the runner\'s');
  await page.locator('#answer-files').setInputFiles([
    json('ann.json', ANN), json('bob.json', BOB), json('cy.json', CY),
    { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"version": 1, "student": 7}') },
  ]);
  await page.waitForFunction(() => document.querySelectorAll('#grades-table tbody tr').length === 2, null, { timeout: 30_000 });

  const header = await page.locator('#grades-table thead th').allTextContents();
  assert.deepEqual(header, ['Student', ...[t1, t2, t3].map((t, k) => `${k + 1}. ${t.prompt}`), 'Total']);
  const rows = await gradesTable(page);
  assert.deepEqual(rows.map(([student, cells, total]) => [student, cells.map((c) => c.slice(0, 3)), total]), [
    ['Ann', [[true, 2, 1], [false, 1, 0], [true, 0, 0]], '2 / 3'],
    ['Bob', [[false, 0, 0], [true, 3, 0], [false, 0, 2]], '1 / 3'],
  ]);
  assert.deepEqual(rows.flatMap(([, cells]) => cells.map((c) => c[4])), ['✓', '✗', '✓', '✗', '✓', '✗']);
  // The answer given is in each cell's tooltip.
  assert.match(rows[0][1][0][3], new RegExp(`given: ${ANN.answers[t1.id]}`));
  assert.match(rows[1][1][0][3], /given: 0\.9/);
  assert.match(rows[1][1][2][3], /no answer/);
  assert.match(await page.textContent('#grades-table tbody tr:first-child td.grade'), /2 attempts, 1 hint/);

  // Cy's file answers another exercise: listed with its fingerprint, not graded.
  const foreign = await page.locator('#foreign-files tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(foreign, [['cy.json', 'Cy', 'f'.repeat(64)]]);
  assert.equal(await page.locator('#grades-table tbody th', { hasText: 'Cy' }).count(), 0);
  // The broken file is listed with the reader's problem at its JSON path.
  const unreadable = await page.textContent('#unreadable-files');
  assert.match(unreadable, /broken\.json: student: invalid type/);

  // The chart: correct answers per task, one student each.
  assert.ok((await inked(page, 'grades-chart')) > 1000, 'the chart is drawn');
  await page.click('#grades-chart button.chart-table-toggle');
  const bars = await page.locator('#grades-chart .chart-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(bars.map((r) => [r[0].slice(0, 3), Number(r[1])]), [['1. ', 1], ['2. ', 1], ['3. ', 1]]);

  // The CSV is what the runner prints for the same two files.
  assert.equal(await downloadText(page, '#download-grades-csv'), expectedCsv);
  assert.equal(await page.locator('#error-banner').count(), 0, 'no error');
  assert.deepEqual(page.consoleErrors, []);
});

test('the exercise can also be given as its link or picked from the shipped ones', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/');
  const href = await page.locator('a.exercise-link[data-exercise="abacus-budgets"]').getAttribute('href');
  await page.goto(env.origin + '/classroom');
  await page.waitForSelector('#exercise-link');
  // A damaged link is refused with a reason.
  await page.fill('#exercise-link', env.origin + '/abacus#s=AAAA');
  await page.click('#open-exercise-link');
  await page.waitForSelector('#exercise-problem');
  await page.fill('#exercise-link', env.origin + href);
  await page.click('#open-exercise-link');
  await page.waitForSelector('#exercise-fingerprint');
  assert.equal(await page.textContent('#exercise-fingerprint'), FINGERPRINT);
  assert.equal(await page.locator('#exercise-problem').count(), 0, 'the problem goes once an exercise opens');
  await page.locator('#answer-files').setInputFiles([json('bob.json', BOB)]);
  await page.waitForSelector('#grades-table tbody tr');
  assert.deepEqual((await gradesTable(page)).map((r) => r[2]), ['1 / 3']);

  // Another exercise from the menu: Bob's file no longer answers it.
  const other = await page.locator('#shipped-exercise option').evaluateAll((os) =>
    os.map((o) => o.value).filter((v) => v && v !== 'abacus-budgets'));
  await page.selectOption('#shipped-exercise', other[0]);
  await page.waitForFunction((f) => document.querySelector('#exercise-fingerprint')?.textContent !== f, FINGERPRINT);
  await page.waitForSelector('#foreign-files');
  assert.equal(await page.locator('#grades-table').count(), 0, 'nothing to grade');
  // And back: the same file is graded again.
  await page.selectOption('#shipped-exercise', 'abacus-budgets');
  await page.waitForSelector('#grades-table tbody tr');
  assert.deepEqual(page.consoleErrors, []);
});

test('the home page links at least three exercises per mechanism, and the classroom', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/');
  await page.waitForSelector('#exercise-sets a.exercise-link');
  const links = await page.locator('#exercise-sets a.exercise-link').evaluateAll((as) =>
    as.map((a) => ({ mechanism: a.dataset.mechanism, href: a.getAttribute('href'), text: a.textContent })));
  const byMechanism = new Map();
  for (const l of links) byMechanism.set(l.mechanism, [...(byMechanism.get(l.mechanism) ?? []), l]);
  for (const tag of ['abacus', 'shapley', 'era', 'spot', 'cloudshare']) {
    assert.ok((byMechanism.get(tag)?.length ?? 0) >= 3, `${tag}: ${byMechanism.get(tag)?.length ?? 0} exercises`);
  }
  for (const [tag, list] of byMechanism) assert.ok(list.length >= 3, `${tag}: ${list.length} exercises`);
  for (const l of links) {
    const url = new URL(l.href, env.origin);
    assert.ok(url.hash.startsWith('#s='), `${l.text}: ${l.href.slice(0, 60)}`);
    assert.ok(l.text.trim().length > 0);
  }
  // An exercise link opens its mechanism's page.
  const first = links.find((l) => l.mechanism === 'shapley');
  await page.click(`#exercise-sets a.exercise-link[href="${first.href}"]`);
  await page.waitForFunction(() => location.pathname === '/shapley');
  await page.goto(env.origin + '/');
  await page.click('#exercise-sets a.classroom-link');
  await page.waitForSelector('#exercise-file');
  assert.equal(new URL(page.url()).pathname, '/classroom');
  assert.deepEqual(page.consoleErrors, []);
});

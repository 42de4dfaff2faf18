// End-to-end tests of the CloudShare page (DirectContr against FairShare and round robin,
// judged by the Shapley value) against the release bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useEnvironment, downloadText, nativeRun, preset, inked, importScenario, cancelOnFirstProgress, watchProgress, waitForCancelledMidway, ROOT, problemAt } from './harness.mjs';

const env = useEnvironment();

const waits = (page, tag) => page.textContent(`#cloudshare-algorithms tr[data-algorithm="${tag}"] td.waits`);
const ALGORITHMS = ['orig_direct', 'rel_direct', 'simpl_direct', 'fair_share', 'round_robin'];

async function open() {
  const page = await env.newPage();
  await page.goto(env.origin + '/cloudshare');
  await page.waitForSelector('#cloudshare-algorithms');
  return page;
}

async function loadPreset(page, name, title) {
  await page.selectOption('#presets', name);
  await page.waitForFunction((t) => document.querySelector('#title')?.value.includes(t), title);
}

/** Waits until the waits of `tag` differ from `before`. */
async function waitsChange(page, tag, before) {
  await page.waitForFunction(([t, b]) => {
    const cell = document.querySelector(`#cloudshare-algorithms tr[data-algorithm="${t}"] td.waits`);
    return cell && cell.textContent !== b;
  }, [tag, before]);
}

test('the toy preset (Figs. 2–3): DirectContr waits [0, 3], FairShare [5, 0], a Gantt per algorithm', async () => {
  const page = await open();
  assert.match(await page.inputValue('#title'), /two-organization example/);
  assert.match(await page.textContent('#run-status'), /instantly/);
  for (const tag of ['orig_direct', 'rel_direct', 'simpl_direct']) assert.equal(await waits(page, tag), '[0, 3]', tag);
  assert.equal(await waits(page, 'fair_share'), '[5, 0]');
  assert.equal(await page.textContent('#cloudshare-algorithms tr[data-algorithm="fair_share"] td.unfairness'), '8');
  // Jobs are not split: each algorithm has its own reference, and the page says so.
  assert.match(await page.textContent('#cloudshare-no-common-reference'), /no common reference/);
  for (const tag of ALGORITHMS) assert.ok((await inked(page, `cloudshare-gantt-${tag}`)) > 1000, `${tag}'s Gantt is drawn`);
  for (const id of ['cloudshare-waits-chart', 'cloudshare-unfairness-chart']) assert.ok((await inked(page, id)) > 2000, `${id} is drawn`);
  assert.equal(await page.locator('#cloudshare-coalitions tbody tr').count(), 3, 'the coalition values');
  assert.match(await page.textContent('#cloudshare-reconstruction'), /were lost.*reconstructions/s);
  assert.equal(await page.locator('#cloudshare-split-note').count(), 0, 'the unit-piece note only with split_unit on');
  assert.match(await page.textContent('.page.cloudshare .lead'), /Pacholczyk et al\., CrossCloud 2018/);
  assert.match(await page.textContent('#cloudshare-explain'), /ψ_sp \+ c · q · \(s − r\)/, 'ψ_rel counts from the release');
  assert.equal(await page.locator('#cloudshare-table1 tbody tr').count(), 5, 'Table 1 beside ours');
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(preset('cloudshare-toy')));
  const csv = (await downloadText(page, '#download-result-csv')).split('\n');
  assert.equal(csv[0], 'algorithm,organization,cores,wait,shapley,difference,unfairness,utilization');
  assert.equal(csv.length, 1 + 5 * 2, 'one CSV row per algorithm and organization');
  assert.deepEqual(page.consoleErrors, []);
});

test('editing a job updates the results, as the native runner computes them', async () => {
  const page = await open();
  await page.locator('tr[data-job="0"] input.duration').fill('4');
  await waitsChange(page, 'orig_direct', '[0, 3]');
  assert.equal(await waits(page, 'orig_direct'), '[5, 0]');
  const scenario = preset('cloudshare-toy');
  scenario.jobs[0].duration = 4;
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(scenario));
  // Unchecking algorithms keeps the others in the paper's order.
  await page.uncheck('#cloudshare-alg-rel_direct');
  await page.waitForFunction(() => document.querySelectorAll('#cloudshare-algorithms tbody tr').length === 4);
  assert.deepEqual(await page.locator('#cloudshare-algorithms tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.algorithm)),
    ['orig_direct', 'simpl_direct', 'fair_share', 'round_robin']);
  assert.deepEqual(page.consoleErrors, []);
});

test('an unknown organization and a zero duration are shown at their fields; the text is kept', async () => {
  const page = await open();
  await page.locator('tr[data-job="1"] input.org').fill('Z');
  await page.waitForSelector('#run-status.invalid');
  assert.match(await problemAt(page, 'jobs[1].org').textContent(), /unknown organization "Z"/);
  assert.equal(await page.inputValue('tr[data-job="1"] input.org'), 'Z');
  await page.locator('tr[data-job="2"] input.duration').fill('0');
  // Shown once, at the field (the field's own message, not again beside it).
  await page.waitForSelector('tr[data-job="2"] .field-problem');
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  assert.equal(await page.locator('tr[data-job="2"] .field-problem').count(), 1);
  assert.match(await page.textContent('tr[data-job="2"] .field-problem'), /at least 1 unit/);
  assert.equal(await page.locator('#cloudshare-algorithms').count(), 1, 'the last result stays on screen');
  await page.reload();
  await page.waitForSelector('#run-status.invalid');
  assert.equal(await page.inputValue('tr[data-job="1"] input.org'), 'Z', 'the edit survives a reload');
  assert.equal(await page.inputValue('tr[data-job="2"] input.duration'), '0');
  // Renaming an organization renames it in the jobs.
  await page.locator('tr[data-job="1"] input.org').fill('A');
  await page.locator('tr[data-job="2"] input.duration').fill('2');
  await page.waitForSelector('#run-status.done');
  await page.locator('tr[data-org="1"] input.name').fill('Bee');
  await page.waitForFunction(() => document.querySelector('#cloudshare-waits tr[data-org="Bee"]'));
  assert.equal(await page.inputValue('tr[data-job="5"] input.org'), 'Bee');
  // The federation block: a departure of an unknown organization is a problem at its field.
  await page.check('#cloudshare-federation-on');
  assert.equal(await page.inputValue('#cloudshare-threshold'), '0.7', 'the default exposure threshold');
  assert.match(await page.textContent('#cloudshare-federation-hint'), /below the threshold — default 0\.7/);
  await page.click('#cloudshare-add-leave');
  await page.locator('tr[data-leave="0"] input.org').fill('Q');
  await problemAt(page, 'federation.leave_events[0].org').waitFor();
  assert.match(await problemAt(page, 'federation.leave_events[0].org').textContent(), /unknown organization "Q"/);
  await page.locator('tr[data-leave="0"] input.org').fill('Bee');
  await page.waitForSelector('#run-status.done');
  assert.deepEqual(page.consoleErrors, []);
});

test('unit splitting gives every algorithm the same reference, and the toy unfairness of 16 is explained', async () => {
  const page = await open();
  await page.check('#cloudshare-split-unit');
  await page.waitForFunction(() => !document.querySelector('#cloudshare-no-common-reference'));
  const scenario = preset('cloudshare-toy');
  scenario.split_unit = true;
  const text = nativeRun(scenario);
  const native = JSON.parse(text);
  assert.equal(native.common_reference, true);
  assert.equal(await downloadText(page, '#download-result-json'), text);
  // Total wait is the same under every algorithm.
  const totals = native.algorithms.map((a) => a.wait.reduce((x, y) => x + y, 0));
  assert.ok(totals.every((t) => t === totals[0]), `totals ${totals}`);
  assert.equal(await page.textContent('#cloudshare-waits tr[data-org="A"] td.phi'), String(native.shapley[0]));
  // ORIG_DIRECT and REL_DIRECT's unfairness of 16 follows from the definitions: the page says so, with the numbers.
  for (const tag of ['orig_direct', 'rel_direct']) {
    assert.equal(await page.textContent(`#cloudshare-algorithms tr[data-algorithm="${tag}"] td.unfairness`), '16', tag);
  }
  const note = await page.textContent('#cloudshare-split-note');
  assert.match(note, /unfairness 16.*not a bug/s);
  assert.match(note, /2t − 2.*6 \+ 4 \+ 2 = 12.*φ_A = 4.*φ_B = 14/s);
  // Sampled Shapley values come with their 95 % half-widths.
  await page.selectOption('#cloudshare-method', 'sample');
  await page.waitForFunction(() => document.querySelector('#cloudshare-waits tr[data-org="A"] td.phi')?.textContent.includes('±'));
  assert.match(await page.textContent('#cloudshare-summary'), /sampled/);
  await page.uncheck('#cloudshare-split-unit');
  await page.waitForSelector('#cloudshare-no-common-reference');
  assert.equal(await page.locator('#cloudshare-split-note').count(), 0, 'the note goes with split_unit');
  assert.deepEqual(page.consoleErrors, []);
});

test('scenario 1 runs in the worker with progress and shows the scores over 20 windows', async () => {
  const page = await open();
  await watchProgress(page);
  await loadPreset(page, 'cloudshare-scenario1', 'scenario 1');
  await page.waitForSelector('#cloudshare-score-table', { timeout: 180_000 });
  assert.match(await page.textContent('#run-status'), /background worker/);
  assert.ok((await page.evaluate(() => window.progressSeen)).length > 0, 'a progress bar was shown');
  assert.equal(await page.locator('#cloudshare-score-table tbody tr').count(), 5);
  assert.equal(await page.locator('#cloudshare-runs tbody tr').count(), 20, 'one row per window');
  assert.equal(await page.inputValue('#cloudshare-orgs-count'), '5');
  assert.match(await page.textContent('#cloudshare-swf-summary'), /usable jobs of \d+ in the log/);
  assert.ok((await inked(page, 'cloudshare-scores-chart')) > 2000);
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(preset('cloudshare-scenario1')));
  // A scenario holding a whole log is too long for a link: the JSON file is offered instead.
  await page.click('#share');
  await page.waitForSelector('#share-too-long');
  assert.equal(await downloadText(page, '#share-download-json'), await downloadText(page, '#export-json'));
  assert.deepEqual(page.consoleErrors, []);
});

test('a long run can be cancelled', async () => {
  const page = await open();
  const scenario = preset('cloudshare-scenario2');
  scenario.title = 'Many windows';
  scenario.runs.windows = 400;
  await cancelOnFirstProgress(page);
  await importScenario(page, scenario);
  await waitForCancelledMidway(page, 120_000);
  assert.equal(await page.inputValue('#title'), 'Many windows');
  assert.deepEqual(page.consoleErrors, []);
});

test('a share link restores the scenario in a fresh page', async () => {
  const page = await open();
  await page.fill('#title', 'Shared federation');
  const before = await waits(page, 'fair_share');
  await page.locator('tr[data-job="6"] input.release').fill('5');
  await waitsChange(page, 'fair_share', before);
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  assert.match(url, /\/cloudshare#s=[A-Za-z0-9_-]+$/);
  const json = await downloadText(page, '#export-json');
  const fresh = await env.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector('#cloudshare-algorithms');
  assert.equal(await fresh.inputValue('#title'), 'Shared federation');
  assert.equal(await fresh.inputValue('tr[data-job="6"] input.release'), '5');
  assert.equal(await downloadText(fresh, '#export-json'), json, 'exported documents differ');
  assert.deepEqual(fresh.consoleErrors, []);
});

test('a workload log imported from a file: the window slider shows its job count', async () => {
  const page = await open();
  await page.check('#cloudshare-split-unit');
  await page.selectOption('#cloudshare-jobs-kind', 'swf');
  await page.waitForSelector('#run-status.invalid');
  assert.ok(await problemAt(page, 'jobs.swf').count() > 0, 'an empty log is a problem at jobs.swf');
  await page.locator('#cloudshare-swf-file').setInputFiles(join(ROOT, 'core/data/NASA-iPSC-1993-3.1-cln.first14days.swf'));
  await page.waitForSelector('#cloudshare-swf-window');
  assert.match(await page.textContent('#cloudshare-swf-summary'), /^\d+ usable jobs of \d+ in the log, submitted over \d+\.\d hours/);
  const first = await page.textContent('#cloudshare-swf-window');
  assert.match(first, /^\d+ jobs submitted in hours \[0, 24\) of the log/);
  await page.locator('#cloudshare-swf-start').fill('72');
  await page.waitForFunction((f) => document.querySelector('#cloudshare-swf-window')?.textContent !== f, first);
  const window72 = await page.textContent('#cloudshare-swf-window');
  assert.match(window72, /^\d+ jobs submitted in hours \[72, 96\)/);
  assert.equal(await page.inputValue('#cloudshare-swf-slider'), '72');
  await page.waitForSelector('#run-status.done', { timeout: 120_000 });
  const summary = await page.textContent('#cloudshare-summary');
  assert.match(summary, /2 organizations, \d+ pieces/);
  assert.deepEqual(page.consoleErrors, []);
});

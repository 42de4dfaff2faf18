// End-to-end tests of the spot page (On-demand, spot, or both) against the release bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useEnvironment, downloadText, nativeRun, preset, inked, cancelOnFirstProgress, watchProgress, waitForCancelledMidway, ROOT, problemAt } from './harness.mjs';

const env = useEnvironment();

const metric = (page, key) => page.textContent(`#spot-metrics tr[data-metric="${key}"] td`);
const bestLabels = (page) => page.locator('#spot-best tbody td.label').allTextContents();

async function open() {
  const page = await env.newPage();
  await page.goto(env.origin + '/spot');
  await page.waitForSelector('#spot-metrics');
  return page;
}

async function loadPreset(page, name, title) {
  await page.selectOption('#presets', name);
  await page.waitForFunction((t) => document.querySelector('#title')?.value.includes(t), title);
}

test('the page opens on spot-basic: results equal the native runner, every chart drawn', async () => {
  const page = await open();
  assert.equal(await page.inputValue('#title'), 'Spot or on demand: four policies');
  assert.match(await page.textContent('#run-status'), /instantly/);
  assert.equal(await metric(page, 'jobs'), '300');
  assert.equal(await metric(page, 'best_policy'), 'RC σ=0 fixed b=.25');
  assert.equal((await bestLabels(page))[0], 'RC σ=0 fixed b=.25');
  assert.match(await page.textContent('#spot-best tbody tr:first-child td.meaning'), /spot only, bid .25/);
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(preset('spot-basic')));
  for (const id of ['spot-price-chart', 'spot-payoff-chart', 'spot-snapshot-0', 'spot-weights-chart', 'spot-regret-chart']) {
    assert.ok((await inked(page, id)) > 2000, `${id} is drawn`);
  }
  assert.match(await page.textContent('#spot-bound-note'), /assumes payoffs in \[0, 1\]/);
  const csv = (await downloadText(page, '#download-result-csv')).split('\n');
  assert.equal(csv[0], 'index,label,total_payoff,final_weight,completed,drawn,meaning');
  assert.equal(csv.length, 1 + 4, 'one CSV row per policy');
  assert.deepEqual(page.consoleErrors, []);
});

test('editing the gaussian mean and the on-demand price updates the preview and the results', async () => {
  const page = await open();
  const summary = await page.textContent('#spot-price-summary');
  const payoff = await metric(page, 'expected_payoff');
  await page.locator('#spot_price-mean').fill('0.3');
  await page.waitForFunction((s) => document.querySelector('#spot-price-summary')?.textContent !== s, summary);
  assert.match(await page.textContent('#spot-price-summary'), /mean \$0\.29/);
  await page.waitForFunction((p) => document.querySelector('#spot-metrics tr[data-metric="expected_payoff"] td')?.textContent !== p, payoff);
  // Spot dearer than on demand: running on demand only is now the best.
  assert.equal(await metric(page, 'best_policy'), 'RC σ=1 fixed b=.25');
  const label = await page.getAttribute('#spot-price-chart canvas', 'aria-label');
  await page.locator('#spot-on-demand-price').fill('0.5');
  await page.waitForFunction((l) => document.querySelector('#spot-price-chart canvas')?.getAttribute('aria-label') !== l
    || /at or below/.test(document.querySelector('#spot-price-summary')?.textContent), label);
  assert.match(await page.textContent('#spot-price-summary'), /100\.0 % of the slots at or below/);
  assert.ok((await inked(page, 'spot-price-chart')) > 2000);
  assert.deepEqual(page.consoleErrors, []);
});

test('invalid values show the core\'s message next to their field and keep the text', async () => {
  const page = await open();
  await page.locator('#spot-slot-minutes').fill('7');
  await page.waitForSelector('#run-status.invalid');
  assert.match(await problemAt(page, 'slot_minutes').textContent(), /must divide 60/);
  assert.equal(await page.inputValue('#spot-slot-minutes'), '7');
  assert.match(await page.textContent('#spot-price-preview-empty'), /Fix the problems/);
  assert.equal(await page.locator('#spot-metrics').count(), 1, 'the last result stays on screen');
  await page.reload();
  await page.waitForSelector('#run-status.invalid');
  assert.equal(await page.inputValue('#spot-slot-minutes'), '7', 'the edit survives a reload');
  await page.locator('#spot-slot-minutes').fill('10');
  await page.waitForSelector('#run-status.done');
  // A σ outside [0, 1] in the custom list.
  await page.locator('tr[data-policy="1"] input.sigma').fill('1.5');
  await page.waitForSelector('#run-status.invalid');
  assert.match(await problemAt(page, 'policies[1]').textContent(), /policy 2's σ: the on-demand rate σ is in \[0, 1\], got 1.5\s*policies\[1\]\.sigma/);
  assert.equal(await page.inputValue('tr[data-policy="1"] input.sigma'), '1.5');
  // Text that is not a number is kept, marked, and not sent.
  await page.locator('#spot-payoff-scale').fill('1.x');
  assert.equal(await page.getAttribute('#spot-payoff-scale', 'aria-invalid'), 'true');
  assert.equal(await page.inputValue('#spot-payoff-scale'), '1.x');
  assert.deepEqual(page.consoleErrors, []);
});

test('policy sets: the paper\'s, and a list from the builder', async () => {
  const page = await open();
  await page.selectOption('#spot-policy-set', 'paper_synthetic');
  await page.waitForFunction(() => document.querySelector('#spot-policies legend')?.textContent === 'Policies (408)');
  await page.waitForFunction(() => document.querySelector('#spot-metrics')?.textContent.includes('408') || document.querySelector('#spot-summary')?.textContent.includes('408 policies'), null, { timeout: 120_000 });
  await page.click('#spot-builder summary');
  await page.uncheck('#spot-build-deadline');
  await page.uncheck('#spot-build-variable');
  await page.locator('#spot-build-sigmas').fill('0, 1');
  await page.locator('#spot-build-bids').fill('0.1, 0.25');
  assert.equal(await page.textContent('#spot-build'), 'Use these 4 policies');
  await page.click('#spot-build');
  await page.waitForFunction(() => document.querySelector('#spot-summary')?.textContent.includes('4 policies'), null, { timeout: 120_000 });
  assert.deepEqual(await page.locator('#spot-policy-table td.label').allTextContents(),
    ['RC σ=0 fixed b=.1', 'RC σ=0 fixed b=.25', 'RC σ=1 fixed b=.1', 'RC σ=1 fixed b=.25']);
  assert.equal(await page.locator('#spot-policy-set').inputValue(), 'list');
  assert.deepEqual(page.consoleErrors, []);
});

test('spot-exp2 runs in the worker with progress and equals the native runner', async () => {
  const page = await open();
  await watchProgress(page);
  await loadPreset(page, 'spot-exp2', 'experiment 2');
  await page.waitForFunction(() => document.querySelector('#run-status.done')?.textContent.includes('background worker'), null, { timeout: 180_000 });
  assert.ok((await page.evaluate(() => window.progressSeen)).length > 0, 'a progress bar was shown');
  assert.equal((await bestLabels(page))[0], 'RC σ=0 fixed b=.25');
  assert.equal(await metric(page, 'jobs'), '10000');
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(preset('spot-exp2')));
  const csv = (await downloadText(page, '#download-result-csv')).split('\n');
  assert.equal(csv.length, 1 + 204, 'one CSV row per policy');
  assert.ok((await inked(page, 'spot-weights-chart')) > 2000);
  assert.deepEqual(page.consoleErrors, []);
});

test('a long run can be cancelled', async () => {
  const page = await open();
  await cancelOnFirstProgress(page);
  await loadPreset(page, 'spot-exp1', 'experiment 1');
  await waitForCancelledMidway(page, 120_000);
  assert.equal(await page.inputValue('#title'), 'Spot, experiment 1: 408 policies (Fig. 2)');
  assert.deepEqual(page.consoleErrors, []);
});

test('a share link restores the scenario in a fresh page', async () => {
  const page = await open();
  await page.fill('#title', 'Shared spot scenario');
  await page.locator('#spot-on-demand-price').fill('0.3');
  await page.waitForFunction(() => document.querySelector('#spot-price-summary')?.textContent.includes('%'));
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  assert.match(url, /\/spot#s=[A-Za-z0-9_-]+$/);
  const json = await downloadText(page, '#export-json');
  const fresh = await env.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector('#spot-metrics');
  assert.equal(await fresh.inputValue('#title'), 'Shared spot scenario');
  assert.equal(await fresh.inputValue('#spot-on-demand-price'), '0.3');
  assert.equal(await downloadText(fresh, '#export-json'), json, 'exported documents differ');
});

test('spot-real: its share link is too long, the JSON file is offered, its data are shown', async () => {
  const page = await open();
  await loadPreset(page, 'spot-real', 'real');
  assert.equal(await page.locator('#spot_price-kind').inputValue(), 'ec2_history');
  assert.equal(await page.locator('#spot-ec2-instance-type').inputValue(), 'm3.medium');
  assert.match(await page.textContent('#spot-swf-summary'), /^\d+ usable jobs of \d+ in the log/);
  await page.click('#share');
  await page.waitForSelector('#share-too-long');
  assert.match(await page.textContent('#share-too-long'), /download the JSON file instead/);
  const file = await downloadText(page, '#share-download-json');
  assert.equal(file, await downloadText(page, '#export-json'));
  assert.equal(JSON.parse(file).jobs.swf.length > 100_000, true, 'the file holds the whole log');
  // 504 policies over 20,000 replayed jobs: in the worker, the same bytes as the native runner.
  await page.waitForFunction(() => document.querySelector('#run-status.done')?.textContent.includes('background worker'), null, { timeout: 180_000 });
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun(preset('spot-real')));
  assert.deepEqual(page.consoleErrors, []);
});

test('an EC2 price file fills the series choices and drives the preview', async () => {
  const page = await open();
  await page.selectOption('#spot_price-kind', 'ec2_history');
  await page.waitForSelector('#spot-ec2-summary');
  assert.match(await page.textContent('#spot-ec2-summary'), /No file yet/);
  await page.locator('#spot-ec2-file').setInputFiles(join(ROOT, 'core/data/ec2-spot-2016-m3.medium-us-east-1b-2016-03-24-14d.csv'));
  await page.waitForSelector('#spot-ec2-instance-type');
  assert.deepEqual(await page.locator('#spot-ec2-instance-type option').allTextContents(), ['m3.medium']);
  assert.deepEqual(await page.locator('#spot-ec2-location option').allTextContents(), ['us-east-1b']);
  assert.deepEqual(await page.locator('#spot-ec2-product option').allTextContents(), ['Linux/UNIX']);
  assert.equal(await page.inputValue('#spot-ec2-start'), '2016-03-23T23:58:29Z');
  await page.waitForSelector('#run-status.done');
  assert.match(await page.textContent('#spot-price-summary'), /slots over/);
  assert.ok((await inked(page, 'spot-price-chart')) > 2000);
  // A start after the series' end is the core's problem, shown at the field.
  await page.locator('#spot-ec2-start').fill('2030-01-01T00:00:00Z');
  await page.waitForSelector('#run-status.invalid');
  assert.match(await problemAt(page, 'spot_price.start').textContent(), /after/);
  assert.deepEqual(page.consoleErrors, []);
});

test('jobs from a workload log (SWF) or a table', async () => {
  const page = await open();
  await page.selectOption('#spot-jobs-kind', 'swf');
  await page.waitForSelector('#run-status.invalid');
  assert.match(await problemAt(page, 'jobs.swf').textContent(), /no job lines|no usable job/);
  await page.locator('#spot-swf-file').setInputFiles(join(ROOT, 'core/data/NASA-iPSC-1993-3.1-cln.first14days.swf'));
  await page.waitForFunction(() => /^\d+ usable jobs/.test(document.querySelector('#spot-swf-summary')?.textContent));
  await page.locator('#spot-swf-count').fill('200');
  await page.waitForFunction(() => document.querySelector('#spot-summary')?.textContent.startsWith('200 jobs'), null, { timeout: 120_000 });
  // The drawn jobs become an editable table.
  await page.selectOption('#spot-jobs-kind', 'list');
  await page.waitForSelector('#spot-jobs-table');
  assert.equal(await page.locator('#spot-jobs-table tbody tr').count(), 50, 'a page of the 200 jobs');
  await page.locator('tr[data-job="0"] input.size').fill('0');
  await page.waitForSelector('#run-status.invalid');
  assert.match(await problemAt(page, 'jobs[0]').textContent(), /job 1's size must be > 0, got 0\s*jobs\[0\]\.size/);
  assert.deepEqual(page.consoleErrors, []);
});

test('spot-exp3: a schedule of price models, each editable', async () => {
  const page = await open();
  await loadPreset(page, 'spot-exp3', 'experiment 3');
  assert.equal(await page.locator('#spot_price-kind').inputValue(), 'schedule');
  assert.equal(await page.locator('.spot-switch').count(), 2);
  const mean = '#spot_price-switches-1--model-mean';
  assert.equal(await page.inputValue(mean), '0.2');
  const summary = await page.textContent('#spot-price-summary');
  await page.locator(mean).fill('0.4');
  await page.waitForFunction((s) => document.querySelector('#spot-price-summary')?.textContent !== s, summary);
  await page.locator('.spot-switch[data-switch="1"] input.from-job').fill('-1');
  await problemAt(page, 'spot_price.switches[1].from_job').waitFor();
  assert.equal(await page.inputValue('.spot-switch[data-switch="1"] input.from-job'), '-1');
  await page.click('.add-switch');
  assert.equal(await page.locator('.spot-switch').count(), 3);
  assert.deepEqual(page.consoleErrors, []);
});

test('m in slots: a labelled, keyboard toggle beside Algorithm 1\'s sentence changes the result as the runner does', async () => {
  const page = await open();
  assert.match(await page.textContent('#spot-remaining-quote'), /Let m be the number of remaining time slots till job deadline/);
  assert.match(await page.textContent('#spot-remaining-quote'), /Algorithm 1, Menache et al\., ICAC 2014/);
  const toggle = page.getByRole('checkbox', { name: /count m in 5-minute slots, as Algorithm 1 writes it/ });
  assert.equal(await toggle.getAttribute('data-pointer'), '/remaining_unit');
  assert.equal(await toggle.isChecked(), false, 'hours by default');
  const payoff = await metric(page, 'expected_payoff');
  await toggle.focus();
  await page.keyboard.press('Space');
  await page.waitForFunction((p) => document.querySelector('#spot-metrics tr[data-metric="expected_payoff"] td')?.textContent !== p, payoff);
  assert.equal(await toggle.isChecked(), true);
  assert.equal(JSON.parse(await downloadText(page, '#export-json')).remaining_unit, 'slots');
  assert.equal(await downloadText(page, '#download-result-json'), nativeRun({ ...preset('spot-basic'), remaining_unit: 'slots' }));
  // Back to hours (the downloads took the focus): the field is left out again, the first result returns.
  await toggle.focus();
  await page.keyboard.press('Space');
  await page.waitForFunction((p) => document.querySelector('#spot-metrics tr[data-metric="expected_payoff"] td')?.textContent === p, payoff);
  assert.equal(JSON.parse(await downloadText(page, '#export-json')).remaining_unit, undefined);
  assert.deepEqual(page.consoleErrors, []);
});

test('the auto delay is explained: an upper bound, 88 against the paper\'s 66, feedback from job j − d', async () => {
  const page = await open();
  const note = await page.textContent('#spot-delay-note');
  assert.match(note, /upper bound/);
  assert.match(note, /job j − d/);
  assert.match(note, /88 where the paper reports 66/);
  assert.match(await page.textContent('#spot-auto-delay-note'), /expected number/);
  assert.match(await page.textContent('#spot-readings'), /all on demand best \(1st\); 0\.572 vs 6\.70/);
  assert.match(await page.textContent('#spot-tie-note'), /within 10⁻¹² of the bid/);
  assert.deepEqual(page.consoleErrors, []);
});

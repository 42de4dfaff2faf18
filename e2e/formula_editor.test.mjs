// The formula editor of every page (issue 22, "In the pages"): one FormulaField marks a bad
// formula's character at the line:column of the core's message, under the input and tied to it
// (aria-describedby), as you type; "show as formula" turns a built-in rule into its formula with
// the built-in's results (ERA's Basic-Econ, spot's paper set, CloudShare's five algorithms); a
// scheduled user's true and reported utilities on the Abacus page are formulas too, and a share
// link carries them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, downloadText, nativeRun } from './harness.mjs';

const env = useEnvironment();

const invalid = (page, field) =>
  page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') === 'true', field);
const valid = (page, field) =>
  page.waitForFunction((f) => document.querySelector(f)?.getAttribute('aria-invalid') === 'false', field);

/** The field's problem: the marked character, its position, the formula shown and the message. */
async function marked(page, field) {
  const id = await page.getAttribute(field, 'aria-describedby');
  assert.ok(id, 'the input is tied to its problem');
  const box = page.locator(`#${id}`);
  return {
    at: await box.locator('.formula-source').getAttribute('data-at'),
    mark: await box.locator('mark.formula-error-at').textContent(),
    end: await box.locator('mark.formula-error-end').count(),
    source: await box.locator('.formula-source').textContent(),
    message: await box.innerText(),
  };
}

/** A result without what names the algorithm (the built-in's tag or the formula's). */
function unnamed(text) {
  const r = JSON.parse(text);
  delete r.algorithm;
  return r;
}

test('ERA: a typo is underlined at its character as you type; Basic-Econ shown as a formula gives its results', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/era');
  await page.waitForSelector('#era-metrics');
  const basic = await downloadText(page, '#download-result-json');
  await page.click('#era-show-as-formula');
  const field = '#era-unit-price-formula';
  await page.waitForSelector(field);
  assert.equal(await page.inputValue(field), 'demand_price');
  let shown = await downloadText(page, '#download-result-json');
  for (let k = 0; k < 50 && JSON.parse(shown).algorithm !== 'formula'; k++) {
    await page.waitForTimeout(100);
    shown = await downloadText(page, '#download-result-json');
  }
  assert.equal(JSON.parse(shown).algorithm, 'formula');
  assert.deepEqual(unnamed(shown), unnamed(basic), 'demand_price is Basic-Econ, to the bit');
  const exported = JSON.parse(await downloadText(page, '#export-json'));
  assert.deepEqual(exported.algorithm, { kind: 'formula', unit_price: 'demand_price', min_unit_price: 0, late_penalty: 0 });

  // Typing: each wrong state is marked where the core says.
  await page.focus(field);
  await page.keyboard.press('End');
  await page.keyboard.type(' * (1 + promsed)', { delay: 20 });
  await invalid(page, field);
  // The mark follows the typing: it ends at the last state's problem.
  await page.waitForFunction(() => document.querySelector('.formula-source')?.textContent === 'demand_price * (1 + promsed)');
  let m = await marked(page, field);
  assert.deepEqual([m.at, m.mark, m.end], ['1:21', 'p', 0], 'the first letter of "promsed"');
  assert.equal(m.source, 'demand_price * (1 + promsed)', 'the formula as typed, around the mark');
  assert.match(m.message, /unknown variable "promsed"/);
  assert.equal(await page.inputValue(field), 'demand_price * (1 + promsed)', 'the text is kept');
  await page.fill(field, 'max(demand_price, ');
  await page.waitForFunction(() => document.querySelector('mark.formula-error-end') !== null);
  m = await marked(page, field);
  assert.equal(m.end, 1, 'a formula that ends too early is marked at its end');
  await page.fill(field, 'max(demand_price, 2)');
  await valid(page, field);
  assert.equal(await page.locator('.formula-source').count(), 0, 'no mark once it is right');
  assert.deepEqual(page.consoleErrors, []);
});

test('CloudShare: a typo is underlined; each built-in shown as a formula gives its waits and unfairness', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/cloudshare');
  await page.waitForSelector('#cloudshare-algorithms tr[data-algorithm="round_robin"]');
  for (const tag of ['orig_direct', 'rel_direct', 'simpl_direct', 'fair_share', 'round_robin']) {
    await page.click(`#cloudshare-twin-${tag}`);
  }
  await page.waitForSelector('#cloudshare-algorithms tr[data-algorithm="round_robin_formula"]');
  let result = JSON.parse(await downloadText(page, '#download-result-json'));
  for (let k = 0; k < 50 && result.algorithms.length < 10; k++) {
    await page.waitForTimeout(100);
    result = JSON.parse(await downloadText(page, '#download-result-json'));
  }
  const exported = JSON.parse(await downloadText(page, '#export-json'));
  assert.deepEqual(exported.algorithms.at(-2), {
    kind: 'formula', name: 'fair_share_formula', psi: 'surface', priority: 'if(processors > 0, -usage / processors, -1e308)',
  });
  const entry = (name) => {
    const a = { ...result.algorithms.find((x) => x.algorithm === name) };
    delete a.algorithm;
    return a;
  };
  for (const tag of ['orig_direct', 'rel_direct', 'simpl_direct', 'fair_share', 'round_robin']) {
    assert.deepEqual(entry(`${tag}_formula`), entry(tag), `${tag} as a formula is ${tag}`);
    assert.equal(
      await page.textContent(`#cloudshare-algorithms tr[data-algorithm="${tag}_formula"] td.waits`),
      await page.textContent(`#cloudshare-algorithms tr[data-algorithm="${tag}"] td.waits`),
    );
  }
  assert.equal(JSON.stringify(result), JSON.stringify(JSON.parse(nativeRun(exported))), 'the page is the runner');

  const field = '#cloudshare-formula-priority-5';
  await page.fill(field, 'contribution - utilty');
  await invalid(page, field);
  const m = await marked(page, field);
  assert.deepEqual([m.at, m.mark], ['1:16', 'u'], 'the first letter of "utilty"');
  assert.equal(m.source, 'contribution - utilty');
  assert.match(m.message, /unknown variable "utilty"/);
  await page.fill(field, 'contribution - utility');
  await valid(page, field);
  assert.deepEqual(page.consoleErrors, []);
});

test("spot: the paper's set shown as formula families gives the learner's results unchanged", async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/spot');
  await page.waitForSelector('#spot-metrics');
  await page.selectOption('#spot-policy-set', 'paper_synthetic');
  await page.waitForFunction(() => /408 policies/.test(document.querySelector('#spot-summary')?.textContent));
  const read = async (want) => {
    let r = JSON.parse(await downloadText(page, '#download-result-json'));
    for (let k = 0; k < 600 && !want(r); k++) {
      await page.waitForTimeout(100);
      r = JSON.parse(await downloadText(page, '#download-result-json'));
    }
    return r;
  };
  const paper = await read((r) => r.policies.length === 408);
  await page.click('#spot-show-as-formula');
  await page.waitForSelector('#spot-formula-3-bid');
  assert.equal(await page.inputValue('#spot-formula-0-bid'), 'b');
  assert.equal(await page.inputValue('#spot-formula-1-bid'), 'avg + eps');
  const formulas = await read((r) => r.policies.length === 408 && r.policies[0].label !== paper.policies[0].label);
  for (const key of Object.keys(paper).filter((k) => k !== 'policies')) {
    assert.deepEqual(formulas[key], paper[key], `the learner's ${key} is unchanged`);
  }
  assert.ok(await page.locator('#spot-show-as-formula').count() === 0, 'nothing more to show');

  const field = '#spot-formula-0-drop';
  await page.fill(field, 'r > m*c ||| q >= v');
  await invalid(page, field);
  const m = await marked(page, field);
  assert.equal(m.source, 'r > m*c ||| q >= v');
  assert.equal(m.at.split(':')[0], '1');
  const column = Number(m.at.split(':')[1]);
  assert.equal(m.mark, 'r > m*c ||| q >= v'[column - 1], 'the character at the column the message names');
  assert.match(m.message, new RegExp(`at ${m.at}:`));
  assert.deepEqual(page.consoleErrors, []);
});

test("Abacus: a scheduled user's true and reported utilities as formulas, marked as you type, carried by a share link", async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#auction-table td.share');
  await page.click('#schedule-on');
  await page.waitForSelector('#schedule-table tbody tr', { timeout: 60_000 });
  const weights = await downloadText(page, '#download-schedule-json');
  await page.selectOption('#abacus-user-utility-0', 'formula');
  const truth = '#abacus-user-utility-formula-0';
  await page.waitForSelector(truth);
  assert.equal(await page.inputValue(truth), '3*map + 2*reduce', "the user's own utility written out");
  let same = await downloadText(page, '#download-schedule-json');
  for (let k = 0; k < 100 && !JSON.parse(await downloadText(page, '#export-json')).schedule.users[0].utility.formula; k++) {
    await page.waitForTimeout(100);
  }
  same = await downloadText(page, '#download-schedule-json');
  assert.deepEqual(JSON.parse(same).schedule_result, JSON.parse(weights).schedule_result, 'the same schedule');

  await page.selectOption('#abacus-user-reported-0', 'formula');
  const reported = '#abacus-user-reported-formula-0';
  await page.waitForSelector(reported);
  assert.equal(await page.inputValue(reported), '3*map + 2*reduce', 'a report starts from the true utility');
  await page.fill(reported, 'map + reduse');
  await invalid(page, reported);
  const m = await marked(page, reported);
  assert.deepEqual([m.at, m.mark], ['1:7', 'r'], 'the first letter of "reduse"');
  assert.match(m.message, /reported utility|unknown variable "reduse"/);
  assert.equal(await page.inputValue(reported), 'map + reduse', 'the text is kept');
  await page.fill(reported, 'map + 4*reduce');
  await valid(page, reported);
  await page.fill(truth, 'min(map, reduce)');
  await valid(page, truth);
  const exported = JSON.parse(await downloadText(page, '#export-json'));
  assert.deepEqual(exported.schedule.users[0].utility, { kind: 'formula', formula: 'min(map, reduce)' });
  assert.deepEqual(exported.schedule.users[0].reported_utility, { kind: 'formula', formula: 'map + 4*reduce' });
  let result = await downloadText(page, '#download-schedule-json');
  for (let k = 0; k < 100 && JSON.stringify(JSON.parse(result).schedule_result) === JSON.stringify(JSON.parse(same).schedule_result); k++) {
    await page.waitForTimeout(100);
    result = await downloadText(page, '#download-schedule-json');
  }
  assert.deepEqual(JSON.parse(result).schedule_result, JSON.parse(nativeRun(exported)).schedule_result, 'the browser equals the runner');

  await page.click('#share');
  const url = await page.inputValue('#share-url');
  const fresh = await env.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector(reported);
  assert.equal(await fresh.inputValue(truth), 'min(map, reduce)');
  assert.equal(await fresh.inputValue(reported), 'map + 4*reduce');
  assert.equal(await downloadText(fresh, '#export-json'), await downloadText(page, '#export-json'));
  assert.deepEqual(page.consoleErrors, []);
  assert.deepEqual(fresh.consoleErrors, []);
});

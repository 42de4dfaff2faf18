// Replacing the whole scenario is undoable: a preset (even one chosen by a single ArrowDown on
// the focused menu), Reset, an import, a link opened over edited work, an exercise opened or left.
// The preset menu shows what is loaded. Results of a previous scenario are dimmed and labelled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, importScenario, preset, cancelOnFirstProgress } from './harness.mjs';
import { shareFragment, shippedExercise } from './documents.mjs';

const env = useEnvironment();

async function open(path) {
  const page = await env.newPage();
  await page.goto(env.origin + path);
  await page.waitForSelector('#title');
  return page;
}

/** Types a title (the page's own work) and waits for the autosave. */
async function myWork(page, title) {
  await page.locator('#title').fill(title);
  await page.locator('#title').blur();
  await page.waitForFunction((t) => Object.keys(localStorage).some((k) => k.startsWith('cloudecon.v1.scenario.') && localStorage[k].includes(t)), title);
}

test('a preset chosen by one ArrowDown on the focused menu is undone by the Undo button and by Ctrl+Z', async () => {
  const page = await open('/era');
  await myWork(page, 'my own ERA work');
  await page.locator('#presets').focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('#title').value !== 'my own ERA work');
  const loaded = await page.inputValue('#title');
  // The menu shows the preset that is loaded instead of snapping back to its placeholder.
  assert.notEqual(await page.inputValue('#presets'), '');
  assert.match(await page.textContent('#undo'), /Undo loading/);
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#title').value === 'my own ERA work');
  // Undo again redoes.
  assert.match(await page.textContent('#undo'), /Redo/);
  await page.click('#undo');
  await page.waitForFunction((t) => document.querySelector('#title').value === t, loaded);
  // Ctrl+Z outside a text field is the page's Undo; inside one it is the field's own.
  await page.locator('main h1').click();
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('#title').value === 'my own ERA work');
  // In a text field Ctrl+Z is the browser's own (whatever it does to the text), never the
  // page's: the page's Undo would have redone the preset.
  await page.locator('#title').focus();
  await page.keyboard.press('Control+z');
  await page.waitForTimeout(200);
  assert.notEqual(await page.inputValue('#title'), loaded);
  assert.deepEqual(page.consoleErrors, []);
});

test('the preset menu shows the loaded preset, marked edited after a change, across a reload', async () => {
  const page = await open('/spot');
  await page.selectOption('#presets', 'spot-exp2');
  await page.waitForFunction(() => document.querySelector('#presets').value === 'spot-exp2');
  // A change of its numbers (its title and notes do not count).
  await page.locator('#seed').fill('12345');
  await page.waitForFunction(() => document.querySelector('#presets').selectedOptions[0].textContent.includes('(edited)'));
  await page.reload();
  await page.waitForSelector('#presets');
  assert.equal(await page.inputValue('#presets'), 'spot-exp2');
});

test('Reset and an import are undoable, and the Undo survives a reload', async () => {
  const page = await open('/abacus');
  await myWork(page, 'before reset');
  await page.click('#reset');
  await page.waitForFunction(() => document.querySelector('#title').value !== 'before reset');
  assert.match(await page.textContent('#undo'), /Undo Reset/);
  await page.reload();
  await page.waitForSelector('#undo');
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#title').value === 'before reset');
  await importScenario(page, preset('abacus-table-one'));
  await page.waitForFunction(() => document.querySelector('#title').value !== 'before reset');
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#title').value === 'before reset');
});

test('a link opened over edited work says so and offers the work back', async () => {
  const page = await open('/shapley');
  await myWork(page, 'my coalition game');
  const doc = { version: 1, mechanism: 'shapley', title: 'from a link', players: ['A', 'B'], game: { kind: 'glove', left: ['A'] } };
  await page.goto(`${env.origin}/shapley${shareFragment(doc)}`);
  await page.waitForFunction(() => document.querySelector('#title')?.value === 'from a link');
  assert.match(await page.textContent('#undo-bar'), /replaced the scenario you were working on/);
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#title').value === 'my coalition game');
  // The same link pasted into the open page (only the fragment changes) is undoable too.
  await page.evaluate((f) => { location.hash = f; }, shareFragment(doc).slice(1));
  await page.waitForFunction(() => document.querySelector('#title').value === 'from a link');
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#title').value === 'my coalition game');
});

test('leaving an exercise brings back the work from before it', async () => {
  const { fragment } = shippedExercise('era-quotes');
  const page = await open('/era');
  await myWork(page, 'my work before the exercise');
  await page.goto(`${env.origin}/era${fragment}`);
  await page.waitForSelector('#exercise');
  assert.notEqual(await page.inputValue('#title'), 'my work before the exercise');
  await page.reload();
  await page.waitForSelector('#leave-exercise');
  await page.click('#leave-exercise');
  await page.waitForFunction(() => document.querySelector('#title').value === 'my work before the exercise');
  assert.equal(await page.locator('#exercise').count(), 0);
});

test('results of the previous scenario are dimmed and labelled out of date (invalid, cancelled)', async () => {
  const page = await open('/abacus');
  await page.waitForSelector('.run-status.done');
  assert.equal(await page.locator('.stale-note').count(), 0);
  await page.locator('[data-pointer="/jobs/0/budget"]').first().fill('-5');
  await page.waitForSelector('#run-status.invalid');
  await page.waitForSelector('.results-frame.stale .stale-note');
  assert.match(await page.textContent('.stale-note'), /Out of date: results of the previous scenario/);
  await page.locator('[data-pointer="/jobs/0/budget"]').first().fill('100');
  await page.waitForSelector('.run-status.done');
  assert.equal(await page.locator('.stale-note').count(), 0);

  // A cancelled background run leaves the previous results, labelled.
  const era = await open('/era');
  await era.waitForSelector('.run-status.done');
  await cancelOnFirstProgress(era);
  await era.selectOption('#presets', 'era-yahoo');
  await era.waitForSelector('.run-status.cancelled', { timeout: 120_000 });
  assert.match(await era.textContent('.stale-note'), /Out of date/);
});

// The real data that some presets replay (a workload log, EC2 prices) is not in the app's wasm:
// a page fetches it from the bundle's data/ folder when such a preset is chosen, once a session.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useEnvironment, preset, ROOT } from './harness.mjs';

const env = useEnvironment();

/** The requests of `page` (recorded from now on) under the bundle's data/ folder, as file names. */
function dataRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/data/')) seen.push(decodeURIComponent(path.slice('/data/'.length)));
  });
  return seen;
}

async function choose(page, name) {
  const title = preset(name).title;
  await page.selectOption('#presets', name);
  await page.waitForFunction((t) => document.querySelector('#title')?.value === t, title, { timeout: 60_000 });
}

const SPOT_FILES = ['ec2-spot-2016-m3.medium-us-east-1b-2016-03-24-14d.csv', 'NASA-iPSC-1993-3.1-cln.first14days.swf'];

test('the home page and a page on its example fetch no data; spot-real fetches its two files once', async () => {
  const page = await env.newPage();
  const seen = dataRequests(page);
  await page.goto(env.origin + '/');
  await page.waitForSelector('main');
  await page.goto(env.origin + '/spot');
  await page.waitForSelector('#spot-metrics');
  assert.deepEqual(seen, [], 'no data before a preset needs it');

  await choose(page, 'spot-real');
  assert.deepEqual([...seen].sort(), [...SPOT_FILES].sort());
  await choose(page, 'spot-basic');
  await choose(page, 'spot-real');
  assert.equal(seen.length, SPOT_FILES.length, 'fetched once a session');
  const option = await page.locator('#presets option:checked').textContent();
  assert.ok(!option.includes('(edited)'), option);
  // What the page fetched is what the runner compiles in (the page's results equal the runner's:
  // spot.test.mjs).
  for (const f of SPOT_FILES) {
    const served = await page.evaluate(async (f) => (await fetch('/data/' + f)).text(), f);
    assert.equal(served, readFileSync(join(ROOT, 'core', 'data', f), 'utf8'), f);
  }
});

test('after a reload on spot-real the menu still shows it, unedited, once its data is back', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/spot');
  await page.waitForSelector('#spot-metrics');
  await choose(page, 'spot-real');
  const title = preset('spot-real').title;
  // The autosave (half a megabyte) is written after the render: reload once it is.
  await page.waitForFunction((t) => (localStorage.getItem('cloudecon.v1.scenario.spot') ?? '').includes(t), title);
  const seen = dataRequests(page);
  await page.reload();
  await page.waitForSelector('#spot-metrics');
  assert.equal(await page.inputValue('#title'), title);
  await page.waitForFunction(() => document.querySelector('#presets option:checked')?.value === 'spot-real');
  await page.waitForFunction(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/data/')).length >= 2);
  await page.waitForTimeout(500);
  const option = await page.locator('#presets option:checked').textContent();
  assert.ok(!option.includes('(edited)'), option);
  assert.equal(seen.length, 2, 'the data of the preset shown, fetched to compare with the document');
  // The comparison is made: an edit of the numbers shows (the title and notes do not count).
  await page.fill('#seed', '12345');
  await page.waitForFunction(() => document.querySelector('#presets option:checked')?.textContent.includes('(edited)'));
});

test('data that cannot be fetched: a readable message, and the work on the page stays', async () => {
  const page = await env.newPage();
  await page.route('**/data/**', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(env.origin + '/cloudshare');
  await page.waitForSelector('#title');
  await page.fill('#title', 'My own federation');
  await page.selectOption('#presets', 'cloudshare-scenario1');
  const banner = page.locator('#error-banner');
  await banner.waitFor({ timeout: 30_000 });
  const text = await banner.textContent();
  assert.match(text, /was not loaded: could not load the first 14 days of the NASA Ames iPSC\/860 log: HTTP 404/, text);
  assert.equal(await page.inputValue('#title'), 'My own federation');
  assert.equal(await page.locator('.preset-fetching').count(), 0, 'the loading line goes away');
  // In 中文, the file and why are said in Chinese too: the loading line and the failure.
  await page.route('**/data/**', async (route) => {
    await new Promise((ok) => setTimeout(ok, 1500));
    await route.fulfill({ status: 404, body: 'not found' });
  });
  await page.goto(env.origin + '/cloudshare?lang=zh-CN');
  await page.waitForSelector('#title');
  await page.selectOption('#presets', 'cloudshare-scenario1');
  await page.waitForSelector('.preset-fetching');
  const fetching = await page.textContent('.preset-fetching');
  assert.match(fetching, /NASA Ames iPSC\/860 日志的前 14 天/, fetching);
  await banner.waitFor({ timeout: 30_000 });
  const said = await banner.textContent();
  assert.match(said, /无法加载 NASA Ames iPSC\/860 日志的前 14 天：HTTP 404/, said);
  assert.doesNotMatch(said, /could not|the first/, said);
});

test('a preset chosen while another preset downloads its data wins: the late data loads nothing', async () => {
  const page = await env.newPage();
  // Hold the data back for 2 s.
  await page.route('**/data/**', async (route) => {
    await new Promise((ok) => setTimeout(ok, 2000));
    await route.continue();
  });
  await page.goto(env.origin + '/spot');
  await page.waitForSelector('#spot-metrics');
  await choose(page, 'spot-exp1');
  await page.selectOption('#presets', 'spot-real');
  await page.waitForSelector('.preset-fetching');
  await choose(page, 'spot-basic');
  assert.equal(await page.locator('.preset-fetching').count(), 0, 'the loading line goes with the choice it was for');
  await page.waitForFunction(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/data/')).length >= 2);
  await page.waitForTimeout(500);
  assert.equal(await page.inputValue('#title'), preset('spot-basic').title);
});

// The app ships in bundles, one wasm per group of pages (web/src/pages/bundles.rs): each page
// loads its own bundle and no other, a link to a page of another bundle loads that bundle, and
// the way back, a share link handed across and the page's work all survive the change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, importScenario } from './harness.mjs';

const env = useEnvironment();

/** Records the bundles (`/{name}_bg.wasm`) the page fetches, in order. */
function bundlesOf(page) {
  const seen = [];
  page.on('request', (r) => {
    const m = new URL(r.url()).pathname.match(/^\/(\w+)_bg\.wasm$/);
    if (m && !m[1].endsWith('worker')) seen.push(m[1]);
  });
  return seen;
}

const EXPECTED = [
  ['/', 'home'], ['/abacus', 'abacus'], ['/abacus/estimate', 'abacus'], ['/shapley', 'shapley'], ['/era', 'era'],
  ['/spot', 'spot'], ['/cloudshare', 'cloudshare'], ['/classroom', 'tools'], ['/study', 'tools'], ['/bench', 'tools'],
  ['/game', 'game'], ['/play', 'play'],
  ['/no-such-page', 'home'],
  // The router reads /era/ as /era; so does the loader.
  ['/abacus/', 'abacus'], ['/era/', 'era'], ['/abacus/estimate/', 'abacus'],
];

test('each address loads its own bundle, once, and renders its page', async () => {
  for (const [path, bundle] of EXPECTED) {
    const page = await env.newPage();
    const seen = bundlesOf(page);
    await page.goto(env.origin + path);
    await page.waitForSelector('main h1');
    assert.deepEqual(seen, [bundle], path);
    await page.context().close();
  }
});

test('a header link to another bundle loads it; within a bundle the page changes without a reload; back returns', async () => {
  const page = await env.newPage();
  const seen = bundlesOf(page);
  await page.goto(env.origin + '/');
  await page.waitForSelector('#card-era');
  await page.click('.site-header nav a:text-is("ERA")');
  await page.waitForSelector('#run-status.done');
  assert.equal(new URL(page.url()).pathname, '/era');
  assert.deepEqual(seen, ['home', 'era']);
  // Back to the home page: its bundle again (from the cache), its cards.
  await page.goBack();
  await page.waitForSelector('#card-era');
  assert.equal(new URL(page.url()).pathname, '/');
  // Abacus and its estimation page share a bundle: the page's own link changes pages in place.
  await page.goto(env.origin + '/abacus');
  await page.waitForSelector('#run-status.done');
  await page.evaluate(() => { window.sameDocument = true; });
  await page.click('a[href="/abacus/estimate"]');
  await page.waitForSelector('#weights-table td.weight');
  assert.equal(new URL(page.url()).pathname, '/abacus/estimate');
  assert.equal(await page.evaluate(() => window.sameDocument === true), true, 'no reload within the abacus bundle');
  assert.deepEqual(seen, ['home', 'era', 'home', 'abacus']);
});

test('a scenario handed to a page of another bundle arrives, and an unknown address does not reload in a loop', async () => {
  const page = await env.newPage();
  const seen = bundlesOf(page);
  await page.goto(env.origin + '/era');
  await page.waitForSelector('#run-status.done');
  await importScenario(page, { version: 1, mechanism: 'shapley', title: 'Across', players: ['A', 'B', 'C'],
    game: { kind: 'majority', quota: 2 } });
  await page.waitForFunction(() => location.pathname === '/shapley'
    && document.querySelector('#title')?.value === 'Across', null, { timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('#shapley-table td.phi').length === 3);
  assert.deepEqual(seen, ['era', 'shapley']);
  // An address no bundle hosts: the home bundle's not-found page, loaded once.
  const lost = await env.newPage();
  let loads = 0;
  lost.on('load', () => { loads += 1; });
  await lost.goto(env.origin + '/abacus/nothing-here');
  await lost.waitForSelector('main h1:text-is("Page not found")');
  await lost.waitForTimeout(500);
  assert.equal(loads, 1);
});

test('were the loader to load the wrong bundle, the page says so once instead of reloading, and links still work', async () => {
  const page = await env.newPage();
  const seen = bundlesOf(page);
  let loads = 0;
  page.on('load', () => { loads += 1; });
  // index.html as served, with /era mapped to the Shapley bundle.
  await page.route('**/era', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace("'/era': 'era'", "'/era': 'shapley'");
    assert.ok(body.includes("'/era': 'shapley'"), 'the loader map was rewritten');
    await route.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body });
  });
  await page.goto(env.origin + '/era');
  await page.waitForSelector('main h1:text-is("Page not found")');
  await page.waitForTimeout(1_000);
  assert.equal(loads, 1, 'no reload loop');
  // Another bundle's page from the header: loaded afresh, as every link to another bundle.
  await page.click('.site-header nav a:text-is("Abacus")');
  await page.waitForSelector('#run-status.done');
  assert.equal(new URL(page.url()).pathname, '/abacus');
  assert.deepEqual(seen, ['shapley', 'abacus']);
});

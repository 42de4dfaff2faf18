// Issue 34: dist/ on any static host, in any folder. A teacher puts the release (the zip of
// scripts/package.sh) on a plain server — here Python's http.server, under /~teacher/cloudecon/,
// which rewrites no address, compresses nothing and sends no cache headers — and every route
// opens directly and by the header's
// links, share and exercise links restore their scenarios, and a worker run finishes on a slow
// link; a host with a 404.html shows the app's not-found page for unknown addresses; a page
// opened from disk says how to serve it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { useEnvironment, plainHost, preset, ROOT } from './harness.mjs';
import { serve } from '../scripts/static-server.mjs';
import { ROUTES, openRoute } from './routes.mjs';
import { shareFragment, shippedExercise } from './documents.mjs';

const PREFIX = '/~teacher/cloudecon/';
let host;
let release;
const env = useEnvironment({
  // The release a teacher is handed (scripts/package.sh), unzipped on the plain server.
  setup: async (env) => {
    release = mkdtempSync(join(tmpdir(), 'cloudecon-release-'));
    const made = spawnSync('bash', [join(ROOT, 'scripts', 'package.sh'), '--no-build', release], { encoding: 'utf8' });
    assert.equal(made.status, 0, made.stderr);
    const zip = readdirSync(release).find((f) => /^cloudecon-playground-\d+\.\d+\.\d+-[0-9a-f]{8}\.zip$/.test(f));
    assert.ok(zip, readdirSync(release).join(' '));
    const unzipped = spawnSync('python3', ['-m', 'zipfile', '-e', join(release, zip), join(release, 'out')], { encoding: 'utf8' });
    assert.equal(unzipped.status, 0, unzipped.stderr);
    const folder = join(release, 'out', zip.replace(/\.zip$/, ''));
    assert.match(readFileSync(join(folder, 'README.txt'), 'utf8'), /python3 -m http\.server/);
    host = await plainHost(PREFIX, { dir: folder });
    env.allow(host.origin);
  },
  teardown: () => {
    host?.stop();
    if (release) rmSync(release, { recursive: true, force: true });
  },
});

/** The requests of `page` to the plain host, as paths below the playground's folder (`/era_bg.wasm.gz`). */
function recorded(page) {
  const seen = [];
  page.on('request', (r) => {
    if (r.url().startsWith(host.origin)) seen.push(r.url().slice(host.origin.length));
  });
  return seen;
}

test('on a plain server under a sub-path every route opens directly, fetching only inside its folder', async () => {
  for (const route of ROUTES.filter((r) => !r.notFound)) {
    const page = await env.newPage();
    const seen = recorded(page);
    assert.ok(await openRoute({ site: host.site }, page, route), `${route.path} shows "Page not found"`);
    const outside = seen.filter((u) => !u.startsWith(PREFIX));
    assert.deepEqual(outside, [], `${route.path} fetched outside ${PREFIX}`);
    // The host compresses nothing: the bundle came as the .gz the build writes beside it.
    assert.ok(seen.some((u) => /_bg\.wasm\.gz$/.test(u)), `${route.path}: ${seen.join(' ')}`);
    assert.deepEqual(page.consoleErrors, [], route.path);
    await page.context().close();
  }
});

test('the header links lead to every page under the sub-path, and a reload keeps the page', async () => {
  const page = await env.newPage();
  await page.goto(host.site + '/');
  await page.waitForSelector('#card-era');
  const links = await page.locator('.site-header nav a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  assert.ok(links.length >= 8, JSON.stringify(links));
  for (const [label, href] of links) {
    assert.ok(href.startsWith(PREFIX), `${label} links to ${href}`);
    await page.goto(host.site + '/');
    await page.waitForSelector('#card-era');
    await page.click(`.site-header nav a:text-is("${label}")`);
    await page.waitForFunction((h) => location.pathname.replace(/\/$/, '') === h.replace(/\/$/, ''), href);
    await page.waitForSelector('main h1');
    assert.notEqual((await page.textContent('main h1')).trim(), 'Page not found', label);
    await page.reload();
    await page.waitForSelector('main h1');
    assert.notEqual((await page.textContent('main h1')).trim(), 'Page not found', `${label}, reloaded`);
  }
  // The home page's exercise links and cards carry the folder too.
  await page.goto(host.site + '/');
  await page.waitForSelector('a.exercise-link');
  const hrefs = await page.locator('a.exercise-link, .card a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(hrefs.filter((h) => !h.startsWith(PREFIX)), []);
  assert.deepEqual(page.consoleErrors, []);
});

test('a share link and an exercise link open their scenarios on a plain server under a sub-path', async () => {
  const doc = { ...preset('era-basic'), title: 'Shared from a web space' };
  const page = await env.newPage();
  await page.goto(host.site + '/era' + shareFragment(doc));
  await page.waitForSelector('#run-status.done');
  assert.equal(await page.inputValue('#title'), 'Shared from a web space');
  // A scenario of another mechanism, linked to the wrong page, opens on its own (in the folder).
  await page.goto(host.site + '/shapley' + shareFragment(doc));
  // (the router's address /era, which the plain server redirects to its folder /era/)
  await page.waitForFunction(() => /\/era\/$/.test(location.pathname) && document.querySelector('#run-status.done'), null, { timeout: 60_000 });
  assert.ok(new URL(page.url()).pathname.startsWith(PREFIX), page.url());
  assert.equal(await page.inputValue('#title'), 'Shared from a web space');
  // The page's own share link names the folder, and opens elsewhere.
  await page.click('#share');
  const link = await page.inputValue('#share-url');
  assert.ok(link.startsWith(host.site + '/era/#s=') || link.startsWith(host.site + '/era#s='), link);
  const elsewhere = await env.newPage();
  await elsewhere.goto(link);
  await elsewhere.waitForSelector('#run-status.done');
  assert.equal(await elsewhere.inputValue('#title'), 'Shared from a web space');
  await elsewhere.context().close();
  // An exercise link.
  const exercise = shippedExercise('abacus-budgets');
  await page.goto(host.site + '/abacus' + exercise.fragment);
  await page.waitForSelector('#exercise li.task');
  assert.equal(await page.textContent('#exercise-title'), exercise.doc.exercise.title);
  assert.deepEqual(page.consoleErrors, []);
});

test('at 50 kB/s with 300 ms round trips a page opens and its worker run finishes, each file fetched once', async () => {
  const page = await env.newPage();
  const seen = recorded(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 300, downloadThroughput: 50_000, uploadThroughput: 50_000,
  });
  await page.goto(host.site + '/era', { timeout: 120_000 });
  await page.waitForSelector('#run-status.done', { timeout: 150_000 });
  await page.selectOption('#presets', 'era-yahoo');
  await page.waitForFunction(() => document.querySelector('#run-status.done')?.textContent.includes('background worker'), null, { timeout: 240_000 });
  // The page fetched the worker's code once, compressed, and handed it to the worker.
  const count = (file) => seen.filter((u) => u === PREFIX + file).length;
  assert.equal(count('worker_bg.wasm.gz'), 1, seen.join('\n'));
  assert.equal(count('worker_bg.wasm'), 0, seen.join('\n'));
  assert.equal(count('worker.js.gz') + count('worker.js'), 1, seen.join('\n'));
  assert.equal(count('era_bg.wasm.gz'), 1, seen.join('\n'));
  assert.deepEqual(page.consoleErrors, []);
  await page.context().close();
});

test('on a host with a 404.html an unknown address below the folder shows the not-found page, whose links work', async () => {
  const server = await serve(join(ROOT, 'dist'), 0, '127.0.0.1', { prefix: '/x/y/' });
  const site = `http://127.0.0.1:${server.address().port}/x/y`;
  env.allow(`http://127.0.0.1:${server.address().port}`);
  try {
    for (const path of ['/no-such-page', '/era/no/such/page']) {
      const page = await env.newPage();
      const response = await page.goto(site + path);
      assert.equal(response.status(), 404);
      await page.waitForSelector('main h1');
      assert.equal((await page.textContent('main h1')).trim(), 'Page not found', path);
      // Its links lead into the folder.
      await page.click('.site-header nav a:text-is("ERA")');
      await page.waitForSelector('#run-status.done');
      assert.equal(new URL(page.url()).pathname, '/x/y/era');
      // Only the 404s of the address and of looking for the folder (build.json above it).
      assert.deepEqual(page.consoleErrors.filter((e) => !/status of 404/.test(e)), [], path);
      await page.context().close();
    }
  } finally {
    await new Promise((ok) => server.close(ok));
  }
});

test('opened from disk, the page says that browsers refuse it and how to serve the folder', async () => {
  const page = await env.newPage();
  await page.goto(pathToFileURL(join(ROOT, 'dist', 'index.html')).href);
  const text = await page.textContent('#first-load-text');
  assert.match(text, /opened from disk/);
  assert.match(text, /python3 -m http\.server/);
  await page.context().close();
});

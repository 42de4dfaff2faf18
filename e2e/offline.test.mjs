// Issue 34: offline after one visit. A laptop opens the playground once (here under /sub/ of a
// host); the service worker downloads every page, bundle, the worker and the data files while the
// footer shows its progress and then what it downloaded. Then the network goes (the server stops,
// the HTTP cache is emptied, the browser is offline): every route opens, a share link opens, a
// preset runs in the worker and a real-data preset loads its file. A new build on the host is
// announced ("reload to update"), not forced; one cache per build remains. Removing the offline
// copy is remembered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { useEnvironment, preset, ROOT } from './harness.mjs';
import { serve } from '../scripts/static-server.mjs';
import { precompress } from '../scripts/precompress.mjs';
import { writeOffline } from '../scripts/site.mjs';
import { ROUTES, openRoute } from './routes.mjs';
import { shareFragment } from './documents.mjs';

const PREFIX = '/sub/';
let www;
let server = null;
let port = 0;

async function up() {
  server = await serve(www, port, '127.0.0.1', { prefix: PREFIX });
  port = server.address().port;
}
async function down() {
  server.closeAllConnections?.();
  await new Promise((ok) => server.close(ok));
  server = null;
}
const site = () => `http://127.0.0.1:${port}${PREFIX.slice(0, -1)}`;

const env = useEnvironment({
  // A copy of dist/ (the test changes it into a new build) on a server of its own, which goes away.
  setup: async (env) => {
    www = mkdtempSync(join(tmpdir(), 'cloudecon-offline-'));
    cpSync(join(ROOT, 'dist'), www, { recursive: true });
    await up();
    env.allow(`http://127.0.0.1:${port}`);
  },
  teardown: async () => {
    if (server) await down();
    rmSync(www, { recursive: true, force: true });
  },
});

/** The playground's caches in the page's browser. */
const cacheNames = (page) => page.evaluate(() => caches.keys());

test('after one visit every page opens and runs offline; a new build is announced, not forced', async () => {
  const page = await env.newPage({ serviceWorkers: 'allow' });
  await page.goto(site() + '/');
  await page.waitForSelector('main h1');
  // The footer shows the download, then what it took.
  await page.waitForSelector('#offline-status[data-state="preparing"], #offline-status[data-state="ready"]', { timeout: 30_000 });
  await page.waitForSelector('#offline-status[data-state="ready"]', { timeout: 180_000 });
  const build = JSON.parse(readFileSync(join(www, 'build.json'), 'utf8'));
  const said = await page.textContent('#offline-status');
  assert.match(said, /Available offline/);
  assert.ok(said.includes(`${(build.bytes / 1e6).toFixed(1)} MB downloaded once`), said);
  assert.deepEqual(await cacheNames(page), [`cloudecon ${site()}/ ${build.version}`]);

  // No network: the server is gone, the HTTP cache emptied, the browser offline.
  await down();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await page.context().setOffline(true);
  for (const route of ROUTES) {
    const shown = await openRoute({ site: site() }, page, route);
    assert.ok(shown || route.notFound, `${route.path} offline`);
    if (route.notFound) assert.equal((await page.textContent('main h1')).trim(), 'Page not found');
  }
  // A share link, with a query before its fragment.
  const doc = { ...preset('era-basic'), title: 'Offline share' };
  await page.goto(site() + '/era?from=lms' + shareFragment(doc));
  await page.waitForSelector('#run-status.done');
  assert.equal(await page.inputValue('#title'), 'Offline share');
  // A preset that runs in the worker, and one that replays a real-data file.
  await page.selectOption('#presets', 'era-yahoo');
  await page.waitForFunction(() => document.querySelector('#run-status.done')?.textContent.includes('background worker'), null, { timeout: 120_000 });
  await page.goto(site() + '/spot');
  await page.waitForSelector('#run-status.done', { timeout: 60_000 });
  await page.selectOption('#presets', 'spot-real');
  await page.waitForFunction((t) => document.querySelector('#title')?.value === t, preset('spot-real').title, { timeout: 60_000 });
  await page.waitForSelector('#run-status.done', { timeout: 180_000 });
  assert.equal(await page.locator('#error-banner').count(), 0);
  assert.deepEqual(page.consoleErrors, []);

  // A new build on the host: every page's title changes (its .gz too), and so the version.
  await page.context().setOffline(false);
  for (const name of readdirSync(www, { recursive: true })) {
    if (!String(name).endsWith('.html')) continue;
    const file = join(www, String(name));
    writeFileSync(file, readFileSync(file, 'utf8').replace('<title>CloudEcon Playground</title>', '<title>CloudEcon Playground (new)</title>'));
  }
  const pages = readdirSync(www, { recursive: true }).map(String).filter((n) => n.endsWith('.html'));
  await precompress(www, pages.map((n) => relative(www, join(www, n))));
  const next = await writeOffline(www);
  assert.notEqual(next.version, build.version);
  await up();
  // The page opened again: still the running build, and the new one announced once installed.
  await page.goto(site() + '/');
  await page.waitForSelector('main h1');
  await page.waitForSelector('#update-toast', { timeout: 180_000 });
  assert.equal(await page.title(), 'CloudEcon Playground');
  assert.match(await page.textContent('#update-toast'), /new version/);
  // Reloading by hand keeps the running build until the reader asks.
  await page.reload();
  await page.waitForSelector('main h1');
  assert.equal(await page.title(), 'CloudEcon Playground');
  await page.waitForSelector('#update-toast', { timeout: 30_000 });
  await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), page.click('#update-reload')]);
  await page.waitForSelector('main h1');
  assert.equal(await page.title(), 'CloudEcon Playground (new)');
  await page.waitForSelector('#offline-status[data-state="ready"]', { timeout: 30_000 });
  assert.deepEqual(await cacheNames(page), [`cloudecon ${site()}/ ${next.version}`]);

  // Removing the offline copy: no worker, no cache, and it stays off on the next visit.
  await page.click('#offline-remove');
  await page.waitForSelector('#offline-status[data-state="off"]');
  assert.deepEqual(await cacheNames(page), []);
  await page.reload();
  await page.waitForSelector('#offline-status[data-state="off"]', { timeout: 30_000 });
  assert.match(await page.textContent('#offline-status'), /Make available offline.*downloads about \d+\.\d MB once/s);
  await page.context().close();
});

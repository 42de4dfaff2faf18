// Every route of the app, read from the page table (web/src/pages/table.rs) so that a new page is
// visited without editing the tests: the accessibility check (a11y.test.mjs) and the phone
// layout (mobile.test.mjs) go through them all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';

const TABLE = readFileSync(join(ROOT, 'web', 'src', 'pages', 'table.rs'), 'utf8');

/** `Route` variant → path, from `#[at("/abacus")] Abacus,` (the not-found route is left out). */
function paths() {
  const enumBody = TABLE.match(/pub enum Route \{([\s\S]*?)\n\}/)?.[1] ?? '';
  const found = [...enumBody.matchAll(/#\[at\("([^"]+)"\)\]\s*(?:#\[[^\]]*\]\s*)*(\w+),/g)];
  const notFound = enumBody.match(/#\[not_found\][\s\S]*?(\w+),/)?.[1];
  // Test-only routes (`/__test/…`) are not pages a visitor meets.
  return found.filter(([, path, name]) => name !== notFound && !path.startsWith('/__test'))
    .map(([, path, name]) => ({ name, path }));
}

/** Variants whose page entry runs a mechanism (`.opens(MechanismKind::…)`). */
function running() {
  const entries = TABLE.split('PageEntry::page(Route::').slice(1);
  return new Set(entries.filter((e) => /^\w+[\s\S]*?\.opens\(/.test(e.split(/\n\s*PageEntry::/)[0]))
    .map((e) => e.match(/^\w+/)[0]));
}

/**
 * The routes: `{ name, path, run }`, where `run` says the page runs its scenario on load (it is
 * ready once a run status says "done"); last, an address the app does not know (its not-found
 * page).
 */
export const ROUTES = (() => {
  const runs = running();
  const routes = paths().map((r) => ({ ...r, run: runs.has(r.name) }));
  if (routes.length < 8 || !routes.some((r) => r.run)) throw new Error(`could not read the routes of table.rs: ${JSON.stringify(routes)}`);
  return [...routes, { name: 'NotFound', path: '/no-such-page', notFound: true }];
})();

/** The route at `path`. */
export const route = (path) => ROUTES.find((r) => r.path === path);

/**
 * Opens `route` on `page` and waits until it rendered and (for a mechanism page) its first run
 * finished. Returns false for a route whose page is not there yet (it shows "Page not found").
 */
export async function openRoute(env, page, route) {
  await page.goto((env.site ?? env.origin) + route.path);
  await page.waitForSelector('main h1', { timeout: 30_000 });
  const missing = (await page.textContent('main h1')).trim() === 'Page not found';
  if (missing && !route.notFound) return false;
  if (route.run) {
    await page.waitForSelector('.run-status.done', { timeout: 120_000 }).catch(async () => {
      const status = await page.locator('.run-status').allTextContents();
      throw new Error(`${route.path}: no run finished (${JSON.stringify(status)})`);
    });
  }
  // Let the charts measure their boxes and draw (a frame or two after the results appear).
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  return true;
}

/**
 * The page's console errors, but for the not-found page's own answer: a host sends the 404
 * page with status 404 (as GitHub Pages does), which the console reports as a failed load.
 */
export const pageErrors = (page, route) =>
  page.consoleErrors.filter((e) => !(route.notFound && /status of 404/.test(e)));

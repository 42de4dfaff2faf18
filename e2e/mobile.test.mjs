// Phones: at 390 × 844 (an iPhone 12 to 15) no page scrolls sideways once its results are in —
// wide tables scroll in their own box, charts fit — and the header's nav collapses behind a
// menu button that opens and closes it (also from the keyboard).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment } from './harness.mjs';
import { ROUTES, openRoute, route as routeAt, pageErrors } from './routes.mjs';

const env = useEnvironment();

const PHONE = { width: 390, height: 844 };

/** The page's width and, if it is too wide, the elements that stick out to the right. */
async function overflow(page) {
  return page.evaluate((w) => {
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > w + 0.5)
      // Only the outermost culprits: an element inside a scrolling box does not widen the page.
      .filter((e) => !e.parentElement.closest('.scroll, .chart-table, table, pre, .math'))
      .slice(0, 10)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className ? '.' + String(e.className).split(' ').join('.') : ''} → ${Math.round(e.getBoundingClientRect().right)} px`);
    return { width: document.documentElement.scrollWidth, wide };
  }, PHONE.width);
}

for (const route of ROUTES) {
  test(`${route.name} (${route.path}) fits a 390 px phone screen`, async (t) => {
    const page = await env.newPage();
    await page.setViewportSize(PHONE);
    if (!(await openRoute(env, page, route))) return t.skip(`${route.path} does not exist yet`);
    const { width, wide } = await overflow(page);
    assert.ok(width <= PHONE.width, `${route.path} is ${width} px wide:\n  ${wide.join('\n  ')}`);
    // Every chart as a table: the tables scroll inside their own box.
    const toggles = page.locator('button.chart-table-toggle');
    for (let i = 0; i < await toggles.count(); i++) await toggles.nth(i).click();
    const tables = await overflow(page);
    assert.ok(tables.width <= PHONE.width, `${route.path} with the charts as tables is ${tables.width} px wide:\n  ${tables.wide.join('\n  ')}`);
    assert.deepEqual(pageErrors(page, route), []);
  });
}

test('on a phone the nav is collapsed behind a menu button that opens and closes it', async () => {
  const page = await env.newPage();
  await page.setViewportSize(PHONE);
  await openRoute(env, page, routeAt('/abacus'));
  const button = page.locator('#nav-toggle');
  const nav = page.locator('.site-header nav');
  assert.ok(await button.isVisible(), 'the menu button shows');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await button.getAttribute('aria-controls'), await nav.getAttribute('id'));
  assert.equal(await nav.isVisible(), false, 'the nav starts collapsed');

  await button.focus();
  await page.keyboard.press('Enter');
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  assert.ok(await nav.isVisible(), 'the nav opens');
  const links = nav.locator('a');
  assert.ok(await links.count() >= 7, 'every page is in the menu');
  for (const box of await links.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON()))) {
    assert.ok(box.left >= 0 && box.right <= PHONE.width, `a nav link runs off the screen: ${JSON.stringify(box)}`);
  }
  assert.ok((await overflow(page)).width <= PHONE.width, 'the open nav fits');
  await page.keyboard.press('Enter');
  assert.equal(await nav.isVisible(), false, 'the button closes it again');

  // Following a link closes the menu.
  await button.click();
  await links.filter({ hasText: 'Shapley calculator' }).click();
  await page.waitForSelector('#shapley-table');
  assert.equal(await nav.isVisible(), false, 'the menu closes on navigation');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
});

test('on a wide screen the nav shows without a menu button', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/');
  await page.waitForSelector('main h1');
  assert.equal(await page.locator('#nav-toggle').isVisible(), false);
  assert.ok(await page.locator('.site-header nav').isVisible());
});

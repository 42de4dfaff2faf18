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

/**
 * Fields whose label wrapped away from them, and fields wider than their box: a label is on its
 * field's row (their boxes overlap vertically) or just above it, left-aligned; an input, select
 * or textarea ends inside its nearest field row or fieldset (its padding included).
 */
async function fieldLayout(page) {
  return page.evaluate(() => {
    const shown = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}`;
    const problems = [];
    for (const label of document.querySelectorAll('main label[for]')) {
      const field = document.getElementById(label.htmlFor);
      if (!shown(label) || !shown(field) || label.contains(field) || field.type === 'file') continue;
      const [a, b] = [label.getBoundingClientRect(), field.getBoundingClientRect()];
      const sameRow = a.bottom > b.top + 2 && a.top < b.bottom - 2;
      const above = b.top >= a.bottom - 2 && b.top - a.bottom < 16 && Math.abs(b.left - a.left) < 12;
      if (!sameRow && !above) problems.push(`“${label.textContent.trim()}” is away from ${name(field)}`);
    }
    for (const field of document.querySelectorAll('main input:not([type=checkbox]):not([type=radio]):not([type=file]), main select, main textarea')) {
      if (!shown(field) || field.closest('.scroll, table, .chart-table')) continue;
      const box = field.parentElement.closest('.field-row, fieldset, .card, form');
      if (!box) continue;
      const style = getComputedStyle(box);
      const inner = box.getBoundingClientRect().right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      const right = field.getBoundingClientRect().right;
      if (right > inner + 0.5) problems.push(`${name(field)} sticks out ${Math.round(right - inner)} px past ${name(box)}.${box.className}`);
    }
    return problems;
  });
}

/** Opens what a page hides until asked: the formula editors, every <details>. */
const EXTRAS = {
  '/era': async (page) => { await page.selectOption('#era-algorithm', 'formula'); await page.waitForSelector('#era-unit-price-formula'); },
  '/spot': async (page) => { await page.click('#spot-add-formula'); await page.waitForSelector('.formula'); },
  '/cloudshare': async (page) => { await page.click('#cloudshare-add-formula'); await page.waitForSelector('#cloudshare-formula-priority-5'); },
};

for (const route of ROUTES.filter((r) => !r.notFound)) {
  test(`${route.name} (${route.path}) at 390 px: every label stays with its field, no field sticks out of its box`, async (t) => {
    const page = await env.newPage({ hasTouch: true, isMobile: true, viewport: PHONE });
    if (!(await openRoute(env, page, route))) return t.skip(`${route.path} does not exist yet`);
    if (EXTRAS[route.path]) await EXTRAS[route.path](page);
    await page.evaluate(() => document.querySelectorAll('main details').forEach((d) => { d.open = true; }));
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    assert.deepEqual(await fieldLayout(page), [], route.path);
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

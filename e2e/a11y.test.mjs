// Accessibility of every page: axe-core (tools/node_modules/axe-core, pinned in
// tools/package-lock.json) finds no serious or critical violation once the page's run finished
// (its <details> open), again with every chart shown as a table, and again at a phone's width;
// the skip link comes first and every control can be reached with the keyboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useEnvironment, ROOT } from './harness.mjs';
import { ROUTES, openRoute, route as routeAt, pageErrors } from './routes.mjs';

const env = useEnvironment();

const AXE = readFileSync(join(ROOT, 'tools', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/**
 * The serious and critical violations axe finds on the page as it is now, and the critical ones
 * it could not decide (e.g. an id used twice that ARIA refers to).
 */
async function seriousViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: AXE });
  const { violations, incomplete } = await page.evaluate(async () => {
    const r = await window.axe.run(document);
    return { violations: r.violations, incomplete: r.incomplete };
  });
  return [
    ...violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ...incomplete.filter((v) => v.impact === 'critical'),
  ];
}

/** Violations as text a person can act on: the rule, its help, and each offending element. */
function describe(violations) {
  return violations.map((v) => [
    `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.slice(0, 8).map((n) => `    ${n.target.join(' ')}\n      ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
    ...(v.nodes.length > 8 ? [`    … and ${v.nodes.length - 8} more`] : []),
  ].join('\n')).join('\n');
}

for (const route of ROUTES) {
  test(`axe finds no serious or critical violation on ${route.name} (${route.path})`, async (t) => {
    const page = await env.newPage();
    if (!(await openRoute(env, page, route))) return t.skip(`${route.path} does not exist yet`);
    // What folds away is checked too.
    await page.evaluate(() => document.querySelectorAll('main details').forEach((d) => { d.open = true; }));
    const drawn = await seriousViolations(page);
    assert.equal(drawn.length, 0, `${route.path}:\n${describe(drawn)}`);

    // Every chart as a table: the same check on the tables.
    const toggles = page.locator('button.chart-table-toggle');
    const charts = await toggles.count();
    for (let i = 0; i < charts; i++) await toggles.nth(i).click();
    if (charts > 0) {
      assert.equal(await page.locator('.chart-table table').count(), charts, 'a table per chart');
      const tables = await seriousViolations(page);
      assert.equal(tables.length, 0, `${route.path} with the charts as tables:\n${describe(tables)}`);
    }
    // On a phone (the nav folded, wide tables scrolling in their boxes).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const phone = await seriousViolations(page);
    assert.equal(phone.length, 0, `${route.path} at 390 px:\n${describe(phone)}`);
    assert.deepEqual(pageErrors(page, route), []);
  });
}

test('the skip link is the first stop of the keyboard and moves the focus to the main content', async () => {
  const page = await env.newPage();
  await openRoute(env, page, routeAt('/shapley'));
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => ({
    text: document.activeElement.textContent, href: document.activeElement.getAttribute('href'),
    visible: document.activeElement.getBoundingClientRect().height > 0,
  }));
  assert.deepEqual(first, { text: 'Skip to content', href: '#main', visible: true });
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'main');
  // The next Tab lands inside the page, not back in the header.
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.querySelector('main').contains(document.activeElement)), 'focus after the skip');
  assert.equal(new URL(page.url()).pathname, '/shapley', 'the skip link does not navigate away');
});

test('a chart switches to a table and back with the keyboard', async () => {
  const page = await env.newPage();
  await openRoute(env, page, routeAt('/shapley'));
  const toggle = page.locator('#shapley-chart button.chart-table-toggle');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  const rows = await page.locator('#shapley-chart .chart-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  // The same numbers as the results table (the chart's values, to more digits).
  const phis = await page.locator('#shapley-table td.phi').allTextContents();
  assert.equal(rows.length, phis.length, JSON.stringify(rows));
  rows.forEach((row, i) => assert.ok(Math.abs(Number(row[1]) - Number(phis[i])) < 1e-6, `${row} against ${phis[i]}`));
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#shapley-chart .chart-table').count(), 0, 'the table hides again');
});

for (const route of ROUTES) {
  test(`every control of ${route.name} (${route.path}) is reachable with Tab and shows a focus ring`, async (t) => {
    const page = await env.newPage();
    if (!(await openRoute(env, page, route))) return t.skip(`${route.path} does not exist yet`);
    // The shown, enabled controls (not folded in a closed <details>; one radio button a group).
    const controls = await page.evaluate(() => {
      const folded = (e) => e.closest('details:not([open])') && !e.matches('details > summary:first-of-type');
      const groups = new Set();
      const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex="0"]')]
        .filter((e) => !e.disabled && !folded(e) && e.checkVisibility({ visibilityProperty: true }))
        .filter((e) => e.type !== 'radio' || (!groups.has(e.name) && groups.add(e.name)));
      window.controls = all;
      window.visited = new Set();
      window.unringed = [];
      document.addEventListener('focusin', (e) => {
        const target = e.target.type === 'radio' ? all.find((c) => c.type === 'radio' && c.name === e.target.name) : e.target;
        window.visited.add(target);
        const s = getComputedStyle(e.target);
        if (e.target.matches(':focus-visible') && s.outlineStyle === 'none' && s.boxShadow === 'none') window.unringed.push(e.target.outerHTML.slice(0, 120));
      });
      return all.length;
    });
    // Tab through the whole page once (and a little more): every control must be visited.
    for (let i = 0; i < controls + 10; i++) await page.keyboard.press('Tab');
    const { missed, unringed } = await page.evaluate(() => ({
      missed: window.controls.filter((c) => !window.visited.has(c)).map((c) => c.outerHTML.slice(0, 120)),
      unringed: window.unringed,
    }));
    assert.deepEqual(missed, [], `${route.path}: controls Tab never reaches`);
    assert.deepEqual(unringed, [], `${route.path}: focused controls without a visible focus style`);
  });
}

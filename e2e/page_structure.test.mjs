// The pages' structure, route by route: no element id used twice (also once everything that
// unfolds is open and the charts show as tables), no heading over nothing, the nav marks the
// current page (aria-current) and its phone menu closes when a link is tapped — the current
// page's own link too — and things are numbered from 1 as the page shows them: a row's shown
// number, its controls' labels and the problems named at its fields agree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment } from './harness.mjs';
import { ROUTES, openRoute, route as routeAt, pageErrors } from './routes.mjs';

const env = useEnvironment();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Ids used by more than one element, with how many. */
async function duplicateIds(page) {
  return page.evaluate(() => {
    const count = new Map();
    for (const e of document.querySelectorAll('[id]')) count.set(e.id, (count.get(e.id) ?? 0) + 1);
    return [...count].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  });
}

/** Opens every <details> and shows every chart as a table. */
async function unfoldEverything(page) {
  await page.evaluate(() => document.querySelectorAll('main details').forEach((d) => { d.open = true; }));
  const toggles = page.locator('button.chart-table-toggle');
  for (let i = 0; i < await toggles.count(); i++) await toggles.nth(i).click();
}

for (const route of ROUTES) {
  test(`no id is used twice on ${route.name} (${route.path})`, async (t) => {
    const page = await env.newPage();
    if (!(await openRoute(env, page, route))) return t.skip(`${route.path} does not exist yet`);
    assert.deepEqual(await duplicateIds(page), [], `${route.path} as loaded`);
    await unfoldEverything(page);
    assert.deepEqual(await duplicateIds(page), [], `${route.path} with everything unfolded`);
    assert.deepEqual(pageErrors(page, route), []);
  });
}

test('no id is used twice on the Abacus page once its convergence study and schedule ran', async () => {
  const page = await env.newPage();
  await openRoute(env, page, routeAt('/abacus'));
  await page.selectOption('#presets', 'abacus-table-one');
  await page.waitForSelector('#schedule-table tbody tr', { timeout: 60_000 });
  await page.click('#convergence-study summary');
  await page.click('#run-study');
  await page.waitForSelector('#study-table', { timeout: 120_000 });
  await unfoldEverything(page);
  assert.deepEqual(await duplicateIds(page), []);
  // The study's status is its own, not a second `run-status`.
  assert.equal(await page.locator('#run-status').count(), 1);
  assert.deepEqual(page.consoleErrors, []);
});

for (const route of ROUTES) {
  test(`every heading on ${route.name} (${route.path}) heads something, and the nav marks the page`, async (t) => {
    const page = await env.newPage();
    if (!(await openRoute(env, page, route))) return t.skip(`${route.path} does not exist yet`);
    // A heading is followed by content before the next heading of its level or higher.
    const empty = await page.evaluate(() => {
      const level = (e) => Number(e.localName.slice(1));
      const out = [];
      for (const h of document.querySelectorAll('main h2, main h3')) {
        let next = h.nextElementSibling;
        while (next && !/^h[1-6]$/.test(next.localName) && next.textContent.trim() === '' && !next.querySelector('canvas, input, button, img, svg')) {
          next = next.nextElementSibling;
        }
        const headsNothing = !next || (/^h[1-6]$/.test(next.localName) && level(next) <= level(h));
        if (headsNothing && h.offsetParent !== null) out.push(h.textContent.trim());
      }
      return out;
    });
    assert.deepEqual(empty, [], `headings over nothing on ${route.path}`);

    const current = await page.$$eval('.site-header nav a', (as) => as.map((a) => ({
      href: new URL(a.href).pathname, current: a.getAttribute('aria-current'),
    })));
    const own = current.find((l) => l.href === route.path);
    const marked = current.filter((l) => l.current !== null);
    if (own) {
      assert.deepEqual(marked, [{ href: route.path, current: 'page' }], `only ${route.path}'s link is the current page`);
    } else {
      assert.deepEqual(marked, [], `${route.path} has no nav link: none is marked`);
    }
  });
}

test('the home page shows no "Coming next" heading while every mechanism is available', async () => {
  const page = await env.newPage();
  await openRoute(env, page, routeAt('/'));
  const headings = await page.locator('main h2').allTextContents();
  assert.ok(headings.includes('Available now'), headings.join());
  const coming = await page.locator('.card.coming').count();
  assert.equal(headings.includes('Coming next'), coming > 0, `"Coming next" shows with ${coming} cards to come`);
});

test('following nav links moves aria-current with the page', async () => {
  const page = await env.newPage();
  await openRoute(env, page, routeAt('/'));
  await page.click('.site-header nav a[href="/shapley"]');
  await page.waitForSelector('#shapley-table');
  assert.equal(await page.getAttribute('.site-header nav a[href="/shapley"]', 'aria-current'), 'page');
  assert.equal(await page.locator('.site-header nav a[aria-current]').count(), 1);
});

test('on a phone, tapping a link in the menu closes it — also the current page\'s link', async () => {
  const page = await env.newPage(PHONE);
  await openRoute(env, page, routeAt('/abacus'));
  const button = page.locator('#nav-toggle');
  const nav = page.locator('#site-nav');

  await button.tap();
  assert.ok(await nav.isVisible(), 'the menu opens');
  await nav.locator('a[href="/abacus"]').tap();
  await page.waitForFunction(() => !document.querySelector('#site-nav').classList.contains('open'));
  assert.equal(await nav.isVisible(), false, 'tapping the current page closes the menu');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(new URL(page.url()).pathname, '/abacus');

  await button.tap();
  await nav.locator('a[href="/era"]').tap();
  await page.waitForSelector('#era-decisions', { timeout: 60_000 });
  assert.equal(await nav.isVisible(), false, 'tapping another page closes the menu');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await nav.locator('a[href="/era"]').getAttribute('aria-current'), 'page');
  // The links are still links: a modified click is the browser's (no client-side navigation).
  assert.equal(await nav.locator('a[href="/spot"]').getAttribute('href'), '/spot');
  assert.deepEqual(page.consoleErrors, []);
});

/**
 * Rows that carry their index (`data-org="0"`, `data-job`, `data-policy`, …): the number shown in
 * the first cell (if it shows one), the numbers their controls' labels give, and index + 1.
 */
async function rowLabels(page) {
  return page.evaluate(() => {
    const out = [];
    for (const row of document.querySelectorAll('main tr')) {
      const attr = [...row.attributes].find((a) => a.name.startsWith('data-') && /^\d+$/.test(a.value));
      if (!attr) continue;
      const index = Number(attr.value);
      const first = row.cells[0]?.textContent.trim() ?? '';
      const shown = /^\d+$/.test(first) && row.cells[0].querySelector('input, button, select') === null ? Number(first) : null;
      const labels = [...row.querySelectorAll('input, button, select, textarea')]
        .map((e) => e.getAttribute('aria-label') ?? '')
        .filter((l) => l !== '');
      // "Name of organization 1", "Remove job 3", "Time of departure 2": the last noun and number.
      const numbered = labels.map((label) => [label, label.match(/(\p{L}+) (\d+)\)?$/u)]).filter(([, m]) => m)
        .map(([label, m]) => ({ label, noun: m[1], n: Number(m[2]) }));
      out.push({ row: `${attr.name}=${index}`, expected: index + 1, shown, numbered });
    }
    return out;
  });
}

test('rows are numbered from 1, and their controls\' labels say the row\'s number', async () => {
  const checked = new Set();
  for (const path of ['/cloudshare', '/spot', '/era', '/abacus', '/shapley']) {
    const page = await env.newPage();
    await openRoute(env, page, routeAt(path));
    await page.evaluate(() => document.querySelectorAll('main details').forEach((d) => { d.open = true; }));
    if (path === '/spot') {
      // The generated jobs as an editable list.
      await page.selectOption('#spot-jobs-kind', 'list');
      await page.waitForSelector('#spot-jobs-table');
    }
    for (const { row, expected, shown, numbered } of await rowLabels(page)) {
      if (shown !== null) assert.equal(shown, expected, `${path} ${row} shows the number ${shown}`);
      // Labels of the row's own thing (the noun its Remove button names) give the row's number.
      const noun = numbered.find((l) => l.label.startsWith('Remove '))?.noun;
      for (const { label, n } of numbered.filter((l) => l.noun === noun)) {
        assert.equal(n, expected, `${path} ${row}: "${label}" is numbered ${n}, the row is ${expected}`);
        checked.add(`${path} ${noun}`);
      }
    }
    await page.context().close();
  }
  for (const must of ['/cloudshare organization', '/cloudshare job', '/spot job', '/spot policy']) {
    assert.ok(checked.has(must), `checked ${must} (checked: ${[...checked].join(', ')})`);
  }
});

test('CloudShare: "organization 1" labels the first organization', async () => {
  const page = await env.newPage();
  await openRoute(env, page, routeAt('/cloudshare'));
  const first = await page.inputValue('tr[data-org="0"] input.name');
  assert.equal(await page.getByLabel('Name of organization 1', { exact: true }).inputValue(), first);
  assert.equal(await page.getByLabel('Processors of organization 1', { exact: true }).count(), 1);
  assert.equal(await page.getByLabel('Organization of job 1', { exact: true }).inputValue(), await page.inputValue('tr[data-job="0"] input.org'));
});

test('Spot: policy 2 is the second policy in its row, its labels, the problems at its fields and the results', async () => {
  const page = await env.newPage();
  await openRoute(env, page, routeAt('/spot'));
  const row = page.locator('#spot-policy-table tr[data-policy="1"]');
  assert.equal((await row.locator('td').first().textContent()).trim(), '2');
  assert.equal(await row.locator('button.remove').getAttribute('aria-label'), 'Remove policy 2');
  const sigma = row.locator('input.sigma');
  assert.equal(await sigma.getAttribute('aria-label'), 'σ of policy 2');
  await sigma.fill('1.5');
  // Shown once, at the field (not again in the row beside it).
  await row.locator('.field-problem').first().waitFor();
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  assert.equal(await row.locator('.field-problem').count(), 1);
  assert.match(await row.locator('.field-problem').textContent(), /policy 2's σ/);
  // The best policies' table numbers them the same way.
  await sigma.fill('0.5');
  await page.waitForSelector('#spot-best tbody tr');
  const numbers = await page.locator('#spot-best tbody tr').evaluateAll((rows) => rows.map((r) => [Number(r.dataset.policy), Number(r.cells[0].textContent)]));
  for (const [index, shown] of numbers) assert.equal(shown, index + 1);
});

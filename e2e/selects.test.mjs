// Every <select> on every page, through every ordered pair of its options: the page must stay
// alive (no panic in the wasm, which kills the app — /spot once died going from gaussian to
// alternating prices), and the app's own panic banner must be what a panic shows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './harness.mjs';
import { ROUTES, openRoute } from './routes.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

/** Signs that the wasm panicked (Yew's own hook, ours, or the trap that follows). */
const dead = (errors) => errors.filter((e) => /panicked|unreachable|RuntimeError|failed to insert node/.test(e));

/** The selects on the page now, as stable handles: id when it has one, else its index. */
async function selects(page) {
  return page.evaluate(() => [...document.querySelectorAll('main select')]
    .map((s, i) => ({ id: s.id || null, index: i, options: [...s.options].map((o) => o.value), disabled: s.disabled }))
    .filter((s) => !s.disabled && s.options.length > 1));
}

function locate(page, s) {
  return s.id ? page.locator(`main select[id="${s.id}"]`) : page.locator('main select').nth(s.index);
}

/** Lets Yew render what the change caused. */
const settle = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

for (const route of ROUTES.filter((r) => !r.notFound)) {
  test(`${route.path}: every ordered pair of every select's options keeps the page alive`, async () => {
    const page = await env.newPage();
    assert.ok(await openRoute(env, page, route), route.path);
    const seen = new Set();
    // Selects that appear after a change (a price model's own selects) are visited too.
    for (let round = 0; round < 3; round++) {
      const list = (await selects(page)).filter((s) => !seen.has(s.id ?? `#${s.index}`));
      if (list.length === 0) break;
      for (const s of list) {
        seen.add(s.id ?? `#${s.index}`);
        const select = locate(page, s);
        if (!(await select.count()) || !(await select.isVisible())) continue;
        const original = await select.inputValue();
        for (const a of s.options) {
          for (const b of s.options) {
            if (a === b) continue;
            for (const value of [a, b]) {
              if (!(await select.count())) break;
              await select.selectOption(value).catch(() => {});
              await settle(page);
              assert.deepEqual(dead(page.consoleErrors), [], `${route.path}: select ${s.id ?? s.index} ${a} → ${b}`);
            }
          }
        }
        if (await select.count()) await select.selectOption(original).catch(() => {});
        await settle(page);
      }
    }
    assert.ok(await page.locator('#panic').isHidden(), `${route.path}: no panic banner`);
    assert.deepEqual(dead(page.consoleErrors), []);
  });
}

test('a panic shows the app\'s own banner, not a dead page (a test-only route panics on purpose)', async () => {
  const page = await env.newPage();
  await page.goto(`${env.origin}/__test/panic`);
  await page.waitForSelector('#panic:not([hidden])', { timeout: 30_000 });
  assert.match(await page.textContent('#panic'), /Something went wrong inside the playground/);
  assert.match(await page.textContent('#panic'), /deliberate panic for the end-to-end test/);
});

test('a panic in the worker is reported by the worker\'s own hook', async () => {
  const page = await env.newPage();
  await page.goto(`${env.origin}/__test/panic?worker=1`);
  await page.waitForFunction(() => document.querySelector('#worker-panic')?.textContent.includes('worker panicked'), null, { timeout: 60_000 });
  assert.match(await page.textContent('#worker-panic'), /deliberate panic for the end-to-end test/);
});

// Every chart of every preset, on a desktop and on a 390 px touch screen, laid out as a reader
// expects (see chart_geometry.mjs): the legend covers no data (it sits in a free corner or below
// the plot), no colour stands for two series, the title and every label stay inside the picture
// (a title wraps at 390 px; ERA's Gantt row labels are not clipped) and no two labels run
// together (the CloudShare Gantt's time axis). Checked on the chart's SVG download, which is the
// same draw code as the canvas (and so the PNG) at the chart's CSS size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment, preset, importScenario } from './harness.mjs';
import { listed, MECHANISM_ROUTES } from './documents.mjs';
import { captureSvgDownloads, chartSvg, chartProblems, chartIds } from './chart_geometry.mjs';

const env = useEnvironment();

const CONTEXTS = [
  ['desktop', {}],
  ['390 px touch', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }],
];

const frames = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

/** Opens `route` with preset `name` loaded and its run finished. */
async function openPreset(page, route, name) {
  const title = preset(name).title ?? '';
  await page.goto(env.origin + route);
  await page.waitForSelector('#title', { timeout: 60_000 });
  // A page with a single preset (Shapley's) has no menu: it opens on that preset.
  if (await page.locator(`#presets option[value="${name}"]`).count() > 0) await page.selectOption('#presets', name);
  await page.waitForFunction((t) => document.querySelector('#title')?.value === t, title);
  await frames(page);
  await page.waitForSelector('#run-status.done', { timeout: 180_000 });
  await frames(page);
}

/** What is wrong with each chart on the page, as `id: problem` lines. */
async function problemsOnPage(page) {
  await captureSvgDownloads(page);
  const ids = await chartIds(page);
  const problems = [];
  for (const id of ids) {
    for (const p of await chartProblems(page, await chartSvg(page, id))) problems.push(`${id}: ${p}`);
  }
  return { ids, problems };
}

/** Charts drawn on request: the Abacus convergence study, ERA's comparison of the algorithms. */
const ON_REQUEST = {
  '/abacus': async (page) => {
    await page.click('#convergence-study summary');
    await page.click('#run-study');
    await page.waitForSelector('#study-chart', { timeout: 120_000 });
  },
  '/era': async (page) => {
    await page.click('#era-compare-run');
    await page.waitForSelector('#era-compare-chart', { timeout: 120_000 });
  },
};

const PRESETS = listed('preset').filter(([, tag]) => MECHANISM_ROUTES[tag]);

for (const [context, options] of CONTEXTS) {
  for (const [name, tag] of PRESETS) {
    const route = MECHANISM_ROUTES[tag];
    test(`${name} (${route}), ${context}: legends cover no data, colours differ, text fits and stays apart`, async () => {
      const page = await env.newPage(options);
      await openPreset(page, route, name);
      const { ids, problems } = await problemsOnPage(page);
      assert.ok(ids.length > 0, `${name} draws a chart`);
      assert.deepEqual(problems, [], `${name} on ${route} (${context}), charts ${ids.join(', ')}`);
      assert.deepEqual(page.consoleErrors, []);
      await page.context().close();
    });
  }
  for (const [route, request] of Object.entries(ON_REQUEST)) {
    test(`charts drawn on request on ${route}, ${context}: the same layout checks`, async () => {
      const page = await env.newPage(options);
      await page.goto(env.origin + route);
      await page.waitForSelector('#run-status.done', { timeout: 120_000 });
      await request(page);
      await frames(page);
      const { ids, problems } = await problemsOnPage(page);
      assert.deepEqual(problems, [], `${route} (${context}), charts ${ids.join(', ')}`);
      assert.deepEqual(page.consoleErrors, []);
      await page.context().close();
    });
  }
}

/** The texts of an SVG with their boxes, as the browser lays them out. */
async function svgTexts(page, svg) {
  return page.evaluate((text) => {
    const host = document.createElement('div');
    host.innerHTML = text;
    document.body.append(host);
    const root = host.querySelector('svg');
    const o = root.getBoundingClientRect();
    const out = [...root.querySelectorAll('text')].filter((e) => e.textContent.trim() !== '').map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent.trim(), x0: r.left - o.left, x1: r.right - o.left, y0: r.top - o.top, y1: r.bottom - o.top };
    });
    host.remove();
    return out;
  }, svg);
}

for (const [context, options] of CONTEXTS) {
  test(`CloudShare Gantts, ${context}: the time axis's labels keep apart`, async () => {
    const page = await env.newPage(options);
    for (const name of ['cloudshare-toy', 'cloudshare-scenario1']) {
      await openPreset(page, '/cloudshare', name);
      await captureSvgDownloads(page);
      const ids = (await chartIds(page)).filter((id) => id.startsWith('cloudshare-gantt-'));
      assert.equal(ids.length, 5, `${name}: a Gantt per algorithm`);
      for (const id of ids) {
        const texts = await svgTexts(page, await chartSvg(page, id));
        // The tick labels: numbers on the lowest line of numbers.
        const numbers = texts.filter((t) => /^\d+(\.\d+)?$/.test(t.text));
        const bottom = Math.max(...numbers.map((t) => t.y0));
        const ticks = numbers.filter((t) => Math.abs(t.y0 - bottom) < 2).sort((a, b) => a.x0 - b.x0);
        assert.ok(ticks.length >= 3, `${name} ${id}: ${ticks.length} time labels`);
        for (let k = 1; k < ticks.length; k++) {
          const gap = ticks[k].x0 - ticks[k - 1].x1;
          assert.ok(gap >= 6, `${name} ${id}: "${ticks[k - 1].text}" and "${ticks[k].text}" are ${gap.toFixed(1)} px apart`);
        }
      }
    }
    assert.deepEqual(page.consoleErrors, []);
  });

  test(`ERA's Gantt, ${context}: long row labels are written in the picture, whole where there is room`, async () => {
    const page = await env.newPage(options);
    await page.goto(env.origin + '/era');
    await page.waitForSelector('#run-status.done', { timeout: 60_000 });
    const doc = preset('era-basic');
    const long = ['overnight-batch-analytics', 'daytime-interactive-service', 'flexible-nightly-backups', 'too-dear-render-farm', 'night-owl-training-run'];
    doc.title = 'Long ids';
    doc.requests = doc.requests.map((r, k) => ({ ...r, id: long[k] }));
    await importScenario(page, doc);
    await page.waitForFunction(() => document.querySelector('#title')?.value === 'Long ids');
    await frames(page);
    await page.waitForSelector('#run-status.done');
    await captureSvgDownloads(page);
    const svg = await chartSvg(page, 'era-gantt-chart');
    assert.deepEqual(await chartProblems(page, svg), []);
    const texts = (await svgTexts(page, svg)).map((t) => t.text);
    const accepted = await page.locator('#era-decisions tr.accepted[data-id]').evaluateAll((rows) => rows.map((r) => r.dataset.id));
    assert.ok(accepted.length >= 2, `accepted: ${accepted.join(', ')}`);
    for (const id of accepted) {
      const label = texts.find((t) => t === id || (t.endsWith('…') && id.startsWith(t.slice(0, -1))));
      assert.ok(label, `${id} has a row label (texts: ${texts.join(' | ')})`);
      if (context === 'desktop') assert.equal(label, id, 'whole on a wide screen');
    }
    assert.deepEqual(page.consoleErrors, []);
  });
}

test('the checks see a broken layout: a legend over data, a repeated colour, text off the picture', async () => {
  // A hand-made SVG in plotters' dialect, so that the checks themselves are tested.
  const page = await env.newPage();
  await page.goto(env.origin + '/');
  const svg = `<svg width="200" height="100" viewBox="0 0 200 100" xmlns="http://www.w3.org/2000/svg">
    <rect x="0" y="0" width="200" height="100" opacity="1" fill="#FFFFFF" stroke="none"/>
    <polyline fill="none" opacity="1" stroke="#1F77B4" stroke-width="2" points="10,90 100,50 190,10 "/>
    <polyline fill="none" opacity="1" stroke="#1F77B4" stroke-width="2" points="10,10 100,50 190,90 "/>
    <text x="150" y="20" font-size="12">a label far too long for this picture</text>
    <rect x="150" y="5" width="45" height="30" opacity="0.85" fill="#FFFFFF" stroke="none"/>
    <rect x="150" y="5" width="45" height="30" opacity="1" fill="none" stroke="#333333"/>
    <rect x="155" y="10" width="10" height="5" opacity="1" fill="#FF7F0E" stroke="none"/>
    <rect x="155" y="20" width="10" height="5" opacity="1" fill="#FF7F0E" stroke="none"/>
  </svg>`;
  const problems = (await chartProblems(page, svg)).join('\n');
  assert.match(problems, /the legend .* covers 1 data shapes/);
  assert.match(problems, /the legend uses #FF7F0E for more than one entry/);
  assert.match(problems, /#1F77B4 draws more than one line/);
  assert.match(problems, /runs off the 200 × 100 picture/);
});

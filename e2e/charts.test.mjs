// End-to-end tests of the charts' downloads (PNG and SVG), the Shapley formula box and the
// layout at a 1366 × 768 laptop screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useEnvironment } from './harness.mjs';

const env = useEnvironment();

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Clicks a download button; returns the file's suggested name and its bytes. */
async function download(page, selector) {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 10_000 }).catch((e) => assert.fail(`${selector} downloads nothing: ${e.message}`)),
    page.click(selector),
  ]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** Waits until every chart of `ids` has ink on its canvas. */
async function waitForCharts(page, ids) {
  await page.waitForFunction((ids) => ids.every((id) => {
    const c = document.querySelector(`#${id} canvas`);
    if (!c || c.width === 0) return false;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250) return true;
    return false;
  }), ids, { timeout: 60_000 });
}

/** Checks both downloads of the chart `id`: a PNG of the canvas, an SVG with the chart's title. */
async function checkDownloads(page, id) {
  const measure = () => page.evaluate((id) => {
    const c = document.querySelector(`#${id} canvas`);
    return { width: c.width, height: c.height, label: c.getAttribute('aria-label') };
  }, id);
  // The canvas as the download found it: a chart first drawn before layout (at the default 300 ×
  // 150) is redrawn at its laid-out size, so wait until two reads a frame apart agree.
  let canvas = await measure();
  for (let i = 0; i < 50; i++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const again = await measure();
    if (again.width === canvas.width && again.height === canvas.height) break;
    canvas = again;
  }

  const png = await download(page, `#${id} button.download-png`);
  assert.equal(png.name, `${id}.png`);
  assert.deepEqual([...png.bytes.subarray(0, 8)], PNG_SIGNATURE, `${id}.png is not a PNG`);
  assert.ok(png.bytes.length > 5000, `${id}.png has only ${png.bytes.length} bytes`);
  // IHDR: the image is the canvas, at its device resolution.
  assert.deepEqual([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)], [canvas.width, canvas.height], `${id}.png size`);

  const svg = await download(page, `#${id} button.download-svg`);
  assert.equal(svg.name, `${id}.svg`);
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const texts = [...doc.querySelectorAll('text')].map((t) => t.textContent.trim());
    return {
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      error: doc.querySelector('parsererror')?.textContent ?? null,
      texts,
      shapes: doc.querySelectorAll('rect, line, polyline, polygon, circle').length,
    };
  }, svg.bytes.toString('utf8'));
  assert.equal(parsed.error, null, `${id}.svg does not parse`);
  assert.equal(parsed.root, 'svg');
  assert.equal(parsed.namespace, 'http://www.w3.org/2000/svg');
  // The first text drawn is the caption: the chart's title, with which its description starts.
  const title = parsed.texts[0] ?? '';
  assert.ok(title.length > 5 && canvas.label.startsWith(title), `${id}.svg title ${JSON.stringify(title)} vs ${canvas.label}`);
  assert.ok(parsed.texts.length > 5, `${id}.svg has only ${parsed.texts.length} texts`);
  assert.ok(parsed.shapes > 10, `${id}.svg has only ${parsed.shapes} shapes`);
}

/** Ids of the charts on the page, and whether each has both download buttons. */
async function chartControls(page) {
  return page.evaluate(() => [...document.querySelectorAll('figure.chart')].map((f) => ({
    id: f.id,
    png: f.querySelectorAll('button.download-png').length,
    svg: f.querySelectorAll('button.download-svg').length,
  })));
}

/**
 * Checks that the page shows exactly the charts `ids`, each with both download buttons, and
 * downloads those of `downloaded` (default: all). Chromium blocks the 11th download of a page in
 * quick succession (its "multiple downloads" guard), so a page downloads at most 10 files.
 */
async function checkPage(page, ids, downloaded = ids) {
  await waitForCharts(page, ids);
  const controls = await chartControls(page);
  assert.deepEqual(controls.map((c) => c.id).sort(), [...ids].sort(), 'the charts on the page');
  for (const c of controls) assert.deepEqual([c.png, c.svg], [1, 1], `${c.id}: one PNG and one SVG button`);
  assert.ok(downloaded.length <= 5, 'at most 10 downloads a page');
  for (const id of downloaded) await checkDownloads(page, id);
}

const AUCTION_CHARTS = ['shares-chart', 'split-chart', 'convergence-chart', 'residual-chart', 'sweep-chart'];

test('every chart of the Abacus page downloads as PNG and SVG', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await checkPage(page, AUCTION_CHARTS);
  assert.deepEqual(page.consoleErrors, []);
});

test('the scheduler\'s and the convergence study\'s charts download as PNG and SVG', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus');
  await waitForCharts(page, AUCTION_CHARTS);
  await page.selectOption('#presets', 'abacus-table-one');
  await page.waitForSelector('#schedule-table tbody tr', { timeout: 60_000 });
  await page.click('#convergence-study summary');
  await page.click('#run-study');
  const more = ['response-chart', 'utilisation-chart', 'study-chart'];
  await checkPage(page, [...AUCTION_CHARTS, ...more], more);
  assert.deepEqual(page.consoleErrors, []);
});

test('the estimation and Shapley charts download as PNG and SVG', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/abacus/estimate');
  await checkPage(page, ['weights-chart', 'fit-chart']);
  await page.goto(env.origin + '/shapley');
  await checkPage(page, ['shapley-chart']);
  assert.deepEqual(page.consoleErrors, []);
});

test('the Shapley formula box describes the loaded game', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/shapley');
  await page.waitForSelector('#shapley-table td.phi');
  // The example is the table of the glove game where only A holds a left glove.
  assert.equal(await page.inputValue('#formula-kind'), 'glove');
  assert.equal(await page.inputValue('#glove-left'), 'A');
  // Filling from the box gives the same game: the values do not change.
  const glove = ['0.666667', '0.166667', '0.166667'];
  assert.deepEqual(await page.locator('#shapley-table td.phi').allTextContents(), glove);
  await page.click('#apply-formula');
  await page.waitForSelector('.current-formula');
  assert.match(await page.textContent('.current-formula'), /left gloves: A\./);
  assert.deepEqual(await page.locator('#shapley-table td.phi').allTextContents(), glove);
  assert.equal(await page.inputValue('#glove-left'), 'A');

  // A majority game, reloaded from the autosave, is shown with its own quota.
  await page.selectOption('#formula-kind', 'majority');
  await page.getByLabel('Quota').fill('3');
  await page.click('#apply-formula');
  await page.waitForFunction(() => /quota 3/.test(document.querySelector('.current-formula')?.textContent ?? ''));
  await page.reload();
  await page.waitForSelector('#shapley-table td.phi');
  assert.equal(await page.inputValue('#formula-kind'), 'majority');
  assert.equal(await page.getByLabel('Quota').inputValue(), '3');
  assert.deepEqual(page.consoleErrors, []);
});

test('at 1366 × 768 the jobs\' weights are visible and the sweep chart shows its last x label', async () => {
  const page = await env.newPage();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(env.origin + '/abacus');
  await waitForCharts(page, ['sweep-chart']);
  const weights = await page.evaluate(() => {
    const box = document.querySelector('#jobs-table').parentElement.getBoundingClientRect();
    return [...document.querySelectorAll('tr[data-job="0"] input.weight')].map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left - box.left, right: box.right - r.right };
    });
  });
  assert.ok(weights.length >= 2, 'the first job has a weight per resource');
  for (const [k, w] of weights.entries()) {
    assert.ok(w.left >= 0 && w.right >= 0, `weight ${k + 1} of the first job is outside the jobs table's view: ${JSON.stringify(w)}`);
  }
  // A label cut by the canvas's edge leaves ink in its last columns.
  const edgeInk = await page.evaluate(() => {
    const c = document.querySelector('#sweep-chart canvas');
    const cols = Math.ceil(2 * devicePixelRatio);
    const d = c.getContext('2d').getImageData(c.width - cols, 0, cols, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250) n++;
    return n;
  });
  assert.equal(edgeInk, 0, 'the sweep chart draws up to its right edge (a label is cut)');
});

// The study page (/study, issue 24): a small sweep run in the page's background worker gives the
// table `cloudecon sweep` → `run-many` → `merge` gives, byte for byte; a table merged elsewhere
// can be dropped on the page; either is charted metric against parameter with the mean and 95%
// interval over the seeds; Cancel stops a study; problems show at their fields; a reload keeps
// the form and the table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEnvironment, downloadText, inked, ROOT } from './harness.mjs';

const env = useEnvironment();
const BIN = join(ROOT, 'target', 'release', 'cloudecon');

function cloudecon(...args) {
  const out = spawnSync(BIN, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(out.status, 0, `cloudecon ${args.join(' ')}: ${out.stderr}`);
  return out.stdout;
}

/** The study sweep → run-many → merge makes of `base` (text) over `vary` and `seeds`: its CSV and JSON tables. */
function nativeStudy(base, vary, seeds) {
  const dir = mkdtempSync(join(tmpdir(), 'cloudecon-study-'));
  writeFileSync(join(dir, 'base.json'), base);
  cloudecon('sweep', join(dir, 'base.json'), ...vary.flatMap((v) => ['--vary', v]), '--seeds', String(seeds), '--out', join(dir, 's'));
  cloudecon('run-many', join(dir, 's'));
  cloudecon('merge', join(dir, 's'), '-o', join(dir, 't.csv'));
  cloudecon('merge', join(dir, 's'), '-o', join(dir, 't.json'));
  return { csv: readFileSync(join(dir, 't.csv'), 'utf8'), json: readFileSync(join(dir, 't.json'), 'utf8') };
}

const VARY = ['/spot_price/mean=0.1:0.25:0.05', '/on_demand_price=0.25,0.3'];

test('a study run here is the table cloudecon merge writes, charted with its 95% intervals', async () => {
  const base = cloudecon('preset', 'spot-basic');
  const native = nativeStudy(base, VARY, 3);
  const page = await env.newPage();
  await page.goto(env.origin + '/study');
  await page.fill('#study-base', base);
  await page.fill('#study-vary', VARY.join('\n'));
  await page.fill('#study-seeds', '3');
  assert.equal((await page.textContent('#run-study')).trim(), 'Run 24 shard(s)');
  await page.click('#run-study');
  await page.waitForSelector('#study-table tbody tr', { timeout: 60_000 });
  assert.match(await page.textContent('#study-source'), /The study run here: 24 row\(s\)/);

  // The downloads are merge's files, byte for byte (downloadText trims the end).
  assert.equal(await downloadText(page, '#study-download-csv'), native.csv.trim());
  assert.equal(await downloadText(page, '#study-download-json'), native.json.trim());

  // The chart: the learner's payoff against the mean spot price, a line per on-demand price, each point the
  // mean of its three seeds with Student's t interval (t(2) = 4.3027).
  assert.equal(await page.inputValue('#study-x'), '/spot_price/mean');
  await page.selectOption('#study-metric', 'realized_payoff');
  await page.waitForFunction(() => document.querySelector('#study-chart figcaption, #study-chart canvas'));
  assert.ok(await inked(page, 'study-chart') > 1000, 'the chart is drawn');
  await page.click('#study-chart .chart-table-toggle');
  const header = await page.locator('#study-chart-table th').allTextContents();
  assert.deepEqual(header, ['/spot_price/mean',
    '/on_demand_price=0.25', '/on_demand_price=0.25 (95% low)', '/on_demand_price=0.25 (95% high)',
    '/on_demand_price=0.3', '/on_demand_price=0.3 (95% low)', '/on_demand_price=0.3 (95% high)']);
  const table = JSON.parse(native.json);
  const [xi, pi, ri] = ['/spot_price/mean', '/on_demand_price', 'realized_payoff'].map((c) => table.columns.indexOf(c));
  const ys = table.rows.filter((r) => r[xi] === 0.15 && r[pi] === 0.3).map((r) => r[ri]);
  assert.equal(ys.length, 3);
  const mean = ys.reduce((a, b) => a + b, 0) / 3;
  const sd = Math.sqrt(ys.reduce((a, y) => a + (y - mean) ** 2, 0) / 2);
  const row = (await page.locator('#study-chart-table tbody tr').nth(1).locator('td').allTextContents()).map(Number);
  assert.equal(row[0], 0.15);
  assert.ok(Math.abs(row[4] - mean) < 1e-9 * Math.max(1, Math.abs(mean)), `mean ${row[4]} vs ${mean}`);
  assert.ok(Math.abs(row[6] - (mean + 4.3027 * sd / Math.sqrt(3))) < 1e-9 * Math.max(1, Math.abs(mean)), `high ${row[6]}`);

  // A reload keeps the form and the table.
  await page.reload();
  await page.waitForSelector('#study-table tbody tr');
  assert.equal(await page.inputValue('#study-seeds'), '3');
  assert.equal(await page.inputValue('#study-vary'), VARY.join('\n'));
  assert.deepEqual(page.consoleErrors, []);
});

test('a merged table dropped on the page is charted; a file that is not one says why', async () => {
  const base = cloudecon('preset', 'cloudshare-toy');
  const native = nativeStudy(base, ['/organizations/0/processors=1,2'], 2);
  const page = await env.newPage();
  await page.goto(env.origin + '/study');
  await page.locator('#study-drop').setInputFiles({ name: 'toy.csv', mimeType: 'text/csv', buffer: Buffer.from(native.csv) });
  await page.waitForSelector('#study-table tbody tr');
  assert.match(await page.textContent('#study-source'), /The table toy\.csv: 4 row\(s\)/);
  // One line per algorithm (unfairness[…]), over the only non-seed parameter.
  assert.equal(await page.inputValue('#study-x'), '/organizations/0/processors');
  assert.equal(await page.inputValue('#study-metric'), 'unfairness');
  assert.ok(await inked(page, 'study-chart') > 1000);
  // The JSON table downloads as merge wrote it.
  assert.equal(await downloadText(page, '#study-download-json'), native.json.trim());

  await page.locator('#study-drop').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
  await page.waitForFunction(() => document.body.textContent.includes('notes.csv: not a merged table'));
  assert.match(await page.textContent('#study-source'), /toy\.csv/, 'the table shown stays');
});

test('Cancel stops a study midway; problems show at their fields and nothing runs', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/study');
  await page.waitForSelector('#run-study');
  // The example: spot's four policies; 801 means × 1 seed.
  await page.fill('#study-vary', '/spot_price/mean=0.1:0.9:0.001');
  await page.fill('#study-seeds', '1');
  await page.click('#run-study');
  await page.waitForFunction(() => Number(document.querySelector('#study-status progress')?.value) > 0, null, { timeout: 60_000 });
  assert.match(await page.textContent('#study-status'), /\d+ of 801 shard\(s\) done in a background worker/);
  await page.click('#cancel-study');
  await page.waitForFunction(() => document.querySelector('#study-status')?.textContent.includes('Study cancelled'));
  await page.waitForTimeout(500);
  assert.equal(await page.locator('#study-table').count(), 0, 'a cancelled study leaves no table');

  await page.fill('#study-vary', 'alpha=1,2');
  await page.fill('#study-seeds', 'many');
  assert.match(await page.textContent('#study-vary-problem'), /line 1: .*not a JSON pointer/);
  assert.match(await page.textContent('#study-seeds-problem'), /whole number of seeds/);
  assert.equal(await page.locator('#run-study').isDisabled(), true);
  await page.fill('#study-seeds', '2');
  await page.fill('#study-vary', '/spot_price/mean=0:1:0.001');
  assert.match(await page.textContent('#study-vary-problem'), /2002 shards: .*at most 1000.*cloudecon sweep/);
  await page.fill('#study-base', '{"mechanism": "spot"');
  assert.ok(await page.locator('#study-base-problem').isVisible());
  assert.deepEqual(page.consoleErrors, []);
});

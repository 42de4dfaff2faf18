// What each page downloads before its first result, summed over the wire (e2e/first_load.mjs):
// sizes are deterministic for a bundle, so this is a test, not a timing.
//
// Issue 23's budgets: 800 KB for `/`, 1 MB for a page opened directly. The app ships in bundles,
// one wasm per group of pages (web/src/pages/bundles.rs), so a page pays for its own code only;
// before the split every page carried every page's code in one app wasm, 1,237,623 bytes
// (BENCHMARKS.md, "A page's own bundle").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEnvironment, ROOT } from './harness.mjs';
import { firstLoad, PAGES } from './first_load.mjs';

const env = useEnvironment();

/** The budgets: the home page, and any other page opened directly. */
const limit = (path) => (path === '/' ? 800_000 : 1_000_000);

for (const path of PAGES) {
  test(`${path} downloads at most ${limit(path).toLocaleString('en')} bytes before its first result, and nothing it does not need`, async () => {
    const { bytes, files } = await firstLoad(env, path);
    const list = Object.entries(files).map(([f, n]) => `${f}: ${n}`).join('\n');
    assert.ok(bytes <= limit(path), `${bytes} bytes:\n${list}`);
    // Real data and the worker come later, when a preset or a long run needs them.
    const early = Object.keys(files).filter((f) => f.startsWith('/data/') || f.startsWith('/worker'));
    assert.deepEqual(early, [], list);
    // The app's wasm arrives compressed.
    const wasm = Object.entries(files).find(([f]) => f.endsWith('_bg.wasm'));
    assert.ok(wasm && wasm[1] < 2_000_000, list);
  });
}

/** A class game's join link (`g=…`) from the runner, as the teacher's page makes it. */
function joinLink(settings) {
  const file = join(mkdtempSync(join(tmpdir(), 'cloudecon-first-load-')), 'settings.json');
  writeFileSync(file, JSON.stringify(settings));
  const out = spawnSync(join(ROOT, 'target', 'release', 'cloudecon'), ['game', 'new', file], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout).join;
}

// Issue 36: a phone joins a class game on a shared Wi-Fi. Its first screen needs the session
// alone (types, codes, QR codes); the mechanisms' runs (the preview, a results link) come in the
// game's worker, fetched after it.
for (const game of ['abacus', 'era', 'spot']) {
  test(`/play with a ${game} join link downloads at most 300,000 bytes before its first screen, and the game's worker after it`, async () => {
    const { bytes, files } = await firstLoad(env, `/play#${joinLink({ game, seats: 60, seed: 5, robots: 20 })}`);
    const list = Object.entries(files).map(([f, n]) => `${f}: ${n}`).join('\n');
    assert.ok(bytes <= 300_000, `${bytes} bytes:\n${list}`);
    const early = Object.keys(files).filter((f) => /worker|^\/data\//.test(f));
    assert.deepEqual(early, [], list);
    assert.ok(files['/play_bg.wasm'] > 0, list);
  });
}

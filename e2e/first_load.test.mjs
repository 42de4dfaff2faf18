// What each page downloads before its first result, summed over the wire (e2e/first_load.mjs):
// sizes are deterministic for a bundle, so this is a test, not a timing.
//
// Issue 23's budgets: 800 KB for `/`, 1 MB for a page opened directly. The app ships in bundles,
// one wasm per group of pages (web/src/pages/bundles.rs), so a page pays for its own code only;
// before the split every page carried every page's code in one app wasm, 1,237,623 bytes
// (BENCHMARKS.md, "A page's own bundle").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment } from './harness.mjs';
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

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
//
// Issue 36 set the phone's line at 300,000 bytes (its first load was then about 262 KB). Issue 37
// allows each bundle 60 KB for speaking two languages and asks for the lines to be updated with
// the reasons: the phone's bundle grew by 53 KB (the Fluent runtime, about 34 KB of it; the
// English of its messages; the language menu and the fetch of another language's files; the
// Chinese is not in it), so its line was 320,000 (BENCHMARKS.md, "English and 中文"). Its errors
// as data, its numbers through `Intl` and its download and save failures in the phone's language
// brought the growth to 57.5 KB (244,218 at `8c7663d` → 301,733 bytes of Brotli), and the line to 322,000:
// still within the 60 KB. Issue 23's budgets above are unchanged.
const PHONE = 322_000;
for (const game of ['abacus', 'era', 'spot']) {
  test(`/play with a ${game} join link downloads at most ${PHONE.toLocaleString('en')} bytes before its first screen, and the game's worker after it`, async () => {
    const { bytes, files } = await firstLoad(env, `/play#${joinLink({ game, seats: 60, seed: 5, robots: 20 })}`);
    const list = Object.entries(files).map(([f, n]) => `${f}: ${n}`).join('\n');
    assert.ok(bytes <= PHONE, `${bytes} bytes:\n${list}`);
    const early = Object.keys(files).filter((f) => /worker|^\/data\//.test(f));
    assert.deepEqual(early, [], list);
    assert.ok(files['/play_bg.wasm'] > 0, list);
  });
}

// What each page downloads before its first result, summed over the wire (e2e/first_load.mjs):
// sizes are deterministic for a bundle, so this is a test, not a timing.
//
// Issue 23's budgets are 800 KB for `/` and 1 MB for a mechanism page. They are not met yet:
// every page still carries every mechanism's code in one app wasm (BENCHMARKS.md, "Real data on
// demand, and the first load measured"). Until they are, this test holds the line where the
// bundle is so that nothing grows it unnoticed; lower LIMIT as the bundle shrinks, down to the
// issue's budgets. Raised once, knowingly: 1.094 MB → 1.127 MB on 2026-11-26, when the app
// gained the formula language (pest and the compiled form, for ERA's unit price formula), the
// warm-started Abacus scheduler and a fourth ERA exercise (app wasm 1,077,071 → 1,110,725
// bytes of Brotli; BENCHMARKS.md). Raised again, knowingly, on 2026-11-26 when the app gained
// the three other formula extension points of issue 22 (Abacus utilities, spot policy families,
// CloudShare priorities: their document forms, editors, variables and three exercises): every
// page 1,126,733 → 1,183,570 bytes, app wasm 1,110,725 → 1,167,559 bytes of Brotli (BENCHMARKS.md). Once more on 2026-11-26, 1,183,570 → 1,194,419, for the shared formula
// field with its error mark, "show as formula" on every page, the scheduled users' formula
// editors, the shared page frame and tables, and the formula evaluator's short-circuit code.
// And on 2026-11-26 (second session), 1,194,043 → 1,195,844 (app wasm 1,177,848 → 1,179,647
// bytes of Brotli), for issue 22's speed: the evaluator's one-dispatch steps (+606) and the
// formula cache by shape (+1,193); the line is 1,196,500. Since `scripts/env.sh` names the
// dependencies' paths from Cargo's home (`--remap-path-prefix`), every machine builds the same
// bytes (a clean clone elsewhere once measured 1,016 more, from a longer home folder).
// And on 2026-11-27, 1,195,844 → 1,197,233 (app wasm 1,179,647 → 1,181,035 bytes of Brotli), for Abacus's distinct formulas within issue 22's 3×
// (formulas of one shape patch their constants into the shape's code; the fixed-seed hash of
// formula texts); the line is 1,197,800. And on 2026-11-27 (same session), 1,197,233 →
// 1,206,450 (app wasm 1,181,035 → 1,190,314 bytes of Brotli) for issue 24: CloudShare documents'
// `coalitions` field (a part of the coalition simulations, for a study that shards an exact
// Shapley value), read by every one of the app's document readers; the line is 1,207,000.
// And on 2026-11-27 (next session), 1,206,450 → 1,237,623 (app wasm 1,190,314 → 1,221,670
// bytes of Brotli) for issue 24's Studies page (/study: the form, the merged table read back
// from CSV or JSON, the summary with its intervals, error bars, the page's own worker): in a
// single app wasm every page pays for it; the study's runner itself is in the worker only. The
// line is 1,238,000.
// The remedy is issue 23's: runs in the worker, then a size-optimised app.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useEnvironment } from './harness.mjs';
import { firstLoad, PAGES } from './first_load.mjs';

const env = useEnvironment();

/** The line held today, for every page (the issue's: `/` 800,000, a mechanism page 1,000,000). */
const LIMIT = 1_238_000;

for (const path of PAGES) {
  test(`${path} downloads at most ${LIMIT.toLocaleString('en')} bytes before its first result, and nothing it does not need`, async () => {
    const { bytes, files } = await firstLoad(env, path);
    const list = Object.entries(files).map(([f, n]) => `${f}: ${n}`).join('\n');
    assert.ok(bytes <= LIMIT, `${bytes} bytes:\n${list}`);
    // Real data and the worker come later, when a preset or a long run needs them.
    const early = Object.keys(files).filter((f) => f.startsWith('/data/') || f.startsWith('/worker'));
    assert.deepEqual(early, [], list);
    // The app's wasm arrives compressed.
    const wasm = Object.entries(files).find(([f]) => f.endsWith('_bg.wasm'));
    assert.ok(wasm && wasm[1] < 2_000_000, list);
  });
}

// Measures the Abacus page's interactivity in headless Chromium: load the 32 × 4 convergence
// preset (the paper's Figs. 6–7 setting, with its 32 jobs), then move the α slider step by step
// and time each recompute + redraw — from the input event until the next frame after the
// results table shows the new shares. Prints JSON. Usage: node scripts/bench-ui.mjs
import { start } from '../e2e/harness.mjs';

const env = await start();
try {
  const page = await env.newPage();
  await page.goto(`${env.origin}/abacus`);
  await page.waitForSelector('#auction-table td.share');
  await page.selectOption('#presets', 'abacus-convergence-linear');
  await page.waitForFunction(() => document.querySelectorAll('#auction-table tbody tr').length === 32);
  const samples = await page.evaluate(async () => {
    const slider = document.querySelector('#alpha');
    const cell = () => document.querySelector('#auction-table').textContent;
    const frame = () => new Promise((ok) => requestAnimationFrame(() => ok()));
    const times = [];
    const updates = [];
    for (let k = 0; k < 30; k++) {
      await frame();
      const before = cell();
      let updated = 0;
      const observer = new MutationObserver(() => { if (!updated && cell() !== before) updated = performance.now(); });
      observer.observe(document.querySelector('#auction-results'), { subtree: true, characterData: true, childList: true });
      const t0 = performance.now();
      slider.value = String(0.2 + 0.025 * k);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      while (!updated && performance.now() - t0 < 5000) await new Promise((ok) => setTimeout(ok, 0));
      await frame();
      observer.disconnect();
      times.push(performance.now() - t0);
      updates.push(updated - t0);
    }
    return { times, updates };
  });
  const stats = (v) => {
    const s = [...v].sort((a, b) => a - b);
    return { mean_ms: s.reduce((a, b) => a + b, 0) / s.length, median_ms: s[s.length >> 1], max_ms: s[s.length - 1] };
  };
  console.log(JSON.stringify({
    workload: 'abacus page, 32 jobs × 4 resources, α slider step: recompute, re-render, redraw 4 charts',
    samples: samples.times.length,
    input_to_results_updated: stats(samples.updates),
    input_to_next_frame: stats(samples.times),
  }, null, 2));
} finally {
  await env.stop();
}

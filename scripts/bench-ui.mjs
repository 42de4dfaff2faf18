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
    const cell = () => document.querySelector('#auction-table td.share').textContent;
    const frame = () => new Promise((ok) => requestAnimationFrame(() => ok()));
    const times = [];
    for (let k = 0; k < 30; k++) {
      const before = cell();
      const t0 = performance.now();
      slider.value = String(0.2 + 0.02 * k);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      while (cell() === before) await new Promise((ok) => setTimeout(ok, 0));
      await frame();
      times.push(performance.now() - t0);
    }
    return times;
  });
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  console.log(JSON.stringify({ workload: 'abacus page, 32 jobs × 4 resources, α slider step (recompute + redraw of 4 charts)', samples: samples.length, mean_ms: mean, median_ms: samples[samples.length >> 1], max_ms: samples[samples.length - 1] }, null, 2));
} finally {
  await env.stop();
}

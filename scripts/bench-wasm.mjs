// Loads the /bench page of the built bundle in headless Chromium, runs the standard workloads in
// wasm and prints the page's JSON report. Usage: node scripts/bench-wasm.mjs [filter]
import { start } from '../e2e/harness.mjs';

const env = await start();
try {
  const page = await env.newPage();
  const filter = process.argv[2] ?? '';
  await page.goto(`${env.origin}/bench${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`);
  await page.click('#run-bench');
  await page.waitForSelector('#bench-json', { timeout: 600_000 });
  console.log(await page.textContent('#bench-json'));
} finally {
  await env.stop();
}

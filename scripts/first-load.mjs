// Prints, for each page, what it downloads before its first result and how long that takes on a
// fresh profile, unthrottled and on the slow profile (1.6 Mbit/s, 150 ms): the table of
// BENCHMARKS.md's "First load". Needs dist/ (trunk build --release).
// Usage: source scripts/env.sh; node scripts/first-load.mjs [PAGE…]
import { start } from '../e2e/harness.mjs';
import { firstLoad, PAGES, SLOW } from '../e2e/first_load.mjs';

const env = await start();
const pages = process.argv.length > 2 ? process.argv.slice(2) : PAGES;
console.log('| page | bytes before the first result | first result, unthrottled | first result, 1.6 Mbit/s 150 ms |');
console.log('| --- | ---: | ---: | ---: |');
try {
  for (const path of pages) {
    const fast = await firstLoad(env, path);
    const slow = await firstLoad(env, path, { throttle: SLOW, timeout: 300_000 });
    console.log(`| ${path} | ${slow.bytes.toLocaleString('en')} | ${(fast.ms / 1000).toFixed(1)} s | ${(slow.ms / 1000).toFixed(1)} s |`);
    if (process.env.FILES) console.log(JSON.stringify(slow.files));
  }
} finally {
  await env.stop();
}

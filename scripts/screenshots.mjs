// The README's screenshots: the ERA page in English and in 中文, from the release build in dist/
// (run `trunk build --release` first): node scripts/screenshots.mjs
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { start, ROOT } from '../e2e/harness.mjs';

const env = await start();
const out = join(ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
try {
  for (const lang of ['en', 'zh-CN']) {
    const page = await env.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(`${env.site}/era?lang=${lang}`);
    await page.waitForSelector('.run-status.done', { timeout: 120_000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(out, `era-${lang}.png`) });
    await page.context().close();
    console.log(`docs/screenshots/era-${lang}.png`);
  }
} finally {
  await env.stop();
}

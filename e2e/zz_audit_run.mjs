// Throwaway audit (not a test): numbers written by Rust, not by Intl, on every route in zh-CN.
import { start, ROOT } from './harness.mjs';
import { ROUTES, openRoute } from './routes.mjs';
const env = await start();
const found = {};
for (const route of ROUTES) {
  const page = await env.newPage();
  await page.addInitScript(() => {
    const N = Intl.NumberFormat;
    const F = function (l, o) { return new N(l, { ...(o || {}), numberingSystem: 'fullwide' }); };
    F.prototype = N.prototype; F.supportedLocalesOf = N.supportedLocalesOf;
    Intl.NumberFormat = F;
  });
  const r = { ...route, path: route.path + (route.path.includes('?') ? '&' : '?') + 'lang=zh-CN' };
  try { await openRoute(env, page, r); } catch (e) { console.log('open failed', route.path, String(e).slice(0, 200)); }
  // Every preset of the page, if it has a preset menu.
  const presets = await page.$$eval('select#presets option', (os) => os.map((o) => o.value)).catch(() => []);
  const texts = new Set();
  const grab = async () => {
    const t = await page.evaluate(() => {
      const out = [];
      const skip = (el) => el.closest('code, pre, [translate="no"], script, style, textarea, input, select');
      const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = w.nextNode(); n; n = w.nextNode()) {
        if (!n.parentElement || skip(n.parentElement)) continue;
        const s = n.textContent;
        if (/[0-9]\.[0-9]/.test(s)) out.push(s.trim().slice(0, 160));
      }
      for (const el of document.querySelectorAll('[title], [aria-label]')) {
        for (const a of ['title', 'aria-label']) {
          const s = el.getAttribute(a) || '';
          if (/[0-9]\.[0-9]/.test(s)) out.push(`@${a}: ` + s.slice(0, 160));
        }
      }
      return out;
    });
    t.forEach((x) => texts.add(x));
  };
  await grab();
  for (const p of presets.slice(0, 40)) {
    try {
      await page.selectOption('#presets', p);
      await page.waitForSelector('.run-status.done', { timeout: 60_000 }).catch(() => {});
      await page.waitForTimeout(300);
      await grab();
    } catch (e) { /* a preset that needs data */ }
  }
  found[route.path] = [...texts];
  console.log('==', route.path, presets.length, 'presets');
  for (const x of texts) console.log('   ', x);
  await page.context().close();
}
await env.stop();

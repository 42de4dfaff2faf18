// The playground in the reader's language (issue 37): a pseudo-locale walk of every route (every
// visible text comes from a message: PhET's string test), every route in 中文 at a desktop's and
// a phone's width (no missing message, nothing clipped or scrolling sideways, axe-clean with
// `lang` set), the language chosen by the address, the saved choice and the browser, and a
// switch in place that keeps the scenario, its results and undo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useEnvironment, ROOT } from './harness.mjs';
import { ROUTES, route as routeAt, pageErrors } from './routes.mjs';

const env = useEnvironment();
const AXE = readFileSync(join(ROOT, 'tools', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** Opens `route` with `?lang=` (none if `lang` is null), waits for its first run like openRoute. */
async function openIn(page, route, lang) {
  await page.goto((env.site ?? env.origin) + route.path + (lang ? `?lang=${lang}` : ''));
  await page.waitForSelector('main h1', { timeout: 30_000 });
  if (route.run) {
    await page.waitForSelector('.run-status.done', { timeout: 120_000 }).catch(async () => {
      const status = await page.locator('.run-status').allTextContents();
      throw new Error(`${route.path}: no run finished (${JSON.stringify(status)})`);
    });
  }
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/** Opens what folds away and shows every chart as a table, so that their texts are checked too. */
async function unfold(page) {
  await page.evaluate(() => document.querySelectorAll('main details').forEach((d) => { d.open = true; }));
  const toggles = page.locator('button.chart-table-toggle');
  for (let i = 0; i < await toggles.count(); i++) await toggles.nth(i).click();
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/**
 * Visible texts (and the labels a screen reader says) that are not inside the pseudo-locale's
 * markers: text outside `⟦…⟧`, once numbers, symbols, machine names (`<code>`, `<kbd>`, `<pre>`,
 * `translate="no"`) and the reader's own input (form fields, but the title and notes a page
 * opens with) are left out.
 */
async function unmarked(page) {
  return page.evaluate(() => {
    // A chart's table heads its columns and rows with the chart's series and categories: the
    // scenario's names (jobs, resources, policies), not the page's words.
    const SKIP = 'code, kbd, pre, samp, script, style, noscript, [translate="no"], textarea, option, svg, math, .math, .chart-table th, .chart-table tbody td:first-child';
    const visible = (e) => {
      if (!e || e.closest('[hidden]')) return false;
      const s = getComputedStyle(e);
      return s.display !== 'none' && s.visibility !== 'hidden' && (e.getClientRects().length > 0);
    };
    // What remains once the markers' contents (innermost first: a message inside a message),
    // numbers, symbols and Greek letters (the papers' symbols) are taken out: words of two or
    // more letters. Single letters stand alone as symbols (W, T, A, D, V, J1's J).
    const rest = (text) => {
      let t = text;
      for (let before = null; before !== t;) { before = t; t = t.replace(/⟦[^⟦⟧]*⟧/g, ' '); }
      return t.replace(/\p{Script=Greek}/gu, ' ').replace(/[\p{N}\p{P}\p{S}\p{Z}\s]+/gu, ' ')
        .split(' ').filter((w) => w.length > 1).join(' ');
    };
    // A label made of messages and data (a chart's summary: its title, then names and values).
    const fromMessages = (text) => /⟦/.test(text);
    const out = [];
    const where = (e) => {
      const parts = [];
      for (let x = e; x && x !== document.body && parts.length < 4; x = x.parentElement) {
        parts.unshift(x.tagName.toLowerCase() + (x.id ? `#${x.id}` : '') + (x.classList.length ? `.${[...x.classList].join('.')}` : ''));
      }
      return parts.join(' > ');
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const e = n.parentElement;
      if (!e || e.closest(SKIP) || !visible(e)) continue;
      if (e.closest('#first-load')) continue;
      if (rest(n.textContent)) out.push(`${where(e)}: ${JSON.stringify(n.textContent.trim().slice(0, 80))}`);
    }
    // A page opens on a preset or its example: the title and notes are the page's words until
    // the reader edits them (services/data.rs, preset_words).
    for (const id of ['title', 'notes']) {
      const e = document.getElementById(id);
      if (e && e.value && rest(e.value)) out.push(`#${id} [value]: ${JSON.stringify(e.value.slice(0, 80))}`);
    }
    for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (e.closest(SKIP) || !visible(e)) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = e.getAttribute(a);
        if (v && !fromMessages(v) && rest(v)) out.push(`${where(e)} [${a}]: ${JSON.stringify(v.slice(0, 80))}`);
      }
    }
    return [...new Set(out)];
  });
}

for (const route of ROUTES) {
  test(`pseudo-locale: every text on ${route.name} (${route.path}) comes from a message`, async () => {
    const page = await env.newPage();
    await openIn(page, route, 'en-XA');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-XA');
    await unfold(page);
    const left = await unmarked(page);
    assert.deepEqual(left, [], `${route.path}: text outside messages:\n  ${left.join('\n  ')}`);
    const missing = page.consoleErrors.filter((e) => /missing message|message .*:/.test(e));
    assert.deepEqual(missing, []);
  });
}

/** Elements whose text is cut (overflow hidden with more content than room) or sticks out. */
async function clipped(page, width) {
  return page.evaluate((w) => {
    const out = [];
    for (const e of document.querySelectorAll('main *, header *, footer *')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || e.closest('.scroll, .chart-table, table, pre, .math, canvas, svg')) continue;
      if (r.right > w + 0.5 && !e.parentElement.closest('.scroll, .chart-table, table, pre')) {
        out.push(`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} ends at ${Math.round(r.right)} px`);
      }
      const s = getComputedStyle(e);
      const hides = /hidden|clip/.test(s.overflowX) && e.childNodes.length > 0 && [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
      if (hides && e.scrollWidth > e.clientWidth + 1 && !e.classList.contains('visually-hidden') && !e.closest('.visually-hidden, .skip-link')) {
        out.push(`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} clips its text (${e.scrollWidth} > ${e.clientWidth})`);
      }
    }
    return out.slice(0, 12);
  }, width);
}

async function seriousViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: AXE });
  const { violations } = await page.evaluate(async () => window.axe.run(document));
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`);
}

for (const route of ROUTES) {
  test(`中文: ${route.name} (${route.path}) at 1366 px and 390 px — every message, nothing clipped, axe-clean`, async () => {
    const page = await env.newPage({ viewport: { width: 1366, height: 900 } });
    await openIn(page, route, 'zh-CN');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    await unfold(page);
    // Chinese on the page: the header's nav is translated, and so is the page's heading (but
    // the not-found page's address, whose heading is the shell's).
    const nav = await page.textContent('#site-nav');
    assert.match(nav, /[\u4e00-\u9fff]/, 'the nav is in Chinese');
    assert.match(await page.textContent('main h1'), /[\u4e00-\u9fff]|^(ERA|Abacus|CloudShare)/, 'the heading is in Chinese');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= width, `${route.path} at ${width} px scrolls sideways (${scroll} px)`);
      assert.deepEqual(await clipped(page, width), [], `${route.path} at ${width} px`);
      assert.deepEqual(await seriousViolations(page), [], `${route.path} at ${width} px: axe`);
    }
    const missing = page.consoleErrors.filter((e) => /missing message|message .*:/.test(e));
    assert.deepEqual(missing, [], 'no message missing in zh-CN');
    assert.deepEqual(pageErrors(page, route), []);
  });
}

test('the language comes from ?lang=, else the saved choice, else the browser; the switcher saves it', async () => {
  const shapley = routeAt('/shapley');
  // The browser's languages.
  const page = await env.newPage({ locale: 'zh-CN' });
  await openIn(page, shapley, null);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(await page.inputValue('#lang-select'), 'zh-CN');
  // ?lang= wins over them, without being saved.
  await openIn(page, shapley, 'en');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.textContent('.skip-link'), 'Skip to content');
  await openIn(page, shapley, null);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  // The switcher saves the choice, which then wins over the browser's languages.
  await page.selectOption('#lang-select', 'en');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await openIn(page, shapley, null);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.textContent('.skip-link'), 'Skip to content');
  // The loader's first sentence is already in the reader's language.
  await page.selectOption('#lang-select', 'zh-CN');
  // Its files are fetched first, then the page switches and saves the choice.
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  await page.route('**/*_bg.wasm*', () => {});
  await page.goto(`${env.site ?? env.origin}/era`);
  assert.match(await page.textContent('#first-load-text'), /正在加载/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
});

test('switching the language in place keeps the scenario, its results and undo', async () => {
  const page = await env.newPage();
  await openIn(page, routeAt('/era'), 'en');
  const numbers = async () => (await page.locator('main td, main output').allTextContents()).map((s) => s.trim()).filter((s) => /^-?[\d.]+$/.test(s));
  const first = JSON.stringify(await numbers());
  // A change the page can undo: a preset replaces the scenario, and its results follow.
  await page.selectOption('#presets', 'era-day-night');
  await page.waitForFunction(() => document.querySelector('#title')?.value === 'ERA: day and night, LP predictor');
  await page.waitForFunction((f) => {
    const now = [...document.querySelectorAll('main td, main output')].map((e) => e.textContent.trim()).filter((s) => /^-?[\d.]+$/.test(s));
    return document.querySelector('.run-status.done') && now.length > 0 && JSON.stringify(now) !== f;
  }, first);
  const shown = await numbers();
  assert.match(await page.textContent('#undo'), /Undo/);
  await page.selectOption('#lang-select', 'zh-CN');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.match(await page.textContent('#site-nav'), /沙普利值/);
  assert.deepEqual(await numbers(), shown, 'the same numbers after the switch');
  assert.match(await page.textContent('#undo'), /撤销/, 'undo is still offered, in 中文');
  // Back in English, the page reads as before the switch, and Undo still takes the preset back.
  await page.selectOption('#lang-select', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.deepEqual(await numbers(), shown);
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#title')?.value === 'ERA: four bids, one resource');
});

test('a preset\'s title and notes are in the page\'s language, and a switch does not make the preset edited', async () => {
  const page = await env.newPage();
  const era = routeAt('/era');
  await openIn(page, era, 'zh-CN');
  // The page's first scenario is the preset era-basic.
  assert.equal(await page.inputValue('#title'), 'ERA：四个竞价，一种资源');
  assert.match(await page.inputValue('#notes'), /^预测需求：白天/);
  await page.selectOption('#presets', 'era-day-night');
  await page.waitForFunction(() => document.querySelector('#title')?.value === 'ERA：白天与夜晚，LP 预测器');
  assert.match(await page.inputValue('#notes'), /^第 3\.3 节：/);
  // The menu once the page has rendered what came before.
  const chosen = async () => {
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    return page.textContent('#presets option:checked');
  };
  assert.doesNotMatch(await chosen(), /已修改/);
  // The words stay as loaded (they are the scenario's now); the preset is still unedited.
  await page.selectOption('#lang-select', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.match(await chosen(), /^Section 3\.3/);
  assert.doesNotMatch(await chosen(), /edited/);
  assert.equal(await page.inputValue('#title'), 'ERA：白天与夜晚，LP 预测器');
  // A preset chosen in English is in the core's (the runner's) words.
  await page.selectOption('#presets', 'era-basic');
  await page.waitForFunction(() => document.querySelector('#title')?.value === 'ERA: four bids, one resource');
  assert.match(await page.inputValue('#notes'), /^Predicted demand: 8 cores/);
  // Only the numbers make a preset edited.
  await page.fill('#title', 'Mine');
  assert.doesNotMatch(await chosen(), /edited/);
  await page.fill('#seed', '12345');
  await page.waitForFunction(() => document.querySelector('#presets option:checked')?.textContent.includes('(edited)'));
  assert.deepEqual(pageErrors(page, era), []);
});

test('a pseudo-locale page switched to 中文 in place leaves no marker behind (every component re-renders)', async () => {
  for (const path of ['/era', '/spot', '/abacus', '/cloudshare', '/classroom', '/game']) {
    const page = await env.newPage();
    await openIn(page, routeAt(path), 'en-XA');
    await unfold(page);
    await page.selectOption('#lang-select', 'zh-CN');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const stale = await page.evaluate(() => {
      const out = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (/[⟦⟧]/.test(n.textContent)) out.push(n.textContent.slice(0, 60));
      return out.slice(0, 10);
    });
    assert.deepEqual(stale, [], `${path}: texts not re-rendered after the switch`);
    await page.context().close();
  }
});

test('a share link made in English opens in a Chinese reader\'s browser in 中文 with the same numbers', async () => {
  const page = await env.newPage({ locale: 'en-US' });
  await page.goto(`${env.site ?? env.origin}/shapley`);
  await page.waitForSelector('#shapley-table td.phi');
  await page.locator('tr[data-mask="5"] input').fill('0.25');
  await page.waitForFunction(() => [...document.querySelectorAll('#shapley-table td.phi')].some((td) => td.textContent.trim() !== '0.666667'));
  const phis = (p) => p.locator('#shapley-table td.phi').allTextContents();
  const values = await phis(page);
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  assert.doesNotMatch(url, /lang=/, 'an unpinned link leaves the language to the reader');

  const reader = await env.newPage({ locale: 'zh-CN' });
  await reader.goto(url);
  await reader.waitForSelector('#shapley-table td.phi');
  assert.equal(await reader.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.deepEqual(await phis(reader), values);
});

test('a link to the home page pinned to 中文 opens its mechanism\'s page in 中文 (the redirect keeps ?lang=)', async () => {
  const page = await env.newPage({ locale: 'en-US' });
  await page.goto(`${env.site ?? env.origin}/shapley`);
  await page.waitForSelector('#shapley-table td.phi');
  await page.click('#share');
  const fragment = new URL(await page.inputValue('#share-url')).hash;
  const reader = await env.newPage({ locale: 'en-US' });
  await reader.goto(`${env.site ?? env.origin}/?lang=zh-CN${fragment}`);
  await reader.waitForURL(/\/shapley/);
  await reader.waitForSelector('#shapley-table td.phi');
  // The page has read its link and taken it from the address; ?lang= stays, so a reload keeps 中文.
  assert.match(reader.url(), /\/shapley\?lang=zh-CN/);
  assert.equal(await reader.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.match(await reader.textContent('main h1'), /[\u4e00-\u9fff]/);
  await reader.reload();
  await reader.waitForSelector('#shapley-table td.phi');
  assert.equal(await reader.evaluate(() => document.documentElement.lang), 'zh-CN');
});

test('only the reader\'s language travels: an English page fetches no Chinese, a Chinese page its bundle\'s files before its first screen', async () => {
  const fetched = (page) => {
    const files = [];
    page.on('request', (r) => { const m = new URL(r.url()).pathname.match(/\/locales\/.*$/); if (m) files.push(m[0]); });
    return files;
  };
  const english = await env.newPage({ locale: 'en-US' });
  const none = fetched(english);
  await openIn(english, routeAt('/era'), null);
  assert.deepEqual(none, [], 'English is compiled in');
  assert.equal(await english.textContent('.skip-link'), 'Skip to content');

  const chinese = await env.newPage({ locale: 'zh-CN' });
  const files = fetched(chinese);
  await openIn(chinese, routeAt('/era'), null);
  // The ERA bundle's areas (pages/bundles.rs), the core's beside them; no other page's.
  assert.deepEqual(files.map((f) => f.replace(/\.gz$/, '')).sort(), [
    '/locales/zh-CN/common.ftl', '/locales/zh-CN/components.ftl', '/locales/zh-CN/core/errors.ftl',
    '/locales/zh-CN/core/exercise.ftl', '/locales/zh-CN/era-names.ftl', '/locales/zh-CN/era.ftl',
    '/locales/zh-CN/exercise.ftl',
  ]);
  // The first screen is already Chinese: no English was shown in between.
  assert.match(await chinese.textContent('main h1'), /[\u4e00-\u9fff]/);
  assert.deepEqual(pageErrors(chinese, routeAt('/era')), []);
  // The offline worker keeps them with the build's other files.
  const build = await (await fetch(`${env.site ?? env.origin}/build.json`)).json();
  assert.ok(build.files.some((f) => f.path === 'locales/zh-CN/core/errors.ftl'), 'build.json lists the core\'s Chinese');
  assert.ok(build.files.some((f) => f.path === 'locales/zh-CN/era.ftl'), 'build.json lists ERA\'s Chinese');

  // Switching in place fetches what the page lacks; an English page switched to 中文 reads Chinese.
  const switched = fetched(english);
  await english.selectOption('#lang-select', 'zh-CN');
  await english.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.ok(switched.length > 0, 'the switch fetched the Chinese files');
  assert.match(await english.textContent('main h1'), /[\u4e00-\u9fff]/);
});

test('a broken import is said in 中文 on a Chinese page, the JSON error and its position too, and again in English after a switch', async () => {
  const page = await env.newPage();
  await openIn(page, routeAt('/shapley'), 'zh-CN');
  const broken = { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"version": 1,') };
  await page.locator('#import-json').setInputFiles(broken);
  await page.waitForSelector('#error-banner');
  const chinese = await page.textContent('#error-banner .error-message span');
  assert.match(chinese, /无法导入该文件/);
  assert.match(chinese, /不是有效的 JSON（第 1 行第 14 列）：读取值时文本意外结束/);
  // No English sentence built in the core (the path `document` and the name JSON are machine words).
  assert.doesNotMatch(chinese.replace(/document|JSON/g, ''), /[A-Za-z]{3,}/, chinese);
  // The banner was said as data: the switch says it again in English.
  await page.selectOption('#lang-select', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  const english = await page.textContent('#error-banner .error-message span');
  assert.match(english, /Could not import the file/);
  assert.match(english, /is not valid JSON \(line 1, column 14\): EOF while parsing a value/);
  assert.deepEqual(pageErrors(page, routeAt("/shapley")), []);
});

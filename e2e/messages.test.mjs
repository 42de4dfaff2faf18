// The message files (issue 37): every message the code asks for is defined in every language,
// every message defined is asked for somewhere, each id is defined once, each file parses, and
// each language defines the same ids with the same arguments. No browser: it reads the sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './harness.mjs';

const LANGS = ['en', 'zh-CN'];
const FOLDERS = [join(ROOT, 'web', 'locales'), join(ROOT, 'core', 'locales')];

function files(dir, ext) {
  let out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(files(path, ext));
    else if (path.endsWith(ext)) out.push(path);
  }
  return out;
}

/**
 * A Fluent file's messages: id → { args, attributes, line }. A strict reading of the subset the
 * playground uses: `id = value`, indented continuation lines, `.attr = value`, `{ $arg }`,
 * selectors (`{ $n -> [one] … *[other] … }`), comments; anything else is an error.
 */
export function parseFtl(text, where) {
  const messages = new Map();
  const errors = [];
  let current = null;
  let depth = 0;
  text.split('\n').forEach((line, k) => {
    const at = `${where}:${k + 1}`;
    if (depth === 0 && (line.startsWith('#') || line.trim() === '')) return;
    const start = depth === 0 ? line.match(/^([a-zA-Z][a-zA-Z0-9_-]*)\s*=\s?(.*)$/) : null;
    let value;
    if (start) {
      const [, id, rest] = start;
      if (messages.has(id)) errors.push(`${at}: ${id} defined twice`);
      current = { id, args: new Set(), attributes: new Set(), line: k + 1 };
      messages.set(id, current);
      value = rest;
    } else if (current && /^\s+/.test(line)) {
      const attr = depth === 0 ? line.match(/^\s+\.([a-zA-Z][a-zA-Z0-9_-]*)\s*=\s?(.*)$/) : null;
      if (attr) { current.attributes.add(attr[1]); value = attr[2]; } else value = line;
    } else {
      errors.push(`${at}: not a message, an attribute or a continuation: ${JSON.stringify(line)}`);
      return;
    }
    for (const ch of value) { if (ch === '{') depth += 1; if (ch === '}') depth -= 1; }
    if (depth < 0) { errors.push(`${at}: unbalanced }`); depth = 0; }
    for (const m of value.matchAll(/\$([a-zA-Z][a-zA-Z0-9_-]*)/g)) current.args.add(m[1]);
  });
  if (depth !== 0) errors.push(`${where}: unclosed {`);
  return { messages, errors };
}

/** Every area file of every language: `{ lang, area, path, messages }`. */
function catalog() {
  const out = [];
  const errors = [];
  for (const folder of FOLDERS) {
    for (const lang of LANGS) {
      for (const path of files(join(folder, lang), '.ftl')) {
        const area = relative(join(folder, lang), path);
        const parsed = parseFtl(readFileSync(path, 'utf8'), relative(ROOT, path));
        errors.push(...parsed.errors);
        out.push({ lang, area: `${relative(ROOT, folder)}/${area}`, path, messages: parsed.messages });
      }
    }
  }
  return { areas: out, errors };
}

/**
 * String literals of the Rust sources, the messages they ask for (`t("id")`, `t!("id", …)`,
 * `keyed(path, "id", …)`), and the prefixes of computed ids (`t(&format!("preset-{name}"))`: an
 * id `preset-X` is asked for when `X` is a literal of the sources).
 */
function uses() {
  const literals = new Set();
  const asked = [];
  const prefixes = new Set();
  const ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;
  for (const dir of [join(ROOT, 'web', 'src'), join(ROOT, 'core', 'src')]) {
    for (const path of files(dir, '.rs')) {
      // Comments are not code: an example in a doc comment asks for nothing.
      // A quote as a character ('"') is not the start of a string.
      const text = readFileSync(path, 'utf8').split('\n').map((l) => (/^\s*\/\//.test(l) ? '' : l)).join('\n')
        .replace(/'\\?"'/g, "''");
      const at = (index) => `${relative(ROOT, path)}:${text.slice(0, index).split('\n').length}`;
      for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) literals.add(m[1]);
      for (const m of text.matchAll(/"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)"/g)) literals.add(m[1]);
      for (const m of text.matchAll(/\b(?:t|t_args|t!|fixed)\(\s*"([^"]+)"/g)) asked.push({ id: m[1], at: at(m.index) });
      for (const m of text.matchAll(/(?<!\w)(?:keyed|push_keyed|keyed_custom|keyed_text)\(/g)) {
        // The id is the call's first id-like literal (a `kind_id("base", …)` names a family).
        const id = [...text.slice(m.index, m.index + 400).matchAll(/(kind_id\(\s*)?"([^"]*)"/g)]
          .filter((x) => !x[1]).map((x) => x[2]).find((x) => ID.test(x));
        if (id) asked.push({ id, at: at(m.index) });
      }
      for (const m of text.matchAll(/format!\(\s*"([a-z][a-z0-9-]*-)\{/g)) prefixes.add(m[1]);
    }
  }
  return { literals, asked, prefixes };
}

test('every message file parses, and no id is defined twice in a language', () => {
  const { areas, errors } = catalog();
  assert.deepEqual(errors, []);
  for (const lang of LANGS) {
    const seen = new Map();
    for (const a of areas.filter((x) => x.lang === lang)) {
      for (const id of a.messages.keys()) {
        assert.ok(!seen.has(id), `${lang}: ${id} is defined in ${seen.get(id)} and ${a.area}`);
        seen.set(id, a.area);
      }
    }
  }
});

test('each language defines the same messages, attributes and arguments, area by area', () => {
  const { areas } = catalog();
  const en = areas.filter((a) => a.lang === 'en');
  for (const lang of LANGS.filter((l) => l !== 'en')) {
    const other = areas.filter((a) => a.lang === lang);
    assert.deepEqual(other.map((a) => a.area).sort(), en.map((a) => a.area).sort(), `${lang} has the same area files as en`);
    for (const a of en) {
      const b = other.find((x) => x.area === a.area);
      const missing = [...a.messages.keys()].filter((id) => !b.messages.has(id));
      const extra = [...b.messages.keys()].filter((id) => !a.messages.has(id));
      assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${lang} ${a.area} against en`);
      for (const [id, m] of a.messages) {
        const n = b.messages.get(id);
        assert.deepEqual([...n.args].sort(), [...m.args].sort(), `${lang} ${a.area} ${id}: arguments`);
        assert.deepEqual([...n.attributes].sort(), [...m.attributes].sort(), `${lang} ${a.area} ${id}: attributes`);
      }
    }
  }
});

test('every message asked for is defined, and every message defined is asked for', () => {
  const { areas } = catalog();
  const defined = new Set();
  for (const a of areas.filter((x) => x.lang === 'en')) {
    for (const [id, m] of a.messages) {
      defined.add(id);
      for (const attr of m.attributes) defined.add(`${id}.${attr}`);
    }
  }
  const { literals, asked, prefixes } = uses();
  const undefinedIds = asked.filter((u) => !defined.has(u.id)).map((u) => `${u.at}: ${u.id}`);
  assert.deepEqual(undefinedIds, [], 'asked for, never defined');
  const used = new Set([...literals, ...asked.map((u) => u.id)]);
  const computed = (id) => [...prefixes].some((p) => id.startsWith(p) && literals.has(id.slice(p.length)));
  const unused = [...defined].filter((id) => !id.includes('.') && !used.has(id) && !computed(id));
  assert.deepEqual(unused, [], 'defined, never asked for');
});

test('this test reads what it checks', () => {
  const { literals, asked } = uses();
  assert.ok(asked.some((u) => u.id === 'skip-to-content'), 'sees t("…") in the shell');
  assert.ok(literals.has('nav-home'), 'sees ids in tables');
  const broken = parseFtl('a = { $x\nb = ok\nc d\n', 'sample');
  assert.ok(broken.errors.length >= 1, 'an unclosed placeable or a stray line is an error');
});

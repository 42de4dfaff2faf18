// Where the bytes of a wasm module go: its sections, and its code by crate and module (from the
// name section), its data (with the core's include_str! files found in it), each with a Brotli
// estimate (issue 23's size profile). Usage:
//   node scripts/wasm-size.mjs FILE.wasm [--top N] [--quality Q] [--match REGEX] [--json] [--data DIR ...]
// Give it a module that still has its names: cargo's output
// ($CARGO_TARGET_DIR/wasm32-unknown-unknown/release/app.wasm: before wasm-bindgen, whose export
// section and `__wasm_bindgen_unstable` section do not ship), or wasm-bindgen's output passed
// through `wasm-opt -Oz -g` (closest to what ships, as Trunk runs wasm-opt without -g, which drops
// the names; after wasm-opt's inlining, a page's view code is mostly counted under yew's
// `CompStateInner::view`). A function counts for the crate of its path, a method for its Self
// type's crate (`<cloudecon::spot::X as serde::Deserialize>::deserialize` is cloudecon's), drop
// glue for its type's. `--match REGEX` lists the functions whose name matches, with their sizes.
// Brotli is computed per group, on the group's bytes alone: a group compresses a little worse
// alone than inside the whole module, so the groups' estimates add up to a bit more than the
// module's. The default quality is 11 (as scripts/precompress.mjs); `--quality 9` is several times
// faster and reads about 10 % higher.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith('--') && !['--top', '--data', '--quality', '--match'].includes(args[i - 1]));
if (!file) {
  console.error('usage: node scripts/wasm-size.mjs FILE.wasm [--top N] [--quality Q] [--match REGEX] [--json] [--data DIR ...]');
  process.exit(2);
}
const match = args.includes('--match') ? new RegExp(args[args.indexOf('--match') + 1]) : null;
const top = args.includes('--top') ? Number(args[args.indexOf('--top') + 1]) : 30;
const quality = args.includes('--quality') ? Number(args[args.indexOf('--quality') + 1]) : 11;
const dataDirs = args.flatMap((a, i) => (args[i - 1] === '--data' ? [a] : []));
if (dataDirs.length === 0) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  for (const d of ['core/data', 'core/src/abacus/exercises', 'core/src/era/exercises', 'core/src/spot/exercises',
    'core/src/cloudshare/exercises', 'core/src/shapley/exercises']) {
    try { if (statSync(join(root, d)).isDirectory()) dataDirs.push(join(root, d)); } catch { /* not in this checkout */ }
  }
}

const br = (buf) => brotliCompressSync(buf, {
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
}).length;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

// ---- The module's structure --------------------------------------------------------------------
const wasm = readFileSync(file);
let pos = 8;
const leb = () => { let r = 0, s = 0, x; do { x = wasm[pos++]; r += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80); return r; };
const str = () => { const n = leb(); const s = wasm.toString('utf8', pos, pos + n); pos += n; return s; };
const SECTION = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'];
const sections = [];
let importedFuncs = 0;
const bodies = []; // { start, end } per defined function
const segments = []; // { start, end } per data segment
const names = new Map(); // function index -> name
while (pos < wasm.length) {
  const id = wasm[pos++];
  const len = leb();
  const start = pos;
  const end = start + len;
  let label = SECTION[id] ?? `section ${id}`;
  if (id === 0) label = `custom "${str()}"`;
  sections.push({ label, start, end, size: end - start });
  if (id === 2) {
    for (let n = leb(); n > 0; n--) {
      str(); str();
      const kind = wasm[pos++];
      if (kind === 0) { leb(); importedFuncs++; }
      else if (kind === 1) { pos++; const f = leb(); leb(); if (f & 1) leb(); }
      else if (kind === 2) { const f = leb(); leb(); if (f & 1) leb(); }
      else if (kind === 3) { pos += 2; }
      else if (kind === 4) { pos++; leb(); }
    }
  } else if (id === 10) {
    for (let n = leb(); n > 0; n--) { const size = leb(); bodies.push({ start: pos, end: pos + size }); pos += size; }
  } else if (id === 11) {
    for (let n = leb(); n > 0; n--) {
      const flags = leb();
      if (flags === 2) leb();
      if (flags !== 1) { while (wasm[pos] !== 0x0b) pos++; pos++; } // the offset expression
      const size = leb();
      segments.push({ start: pos, end: pos + size });
      pos += size;
    }
  } else if (label === 'custom "name"') {
    while (pos < end) {
      const sub = wasm[pos++];
      const sublen = leb();
      const subend = pos + sublen;
      if (sub === 1) for (let n = leb(); n > 0; n--) { const idx = leb(); names.set(idx, str()); }
      pos = subend;
    }
  }
  pos = end;
}

// ---- Rust's legacy mangling (_ZN…E), as rustc emits for wasm ------------------------------------
const ESC = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };
// The v0 scheme (`_R…`, the precompiled std's): only its crate and its identifiers, roughly.
function demangleV0(sym) {
  const s = sym.slice(2);
  const idents = [];
  for (let i = 0; i < s.length;) {
    const dis = /^s[0-9a-zA-Z]*_/.exec(s.slice(i));
    if (dis && i > 0 && /[A-Z]/.test(s[i - 1])) { i += dis[0].length; continue; }
    const d = /^(\d+)_?/.exec(s.slice(i));
    if (d && /[A-Za-z_]/.test(s[i + d[0].length] ?? '')) {
      const n = Number(d[1]);
      idents.push(s.slice(i + d[0].length, i + d[0].length + n));
      i += d[0].length + n;
    } else i++;
  }
  return idents.join('::');
}
function demangle(sym) {
  if (sym.startsWith('_R')) return demangleV0(sym);
  const m = /^_?_ZN(.*)E$/.exec(sym.split('.llvm.')[0]);
  // wasm-bindgen demangles the names it keeps: only their hash is left to drop.
  // (v0 names come back with their crates' hashes: `core[c5930c85a12de822]::fmt`).
  if (!m) return sym.replace(/::h[0-9a-f]{16}$/, '').replace(/\[[0-9a-f]{16}\]/g, '');
  const s = m[1];
  const parts = [];
  let i = 0;
  while (i < s.length && /\d/.test(s[i])) {
    let j = i;
    while (/\d/.test(s[j])) j++;
    const n = Number(s.slice(i, j));
    parts.push(s.slice(j, j + n));
    i = j + n;
  }
  if (parts.length && /^h[0-9a-f]{16}$/.test(parts[parts.length - 1])) parts.pop();
  return parts.map((p) => {
    if (p.startsWith('_$')) p = p.slice(1);
    return p
      .replace(/\$(SP|BP|RF|LT|GT|LP|RP|C)\$/g, (_, k) => ESC[k])
      .replace(/\$u([0-9a-f]+)\$/g, (_, h) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/\.\./g, '::');
  }).join('::');
}

// The crate whose code a function is: a method's Self type's crate (`<A as B>::f` is A's, an
// `impl B for A` block's too), drop glue's type's crate, else the path's first segment.
function splitTop(s, sep) { // index of sep at bracket depth 0
  let d = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '<' || c === '(' || c === '[') d++;
    else if (c === '>' || c === ')' || c === ']') d--;
    else if (d === 0 && s.startsWith(sep, i)) return i;
  }
  return -1;
}
function matching(s, i) { let d = 0; for (let j = i; j < s.length; j++) { if ('<(['.includes(s[j])) d++; else if ('>)]'.includes(s[j]) && --d === 0) return j; } return s.length; }
function selfType(ty) {
  ty = ty.trim();
  for (;;) {
    const t = ty.replace(/^(&|\*const |\*mut |mut |dyn |impl )/, '');
    if (t === ty) break;
    ty = t.trim();
  }
  if (ty.startsWith('[') || ty.startsWith('(')) { // a slice, array or tuple: its first element
    const inner = ty.slice(1, matching(ty, 0));
    const cut = [splitTop(inner, ';'), splitTop(inner, ',')].filter((x) => x >= 0);
    return selfType(cut.length ? inner.slice(0, Math.min(...cut)) : inner);
  }
  if (ty.startsWith('<')) return ownerPath(ty);
  return ty;
}
function ownerPath(name) {
  if (name.startsWith('<')) {
    const close = matching(name, 0);
    const inner = name.slice(1, close);
    let as = splitTop(inner, ' as ');
    if (inner.startsWith('impl ')) { const f = splitTop(inner, ' for '); if (f >= 0) return selfType(inner.slice(f + 5)); }
    const t = selfType(as >= 0 ? inner.slice(0, as) : inner);
    if (/^[a-z_][a-z0-9_]*::/.test(t)) return t;
    // A primitive or a generic parameter as Self (`<f64 as core::fmt::Display>`): the trait's path;
    // a primitive's own methods (`<char>::escape_debug_ext`) are core's.
    return as >= 0 ? selfType(inner.slice(as + 4)) : `core::${t}`;
  }
  const drop = /^core::ptr::drop_in_place<(.*)>$/.exec(name);
  if (drop) return selfType(drop[1]);
  return name;
}
function crateAndModule(name) {
  let p = ownerPath(name);
  // `_::<impl …>` and the like, which serde's derive emits.
  const impl = splitTop(p, '::_::<impl ');
  if (impl >= 0) p = p.slice(0, impl);
  const segs = [];
  let rest = p;
  while (rest.length) {
    const k = splitTop(rest, '::');
    const seg = k < 0 ? rest : rest.slice(0, k);
    segs.push(seg.replace(/<.*$/, ''));
    if (k < 0) break;
    rest = rest.slice(k + 2);
  }
  let crate = /^[A-Za-z_][A-Za-z0-9_]*$/.test(segs[0] ?? '') ? segs[0] : '(other)';
  if (segs.length === 1 && crate !== '(other)') {
    // No path: wasm-bindgen's shims and descriptors, compiler builtins, C symbols.
    crate = /^__wb(indgen|g)_/.test(crate) ? '(wasm-bindgen shims)' : '(no path: builtins, C symbols)';
  }
  if (crate.startsWith('(')) return { crate, module: crate };
  const depth = crate === 'cloudecon' || crate === 'cloudecon_web' ? (segs[1] === 'pages' || segs[1] === 'components' ? 3 : 2) : 1;
  const mod = segs.slice(0, Math.min(depth, segs.length - 1 || 1)).join('::');
  return { crate, module: mod || crate };
}

// ---- Code -------------------------------------------------------------------------------------
const funcs = bodies.map((b, i) => {
  const raw = names.get(importedFuncs + i) ?? `func[${importedFuncs + i}]`;
  const name = demangle(raw);
  return { name, size: b.end - b.start, ...b, ...crateAndModule(name) };
});
function group(key) {
  const m = new Map();
  for (const f of funcs) {
    const k = key(f);
    const g = m.get(k) ?? { key: k, size: 0, count: 0, parts: [] };
    g.size += f.size; g.count++; g.parts.push(wasm.subarray(f.start, f.end));
    m.set(k, g);
  }
  return [...m.values()].sort((a, b) => b.size - a.size);
}
const codeSection = sections.find((s) => s.label === 'code');
const dataSection = sections.find((s) => s.label === 'data');

// ---- Data: the include_str! files found in it --------------------------------------------------
const data = Buffer.concat(segments.map((s) => wasm.subarray(s.start, s.end)));
const found = [];
for (const dir of dataDirs) {
  for (const f of readdirSync(dir)) {
    const body = readFileSync(join(dir, f));
    if (body.length < 64) continue;
    const at = data.indexOf(body);
    if (at >= 0) found.push({ file: join(dir, f), at, size: body.length });
  }
}
const dataFiles = found.filter((f) => f.file.includes('/data/'));
if (match) {
  const hits = funcs.filter((f) => match.test(f.name)).sort((a, b) => b.size - a.size);
  for (const f of hits) console.log(`${String(f.size).padStart(9)}  ${f.name}`);
  console.log(`${hits.length} functions, ${hits.reduce((a, f) => a + f.size, 0)} bytes`);
  process.exit(0);
}
const exerciseFiles = found.filter((f) => f.file.includes('/exercises/'));
const sumOf = (xs) => xs.reduce((a, x) => a + x.size, 0);
const dataRest = (() => {
  const keep = []; let last = 0;
  for (const f of [...found].sort((a, b) => a.at - b.at)) { keep.push(data.subarray(last, f.at)); last = f.at + f.size; }
  keep.push(data.subarray(last));
  return Buffer.concat(keep);
})();

if (args.includes('--json')) {
  console.log(JSON.stringify({
    file, raw: wasm.length,
    sections: sections.map(({ label, size }) => ({ label, size })),
    crates: group((f) => f.crate).map(({ key, size, count }) => ({ crate: key, size, count })),
    modules: group((f) => f.module).map(({ key, size, count }) => ({ module: key, size, count })),
    dataFiles: found.map(({ file: f, size }) => ({ file: f, size })),
  }, null, 1));
  process.exit(0);
}


// ---- Report -----------------------------------------------------------------------------------
const kb = (n) => (n / 1024).toFixed(1).padStart(8);
const row = (label, raw, buf) => `${kb(raw)} KiB raw ${buf ? `${kb(br(buf))} KiB br` : ''.padEnd(15)}  ${label}`;
const out = [];
out.push(`${file}: ${kb(wasm.length)} KiB raw, ${kb(gz(wasm))} KiB gzip -9, ${kb(br(wasm))} KiB brotli ${quality}`);
out.push('', '== Sections');
for (const s of sections) out.push(row(s.label, s.size, s.size > 4096 ? wasm.subarray(s.start, s.end) : null));
if (sections.some((s) => s.label === 'custom "__wasm_bindgen_unstable"')) {
  out.push('(before wasm-bindgen: the export section is mostly its descriptors, which it removes with its custom section)');
}
out.push('', `== Data (${segments.length} segments)`);
out.push(row(`core/data files (${dataFiles.map((f) => f.file.split('/').pop()).join(', ')})`, sumOf(dataFiles),
  Buffer.concat(dataFiles.map((f) => data.subarray(f.at, f.at + f.size)))));
out.push(row(`exercise JSON files (${exerciseFiles.length})`, sumOf(exerciseFiles),
  Buffer.concat(exerciseFiles.map((f) => data.subarray(f.at, f.at + f.size)))));
out.push(row('the rest (strings, tables, statics)', dataRest.length, dataRest));
if (names.size === 0) out.push('', '(no name section: the code cannot be attributed; see the usage above)');
else {
  const total = funcs.reduce((a, f) => a + f.size, 0);
  out.push('', `== Code by crate (${funcs.length} functions, ${kb(total)} KiB of bodies)`);
  const crates = group((f) => f.crate);
  for (const g of crates.filter((g) => g.size >= 2048)) out.push(row(`${g.key} (${g.count})`, g.size, Buffer.concat(g.parts)));
  const small = crates.filter((g) => g.size < 2048);
  out.push(row(`${small.length} smaller crates (${small.map((g) => g.key).join(', ')})`.slice(0, 400), small.reduce((a, g) => a + g.size, 0),
    Buffer.concat(small.flatMap((g) => g.parts))));
  out.push('', '== Code of cloudecon (the core) and cloudecon_web by module');
  for (const g of group((f) => f.module).filter((g) => /^cloudecon/.test(g.key) && g.size >= 1024)) out.push(row(`${g.key} (${g.count})`, g.size, Buffer.concat(g.parts)));
  out.push('', '== Code whose name mentions … (instances included: serde_json::from_str<cloudecon::spot::X> counts for both)');
  for (const [label, re] of [
    ['cloudecon::abacus', /cloudecon::abacus\b/], ['cloudecon::era', /cloudecon::era\b/], ['cloudecon::spot', /cloudecon::spot\b/],
    ['cloudecon::cloudshare', /cloudecon::cloudshare\b/], ['cloudecon::shapley', /cloudecon::shapley\b/],
    ['cloudecon::exercise', /cloudecon::exercise\b/], ['cloudecon::scenario', /cloudecon::scenario\b/],
    ['serde (serde, serde_core, serde_json)', /\bserde/], ['serde_json', /serde_json/], ['Deserialize/Visitor', /Deserializ|Visitor/],
    ['Serialize', /\bSerializ/], ['plotters', /plotters/], ['core::fmt', /core::fmt/], ['yew', /\byew/],
  ]) {
    const fs = funcs.filter((f) => re.test(f.name));
    out.push(row(`${label} (${fs.length})`, fs.reduce((a, f) => a + f.size, 0), Buffer.concat(fs.map((f) => wasm.subarray(f.start, f.end)))));
  }
  out.push('', `== Top ${top} functions`);
  for (const f of [...funcs].sort((a, b) => b.size - a.size).slice(0, top)) out.push(`${kb(f.size)} KiB  ${f.name.slice(0, 180)}`);
}
console.log(out.join('\n'));

// Writes FILE.br and FILE.gz beside every compressible file of a built bundle (wasm, js, css,
// html, json, csv, swf logs), in the bundle's folder and below, as static hosts serve them: the project's server (static-server.mjs) sends
// the variant the browser accepts with its Content-Encoding. Run by Trunk after each build
// (Trunk.toml's post_build hook, on its staging folder) or by hand: node scripts/precompress.mjs dist
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, extname, relative } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = new Set(['.wasm', '.js', '.mjs', '.css', '.html', '.json', '.csv', '.swf', '.svg', '.txt', '.md']);

export async function precompress(dir) {
  const written = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const name = relative(dir, join(entry.parentPath ?? entry.path, entry.name));
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(name))) continue;
    const file = join(dir, name);
    const body = await readFile(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
    written.push({ name, raw: body.length, br: br.length, gzip: gz.length });
  }
  return written;
}

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node scripts/precompress.mjs DIR (or run as a Trunk hook)');
  process.exit(2);
}
// Trunk leaves the one "main" Rust link it was told to skip (index.html: the bundles are built as
// workers) in the page as it was written; the browser would ignore it, but it does not ship.
const index = join(dir, 'index.html');
const html = await readFile(index, 'utf8').catch(() => null);
if (html !== null) await writeFile(index, html.replace(/[ \t]*<link data-trunk [^>]*data-trunk-skip[^>]*>\n?/g, ''));
for (const { name, raw, br, gzip } of await precompress(dir)) {
  console.log(`${name}: ${raw} bytes, brotli ${br}, gzip ${gzip}`);
}

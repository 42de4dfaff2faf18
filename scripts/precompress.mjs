// Writes FILE.br and FILE.gz beside every compressible file of a built bundle (wasm, js, css,
// html, json, csv, swf logs), in the bundle's folder and below, as static hosts serve them: the
// project's server (static-server.mjs) sends the variant the browser accepts with its
// Content-Encoding, and on a plain host (no compression) the app fetches FILE.gz itself and
// inflates it. Run after each build by scripts/site.mjs (Trunk's post_build hook).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, extname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = new Set(['.wasm', '.js', '.mjs', '.css', '.html', '.json', '.csv', '.swf', '.svg', '.txt', '.md', '.ftl']);

/** Compresses every compressible file of `dir` (or only `only`, names relative to it). */
export async function precompress(dir, only = null) {
  const written = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const name = relative(dir, join(entry.parentPath ?? entry.path, entry.name));
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(name))) continue;
    if (only && !only.includes(name)) continue;
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

// By hand: node scripts/precompress.mjs DIR (Trunk's hook runs scripts/site.mjs, which calls it).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/precompress.mjs DIR');
    process.exit(2);
  }
  for (const { name, raw, br, gzip } of await precompress(dir)) {
    console.log(`${name}: ${raw} bytes, brotli ${br}, gzip ${gzip}`);
  }
}

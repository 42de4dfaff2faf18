// A small static server for the built bundle, behaving as good static hosts do (GitHub Pages,
// Netlify): serves DIR on 127.0.0.1:PORT (optionally under a sub-path, as a project site or a
// university web space is: `prefix`), a folder's index.html for the folder (every route is a
// real page: /era is era/index.html), 404.html with status 404 for anything else, sends a
// precompressed FILE.br or FILE.gz when the browser accepts it
// (with Content-Encoding and Vary), marks files whose names carry a content hash
// (app-0123456789abcdef.js) immutable, and has everything else (index.html, worker.js) revalidated
// with an ETag (a 304 when unchanged), so a reload downloads nothing that did not change.
// It rewrites no address: what works here works on a host that only serves files.
// Usage: node scripts/static-server.mjs dist 8080 [/sub/path/]   (port 0 picks a free one and prints it)
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8', '.swf': 'text/plain; charset=utf-8', '.md': 'text/markdown; charset=utf-8',
  '.ftl': 'text/plain; charset=utf-8',
};

/** Trunk's hashed names: `name-<16 hex digits>.ext` (or `_bg.wasm`). */
const HASHED = /-[0-9a-f]{16}(_bg)?\.[a-z]+$/;

/** Bodies and their ETags, by file and modification time. */
const cache = new Map();

async function load(file, info) {
  const key = `${file}:${info.mtimeMs}:${info.size}`;
  let entry = cache.get(key);
  if (!entry) {
    const body = await readFile(file);
    entry = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    cache.set(key, entry);
  }
  return entry;
}

/** The precompressed variant to send, if the browser takes it and it exists. */
async function variant(file, accept) {
  for (const [encoding, ext] of [['br', '.br'], ['gzip', '.gz']]) {
    if (!new RegExp(`\\b${encoding}\\b`).test(accept)) continue;
    const info = await stat(file + ext).catch(() => null);
    if (info?.isFile()) return { encoding, file: file + ext, info };
  }
  return null;
}

export function serve(dir, port = 0, host = '127.0.0.1', { prefix = '/' } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://x');
      const whole = decodeURIComponent(url.pathname);
      if (whole + '/' === prefix) {
        // The site's folder without its slash, redirected as hosts do.
        res.writeHead(301, { location: prefix + url.search }).end();
        return;
      }
      if (!whole.startsWith(prefix)) {
        // Outside the site: the host's own answer, which knows nothing of the playground.
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const path = '/' + whole.slice(prefix.length);
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) { file = join(file, 'index.html'); info = await stat(file).catch(() => null); }
      let status = 200;
      if (!info) {
        // The site's 404.html, as GitHub Pages, Netlify and S3 send it.
        status = 404;
        file = join(root, '404.html');
        info = await stat(file).catch(() => null);
        if (!info) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
      }
      const chosen = await variant(file, String(req.headers['accept-encoding'] ?? ''));
      const { body, etag } = await load(chosen?.file ?? file, chosen?.info ?? info);
      const headers = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': HASHED.test(basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache',
        etag,
        vary: 'Accept-Encoding',
      };
      if (chosen) headers['content-encoding'] = chosen.encoding;
      if (status === 200 && req.headers['if-none-match'] === etag) { res.writeHead(304, headers).end(); return; }
      headers['content-length'] = body.length;
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e));
    }
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [dir = 'dist', port = '8080', prefix = '/'] = process.argv.slice(2);
  const sub = prefix.endsWith('/') ? prefix : prefix + '/';
  const server = await serve(dir, Number(port), '127.0.0.1', { prefix: sub });
  const { port: p } = server.address();
  console.log(`CloudEcon Playground: http://127.0.0.1:${p}${sub}  (serving ${resolve(dir)}; Ctrl-C to stop)`);
}

// A tiny static server for the built bundle: serves DIR on 127.0.0.1:PORT, answers unknown
// paths without a file extension with index.html (client-side routes such as /shapley).
// Usage: node scripts/static-server.mjs dist 8080   (port 0 picks a free one and prints it)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

export function serve(dir, port = 0, host = '127.0.0.1') {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) { file = join(file, 'index.html'); info = await stat(file).catch(() => null); }
      if (!info && !extname(path)) { file = join(root, 'index.html'); info = await stat(file).catch(() => null); }
      if (!info) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
    } catch (e) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e));
    }
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [dir = 'dist', port = '8080'] = process.argv.slice(2);
  const server = await serve(dir, Number(port));
  const { port: p } = server.address();
  console.log(`CloudEcon Playground: http://127.0.0.1:${p}/  (serving ${resolve(dir)}; Ctrl-C to stop)`);
}

// The playground's service worker (issue 34): after one visit, every page, bundle, the run worker
// and the data files open without a network. scripts/site.mjs writes it into dist/ as sw.js at
// build time, with the build's list of files in BUILD below; the page registers it
// (web/src/services/offline.rs) and shows what it does.
//
// - One cache per build and folder ("cloudecon <folder> <version>"), filled whole on install (the
//   .gz beside each compressible file, inflated here: a third of the bytes from a plain host; a
//   file an older build kept with the same hash is taken from its cache instead); a file whose
//   size is not the build's fails the install, which the browser tries again later.
// - Activation removes this folder's older caches. A new build installs beside the running one
//   and waits: the page says "reload to update" and asks for it (skip-waiting); nothing changes
//   under a class mid-lesson.
// - Requests are answered from the cache first. A navigation (any ?query or #fragment) is
//   answered with its route's page, an unknown address with 404.html.
'use strict';

const BUILD = /* BUILD */ null;
const SCOPE = new URL('./', self.location.href).href;
const PREFIX = 'cloudecon ' + SCOPE + ' ';
const CACHE = PREFIX + BUILD.version;

const TYPES = {
  html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8',
  wasm: 'application/wasm', json: 'application/json', csv: 'text/csv; charset=utf-8',
  swf: 'text/plain; charset=utf-8', md: 'text/markdown; charset=utf-8', txt: 'text/plain; charset=utf-8',
};

/** Tells every page of the playground (controlled or not yet) how things go. */
async function tell(message) {
  const pages = await self.clients.matchAll({ includeUncontrolled: true, type: 'window' });
  for (const page of pages) page.postMessage({ source: 'cloudecon-sw', version: BUILD.version, ...message });
}

/** Fetches one file of the build and keeps it (from an older build's cache when unchanged). */
async function store(cache, older, file) {
  const url = new URL(file.path, SCOPE).href;
  if (await cache.match(url)) return; // kept by an interrupted install
  for (const old of older) {
    const kept = await old.match(url);
    if (kept && kept.headers.get('x-cloudecon-sha') === file.sha) {
      await cache.put(url, kept);
      return;
    }
  }
  let body = null;
  if (file.gz && typeof DecompressionStream === 'function') {
    const r = await fetch(url + '.gz', { cache: 'no-cache' });
    if (r.ok && r.body) {
      // A host that sends the .gz with Content-Encoding: gzip had it inflated already.
      const inflated = /gzip/i.test(r.headers.get('content-encoding') || '');
      body = await new Response(inflated ? r.body : r.body.pipeThrough(new DecompressionStream('gzip'))).blob();
    }
  }
  if (body === null) {
    const r = await fetch(url, { cache: 'no-cache' });
    if (!r.ok) throw new Error(`${file.path}: HTTP ${r.status}`);
    body = await r.blob();
  }
  if (body.size !== file.size) throw new Error(`${file.path}: ${body.size} bytes, not the build's ${file.size}`);
  const type = TYPES[file.path.split('.').pop()] || 'application/octet-stream';
  await cache.put(url, new Response(body, { headers: { 'content-type': type, 'x-cloudecon-sha': file.sha } }));
}

async function precache() {
  const cache = await caches.open(CACHE);
  const older = [];
  for (const key of await caches.keys()) {
    if (key.startsWith(PREFIX) && key !== CACHE) older.push(await caches.open(key));
  }
  const queue = BUILD.files.slice();
  let done = 0;
  await tell({ type: 'progress', done, total: BUILD.bytes });
  // Four downloads at a time: a slow link stays busy, a plain server is not flooded.
  const lane = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      await store(cache, older, file);
      done += file.gz || file.size;
      await tell({ type: 'progress', done, total: BUILD.bytes });
    }
  };
  try {
    await Promise.all([lane(), lane(), lane(), lane()]);
  } catch (e) {
    await tell({ type: 'failed', message: String(e && e.message || e) });
    throw e;
  }
  await tell({ type: 'installed' });
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
    await tell({ type: 'activated' });
  })());
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'skip-waiting') self.skipWaiting();
  if (data.type === 'status' && event.source) {
    event.source.postMessage({ source: 'cloudecon-sw', version: BUILD.version, type: 'status', bytes: BUILD.bytes, stored: BUILD.stored });
  }
});

const FILES = new Set(BUILD.files.map((f) => f.path));

/** The file a navigation to `url` shows: its route's page, a file of the build, else 404.html. */
function pageOf(url) {
  let path;
  try {
    path = decodeURIComponent(url.pathname.slice(new URL(SCOPE).pathname.length));
  } catch {
    return '404.html';
  }
  if (FILES.has(path) && !path.endsWith('.html')) return path;
  path = path.replace(/(^|\/)index\.html$/, '').replace(/\/+$/, '');
  return BUILD.pages[path] || '404.html';
}

async function answer(request) {
  const url = new URL(request.url);
  // Only this build's cache, never opened here (opening would make it again after the reader
  // removed the offline copy).
  const kept = (key, options = {}) => caches.match(key, { cacheName: CACHE, ...options });
  let found;
  if (request.mode === 'navigate') {
    found = await kept(new URL(pageOf(url), SCOPE).href);
  } else {
    found = await kept(url.href, { ignoreSearch: true });
    // A page loaded before this worker took over may still ask for the .gz of a file: the
    // file itself is what it wants (the app passes through a body that is not gzip).
    if (!found && url.pathname.endsWith('.gz')) found = await kept(url.href.replace(/\.gz$/, ''));
  }
  return found || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  event.respondWith(answer(request));
});

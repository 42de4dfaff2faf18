// What a page downloads before its first result, and how long that takes: a fresh browser profile
// (nothing cached), optionally on a throttled link, bytes summed as they arrive over the wire
// (each response's encoded length: Brotli where the server sent it). Used by the budget test
// (first_load.test.mjs) and by scripts/first-load.mjs for BENCHMARKS.md.
import { ROUTES } from './routes.mjs';

/** The slow profile: 1.6 Mbit/s down and up, 150 ms round trip. */
export const SLOW = { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 1.6e6 / 8 };

/** The pages measured: the home page and every page that runs a mechanism on load. */
export const PAGES = ['/', ...ROUTES.filter((r) => r.run).map((r) => r.path)];

/**
 * The page's first result: the home page's heading, a phone's seat form in a class game (from a
 * join link at once; from a results link once the round is worked out), or a finished run.
 */
function firstResult(path) {
  if (path.startsWith('/play')) return '#play-seat';
  return path === '/' ? 'main h1' : '#run-status.done';
}

/**
 * Opens `path` in a fresh profile of `env` (the harness's) and waits for its first result.
 * Returns `{ path, ms, bytes, files }`: the time from navigation to the first result, the bytes
 * received by then, and those bytes by file.
 */
export async function firstLoad(env, path, { throttle = null, timeout = 120_000 } = {}) {
  const page = await env.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttle) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...throttle });
  const urls = new Map();
  const received = new Map();
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => received.set(e.requestId, e.encodedDataLength));
  const start = Date.now();
  await page.goto(env.origin + path, { waitUntil: 'commit', timeout });
  await page.waitForSelector(firstResult(path), { timeout });
  const ms = Date.now() - start;
  const files = {};
  for (const [id, length] of received) {
    const name = new URL(urls.get(id) ?? 'http://x/?').pathname;
    files[name] = (files[name] ?? 0) + length;
  }
  const bytes = Object.values(files).reduce((a, b) => a + b, 0);
  await page.context().close();
  return { path, ms, bytes, files };
}

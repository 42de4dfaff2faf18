// Live class games (issue 36), the teacher's webcam: Chromium's fake camera
// (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=FILE`) plays frames made
// of the students' QR codes — as their phones draw them, ten in one frame, some small, some
// tilted — and the teacher's page collects every one, each the runner's verdict.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync, openSync, writeSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEnvironment, ROOT } from './harness.mjs';

const require = createRequire(new URL('../tools/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const env = useEnvironment();
const PHONE = { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } };
const dir = mkdtempSync(join(tmpdir(), 'cloudecon-camera-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function cloudecon(...args) {
  const out = spawnSync(join(ROOT, 'target', 'release', 'cloudecon'), args, { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  return out.stdout.trim();
}

const WIDTH = 1280;
const HEIGHT = 720;

/**
 * Gray frames of the QR codes (`svgs`, as the phones draw them): where each goes, its size and
 * its tilt. Returns each frame's luma, row by row.
 */
async function frames(page, svgs, layouts) {
  await page.setContent(`<canvas width="${WIDTH}" height="${HEIGHT}"></canvas>`);
  return page.evaluate(async ({ svgs, layouts, WIDTH, HEIGHT }) => {
    const canvas = document.querySelector('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const images = await Promise.all(svgs.map(async (svg) => {
      const img = new Image();
      img.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      await img.decode();
      return img;
    }));
    const out = [];
    for (const layout of layouts) {
      // A gray desk under the phones, a little uneven.
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      const g = ctx.createLinearGradient(0, 0, WIDTH, HEIGHT);
      g.addColorStop(0, '#b8b8b8');
      g.addColorStop(1, '#8a8a8a');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, WIDTH, HEIGHT);
      for (const { code, x, y, size, angle, shear } of layout) {
        ctx.setTransform(1, 0, shear || 0, 1, x, y);
        ctx.rotate((angle || 0) * Math.PI / 180);
        ctx.drawImage(images[code], -size / 2, -size / 2, size, size);
      }
      const rgba = ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
      const luma = new Array(WIDTH * HEIGHT);
      for (let i = 0; i < luma.length; i++) {
        luma[i] = Math.round(0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2]);
      }
      out.push(luma);
    }
    return out;
  }, { svgs, layouts, WIDTH, HEIGHT });
}

/** A Y4M video of gray frames (4:2:0, chroma flat), each shown `repeat` times at 10 frames/s. */
function writeY4m(file, lumas, repeat) {
  const fd = openSync(file, 'w');
  writeSync(fd, `YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  for (const luma of lumas) {
    const y = Buffer.from(luma);
    for (let r = 0; r < repeat; r++) {
      writeSync(fd, 'FRAME\n');
      writeSync(fd, y);
      writeSync(fd, chroma);
    }
  }
  closeSync(fd);
}

test('the webcam reads every student\'s QR code: ten in one frame, small and tilted ones too', async () => {
  const settings = { game: 'abacus', seats: 12, seed: 6060, robots: 0 };
  const settingsFile = join(dir, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify(settings));
  const sessionText = cloudecon('game', 'new', settingsFile);
  const sessionFile = join(dir, 'session.json');
  writeFileSync(sessionFile, sessionText);
  const joinLink = `${env.origin}/play#${JSON.parse(sessionText).join}`;

  // Twelve phones make their codes; their QR codes are the pictures the camera sees.
  const svgs = [];
  const codes = [];
  for (let seat = 1; seat <= settings.seats; seat++) {
    const phone = await env.newPage(PHONE);
    await phone.goto(joinLink);
    await phone.fill('#play-seat', String(seat));
    await phone.click('#play-take-seat');
    await phone.waitForSelector('#play-decision');
    if (seat % 3 === 0) await phone.fill('#play-input-0', String(Number(await phone.inputValue('#play-input-0')) - seat));
    await phone.click('#play-make-code');
    await phone.waitForSelector('#play-qr');
    codes.push(await phone.textContent('#play-code'));
    svgs.push(await phone.evaluate(() => {
      const svg = document.querySelector('#play-qr').cloneNode(true);
      svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
      svg.setAttribute('width', '400');
      svg.setAttribute('height', '400');
      return svg.outerHTML;
    }));
    assert.deepEqual(phone.consoleErrors, []);
    await phone.context().close();
  }
  // Frame 1: ten phones at once, in two rows, sizes 140–200 px, tilted up to 20°.
  const first = Array.from({ length: 10 }, (_, i) => ({
    code: i,
    x: 130 + (i % 5) * 250,
    y: 190 + Math.floor(i / 5) * 330,
    size: 140 + (i % 4) * 20,
    angle: [-20, 12, 0, 8, -15, 18, -6, 3, -11, 15][i],
    shear: i % 3 === 0 ? 0.12 : 0,
  }));
  // Frame 2: the last two, one small (about 3 pixels a module) and one far off square.
  const second = [
    { code: 10, x: 300, y: 360, size: 105, angle: 25 },
    { code: 11, x: 900, y: 360, size: 240, angle: -35, shear: -0.2 },
  ];
  const builder = await env.newPage();
  const lumas = await frames(builder, svgs, [first, second]);
  await builder.context().close();
  if (process.env.CAMERA_FRAMES) lumas.forEach((l, i) => writeFileSync(`${process.env.CAMERA_FRAMES}-${i}.gray`, Buffer.from(l)));
  const video = join(dir, 'phones.y4m');
  writeY4m(video, lumas, 8);

  // The teacher's browser has that video as its camera.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    await context.grantPermissions(['camera'], { origin: env.origin });
    const requests = [];
    context.on('request', (r) => requests.push(r.url()));
    const teacher = await context.newPage();
    const errors = [];
    teacher.on('pageerror', (e) => errors.push(String(e)));
    teacher.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await teacher.goto(`${env.origin}/game`);
    await teacher.waitForSelector('#game-setup');
    await teacher.selectOption('#game-kind', settings.game);
    await teacher.fill('#game-seats', String(settings.seats));
    await teacher.fill('#game-robots', '0');
    await teacher.fill('#game-seed', String(settings.seed));
    await teacher.click('#game-start');
    await teacher.waitForSelector('#game-scan');
    // Each acknowledgement as it is shown: the most seats one frame brought.
    await teacher.evaluate(() => {
      window.acks = [];
      new MutationObserver(() => {
        const ack = document.querySelector('#game-scan-ack');
        if (ack && window.acks[window.acks.length - 1] !== ack.textContent) window.acks.push(ack.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await teacher.click('#game-scan');
    await teacher.waitForSelector('#game-scan-stop');
    await teacher.waitForFunction((n) => document.querySelector('#game-counts').textContent.includes(`${n} seat(s) decided, 0 refused`),
      settings.seats, { timeout: 60_000 }).catch(async (e) => {
      const state = await teacher.evaluate(() => ({
        counts: document.querySelector('#game-counts')?.textContent,
        scanner: document.querySelector('#game-scanner')?.outerHTML.slice(0, 400),
        acks: window.acks,
        problem: document.querySelector('#game-scan-problem')?.textContent,
      }));
      throw new Error(`${e.message}\n${JSON.stringify(state, null, 1)}`);
    });
    const acks = await teacher.evaluate(() => window.acks);
    const most = Math.max(...acks.map((a) => (a.match(/✓/g) || []).length));
    assert.ok(most >= 10, `one frame brought at most ${most} seats: ${JSON.stringify(acks)}`);
    const frames = Number(await teacher.getAttribute('#game-scanner', 'data-frames'));
    const ms = Number(await teacher.getAttribute('#game-scanner', 'data-ms'));
    console.log(`camera: ${frames} frames of ${WIDTH}x${HEIGHT} read, ${ms} ms each`);
    // The codes the camera read are the phones' codes, each the runner's "ok SEAT".
    const listed = await teacher.locator('#game-codes li.ok code').allTextContents();
    assert.deepEqual([...listed].sort(), [...codes].sort());
    const codesFile = join(dir, 'codes.txt');
    writeFileSync(codesFile, codes.join('\n'));
    assert.deepEqual(cloudecon('game', 'check', sessionFile, codesFile).split('\n'),
      codes.map((_, i) => `ok ${i + 1}`));
    // The camera goes on reading, but a code already held is not added again.
    await teacher.waitForTimeout(1500);
    assert.equal(await teacher.locator('#game-codes li').count(), settings.seats);
    // Stopping turns the camera off; the codes stay, and so does everything on a reload.
    await teacher.click('#game-scan-stop');
    await teacher.waitForSelector('#game-scan');
    await teacher.reload();
    await teacher.waitForSelector('#game-counts');
    assert.match(await teacher.textContent('#game-counts'), /12 seat\(s\) decided/);
    await teacher.click('#game-close');
    await teacher.waitForSelector('#game-results');
    assert.deepEqual(errors, []);
    assert.deepEqual(requests.filter((u) => !u.startsWith(env.origin + '/') && !u.startsWith('blob:') && !u.startsWith('data:')), []);
  } finally {
    await browser.close();
  }
});

test('a browser without a camera says so, and pasting still works', async () => {
  // The default test browser has no camera device: the scanner explains instead of failing.
  const page = await env.newPage();
  await page.goto(`${env.origin}/game`);
  await page.waitForSelector('#game-setup');
  await page.fill('#game-seats', '3');
  await page.click('#game-start');
  await page.click('#game-scan');
  await page.waitForSelector('#game-scan-problem');
  assert.match(await page.textContent('#game-scan-problem'), /camera|Paste/);
  assert.equal(await page.locator('#game-scan').count(), 1);
  await page.fill('#game-paste', 'no codes here');
  await page.click('#game-read');
  await page.waitForFunction(() => document.querySelector('#game-counts').textContent.includes('0 code(s) read'));
  assert.deepEqual(page.consoleErrors, []);
});

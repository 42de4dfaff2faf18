// Live class games (issue 36), the student's phone: `/play#g=…` (a join link made by
// `cloudecon game new`) takes a seat, shows the seat's private type, makes decision codes equal to
// the runner's for the same decision, keeps them across a reload, and refuses a hostile link with
// a reason. At 390 px with touch, as a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useEnvironment, ROOT } from './harness.mjs';

const env = useEnvironment();
const PHONE = { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } };
const dir = mkdtempSync(join(tmpdir(), 'cloudecon-game-'));

function cloudecon(...args) {
  const out = spawnSync(join(ROOT, 'target', 'release', 'cloudecon'), args, { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  return out.stdout.trim();
}

function newSession(settings) {
  const file = join(dir, `settings-${settings.game}.json`);
  writeFileSync(file, JSON.stringify(settings));
  const text = cloudecon('game', 'new', file);
  const sessionFile = join(dir, `session-${settings.game}.json`);
  writeFileSync(sessionFile, text);
  return { session: JSON.parse(text), file: sessionFile };
}

function codeOf(sessionFile, seat, decision) {
  if (!decision) return cloudecon('game', 'code', sessionFile, '--seat', String(seat), '--truthful');
  const file = join(dir, 'decision.json');
  writeFileSync(file, JSON.stringify(decision));
  return cloudecon('game', 'code', sessionFile, '--seat', String(seat), '--decision', file);
}

async function takeSeat(page, session, seat) {
  await page.goto(`${env.origin}/play#${session.join}`);
  await page.waitForSelector('#play-seat');
  await page.fill('#play-seat', String(seat));
  await page.click('#play-take-seat');
  await page.waitForSelector('#play-decision');
}

test('abacus: a phone takes a seat, sees its type, and its codes are the runner\'s; a reload keeps them', async () => {
  const { session, file } = newSession({ game: 'abacus', seats: 30, seed: 7 });
  const page = await env.newPage(PHONE);
  await takeSeat(page, session, 3);
  // The private type is the runner's.
  const type = JSON.parse(cloudecon('game', 'close', file, truthfulCodes(file, 3)))['seats'][0]['type'];
  assert.equal(await page.textContent('#play-type dd[data-field="budget"]'), String(type.budget));
  assert.equal(await page.textContent('#play-type dd[data-field="weights"]'), type.weights.join(', '));
  // The form starts at the truth: its code is the runner's --truthful code.
  await page.click('#play-make-code');
  await page.waitForSelector('#play-code');
  assert.equal(await page.textContent('#play-code'), codeOf(file, 3));
  assert.equal(await page.getAttribute('#play-qr', 'data-text'), codeOf(file, 3));
  // Another decision, another code — the runner's for the same decision.
  await page.fill('#play-input-0', String(type.budget - 20));
  await page.fill('#play-input-1', '0');
  await page.click('#play-make-code');
  const expected = codeOf(file, 3, { budget: type.budget - 20, weights: [0, type.weights[1]] });
  await page.waitForFunction((c) => document.querySelector('#play-code').textContent === c, expected);
  // A budget above one's own is refused with its reason, and the code shown stays.
  await page.fill('#play-input-0', String(type.budget + 1));
  await page.click('#play-make-code');
  await page.waitForSelector('#play-problem');
  assert.match(await page.textContent('#play-problem'), /above the seat's own/);
  assert.equal(await page.textContent('#play-code'), expected);
  // A reload keeps the seat and the code.
  await page.reload();
  await page.waitForSelector('#play-code');
  assert.equal(await page.textContent('#play-code'), expected);
  assert.match(await page.textContent('#play-seat-line'), /seat 3/);
  // No sideways scroll on the phone.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  assert.deepEqual(page.consoleErrors, []);
});

/** A file holding seat `seat`'s truthful code (to ask the runner for the seat's type). */
function truthfulCodes(sessionFile, seat) {
  const f = join(dir, `codes-${seat}.txt`);
  writeFileSync(f, codeOf(sessionFile, seat));
  return f;
}

test('era and spot: the round and the menus make the runner\'s codes', async () => {
  const era = newSession({ game: 'era', seats: 12, seed: 3 });
  const page = await env.newPage(PHONE);
  await takeSeat(page, era.session, 12);
  await page.fill('#play-input-0', '5');
  await page.click('#play-make-code');
  await page.waitForSelector('#play-code');
  assert.equal(await page.textContent('#play-code'), codeOf(era.file, 12, { bid: 5 }));
  // Round 2: the code of round 2 (the runner's, once its session is at round 2).
  await page.fill('#play-round', '2');
  await page.dispatchEvent('#play-round', 'change');
  await page.click('#play-make-code');
  const round2 = { ...era.session, round: 2 };
  const file2 = join(dir, 'session-era-2.json');
  writeFileSync(file2, JSON.stringify(round2));
  const expected = codeOf(file2, 12, { bid: 5 });
  await page.waitForFunction((c) => document.querySelector('#play-code').textContent === c, expected);
  assert.match(await page.textContent('.decision-code h2'), /round 2/);

  const spot = newSession({ game: 'spot', seats: 5, seed: 1 });
  const phone = await env.newPage(PHONE);
  await takeSeat(phone, spot.session, 2);
  await phone.selectOption('#play-input-0', '1');
  await phone.selectOption('#play-input-1', '3');
  await phone.selectOption('#play-input-2', '1');
  await phone.selectOption('#play-input-4', '0.4');
  await phone.selectOption('#play-input-5', '0.02');
  await phone.click('#play-make-code');
  await phone.waitForSelector('#play-code');
  const policy = { family: 'deadline_centric', m_threshold: 3, bid: { kind: 'variable', gamma: 0.4, epsilon: 0.02 } };
  assert.equal(await phone.textContent('#play-code'), codeOf(spot.file, 2, policy));
  assert.deepEqual(page.consoleErrors, []);
  assert.deepEqual(phone.consoleErrors, []);
});

test('a page without a game, a damaged link and a seat that is not in the game say why', async () => {
  const page = await env.newPage(PHONE);
  for (const hash of ['', '#g=!!!', '#g=AAAA', `#g=${'A'.repeat(50000)}`]) {
    await page.goto(`${env.origin}/play${hash}`);
    await page.reload();
    await page.waitForSelector('#play-problem');
    assert.match(await page.textContent('#play-problem'), /join link/, hash.slice(0, 12));
  }
  const { session } = newSession({ game: 'abacus', seats: 4, seed: 2 });
  await page.goto(`${env.origin}/play#${session.join}`);
  await page.reload();
  await page.waitForSelector('#play-seat');
  await page.fill('#play-seat', '9');
  await page.click('#play-take-seat');
  await page.waitForSelector('#play-problem');
  assert.match(await page.textContent('#play-problem'), /from 1 to 4/);
  assert.deepEqual(page.consoleErrors, []);
});

/** The teacher's page, a class of phones, a round closed and undone, the results on the phones. */
async function playARound(settings, decide) {
  const { file } = newSession(settings);
  const teacher = await env.newPage();
  await teacher.goto(`${env.origin}/game`);
  await teacher.waitForSelector('#game-setup');
  await teacher.selectOption('#game-kind', settings.game);
  await teacher.fill('#game-seats', String(settings.seats));
  await teacher.fill('#game-robots', String(settings.robots ?? 0));
  await teacher.fill('#game-seed', String(settings.seed));
  await teacher.click('#game-start');
  await teacher.waitForSelector('#game-projector');
  const joinLink = await teacher.getAttribute('#game-join', 'href');
  assert.equal(new URL(joinLink).hash, `#${JSON.parse(cloudecon('game', 'new', join_file(settings)))['join']}`);
  // The phones: each takes its seat and makes a code.
  const phones = [];
  let chat = '';
  for (let seat = 1; seat <= settings.seats; seat++) {
    const phone = await env.newPage(PHONE);
    await phone.goto(joinLink);
    await phone.waitForSelector('#play-seat');
    await phone.fill('#play-seat', String(seat));
    await phone.click('#play-take-seat');
    await phone.waitForSelector('#play-decision');
    await decide(phone, seat);
    await phone.click('#play-make-code');
    await phone.waitForSelector('#play-code');
    chat += `[10:0${seat % 10}] student ${seat}: ${await phone.textContent('#play-code')}\n`;
    phones.push(phone);
  }
  chat += 'teacher: ABCD-EFGH-JK is not a code\n';
  await teacher.fill('#game-paste', chat);
  await teacher.click('#game-read');
  await teacher.waitForFunction((n) => document.querySelector('#game-counts').textContent.includes(`${n} seat(s) decided, 1 refused`), settings.seats);
  await teacher.click('#game-close');
  await teacher.waitForSelector('#game-results');
  // The CSV is the runner's for the same codes, byte for byte.
  const codes = join_codes(chat);
  const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.click('#game-csv')]);
  const { readFile } = await import('node:fs/promises');
  assert.equal(await readFile(await download.path(), 'utf8'), cloudecon('game', 'close', file, codes, '--csv') + '\n');
  const report = JSON.parse(cloudecon('game', 'close', file, codes));
  // Each phone opens the results link and sees exactly its own outcome.
  const results = await teacher.getAttribute('#game-results-link', 'href');
  assert.equal(new URL(results).hash, `#${report.results}`);
  for (const [i, phone] of phones.entries()) {
    await phone.goto(results);
    await phone.reload();
    await phone.waitForSelector('#play-outcome');
    const mine = report.seats.find((s) => s.seat === i + 1);
    assert.equal(await phone.textContent('#play-outcome dd[data-field="utility"]'), mine.outcome.utility.toFixed(2), `seat ${i + 1}`);
    assert.equal(await phone.textContent('#play-outcome dd[data-field="truthful"]'), mine.truthful.utility.toFixed(2), `seat ${i + 1}`);
    assert.deepEqual(phone.consoleErrors, []);
    await phone.context().close();
  }
  // Undo the close; a reload keeps the codes; close again, start round 2.
  await teacher.click('#game-undo');
  await teacher.waitForSelector('#game-close');
  await teacher.reload();
  await teacher.waitForSelector('#game-counts');
  assert.match(await teacher.textContent('#game-counts'), new RegExp(`${settings.seats} seat\\(s\\) decided`));
  await teacher.click('#game-close');
  await teacher.click('#game-next');
  await teacher.waitForFunction(() => document.querySelector('.game-line').textContent.includes('round 2'));
  // Round 2: a round-1 code is refused with its reason; round-2 codes (the runner's) count.
  await teacher.fill('#game-paste', chat);
  await teacher.click('#game-read');
  await teacher.waitForFunction(() => document.querySelector('#game-codes').textContent.includes('a code of round 1; this is round 2'));
  const round2 = { ...JSON.parse(readFileSync(file, 'utf8')), round: 2 };
  const file2 = join(dir, `session-${settings.game}-round2.json`);
  writeFileSync(file2, JSON.stringify(round2));
  const seat1 = settings.game === 'spot' ? codeOf(file2, 1, SPOT_POLICY) : codeOf(file2, 1);
  await teacher.fill('#game-paste', `seat 1: ${seat1}`);
  await teacher.click('#game-read');
  await teacher.waitForFunction(() => document.querySelector('#game-counts').textContent.includes('1 seat(s) decided'));
  await teacher.click('#game-close');
  await teacher.waitForSelector('#game-rounds');
  assert.equal(await teacher.locator('#game-rounds tbody tr').count(), 2);
  // Undo starts round 2 again: its codes are still there.
  await teacher.click('#game-undo');
  await teacher.waitForSelector('#game-counts');
  assert.match(await teacher.textContent('#game-counts'), /1 seat\(s\) decided/);
  // A megabyte of paste is refused with its reason; nothing else is lost.
  await teacher.fill('#game-paste', 'x'.repeat((1 << 20) + 1));
  await teacher.click('#game-read');
  await teacher.waitForSelector('#game-paste-problem');
  assert.match(await teacher.textContent('#game-paste-problem'), /paste at most/);
  assert.match(await teacher.textContent('#game-counts'), /1 seat\(s\) decided/);
  assert.deepEqual(teacher.consoleErrors, []);
  await teacher.context().close();
}

function join_file(settings) {
  const f = join(dir, `settings-page-${settings.game}.json`);
  writeFileSync(f, JSON.stringify(settings));
  return f;
}

function join_codes(text) {
  const f = join(dir, `chat-${Math.random()}.txt`);
  writeFileSync(f, text);
  return f;
}

test('abacus in class: phones decide, the teacher pastes the chat, closes the round; CSV and results are the runner\'s', async () => {
  await playARound({ game: 'abacus', seats: 6, seed: 4242, robots: 1 }, async (phone, seat) => {
    if (seat % 2) await phone.fill('#play-input-0', String(Number(await phone.inputValue('#play-input-0')) - 10 * seat));
  });
});

test('era in class: bids below and at the value', async () => {
  await playARound({ game: 'era', seats: 5, seed: 77 }, async (phone, seat) => {
    if (seat % 2) await phone.fill('#play-input-0', '1');
  });
});

const SPOT_POLICY = { family: 'rate_centric', sigma: 0.4, bid: { kind: 'fixed', b: 0.2 } };

test('spot in class: every seat picks a policy; the leaderboard\'s best is each seat\'s benchmark', async () => {
  await playARound({ game: 'spot', seats: 4, seed: 5, robots: 2 }, async (phone, seat) => {
    if (seat === 1) {
      await phone.selectOption('#play-input-1', '2');
      await phone.selectOption('#play-input-3', '0.2');
    } else {
      await phone.selectOption('#play-input-0', '1');
      await phone.selectOption('#play-input-1', String(seat));
    }
  });
});

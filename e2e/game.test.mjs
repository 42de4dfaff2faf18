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
import { deflateRawSync } from 'node:zlib';
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
  // A setting of the wrong type (a link edited by hand) is said at the setting, in the phone's
  // language, without serde's English.
  const edited = deflateRawSync(JSON.stringify({ game: 'abacus', seats: 4, seed: 2, alpha: 'x' })).toString('base64url');
  await page.goto(`${env.origin}/play?lang=zh-CN#g=${edited}`);
  await page.reload();
  await page.waitForSelector('#play-problem');
  const said = await page.textContent('#play-problem');
  assert.match(said, /alpha.*无法读取：链接已损坏/, said);
  assert.doesNotMatch(said, /invalid|expected|string/, said);
  assert.deepEqual(page.consoleErrors, []);
});

test('without its worker the phone still makes codes, and its preview and results say why they are missing', async () => {
  const { session, file } = newSession({ game: 'era', seats: 6, seed: 4 });
  const page = await env.newPage(PHONE);
  // The game's worker cannot be downloaded (a network that drops it).
  await page.route(/play_worker_bg\.wasm/, (route) => route.abort());
  await takeSeat(page, session, 2);
  await page.waitForFunction(() => /could not be loaded/.test(document.querySelector('#play-preview')?.textContent ?? ''));
  assert.match(await page.textContent('#play-preview'), /No preview: The part of the page that works out rounds could not be loaded .*Check the connection/);
  await page.click('#play-make-code');
  await page.waitForSelector('#play-code');
  assert.equal(await page.textContent('#play-code'), codeOf(file, 2));
  const report = JSON.parse(cloudecon('game', 'close', file, truthfulCodes(file, 2)));
  await page.goto(`${env.origin}/play#${report.results}`);
  await page.reload();
  await page.waitForSelector('#play-problem');
  assert.match(await page.textContent('#play-problem'), /could not be loaded/);
  // Once the worker is there again, the same link shows the outcome.
  await page.unroute(/play_worker_bg\.wasm/);
  await page.reload();
  await page.waitForSelector('#play-outcome');
  assert.equal(await page.textContent('#play-outcome dd[data-field="utility"]'), report.seats[0].outcome.utility.toFixed(2));
});

/** The teacher's page, a class of phones, a round closed and undone, the results on the phones. */
/** A round-`round` copy of a session file (the runner's codes and results for that round). */
function sessionAt(file, round) {
  if (round === 1) return file;
  const f = file.replace(/\.json$/, `-round${round}.json`);
  writeFileSync(f, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), round }));
  return f;
}

/** Opens the teacher's page on `teacher` and starts a game of `settings` from its form. */
async function startGame(teacher, settings) {
  await teacher.goto(`${env.origin}/game`);
  await teacher.waitForSelector('#game-setup');
  await teacher.selectOption('#game-kind', settings.game);
  if (settings.prices) await teacher.selectOption('#game-prices', settings.prices);
  await teacher.fill('#game-seats', String(settings.seats));
  await teacher.fill('#game-robots', String(settings.robots ?? 0));
  await teacher.fill('#game-seed', String(settings.seed));
  if (settings.new_types) await teacher.check('#game-new-types');
  await teacher.click('#game-start');
  await teacher.waitForSelector('#game-projector');
}

/**
 * A class plays two rounds: one teacher, a phone per seat (390 px, touch). Each phone joins by the
 * link, decides (`decide(phone, seat, round)`), makes its code; the codes reach the teacher as a
 * pasted chat; the round closes; the CSV is the runner's for the same codes, byte for byte; every
 * phone opens the results link and sees exactly its own outcome, then goes on to round 2 from it.
 */
async function playClass(settings, decide) {
  const { file } = newSession(settings);
  const teacher = await env.newPage();
  await startGame(teacher, settings);
  const joinLink = await teacher.getAttribute('#game-join', 'href');
  assert.equal(new URL(joinLink).hash, `#${JSON.parse(cloudecon('game', 'new', join_file(settings)))['join']}`);
  // A game on recorded data fetches it once (the status line goes).
  await teacher.waitForSelector('#game-data-status', { state: 'detached' });
  const phones = [];
  for (let seat = 1; seat <= settings.seats; seat++) {
    const phone = await env.newPage(PHONE);
    await phone.goto(joinLink);
    await phone.waitForSelector('#play-seat');
    await phone.fill('#play-seat', String(seat));
    await phone.click('#play-take-seat');
    await phone.waitForSelector('#play-decision');
    phones.push(phone);
  }
  const { readFile } = await import('node:fs/promises');
  let csv = '';
  let roundOneChat = '';
  for (const round of [1, 2]) {
    const roundFile = sessionAt(file, round);
    let chat = '';
    for (const [i, phone] of phones.entries()) {
      const seat = i + 1;
      if (round > 1) {
        // From the results page, on to the next round: the form starts at this round's truth.
        await phone.click('#play-next-round');
        await phone.waitForSelector('#play-decision');
        assert.equal(await phone.inputValue('#play-round'), String(round));
        if (settings.game !== 'spot') {
          // This round's type (new each round when asked), its truth in the form.
          const type = JSON.parse(cloudecon('game', 'close', roundFile, truthfulCodes(roundFile, seat))).seats[0].type;
          const truth = settings.game === 'abacus' ? type.budget : type.value;
          assert.equal(Number(await phone.inputValue('#play-input-0')), truth, `seat ${seat}, round ${round}`);
        }
      }
      await decide(phone, seat, round);
      await phone.click('#play-make-code');
      await phone.waitForFunction((r) => document.querySelector('.decision-code h2')?.textContent.includes(`round ${r}`), round)
        .catch(async (e) => { throw new Error(`seat ${seat}, round ${round}: ${e.message} ${await phone.textContent('#play-problem').catch(() => '')}`); });
      chat += `[10:${String(seat).padStart(2, '0')}] student ${seat}: ${await phone.textContent('#play-code')}\n`;
    }
    if (round === 1) {
      chat += 'teacher: ABCD-EFGH-JK is not a code\n';
      roundOneChat = chat;
    } else {
      // A round-1 code is refused in round 2 with that reason.
      await teacher.fill('#game-paste', roundOneChat.split('\n')[0]);
      await teacher.click('#game-read');
      await teacher.waitForFunction(() => document.querySelector('#game-codes').textContent.includes('a code of round 1; this is round 2'));
    }
    await teacher.fill('#game-paste', chat);
    await teacher.click('#game-read');
    await teacher.waitForFunction((n) => document.querySelector('#game-counts').textContent.includes(`${n} seat(s) decided, 1 refused`), settings.seats);
    await teacher.click('#game-close');
    await teacher.waitForSelector('#game-results');
    // The CSV (every round so far) is the runner's for the same codes, byte for byte.
    const codes = join_codes(chat);
    const rows = cloudecon('game', 'close', roundFile, codes, '--csv') + '\n';
    csv += round === 1 ? rows : rows.split('\n').slice(1).join('\n');
    const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.click('#game-csv')]);
    assert.equal(await readFile(await download.path(), 'utf8'), csv);
    const report = JSON.parse(cloudecon('game', 'close', roundFile, codes));
    // Each phone opens the results link and sees exactly its own outcome.
    const results = await teacher.getAttribute('#game-results-link', 'href');
    assert.equal(new URL(results).hash, `#${report.results}`);
    for (const [i, phone] of phones.entries()) {
      await phone.goto(results);
      await phone.reload();
      await phone.waitForSelector('#play-outcome');
      const mine = report.seats.find((s) => s.seat === i + 1);
      assert.equal(await phone.textContent('#play-outcome h2'), `Seat ${i + 1}, round ${round}`);
      assert.equal(await phone.textContent('#play-outcome dd[data-field="utility"]'), mine.outcome.utility.toFixed(2), `seat ${i + 1}`);
      assert.equal(await phone.textContent('#play-outcome dd[data-field="truthful"]'), mine.truthful.utility.toFixed(2), `seat ${i + 1}`);
      assert.deepEqual(phone.consoleErrors, []);
    }
    if (round === 1) {
      // Undo the close; a reload keeps the codes; close again, start round 2.
      await teacher.click('#game-undo');
      await teacher.waitForSelector('#game-close');
      await teacher.reload();
      await teacher.waitForSelector('#game-counts');
      assert.match(await teacher.textContent('#game-counts'), new RegExp(`${settings.seats} seat\\(s\\) decided`));
      await teacher.click('#game-close');
      await teacher.waitForSelector('#game-results');
      await teacher.click('#game-next');
      await teacher.waitForFunction(() => document.querySelector('.game-line').textContent.includes('round 2'));
    }
  }
  assert.equal(await teacher.locator('#game-rounds tbody tr').count(), 2);
  // Undo the close of round 2: its codes are still there.
  await teacher.click('#game-undo');
  await teacher.waitForSelector('#game-counts');
  assert.match(await teacher.textContent('#game-counts'), new RegExp(`${settings.seats} seat\\(s\\) decided`));
  // A megabyte of paste is refused with its reason; nothing else is lost.
  await teacher.fill('#game-paste', 'x'.repeat((1 << 20) + 1));
  await teacher.click('#game-read');
  await teacher.waitForSelector('#game-paste-problem');
  assert.match(await teacher.textContent('#game-paste-problem'), /paste at most/);
  assert.match(await teacher.textContent('#game-counts'), new RegExp(`${settings.seats} seat\\(s\\) decided`));
  assert.deepEqual(teacher.consoleErrors, []);
  for (const phone of phones) await phone.context().close();
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

// A class of 30 plays two rounds of each game.
const CLASS = 30;

test('abacus in class: 30 phones, two rounds with new types; CSV and results are the runner\'s', async () => {
  await playClass({ game: 'abacus', seats: CLASS, seed: 4242, robots: 1, new_types: true }, async (phone, seat, round) => {
    if ((seat + round) % 2) await phone.fill('#play-input-0', String(Math.max(1, Number(await phone.inputValue('#play-input-0')) - 10 * (seat % 7 + 1))));
  });
});

test('era in class: 30 phones, two rounds, bids below and at the value', async () => {
  await playClass({ game: 'era', seats: CLASS, seed: 77 }, async (phone, seat, round) => {
    if ((seat + round) % 3 === 0) await phone.fill('#play-input-0', '1');
  });
});

test('spot in class: 30 phones, two rounds, every seat picks a policy; the leaderboard\'s best is each seat\'s benchmark', async () => {
  await playClass({ game: 'spot', seats: CLASS, seed: 5, robots: 2 }, async (phone, seat, round) => {
    if ((seat + round) % 4 === 0) {
      await phone.selectOption('#play-input-1', '2');
      await phone.selectOption('#play-input-3', '0.2');
    } else {
      await phone.selectOption('#play-input-0', '1');
      await phone.selectOption('#play-input-1', String(1 + (seat % 5)));
    }
  });
});

test('spot on recorded EC2 prices: the page fetches them, and the CSV and every phone\'s results are the runner\'s', async () => {
  const settings = { game: 'spot', seats: 6, seed: 8, robots: 1, prices: 'ec2', on_demand_price: 0.067 };
  await playClass(settings, async (phone, seat, round) => {
    // The phone says which prices the round replays, and previews on them.
    assert.match(await phone.textContent('#play-prices'), /recorded EC2 spot prices/);
    await phone.selectOption('#play-input-0', String((seat + round) % 2));
    await phone.selectOption('#play-input-1', String(seat % 5));
    await phone.waitForSelector('#play-preview dd[data-field="utility"]');
  });
});

/** The teacher's session file ("Download the session"); the teacher's browser then closes. */
async function sessionFileOf(teacher) {
  const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.click('#game-download')]);
  const text = readFileSync(await download.path(), 'utf8');
  await teacher.context().close();
  return text;
}

/** The teacher's page in a fresh browser profile (another machine), before any game. */
async function teacherElsewhere() {
  const page = await env.newPage();
  await page.goto(`${env.origin}/game`);
  await page.waitForSelector('#game-setup');
  return page;
}

test('a session on recorded EC2 prices reopens in a fresh profile, which fetches the prices first', async () => {
  const settings = { game: 'spot', seats: 4, seed: 21, prices: 'ec2', on_demand_price: 0.067 };
  const { file } = newSession(settings);
  const teacher = await env.newPage();
  await startGame(teacher, settings);
  const policy = { family: 'deadline_centric', m_threshold: 3, bid: { kind: 'fixed', b: 0.05 } };
  const codes = [1, 3].map((seat) => codeOf(file, seat, policy)).join('\n');
  await teacher.fill('#game-paste', codes);
  await teacher.click('#game-read');
  await teacher.click('#game-close');
  await teacher.waitForSelector('#game-results');
  const sessionText = await sessionFileOf(teacher);
  const elsewhere = await teacherElsewhere();
  await elsewhere.setInputFiles('#game-reopen', { name: 'class-game-session.json', mimeType: 'application/json', buffer: Buffer.from(sessionText) });
  await elsewhere.waitForSelector('#game-results');
  const [csv] = await Promise.all([elsewhere.waitForEvent('download'), elsewhere.click('#game-csv')]);
  assert.equal(readFileSync(await csv.path(), 'utf8'), cloudecon('game', 'close', file, join_codes(codes), '--csv') + '\n');
  assert.deepEqual(elsewhere.consoleErrors, []);
});

test('a downloaded session reopens on another machine: the same rounds, the same numbers, and play goes on', async () => {
  const settings = { game: 'era', seats: 8, seed: 515, robots: 2 };
  const { file } = newSession(settings);
  const teacher = await env.newPage();
  await startGame(teacher, settings);
  // Round 1 closed; round 2 has two codes and stays open.
  const one = [1, 2, 3, 4, 5].map((seat) => codeOf(file, seat, seat % 2 ? null : { bid: 1 })).join('\n');
  await teacher.fill('#game-paste', one);
  await teacher.click('#game-read');
  await teacher.click('#game-close');
  await teacher.waitForSelector('#game-results');
  await teacher.click('#game-next');
  const two = [6, 7].map((seat) => codeOf(sessionAt(file, 2), seat)).join('\n');
  await teacher.fill('#game-paste', two);
  await teacher.click('#game-read');
  await teacher.waitForFunction(() => document.querySelector('#game-counts').textContent.includes('2 seat(s) decided'));
  const sessionText = await sessionFileOf(teacher);

  // Another machine: a fresh browser profile reopens the file.
  const elsewhere = await teacherElsewhere();
  // A file that is not a session says why and changes nothing.
  await elsewhere.setInputFiles('#game-reopen', { name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"rounds": 3}') });
  await elsewhere.waitForSelector('#game-reopen-problem');
  assert.match(await elsewhere.textContent('#game-reopen-problem'), /not a session file/);
  await elsewhere.setInputFiles('#game-reopen', { name: 'class-game-session.json', mimeType: 'application/json', buffer: Buffer.from(sessionText) });
  await elsewhere.waitForSelector('#game-projector');
  assert.match(await elsewhere.textContent('.game-line'), /round 2/);
  assert.match(await elsewhere.textContent('#game-counts'), /2 seat\(s\) decided/);
  // Round 2 goes on: one more code, close; round 1's numbers are the same as on the first machine.
  await elsewhere.fill('#game-paste', codeOf(sessionAt(file, 2), 8));
  await elsewhere.click('#game-read');
  await elsewhere.click('#game-close');
  await elsewhere.waitForSelector('#game-rounds');
  assert.equal(await elsewhere.locator('#game-rounds tbody tr').count(), 2);
  const codes = join_codes(two + '\n' + codeOf(sessionAt(file, 2), 8));
  const [csv] = await Promise.all([elsewhere.waitForEvent('download'), elsewhere.click('#game-csv')]);
  const expected = cloudecon('game', 'close', file, join_codes(one), '--csv') + '\n'
    + (cloudecon('game', 'close', sessionAt(file, 2), codes, '--csv') + '\n').split('\n').slice(1).join('\n');
  assert.equal(readFileSync(await csv.path(), 'utf8'), expected);
  // Closing is undone as ever: round 2's codes are still there.
  await elsewhere.click('#game-undo');
  await elsewhere.waitForSelector('#game-close');
  assert.match(await elsewhere.textContent('#game-counts'), /3 seat\(s\) decided/);
  assert.deepEqual(elsewhere.consoleErrors, []);
});

test('open seating: no cards, the phone picks a random seat and its code is the runner\'s', async () => {
  const teacher = await env.newPage();
  await teacher.goto(`${env.origin}/game`);
  await teacher.waitForSelector('#game-setup');
  await teacher.selectOption('#game-kind', 'era');
  await teacher.fill('#game-seed', '99');
  await teacher.check('#game-open-seating');
  // Random seats need room: the page offers 1000 and says why.
  assert.equal(await teacher.inputValue('#game-seats'), '1000');
  assert.match(await teacher.textContent('#game-open-hint'), /replaces the older/);
  await teacher.click('#game-start');
  await teacher.waitForSelector('#game-projector');
  assert.match(await teacher.textContent('.game-line'), /0 seat\(s\) decided \(open seating\)/);
  const joinLink = await teacher.getAttribute('#game-join', 'href');
  const { session, file } = newSession({ game: 'era', seats: 1000, seed: 99, open_seating: true });
  assert.equal(new URL(joinLink).hash, `#${session.join}`);
  const phone = await env.newPage(PHONE);
  await phone.goto(joinLink);
  await phone.click('#play-random-seat');
  await phone.waitForSelector('#play-decision');
  const seat = Number((await phone.textContent('#play-seat-line')).match(/seat (\d+) \(remember it\)/)[1]);
  assert.ok(seat >= 1 && seat <= 1000, `seat ${seat}`);
  // The preview: what the bid would earn if everyone else bid their values.
  assert.match(await phone.textContent('#play-preview'), /If everyone else tells the truth/);
  await phone.click('#play-make-code');
  await phone.waitForSelector('#play-code');
  assert.equal(await phone.textContent('#play-code'), codeOf(file, seat));
  await teacher.fill('#game-paste', await phone.textContent('#play-code'));
  await teacher.click('#game-read');
  await teacher.waitForFunction((s) => document.querySelector('#game-codes').textContent.includes(`seat ${s}`), seat);
  assert.match(await teacher.textContent('.game-line'), /1 seat\(s\) decided \(open seating\)/);
  assert.deepEqual(phone.consoleErrors, []);
  assert.deepEqual(teacher.consoleErrors, []);
});

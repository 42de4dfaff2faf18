// The papers are cited as their own first pages give them (../shared/papers/CITATIONS.md): the
// home page's cards and each mechanism's page name the right authors, and no page carries a
// citation that file does not give (ERA is not "Menache et al.", no DOIs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './harness.mjs';
import { openRoute, route } from './routes.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

/** Each mechanism's page and the short form of its paper's citation. */
const PAPERS = [
  { path: '/abacus', card: 'abacus', cite: /Zhang, Ma, Ding, Yang/, year: /IC2E 2013/ },
  { path: '/era', card: 'era', cite: /Babaioff et al\./, year: /WWW 2017/ },
  { path: '/spot', card: 'spot', cite: /Menache(, Shamir,? (and )?Jain| et al\.)/, year: /ICAC 2014/ },
  { path: '/cloudshare', card: 'cloudshare', cite: /Pacholczyk et al\./, year: /CrossCloud 2018/ },
];

/** What no page may say: ERA credited to its third author's group, or a DOI. */
function assertNoWrongCitation(text, where) {
  assert.doesNotMatch(text, /Menache et al\.,? (·|\()?\s*WWW/, `${where}: ERA is Babaioff et al.`);
  assert.doesNotMatch(text, /doi[:.]/i, `${where}: CITATIONS.md gives no DOI`);
}

test('the home page cites each paper as its first page does', async () => {
  const page = await env.newPage();
  await page.goto(env.origin + '/');
  await page.waitForSelector('main h1');
  for (const p of PAPERS) {
    const text = await page.locator(`#card-${p.card}`).innerText();
    assert.match(text, p.cite, `home card ${p.card}`);
    assert.match(text, p.year, `home card ${p.card}`);
  }
  assertNoWrongCitation(await page.locator('main').innerText(), 'home');
});

for (const p of PAPERS) {
  test(`${p.path} cites its paper as CITATIONS.md gives it`, async () => {
    const page = await env.newPage();
    assert.ok(await openRoute(env, page, route(p.path)), `${p.path} exists`);
    const text = await page.locator('main').innerText();
    assert.match(text, p.cite, p.path);
    assert.match(text, p.year, p.path);
    assertNoWrongCitation(text, p.path);
  });
}

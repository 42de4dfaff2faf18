// Documents for the end-to-end tests: the native runner's presets and shipped exercises, share
// link fragments, JSON pointers, and where each mechanism's page lives.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { deflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';

const BIN = join(ROOT, 'target', 'release', 'cloudecon');

/** The page of each mechanism tag. */
export const MECHANISM_ROUTES = {
  abacus: '/abacus', abacus_estimate: '/abacus/estimate', shapley: '/shapley', era: '/era', spot: '/spot', cloudshare: '/cloudshare',
};

/** Runs the native runner (the release build). */
export function cloudecon(args) {
  const out = spawnSync(BIN, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

/** A document's share link fragment (the share codec: raw deflate, base64url). */
export const shareFragment = (doc) => '#s=' + deflateRawSync(Buffer.from(JSON.stringify(doc))).toString('base64url');

/** The value at a JSON pointer, `undefined` when it names nothing. */
export function pointerAt(doc, pointer) {
  return pointer.split('/').slice(1).reduce((v, k) => {
    if (v === undefined || v === null || typeof v !== 'object') return undefined;
    return v[k.replaceAll('~1', '/').replaceAll('~0', '~')];
  }, doc);
}

/** `[name, mechanism tag]` of every preset, or of every shipped exercise. */
export function listed(command) {
  return cloudecon([command]).stdout.trim().split('\n').map((l) => l.split(/\s+/));
}

/** A shipped exercise's document, its link fragment and its text as the runner prints it. */
export function shippedExercise(name) {
  const out = cloudecon(['exercise', name]);
  assert.equal(out.code, 0, out.stderr);
  const doc = JSON.parse(out.stdout);
  return { doc, fragment: shareFragment(doc), text: out.stdout };
}

/**
 * Opens the shipped exercise `name` in a fresh page at `route` and checks its title; `task(id)` is
 * a task's element, `check(id)` presses its Check and gives the verdict's text.
 */
export async function openShippedExercise(env, route, name) {
  const { doc, fragment } = shippedExercise(name);
  const page = await env.newPage();
  await page.goto(env.origin + route + fragment);
  await page.waitForSelector('#exercise li.task');
  assert.equal(await page.textContent('#exercise-title'), doc.exercise.title);
  const task = (id) => page.locator(`li.task[data-task="${id}"]`);
  const check = async (id) => {
    await task(id).locator('button.check').click();
    return task(id).locator('.verdict').textContent();
  };
  return { page, task, check };
}

// Makes Trunk's output a site any static host serves as it is (issue 34), in any folder:
// - a real page for every route (era/index.html, abacus/estimate/index.html, …): index.html with
//   its route written in (`var PAGE = '/era'`), so a direct link, a reload, a share link or an
//   exercise link opens on a server that only serves files; and 404.html (`PAGE = null`) for the
//   hosts that show one for unknown addresses (GitHub Pages, Netlify, S3);
// - Trunk's stylesheet links moved into the loader, which links them once it knows the folder
//   the playground is served from (every URL is relative to it);
// - FILE.br and FILE.gz beside every compressible file (precompress.mjs);
// - build.json (the build's files, their sizes and its version, which 404.html also looks for to
//   find the folder) and sw.js, the service worker (static/service-worker.js with the build's
//   list written in) that keeps every page available offline.
// Run by Trunk after each build (Trunk.toml's post_build hook, on its staging folder) or by hand:
// node scripts/site.mjs dist
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { precompress } from './precompress.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

/** index.html's map from each route to its bundle (the loader's `BUNDLES`). */
export function bundlesOf(html) {
  const m = html.match(/const BUNDLES = (\{[^}]*\});/);
  if (!m) throw new Error('index.html has no BUNDLES map');
  return JSON.parse(m[1].replace(/'/g, '"'));
}

/** Replaces `from` by `to` in `text`, exactly once (the template changed if not). */
function once(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`expected one ${JSON.stringify(from)} in index.html`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** An attribute of a tag's text. */
const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? null;

/** Trunk's index.html as the loader wants it: its stylesheets in the loader's list. */
export function template(html) {
  // Trunk leaves the one "main" Rust link it was told to skip (the bundles are built as workers).
  html = html.replace(/[ \t]*<link data-trunk [^>]*data-trunk-skip[^>]*>\n?/g, '');
  const styles = [];
  html = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
    styles.push({ href: attribute(tag, 'href').replace(/^\.\//, ''), integrity: attribute(tag, 'integrity') ?? undefined });
    return '';
  });
  if (styles.length === 0) throw new Error('index.html links no stylesheet');
  return once(html, 'var STYLES = [];', `var STYLES = ${JSON.stringify(styles)};`);
}

/** The page of `route` (`'/era'`; `null`: 404.html). */
export const pageFor = (html, route) => once(html, "var PAGE = '/';", `var PAGE = ${JSON.stringify(route)};`);

/** Every file of `dir` but the compressed variants, relative, in a fixed order. */
async function files(dir) {
  const names = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const name = relative(dir, join(entry.parentPath ?? entry.path, entry.name)).split('\\').join('/');
    if (!/\.(br|gz)$/.test(name)) names.push(name);
  }
  return names.sort();
}

/**
 * build.json and sw.js for the files in `dir`: the version is a hash of every file's name and
 * bytes, so a build that changes nothing keeps its service worker byte for byte (no update), and
 * any change makes a new one (the browser installs it beside the old and the page offers it).
 */
export async function writeOffline(dir) {
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  const routes = ['/', ...Object.keys(bundlesOf(html))];
  const pages = Object.fromEntries(routes.map((r) => [r.slice(1), r === '/' ? 'index.html' : `${r.slice(1)}/index.html`]));
  const hash = createHash('sha256');
  const list = [];
  for (const path of await files(dir)) {
    if (path === 'sw.js' || path === 'build.json') continue;
    const body = await readFile(join(dir, path));
    hash.update(path).update('\0').update(body).update('\0');
    const gz = await stat(join(dir, `${path}.gz`)).then((s) => s.size, () => 0);
    // Each file's own hash: a new build's worker takes the unchanged files from the old cache.
    const sha = createHash('sha256').update(body).digest('hex').slice(0, 16);
    // The .gz only where it is smaller (tiny files grow).
    list.push(gz && gz < body.length ? { path, size: body.length, gz, sha } : { path, size: body.length, sha });
  }
  const build = {
    app: 'cloudecon-playground',
    version: hash.digest('hex').slice(0, 16),
    // What the service worker downloads (the .gz where there is one) and keeps.
    bytes: list.reduce((a, f) => a + (f.gz || f.size), 0),
    stored: list.reduce((a, f) => a + f.size, 0),
    pages,
    files: list,
  };
  const source = await readFile(join(HERE, '..', 'static', 'service-worker.js'), 'utf8');
  await writeFile(join(dir, 'build.json'), JSON.stringify(build, null, 1) + '\n');
  await writeFile(join(dir, 'sw.js'), once(source, 'const BUILD = /* BUILD */ null;', `const BUILD = ${JSON.stringify(build)};`));
  await precompress(dir, ['build.json', 'sw.js']);
  return build;
}

/**
 * Every language's message files but English (which each bundle compiles in) as files of the
 * site, fetched by a bundle when the reader chooses that language (issue 37: only the reader's
 * language travels): `web/locales/zh-CN/era.ftl` is `locales/zh-CN/era.ftl`, the core's
 * `core/locales/zh-CN/errors.ftl` is `locales/zh-CN/core/errors.ftl` (`web/src/i18n`), each
 * without its comments.
 */
export async function copyLocales(dir) {
  const root = join(HERE, '..');
  for (const [from, under] of [['web/locales', ''], ['core/locales', 'core']]) {
    for (const lang of await readdir(join(root, from))) {
      if (lang === 'en' || !(await stat(join(root, from, lang))).isDirectory()) continue;
      const to = join(dir, 'locales', lang, under);
      await mkdir(to, { recursive: true });
      for (const file of await readdir(join(root, from, lang))) {
        if (!file.endsWith('.ftl')) continue;
        // Without comment lines (for translators; a line starting with `#` is always a comment
        // in Fluent), as `web/build.rs` compiles English in.
        const text = await readFile(join(root, from, lang, file), 'utf8');
        await writeFile(join(to, file), text.split('\n').filter((line) => !line.startsWith('#')).join('\n'));
      }
    }
  }
}

/** Turns Trunk's output in `dir` into the site. */
export async function writeSite(dir) {
  await copyLocales(dir);
  const html = template(await readFile(join(dir, 'index.html'), 'utf8'));
  await writeFile(join(dir, 'index.html'), html);
  for (const route of Object.keys(bundlesOf(html))) {
    const folder = join(dir, ...route.slice(1).split('/'));
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'index.html'), pageFor(html, route));
  }
  await writeFile(join(dir, '404.html'), pageFor(html, null));
  const written = await precompress(dir);
  const build = await writeOffline(dir);
  return { written, build };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) {
    console.error('usage: node scripts/site.mjs DIR (or run as a Trunk hook)');
    process.exit(2);
  }
  const { written, build } = await writeSite(dir);
  for (const { name, raw, br, gzip } of written) console.log(`${name}: ${raw} bytes, brotli ${br}, gzip ${gzip}`);
  console.log(`build ${build.version}: ${build.files.length} files, ${build.stored} bytes (${build.bytes} downloaded for offline use)`);
}

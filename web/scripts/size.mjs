// JavaScript per route, brotli, against two budgets:
// - first paint: the entry chunk and its static imports (index.html loads and preloads them) plus
//   the route's page module and its static imports, which the server preloads with them: what the
//   browser needs before the page can paint its heading;
// - cold load: all a cold load of the route fetches with no user action: that, the shell's lazy
//   parts (footer, wallet layer, toasts), the screen's content (scripts/routes.mjs has the rule)
//   and, where the route's first screen comes in its HTML, the boot script (src/boot.ts). e2e/first-load.spec.ts counts what Chromium really fetches and holds it to this same
//   rule, so the two agree; lazy imports that wait on data (the chart) or a click are not here.
//
// Reads build-manifest.json (Vite's manifest, written by `npm run build`). Exits non-zero when a
// route is over a budget. Sizes are brotli at the quality the server's .br files use.
//
//   npm run size              # the table
//   npm run size -- --chunks  # and each route's chunks
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants } from 'node:zlib';
import { ROUTES, SHELL_LAZY, collect, entryKey, routeChunks } from './routes.mjs';

/**
 * The first-paint budget in KB (1 KB = 1,000 bytes), the same for every route. What every route loads is 72.3
 * of it: React 19 58 KB, React Router 7.2 (vite.config.ts trims it), the app's shell
 * (route table, layout, header, wallet and toast state, the document title) 6.6, Rolldown's
 * runtime 0.4; so a screen has about 2.7 KB for its first paint. A module the shell imports
 * ships whole with it, whatever else in it only the screens use: keep such modules to what the
 * shell needs (lib/community-links.ts). The screens draw their heading and load the rest
 * right after (their *-content.tsx, lib/lazy-with-queries.tsx): React Query and a screen's data
 * sections never come before its first paint.
 */
const BUDGET_KB = 75;
/** The cold-load budget in KB: every script a cold load fetches before anyone acts. */
const COLD_BUDGET_KB = 110;

const web = new URL('../', import.meta.url);
const showChunks = process.argv.includes('--chunks');

const manifest = JSON.parse(
  await readFile(new URL('build-manifest.json', web), 'utf8').catch(() => {
    throw new Error('build-manifest.json not found: run npm run build');
  }),
);
const entry = entryKey(manifest);

const sizes = new Map();
async function brotliSize(file) {
  if (!sizes.has(file)) {
    const data = await readFile(new URL(`dist/${file}`, web)).catch(() => {
      throw new Error(`dist/${file} is missing: build-manifest.json and dist/ are from different builds; run npm run build`);
    });
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    sizes.set(file, br.length);
  }
  return sizes.get(file);
}

// Every lazy route of the router must be in the table, so a new route gets a budget.
const router = await readFile(new URL('src/app/router.tsx', web), 'utf8');
const known = new Set(ROUTES.map((r) => r.module));
const unlisted = [...router.matchAll(/import\('@\/((?:features|app\/routes)\/[^']+)'\)/g)].map((m) => `src/${m[1]}.tsx`).filter((m) => !known.has(m));
if (unlisted.length) throw new Error(`routes without a budget: add them to ROUTES in scripts/routes.mjs: ${unlisted.join(', ')}`);
// And every path of src/lib/paths.ts, as the server matches it, so each gets its own preloads.
const paths = await readFile(new URL('src/lib/paths.ts', web), 'utf8');
const patterns = new Set(ROUTES.map((r) => r.pattern));
const unmatched = [...paths.matchAll(/^\s+\w+: '(\/[^']*)',$/gm)]
  .map((m) => (m[1] === '/' ? '/{$}' : m[1].replace(/:(\w+)/g, '{$1}')))
  .filter((p) => !patterns.has(p));
if (unmatched.length) throw new Error(`paths without a route pattern in scripts/routes.mjs: ${unmatched.join(', ')}`);

const kb = (n) => (n / 1000).toFixed(1);
async function total(keys) {
  let n = 0;
  for (const k of keys) n += await brotliSize(manifest[k].file);
  return n;
}
const shell = collect(manifest, entry);
// A route whose first screen comes in its HTML (scripts/prerender.mjs) loads the boot script too.
const { screens } = JSON.parse(await readFile(new URL('dist/prerendered.json', web), 'utf8'));
const boot = 'src/boot.ts';
if (!manifest[boot]) throw new Error(`build-manifest.json has no ${boot}`);
const shellLazy = new Set();
for (const m of SHELL_LAZY) collect(manifest, m, shellLazy);
let failed = false;
console.log(`${'route'.padEnd(22)} ${'first paint'.padStart(11)} ${'cold load'.padStart(10)}   budgets ${BUDGET_KB} / ${COLD_BUDGET_KB} KB`);
for (const r of ROUTES.filter((r, i) => ROUTES.findIndex((o) => o.module === r.module) === i)) {
  const paint = collect(manifest, r.module, new Set(shell));
  const cold = new Set([...shell, ...shellLazy, ...routeChunks(manifest, r.module), ...(r.pattern in screens ? [boot] : [])]);
  const [p, c] = [await total(paint), await total(cold)];
  const over = p > BUDGET_KB * 1000 || c > COLD_BUDGET_KB * 1000;
  if (over) failed = true;
  console.log(`${r.pattern.padEnd(22)} ${`${kb(p)} KB`.padStart(11)} ${`${kb(c)} KB`.padStart(10)}${over ? '  OVER BUDGET' : ''}`);
  if (showChunks || over) {
    const rows = await Promise.all([...cold].map(async (k) => [manifest[k].file, await brotliSize(manifest[k].file), paint.has(k)]));
    for (const [f, n, first] of rows.sort((a, b) => b[1] - a[1])) console.log(`${''.padEnd(24)}${kb(n).padStart(6)} KB  ${f}${first ? '' : '  (after the first paint)'}`);
  }
}
if (failed) {
  console.error('size: a route is over a JS budget (brotli): load the new code after the first paint or on demand, or trim it');
  process.exit(1);
}

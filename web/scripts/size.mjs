// First-load JavaScript per route, brotli, against a budget: what the browser fetches before the
// page can paint its main content. For a route that is the entry chunk and its static imports
// (index.html loads and preloads them) plus the route's lazy chunk and its static imports (the
// router fetches them together when the route first renders). Dynamic imports inside a route
// (the chart, wallet dialogs, data sections) load after that paint and do not count.
//
// Reads build-manifest.json (Vite's manifest, written by `npm run build`). Exits non-zero when a
// route is over its budget. Sizes are brotli at the quality the server's .br files use.
//
//   npm run size              # the table
//   npm run size -- --chunks  # and each route's chunks
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants } from 'node:zlib';

/**
 * The budget in KB (1 KB = 1,000 bytes), the same for every route. What every route loads is 72.3
 * of it: React 19 58 KB, React Router 7.2 (vite.config.ts trims it), the app's shell
 * (route table, layout, header, wallet and toast state, the document title) 6.6, Rolldown's
 * runtime 0.4; so a screen has about 2.7 KB for its first paint. A module the shell imports
 * ships whole with it, whatever else in it only the screens use: keep such modules to what the
 * shell needs (lib/community-links.ts). The screens draw their heading and load the rest
 * right after (their *-content.tsx, lib/lazy-with-queries.tsx): React Query and a screen's data
 * sections never come before its first paint.
 */
const BUDGET_KB = 75;

const ROUTES = [
  { route: '/', module: 'src/features/landing/landing-page.tsx' },
  { route: '/play', module: 'src/features/game-hub/game-hub-page.tsx' },
  { route: '/slots', module: 'src/features/slots/slots-page.tsx' },
  { route: '/slots/fair', module: 'src/features/slots/fair-page.tsx' },
  { route: '/swap', module: 'src/features/swap/swap-page.tsx' },
  { route: '/stats', module: 'src/features/stats/stats-page.tsx' },
  { route: '/portfolio', module: 'src/features/portfolio/portfolio-page.tsx' },
  { route: '/burn', module: 'src/features/burn/burn-page.tsx' },
  { route: '/burn/:hash', module: 'src/features/burn/burn-certificate-page.tsx' },
  { route: '/tokenindex', module: 'src/features/token-index/token-index-page.tsx' },
  { route: '/token/:symbol', module: 'src/features/token/token-page.tsx' },
  { route: '/minerz', module: 'src/features/minerz/minerz-page.tsx' },
  { route: '/tools', module: 'src/features/tools/tools-page.tsx' },
  { route: '/bots', module: 'src/features/bots/bots-page.tsx' },
  { route: '/tx/:hash', module: 'src/features/tx/tx-page.tsx' },
  { route: '/account/:address', module: 'src/features/account/account-page.tsx' },
  { route: '/disclaimer', module: 'src/features/disclaimer/disclaimer-page.tsx' },
  { route: '/learn-more', module: 'src/features/learn-more/learn-more-page.tsx' },
  { route: '/whitepaper', module: 'src/features/whitepaper/whitepaper-page.tsx' },
  { route: '/staking', module: 'src/features/staking/staking-page.tsx' },
  { route: '/activity', module: 'src/features/activity/activity-page.tsx' },
  { route: '/earn (coming soon)', module: 'src/features/coming-soon/coming-soon-page.tsx' },
  { route: '* (not found)', module: 'src/app/routes/not-found.tsx' },
];

const web = new URL('../', import.meta.url);
const showChunks = process.argv.includes('--chunks');

const manifest = JSON.parse(
  await readFile(new URL('build-manifest.json', web), 'utf8').catch(() => {
    throw new Error('build-manifest.json not found: run npm run build');
  }),
);
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('build-manifest.json has no entry chunk');

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

/** A chunk and its static imports, followed transitively, into `out` (manifest keys). */
function collect(key, out) {
  if (out.has(key)) return out;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in build-manifest.json: a route moved? Update ROUTES in scripts/size.mjs`);
  out.add(key);
  for (const dep of chunk.imports ?? []) collect(dep, out);
  return out;
}

// Every lazy route of the router must be in the table, so a new route gets a budget.
const router = await readFile(new URL('src/app/router.tsx', web), 'utf8');
const known = new Set(ROUTES.map((r) => r.module));
const unlisted = [...router.matchAll(/import\('@\/((?:features|app\/routes)\/[^']+)'\)/g)].map((m) => `src/${m[1]}.tsx`).filter((m) => !known.has(m));
if (unlisted.length) throw new Error(`routes without a budget in scripts/size.mjs: ${unlisted.join(', ')}`);

const kb = (n) => (n / 1000).toFixed(1);
let failed = false;
console.log(`${'route'.padEnd(22)} ${'first-load JS'.padStart(13)} ${'budget'.padStart(8)}`);
for (const r of ROUTES) {
  const keys = collect(r.module, collect(entryKey, new Set()));
  let total = 0;
  const rows = [];
  for (const k of keys) {
    const n = await brotliSize(manifest[k].file);
    total += n;
    rows.push([manifest[k].file, n]);
  }
  const over = total > BUDGET_KB * 1000;
  if (over) failed = true;
  console.log(`${r.route.padEnd(22)} ${`${kb(total)} KB`.padStart(13)} ${`${BUDGET_KB} KB`.padStart(8)}${over ? '  OVER BUDGET' : ''}`);
  if (showChunks || over) {
    for (const [f, n] of rows.sort((a, b) => b[1] - a[1])) console.log(`${''.padEnd(24)}${kb(n).padStart(6)} KB  ${f}`);
  }
}
if (failed) {
  console.error('size: a route is over its first-load JS budget (brotli): load the new code after the first paint, or trim it');
  process.exit(1);
}

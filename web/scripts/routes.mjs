// The app's routes as the server matches them (Go ServeMux patterns) with the module each one
// renders, and the rule for what a cold load of a route fetches before anyone acts. Three users:
// scripts/route-preloads.mjs (the server's per-route modulepreload links), scripts/size.mjs (the
// budget) and e2e/first-load.spec.ts (the browser's own account, held to the same rule).

/** Every lazy route of src/app/router.tsx; size.mjs fails when one is missing. */
export const ROUTES = [
  { pattern: '/{$}', module: 'src/features/landing/landing-page.tsx' },
  { pattern: '/play', module: 'src/features/game-hub/game-hub-page.tsx' },
  { pattern: '/slots', module: 'src/features/slots/slots-page.tsx' },
  { pattern: '/slots/{token}', module: 'src/features/slots/slots-page.tsx' },
  { pattern: '/slots/fair', module: 'src/features/slots/fair-page.tsx' },
  { pattern: '/swap', module: 'src/features/swap/swap-page.tsx' },
  { pattern: '/stats', module: 'src/features/stats/stats-page.tsx' },
  { pattern: '/portfolio', module: 'src/features/portfolio/portfolio-page.tsx' },
  { pattern: '/burn', module: 'src/features/burn/burn-page.tsx' },
  { pattern: '/burn/{hash}', module: 'src/features/burn/burn-certificate-page.tsx' },
  { pattern: '/tokenindex', module: 'src/features/token-index/token-index-page.tsx' },
  { pattern: '/token/{symbol}', module: 'src/features/token/token-page.tsx' },
  { pattern: '/minerz', module: 'src/features/minerz/minerz-page.tsx' },
  { pattern: '/tools', module: 'src/features/tools/tools-page.tsx' },
  { pattern: '/bots', module: 'src/features/bots/bots-page.tsx' },
  { pattern: '/tx/{hash}', module: 'src/features/tx/tx-page.tsx' },
  { pattern: '/account/{address}', module: 'src/features/account/account-page.tsx' },
  { pattern: '/disclaimer', module: 'src/features/disclaimer/disclaimer-page.tsx' },
  { pattern: '/learn-more', module: 'src/features/learn-more/learn-more-page.tsx' },
  { pattern: '/whitepaper', module: 'src/features/whitepaper/whitepaper-page.tsx' },
  { pattern: '/staking', module: 'src/features/staking/staking-page.tsx' },
  { pattern: '/earn', module: 'src/features/staking/staking-page.tsx' },
  { pattern: '/activity', module: 'src/features/activity/activity-page.tsx' },
  { pattern: '/coming-soon', module: 'src/features/coming-soon/coming-soon-page.tsx' },
  { pattern: '/rockpaper', module: 'src/features/coming-soon/coming-soon-page.tsx' },
  { pattern: '/cyberslots', module: 'src/features/coming-soon/coming-soon-page.tsx' },
  { pattern: '/nft-rewards', module: 'src/features/coming-soon/coming-soon-page.tsx' },
  // Any other path renders the not-found page: the server matches it last.
  { pattern: '/', module: 'src/app/routes/not-found.tsx' },
];

/**
 * What the shell loads on every page once it is idle, with no one acting (lazy so the first
 * paint does not wait for them): the footer, the wallet's state machine and, on a feature's
 * pages, the notice that says whether the feature is on (counted on every route). Toasts, wallet
 * dialogs and the sound players load with a first toast, click or key, so they are not here.
 */
export const SHELL_LAZY = ['src/app/layout/footer.tsx', 'src/app/wallet-layer.tsx', 'src/components/ui/feature-off-notice.tsx'];

/**
 * Data sections a screen renders at once wherever their component is on it (a claim's measured
 * figure: components/claims/claim.tsx loads it with React Query). A route whose first screen has
 * the component preloads the section and React Query's root with its page, so they are not a
 * round trip after it.
 */
export const DATA_SECTIONS = ['src/components/claims/claim-figure.tsx'];
const QUERY_ROOT = 'src/lib/query-root.tsx';

/** The manifest key of the app's entry chunk (index.html's script, src/main.tsx). */
export function entryKey(manifest) {
  if (!manifest['index.html']?.isEntry) throw new Error('build-manifest.json has no entry chunk for index.html');
  return 'index.html';
}

/** A chunk and its static imports, followed transitively, into `out` (manifest keys). */
export function collect(manifest, key, out = new Set()) {
  if (out.has(key)) return out;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in build-manifest.json: a route moved? Update ROUTES in scripts/routes.mjs`);
  out.add(key);
  for (const dep of chunk.imports ?? []) collect(manifest, dep, out);
  return out;
}

/**
 * The chunks a route's first screen needs beyond the entry's: its page module, the modules the
 * page renders at once (its own lazy imports: the screen's content, and React Query's root that
 * lib/lazy-with-queries.tsx imports beside it), the data sections it shows at once
 * (DATA_SECTIONS), and their static imports. Lazy imports further down (a chart drawn once
 * candles arrive, dialogs opened by a click) are not counted: they wait on data or on the user.
 * Returns manifest keys, without the entry's own.
 */
export function routeChunks(manifest, module) {
  const shell = collect(manifest, entryKey(manifest));
  const page = collect(manifest, module);
  const out = new Set(page);
  for (const key of page) {
    for (const dyn of manifest[key].dynamicImports ?? []) {
      // The page's own lazy imports, and those of the helpers it imports (not the shell's):
      // its content, which lib/lazy-with-queries.tsx renders inside React Query's root.
      if (shell.has(key) || dyn.endsWith('-page.tsx') || dyn === 'index.html') continue;
      collect(manifest, QUERY_ROOT, collect(manifest, dyn, out));
    }
  }
  for (const key of [...out]) {
    for (const dyn of manifest[key].dynamicImports ?? []) {
      if (DATA_SECTIONS.includes(dyn)) collect(manifest, QUERY_ROOT, collect(manifest, dyn, out));
    }
  }
  for (const key of shell) out.delete(key);
  return out;
}

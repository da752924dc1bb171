/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { SLOT_ODDS } from './src/lib/slots/paytable.ts';

// `make dev`: Vite serves the app with hot reload and hands everything the Go binary answers to it.
// The binary runs on devnet (LUCKY_DEV_API, default http://127.0.0.1:8080).
const apiOrigin = process.env.LUCKY_DEV_API ?? 'http://127.0.0.1:8080';

/**
 * On devnet the Go server adds the dev wallet's script to index.html (internal/server/spa.go).
 * Vite's dev server serves its own index.html, so in serve mode this plugin adds the same tag and
 * the dev wallet (window.starkey.supra) works in development too. Never part of a build.
 */
function devWallet(): Plugin {
  return {
    name: 'lucky-dev-wallet',
    apply: 'serve',
    transformIndexHtml: () => [
      { tag: 'script', attrs: { src: '/devnet/wallet.js', defer: true }, injectTo: 'head-prepend' },
    ],
  };
}

/**
 * React Router's build creates its contexts and components with React.createContext, forwardRef
 * and memo calls and then sets their displayName, all at module level. A bundler must keep such
 * statements in case they have side effects, and with them every component the module defines
 * (Form, ScrollRestoration, the data router's prefetching) whether the app uses it or not.
 * Marking the calls pure and dropping the debug names lets tree-shaking take out what is unused:
 * about 3.5 KB brotli off every first load. Builds only.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'lucky-tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/node_modules/react-router/dist/')) return;
      let out = code
        .replace(/\bReact\d*\.(createContext|forwardRef|memo)\(/g, '/* @__PURE__ */ $&')
        .replace(/^\w+\.displayName = "[^"]*";$/gm, '');
      // The module that defines <Routes>: the others only import it.
      if (out.includes('function useRoutesImpl(')) out = declarativeRoutes(out);
      return { code: out, map: null };
    },
  };
}

/**
 * React Router's <Routes> (useRoutes) renders through the functions its data routers use too,
 * useRoutesImpl and _renderMatches, whose third argument only a data router passes. Their
 * data-router branches (route error boundaries, hydration fallbacks, server-component redirects)
 * stay in the bundle, since a bundler cannot tell that the argument is always missing. This
 * gives useRoutes its own copy of the two with the argument undefined, the same code, from
 * which minification then drops those branches: about 0.8 KB brotli off every first load (the
 * app's routes are declarative, app/router.tsx). The originals stay for a data router
 * (tree-shaken while there is none). Builds only; the build stops if React Router's code no
 * longer reads as expected, rather than ship it unchanged.
 */
function declarativeRoutes(code: string): string {
  const once = (text: string, from: string, to: string) => {
    const at = text.indexOf(from);
    if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`lucky-tree-shake-react-router: React Router changed; "${from}" is not in it once`);
    return text.slice(0, at) + to + text.slice(at + from.length);
  };
  /** The text of function `name`, up to the function after it in the source. */
  const fn = (name: string, next: string) => {
    const start = code.indexOf(`function ${name}(`);
    const end = code.indexOf(`function ${next}(`, start);
    if (start < 0 || end < 0) throw new Error(`lucky-tree-shake-react-router: React Router changed; no function ${name} before ${next}`);
    return code.slice(start, end);
  };
  const routes = once(
    once(fn('useRoutesImpl', 'DefaultErrorComponent'), 'function useRoutesImpl(routes, locationArg, dataRouterOpts) {', 'function useRoutesDeclarative(routes, locationArg) {\n  const dataRouterOpts = void 0;'),
    '_renderMatches(',
    'renderMatchesDeclarative(',
  );
  const matches = once(
    fn('_renderMatches', 'getDataRouterConsoleError'),
    'function _renderMatches(matches, parentMatches = [], dataRouterOpts) {',
    'function renderMatchesDeclarative(matches, parentMatches = []) {\n  const dataRouterOpts = void 0;',
  );
  return `${once(code, 'return useRoutesImpl(routes, locationArg);', 'return useRoutesDeclarative(routes, locationArg);')}\n${routes}\n${matches}`;
}

export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react(), tailwindcss(), devWallet(), treeShakeReactRouter()],
  // The slot game's top prize ("50x"), worked out from the paytable (src/lib/slots/paytable.ts)
  // here, when the app is built: the headings that state it on the home and slots pages then
  // paint without the table in their first load. src/env.d.ts declares it.
  define: {
    'import.meta.env.SLOT_TOP_PRIZE': JSON.stringify(SLOT_ODDS.topPrize),
    'import.meta.env.SLOT_WIN_CHANCE': JSON.stringify(SLOT_ODDS.winChance),
  },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The package exports only its development build (dev warnings on); a build takes the
      // production one, the same code with the warnings off.
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // Inline nothing: the server's CSP forbids data: scripts and we want every asset cacheable.
    assetsInlineLimit: 0,
    modulePreload: {
      polyfill: false,
      // index.html keeps its modulepreload links: they fetch React alongside the entry instead
      // of after it (the entry's imports are found only once it has arrived). A lazy import
      // preloads its CSS and no scripts: Vite's helper adds one <link rel="modulepreload"> per
      // script the chunk needs, all in one task, and on a phone (4x slower CPU) that task took
      // 146 ms on /stats, right after the heading painted. Without them the browser finds a
      // chunk's imports as it parses it, fetching and compiling them in small tasks.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    // Which chunks each route loads first, for scripts/size.mjs; scripts/compress.mjs moves it
    // out of dist/ (to build-manifest.json), so the binary does not ship it.
    manifest: true,
    // React in a chunk of its own: an app deploy leaves it in the browser's cache.
    rolldownOptions: {
      // src/boot.ts: the entry of pages with a prerendered first screen (scripts/prerender.mjs).
      input: { index: 'index.html', boot: 'src/boot.ts' },
      output: { codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } },
    },
  },
  server: {
    host: '127.0.0.1',
    // /rpc and /devnet: the emulated node, its admin and the dev wallet (script, styles, signing).
    proxy: Object.fromEntries(['/api', '/rpc', '/devnet', '/healthz'].map((p) => [p, apiOrigin])),
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Vitest's default leaves a core to its main thread, which is idle here: on a 2-core machine
    // that meant one worker, and the suite took 105 s instead of 64 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
}));

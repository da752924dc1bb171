// Writes dist/prerendered.json, the pages of the routes with a fixed path:
// - screens: for each such route pattern, the HTML of its first screen (src/prerender.tsx renders
//   it with React on Node), which the server puts inside the page's <div id="root">;
// - page: index.html for them, its app script and that script's modulepreload links taken out
//   and src/boot.ts's script put in: the entry that fetches them once the screen is painted;
// - entry, imports: what was taken out, for the server to list in the page (#route-scripts).
//
// A screen must be what the app's first render in a browser draws, or React would throw it away
// and draw again (a flash). So the build stops when a screen has what the page could not keep:
// an inline style attribute (the CSP, style-src 'self', blocks it, and hydration does not put it
// back) or an inline script (a part React could not finish: the CSP blocks it too).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { ROUTES, collect, entryKey } from './routes.mjs';

const web = new URL('..', import.meta.url).pathname;
const dist = join(web, 'dist');

/** index.html with the app's script and preloads replaced by the boot script. */
async function bootPage() {
  const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const boot = manifest['src/boot.ts'];
  if (!boot?.isEntry) throw new Error('prerender: the build has no src/boot.ts entry (vite.config.ts input)');
  const entry = `/${manifest[entryKey(manifest)].file}`;
  const imports = [...collect(manifest, entryKey(manifest))].slice(1).map((k) => `/${manifest[k].file}`);
  let page = await readFile(join(dist, 'index.html'), 'utf8');
  const take = (tag, by = '') => {
    if (page.split(tag).length !== 2) throw new Error(`prerender: dist/index.html does not have ${tag} once`);
    page = page.replace(tag, by);
  };
  take(`<script type="module" crossorigin src="${entry}"></script>`, `<script type="module" crossorigin src="/${boot.file}"></script>`);
  for (const href of imports) take(`<link rel="modulepreload" crossorigin href="${href}">`);
  page = page.replace(/\n\s*\n/g, '\n');
  return { page, entry, imports };
}

// Under node_modules so the bundle's imports (react, react-dom) resolve from it.
const out = await mkdtemp(join(web, 'node_modules', '.prerender-'));
try {
  await build({
    root: web,
    logLevel: 'warn',
    configLoader: 'bundle',
    build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, copyPublicDir: false, manifest: false, rolldownOptions: { input: 'src/prerender.tsx' } },
  });
  const { render } = await import(pathToFileURL(join(out, 'prerender.js')).href);
  const screens = {};
  for (const { pattern } of ROUTES) {
    // Only fixed paths: a path with a parameter (a token, a hash) draws what it names; "/" is
    // the not-found page, for any other path.
    if ((pattern.includes('{') && pattern !== '/{$}') || pattern === '/') continue;
    const path = pattern === '/{$}' ? '/' : pattern;
    const html = await render(path);
    const bad = html.match(/<[^>]* style="[^"]*"[^>]*>|<script[^>]*>/);
    if (bad) throw new Error(`prerender: ${path} draws ${bad[0]}, which the CSP blocks`);
    screens[pattern] = html;
  }
  await writeFile(join(dist, 'prerendered.json'), `${JSON.stringify({ ...(await bootPage()), screens })}\n`);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`prerender: ${Object.keys(screens).length} screens, ${Object.entries(screens).map(([p, h]) => `${p} ${kb(h.length)} KiB`).join(', ')}`);
} finally {
  await rm(out, { recursive: true, force: true });
}

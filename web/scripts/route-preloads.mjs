// Writes dist/route-preloads.json: for each route pattern, the scripts its first screen needs
// beyond the entry's (scripts/routes.mjs has the rule). The server puts them in that route's
// HTML as <link rel="modulepreload">, so the browser fetches them alongside the entry instead of
// one round trip after another (entry, then the page, then its content).
import { writeFile } from 'node:fs/promises';
import { ROUTES, SHELL_LAZY, collect, entryKey, routeChunks } from './routes.mjs';

/** @param manifest Vite's build manifest; @param distDir the build's folder (a URL or path). */
export async function writeRoutePreloads(manifest, distDir) {
  const shellKeys = collect(manifest, entryKey(manifest));
  const file = (key) => `/${manifest[key].file}`;
  const routes = ROUTES.map(({ pattern, module }) => {
    // The page paints the heading (the largest paint of most screens): its scripts come first;
    // the content's come at low priority, beside them but not ahead of them.
    const paint = collect(manifest, module, new Set(shellKeys));
    const all = [...routeChunks(manifest, module)].filter((k) => manifest[k].file.endsWith('.js'));
    return { pattern, preload: all.filter((k) => paint.has(k)).map(file), later: all.filter((k) => !paint.has(k)).map(file) };
  });
  // What the shell loads once idle, for e2e/cold-load.spec.ts (the server does not preload it).
  const shell = shellKeys;
  const idle = new Set();
  for (const m of SHELL_LAZY) collect(manifest, m, idle);
  const idleFiles = [...idle].filter((k) => !shell.has(k)).map((k) => `/${manifest[k].file}`);
  await writeFile(new URL('route-preloads.json', distDir), `${JSON.stringify({ routes, idle: idleFiles }, null, 1)}\n`);
  return routes;
}

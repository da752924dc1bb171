// Writes .br (brotli, max quality) and .gz (gzip -9) siblings for every compressible file in dist/.
// Text assets are always compressed; sounds and images only when the result is smaller.
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { writeRoutePreloads } from './route-preloads.mjs';

const distURL = new URL('../dist/', import.meta.url);
const dist = distURL.pathname;
// Vite's manifest (which chunks each route loads) is for scripts/size.mjs, not for the binary;
// the binary gets what it needs of it, each route's preloads (compressed below with the rest).
const manifestPath = new URL('../build-manifest.json', import.meta.url).pathname;
await rename(join(dist, '.vite/manifest.json'), manifestPath);
await rm(join(dist, '.vite'), { recursive: true });
await writeRoutePreloads(JSON.parse(await readFile(manifestPath, 'utf8')), distURL);
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map']);
const MEDIA = new Set(['.ogg', '.opus', '.mp3', '.wav', '.png', '.jpg', '.jpeg', '.webp', '.ico']);

async function* walk(dir) {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else yield p;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
for await (const file of walk(dist)) {
  const ext = extname(file).toLowerCase();
  if (!TEXT.has(ext) && !MEDIA.has(ext)) continue;
  const data = await readFile(file);
  if (data.length < 256 && !TEXT.has(ext)) continue;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: TEXT.has(ext) ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  const always = TEXT.has(ext);
  // Media: keep a compressed copy only if it saves at least 5%.
  const worth = (n) => always || n < data.length * 0.95;
  if (worth(br.length)) await writeFile(file + '.br', br);
  if (worth(gz.length)) await writeFile(file + '.gz', gz);
  if (worth(br.length) || worth(gz.length)) {
    count++;
    before += data.length;
    afterBr += Math.min(br.length, data.length);
  }
}
const s = await stat(dist).catch(() => null);
if (!s) throw new Error('dist/ not found: run vite build first');
console.log(`compress: ${count} files, ${(before / 1024).toFixed(1)} KiB -> ${(afterBr / 1024).toFixed(1)} KiB brotli`);
// Keep the committed placeholder that lets `go build ./...` compile before the first web build.
await writeFile(join(dist, '.gitkeep'), '');

// Prints the gzipped size of the JavaScript the first load of `/` ships: the module scripts and
// modulepreloads index.html references, plus the landing route chunk, each with its static
// imports followed transitively. Exits non-zero above the 150 KB budget.
import { readFile, readdir } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const BUDGET_KB = 150;
const html = await readFile(join(dist, 'index.html'), 'utf8');

const seen = new Map(); // path relative to dist -> [raw, gz]
async function add(rel) {
  if (seen.has(rel)) return;
  const code = await readFile(join(dist, rel), 'utf8');
  seen.set(rel, [Buffer.byteLength(code), gzipSync(code, { level: 9 }).length]);
  // Static imports only: `import ... from "./x.js"`, `import "./x.js"`, `export ... from "./x.js"`.
  // Dynamic import("./x.js") calls are lazy routes and are not counted.
  const re = /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) await add(posix.join(posix.dirname(rel), m[1]));
}

for (const m of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.js)"/g)) await add(m[1]);
const assets = await readdir(join(dist, 'assets'));
const landing = assets.find((f) => /^landing-page-[\w-]+\.js$/.test(f));
if (!landing) throw new Error('landing chunk not found in dist/assets');
await add('assets/' + landing);

let total = 0;
const rows = [...seen].sort((a, b) => b[1][1] - a[1][1]);
for (const [f, [raw, gz]] of rows) {
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KiB gz ${(raw / 1024).toFixed(1).padStart(8)} KiB raw  ${f}`);
}
console.log(`total JS for / : ${(total / 1024).toFixed(1)} KiB gzipped (budget ${BUDGET_KB} KiB)`);
if (total > BUDGET_KB * 1024) process.exit(1);

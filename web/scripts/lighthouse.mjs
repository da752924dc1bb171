// Audits URLs with Lighthouse 12 and Debian's Chromium, mobile form factor (Lighthouse's
// default config: a mid-range phone on a slow 4G link, simulated), and prints the median
// performance, accessibility, total blocking time, largest contentful paint and layout shift of
// each. Exits non-zero when a median is below 0.98 performance or accessibility, above 50 ms
// total blocking time or 0.01 layout shift, or (with --control) its largest contentful paint is
// above 1.3 times the control's; or when a run failed twice (a failed run is retried once).
//
//   npm run lighthouse                                     # http://127.0.0.1:8080/, one run
//   npm run lighthouse -- --runs 3 http://127.0.0.1:18090/swap http://127.0.0.1:18090/stats
//   npm run lighthouse -- --runs 3 --control ../some/dist http://127.0.0.1:18090/
//
// --control DIR serves a built bare page (bench/lighthouse.sh builds a plain Vite + React one)
// over a local server with brotli, like the app's, and audits it first, in the same run: a slow or
// busy machine then shows in the control too, and the app's largest paint is held to the
// control's (what a bare React page paints in the same conditions). The control never fails.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const MIN = { performance: 0.98, accessibility: 0.98 };
const MAX_TBT_MS = 50;
const MAX_CLS = 0.01;
/** The largest contentful paint of a page at most this many times the control's. */
const MAX_LCP_RATIO = 1.3;

const args = process.argv.slice(2);
let runs = 1;
let controlDir = null;
const urls = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--control') controlDir = args[++i];
  else urls.push(args[i]);
}
if (urls.length === 0) urls.push(process.env.LIGHTHOUSE_URL ?? 'http://127.0.0.1:8080/');
if (!(runs >= 1)) throw new Error('--runs wants a count');

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** A static server for the control build: brotli when asked, index.html for unknown paths. */
async function serveControl(dir) {
  const cache = new Map();
  const server = createServer(async (req, res) => {
    const rel = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, rel);
    let body = await readFile(file).catch(() => null);
    if (!body) body = await readFile((file = join(dir, 'index.html')));
    const br = /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
    if (br && !cache.has(file)) cache.set(file, brotliCompressSync(body));
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    if (br) res.setHeader('Content-Encoding', 'br');
    res.end(br ? cache.get(file) : body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return server;
}

async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.kill();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** What costs points in a run, so a failing median says why. */
function weakAudits(lhr) {
  const out = [];
  for (const [id, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9) continue;
      if (a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable') continue;
      out.push(`[${id}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  }
  return out;
}

let control = null;
const targets = urls.map((url) => ({ label: url, url, gated: true }));
if (controlDir) {
  control = await serveControl(controlDir);
  targets.unshift({ label: 'control: bare Vite + React page', url: `http://127.0.0.1:${control.address().port}/`, gated: false });
}

let failed = false;
const rows = [];
let controlLcp = null;
try {
  for (const t of targets) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      // A run that fails (Lighthouse's NO_NAVSTART, a browser that did not start) is tried
      // once more; only a run that fails twice fails the bench.
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          samples.push(await audit(t.url));
          break;
        } catch (err) {
          const again = attempt === 1 ? ', trying once more' : '';
          console.error(`${t.url}: lighthouse failed: ${err instanceof Error ? err.message : err}${again}`);
          if (attempt === 2) failed = true;
        }
      }
    }
    if (samples.length === 0) continue;
    const pick = (f) => median(samples.map(f));
    const row = {
      label: t.label,
      perf: pick((l) => l.categories.performance.score ?? 0),
      a11y: pick((l) => l.categories.accessibility.score ?? 0),
      tbt: pick((l) => l.audits['total-blocking-time'].numericValue),
      lcp: pick((l) => l.audits['largest-contentful-paint'].numericValue),
      fcp: pick((l) => l.audits['first-contentful-paint'].numericValue),
      cls: pick((l) => l.audits['cumulative-layout-shift'].numericValue),
    };
    if (!t.gated) controlLcp = row.lcp;
    const ratio = controlLcp ? row.lcp / controlLcp : null;
    const bad =
      t.gated &&
      (row.perf < MIN.performance || row.a11y < MIN.accessibility || row.tbt > MAX_TBT_MS || row.cls > MAX_CLS || (ratio !== null && ratio > MAX_LCP_RATIO));
    rows.push({ ...row, ratio, bad });
    console.log(
      `${t.label}: perf ${row.perf.toFixed(2)}, a11y ${row.a11y.toFixed(2)}, TBT ${Math.round(row.tbt)} ms, ` +
        `LCP ${Math.round(row.lcp)} ms${ratio === null ? '' : ` (${ratio.toFixed(2)}× the control)`} (median of ${samples.length})${bad ? '  FAIL' : ''}`,
    );
    if (bad) {
      failed = true;
      // The run nearest the median performance says what to fix.
      const near = samples.reduce((a, b) =>
        Math.abs((b.categories.performance.score ?? 0) - row.perf) < Math.abs((a.categories.performance.score ?? 0) - row.perf) ? b : a,
      );
      for (const w of weakAudits(near)) console.log(`    ${w}`);
    }
  }
} finally {
  control?.close();
}

const lh = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
console.log(`\nLighthouse ${lh}, mobile, median of ${runs} run${runs > 1 ? 's' : ''}:`);
console.log(
  `${'page'.padEnd(40)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'TBT ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'×ctrl'.padStart(6)} ${'FCP ms'.padStart(7)} ${'CLS'.padStart(6)}`,
);
for (const r of rows) {
  console.log(
    `${r.label.replace(/^http:\/\/[^/]+/, '').padEnd(40)} ${r.perf.toFixed(2).padStart(5)} ${r.a11y.toFixed(2).padStart(5)} ` +
      `${String(Math.round(r.tbt)).padStart(7)} ${String(Math.round(r.lcp)).padStart(7)} ${(r.ratio === null ? '' : r.ratio.toFixed(2)).padStart(6)} ` +
      `${String(Math.round(r.fcp)).padStart(7)} ${r.cls.toFixed(3).padStart(6)}${r.bad ? '  FAIL' : ''}`,
  );
}
console.log(
  `gates: performance and accessibility ≥ ${MIN.performance}, TBT ≤ ${MAX_TBT_MS} ms, CLS ≤ ${MAX_CLS}` +
    `${control ? `, LCP ≤ ${MAX_LCP_RATIO}× the control's` : ''}`,
);
process.exit(failed ? 1 : 0);

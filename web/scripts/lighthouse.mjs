// Audits a URL (default: the running binary at http://127.0.0.1:8080/) with Lighthouse 12 and
// Debian's Chromium, mobile form factor (Lighthouse's default config), and prints the category
// scores. Exits non-zero when performance or accessibility is below 0.95.
//
//   npm run lighthouse                      # http://127.0.0.1:8080/
//   npm run lighthouse -- http://127.0.0.1:18090/swap
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const url = process.argv[2] ?? process.env.LIGHTHOUSE_URL ?? 'http://127.0.0.1:8080/';
const THRESHOLD = 0.95;
const GATED = ['performance', 'accessibility'];

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

let failed = false;
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error('lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  console.log(`Lighthouse ${lhr.lighthouseVersion} (${lhr.configSettings.formFactor}) ${lhr.finalDisplayedUrl}`);
  for (const [id, cat] of Object.entries(lhr.categories)) {
    const score = cat.score ?? 0;
    const gated = GATED.includes(id);
    const bad = gated && score < THRESHOLD;
    if (bad) failed = true;
    console.log(`  ${cat.title.padEnd(16)} ${score.toFixed(2)}${gated ? `  (min ${THRESHOLD})` : ''}${bad ? '  FAIL' : ''}`);
  }
  const m = (id) => lhr.audits[id]?.displayValue ?? '-';
  console.log(
    `  metrics: FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}, SI ${m('speed-index')}`,
  );
  // List what costs points, so a failing run says why.
  for (const [id, cat] of Object.entries(lhr.categories)) {
    const weak = cat.auditRefs
      .map((r) => lhr.audits[r.id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable');
    for (const a of weak) console.log(`  [${id}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  }
} catch (err) {
  console.error('lighthouse failed:', err instanceof Error ? err.message : err);
  failed = true;
} finally {
  await chrome.kill();
}
process.exit(failed ? 1 : 0);

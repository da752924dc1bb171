// Screenshots of the token index (/tokenindex) at 1440 px and 375 px, against the real binary
// (the LUCKY dashboard is in devnet-screenshots.mjs). Run from web/ after `make build`:
//   node e2e/support/market-screenshots.mjs            (port 18103, or E2E_PORT)
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 18103);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = '../docs/screenshots';

const server = spawn('../bin/lucky', ['serve', '--addr', `127.0.0.1:${PORT}`], { stdio: 'ignore' });
try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  for (const [name, viewport, mobile] of [
    ['desktop', { width: 1440, height: 900 }, false],
    ['mobile', { width: 375, height: 812 }, true],
  ]) {
    const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: mobile, hasTouch: mobile });
    const page = await ctx.newPage();
    for (const [route, file, ready] of [
      ['/tokenindex', 'token-index', mobile ? 'token-card' : 'token-row'],
    ]) {
      await page.goto(`${BASE}${route}`);
      await page.getByTestId(ready).first().waitFor();
      await page.evaluate(() => document.querySelectorAll('aside.dw').forEach((e) => (e.style.display = 'none')));
      await sleep(3500); // the 'Data refreshed!' toast (3 s) leaves
      // Desktop: the whole page; phone: the first screen, as a visitor sees it.
      await page.screenshot({ path: `${OUT}/${file}-${name}.png`, fullPage: !mobile });
    }
    await ctx.close();
  }
  await browser.close();
} finally {
  server.kill();
}

// Screenshots of the devnet as `make run` opens it: a seeded week of history with the
// simulator trading, spinning and burning on top. /stats, /slots, /burn and /minerz at
// 1440 px and 375 px, against the real binary. Run from web/ after `make build`:
//   node e2e/support/devnet-screenshots.mjs            (port 18104, or E2E_PORT)
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 18104);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = '../docs/screenshots';

const server = spawn('../bin/lucky', ['serve', '--addr', `127.0.0.1:${PORT}`, '--simulate=2'], { stdio: 'ignore' });
try {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  await sleep(10_000); // the simulator's first trades, spins and burns
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  for (const [name, viewport, mobile] of [
    ['desktop', { width: 1440, height: 900 }, false],
    ['mobile', { width: 375, height: 812 }, true],
  ]) {
    const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: mobile, hasTouch: mobile });
    const page = await ctx.newPage();
    for (const [route, file, ready] of [
      ['/stats', 'devnet-stats', 'card-price-value'],
      ['/slots', 'devnet-slots', 'feed-play'],
      ['/burn', 'devnet-burn', 'burn-leader'],
      ['/minerz', 'devnet-minerz', 'minerz-connect'],
    ]) {
      await page.goto(`${BASE}${route}`);
      await page.getByTestId(ready).first().waitFor({ timeout: 30_000 });
      await page.evaluate(() => document.querySelectorAll('aside.dw').forEach((e) => (e.style.display = 'none')));
      await sleep(3500); // charts draw, the 'Data refreshed!' toast (3 s) leaves
      await page.screenshot({ path: `${OUT}/${file}-${name}.png`, fullPage: !mobile });
    }
    await ctx.close();
  }
  await browser.close();
} finally {
  server.kill();
}

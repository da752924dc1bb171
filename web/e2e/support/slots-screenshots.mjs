// Screenshots of FRUIT SPIN FRENZY (idle, spinning, win, a run's summary) at 1440 px and 375 px, against the real
// binary on its own port. Run from web/: node e2e/support/slots-screenshots.mjs
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.SHOT_PORT ?? 18091);
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
    await page.addInitScript(() => {
      localStorage.setItem('devWallet.autoApprove', '1');
      localStorage.setItem('devWallet.account', '0');
      localStorage.setItem('soundEnabled', 'false');
    });
    await page.goto(`${BASE}/slots/lucky`);
    const main = page.getByTestId('main-button');
    await main.click();
    await page.getByText('Spin Now').waitFor();
    await page.getByLabel('Number of Spins').fill('3');
    const hideDevPanel = () =>
      page.evaluate(() => document.querySelectorAll('aside.dw').forEach((e) => (e.style.display = 'none')));
    await hideDevPanel();
    await sleep(1200); // toasts of the connection settle
    await page.evaluate(() => document.querySelectorAll('[aria-live] button[aria-label="Dismiss notification"]').forEach((b) => b.click()));
    // The game fits the first screen at both widths: every shot is from the top of the page.
    const scrollToGame = () => page.evaluate(() => window.scrollTo(0, 0));
    await scrollToGame();
    await sleep(300);
    await page.screenshot({ path: `${OUT}/slots-idle-${name}.png` });

    // Spinning: hold the transaction confirmation so the reels keep shuffling.
    await fetch(`${BASE}/devnet/slots/outcomes`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tiers: [6, 0, 3], replace: true }) });
    await page.route('**/api/v1/tx/*', async (route) => {
      await sleep(1500);
      await route.continue();
    });
    await main.click();
    await sleep(700);
    await hideDevPanel();
    await scrollToGame();
    await page.screenshot({ path: `${OUT}/slots-spinning-${name}.png` });

    // Win: the forced Super Jackpot lands first.
    await page.getByText(/^Super Jackpot!/).waitFor({ timeout: 20000 });
    await sleep(350);
    await scrollToGame();
    await page.screenshot({ path: `${OUT}/slots-win-${name}.png` });
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByText('Spin Now').waitFor();

    // A 10-spin Turbo run watched to the end: it ends on its summary (two Jackpots, a loss last).
    await page.unroute('**/api/v1/tx/*');
    await fetch(`${BASE}/devnet/slots/outcomes`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tiers: [0, 5, 1, 0, 5, 2, 0, 0, 3, 0], replace: true }) });
    await page.getByLabel('Number of Spins').fill('10');
    const turbo = page.getByRole('switch', { name: 'Turbo' });
    if ((await turbo.getAttribute('aria-checked')) !== 'true') await turbo.click();
    await main.click();
    await page.getByTestId('result-line').getByText(/^10 spins, /).waitFor({ timeout: 30000 });
    await hideDevPanel();
    await scrollToGame();
    await sleep(300);
    await page.screenshot({ path: `${OUT}/slots-run-summary-${name}.png` });
    // The "Last play" panel (beside the machine on a desktop, under it on a phone).
    await page.getByTestId('run-summary').scrollIntoViewIfNeeded();
    await page.getByTestId('run-summary').screenshot({ path: `${OUT}/slots-run-panel-${name}.png` });
    await ctx.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}

// Screenshots of Cosmic Miners (live with a fleet, demo on the mainnet preset) and the landing
// page's staking modal at 1440 px and 375 px, against the real binary on its own port (a fresh
// devnet each run). Run from web/: E2E_PORT=18104 node e2e/support/minerz-screenshots.mjs
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 18104);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = '../docs/screenshots';
const MINER = 3;

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
  const accounts = await (await fetch(`${BASE}/devnet/accounts`)).json();
  const staker = accounts.find((a) => a.index === MINER).address;
  // A staking position for the modal: 2,500 SUPRA staked by the miner account.
  const built = await (
    await fetch(`${BASE}/api/v1/tx/build`, {
      method: 'POST',
      body: JSON.stringify({ sender: staker, function: '0xde01::staking::stake', typeArguments: [], arguments: ['250000000000'] }),
    })
  ).json();
  await fetch(`${BASE}/devnet/wallet/send`, { method: 'POST', body: JSON.stringify({ account: MINER, rawTransaction: built.rawTransaction }) });

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  let bought = false;
  for (const [name, viewport, mobile] of [
    ['desktop', { width: 1440, height: 900 }, false],
    ['mobile', { width: 375, height: 812 }, true],
  ]) {
    const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: mobile, hasTouch: mobile });
    const page = await ctx.newPage();
    await page.addInitScript((account) => {
      localStorage.setItem('devWallet.autoApprove', '1');
      localStorage.setItem('devWallet.account', String(account));
      localStorage.setItem('soundEnabled', 'false');
    }, MINER);
    const hideDevPanel = () =>
      page.evaluate(() => document.querySelectorAll('aside.dw').forEach((e) => (e.style.display = 'none')));
    await page.goto(`${BASE}/minerz`);
    await page.getByTestId('minerz-connect').click();
    await page.getByText('Assemble Your Starfleet').waitFor();
    if (!bought) {
      for (const rig of ['Nano Rig', 'Nano Rig', 'Quantum Core']) {
        await page.getByRole('button', { name: `Launch Rig: ${rig}` }).click();
        await page.getByText(`${rig} launched!`).first().waitFor({ timeout: 15_000 });
      }
      bought = true;
    }
    await page.reload();
    await page.getByText('Your Galactic Fleet').waitFor();
    await page.getByTestId('stat-stash').waitFor();
    await hideDevPanel();
    await page.evaluate(() => window.scrollTo(0, 0));
    await sleep(1500);
    await page.screenshot({ path: `${OUT}/minerz-live-${name}.png`, fullPage: true });

    // The landing page's Staking modal with the account's position.
    await page.goto(`${BASE}/`);
    await page.getByRole('button', { name: /^Staking\b/ }).click();
    await page.getByTestId('staking-deposit').getByText('SUPRA').waitFor();
    await hideDevPanel();
    await sleep(800); // the modal's pop-in animation
    await page.screenshot({ path: `${OUT}/staking-modal-${name}.png` });

    // Demo mode: the page as it runs on the mainnet preset.
    const demo = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: mobile, hasTouch: mobile });
    const dp = await demo.newPage();
    await dp.route('**/api/v1/config', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.network = { ...body.network, name: 'mainnet', label: 'Supra Mainnet', chainId: 8, devnet: false,
        modules: { ...body.network.modules, staking: '', miners: '' } };
      await route.fulfill({ response: res, json: body });
    });
    await dp.goto(`${BASE}/minerz`);
    await dp.getByTestId('demo-banner').waitFor();
    await dp.evaluate(() => document.querySelectorAll('aside.dw').forEach((e) => (e.style.display = 'none')));
    await sleep(500);
    await dp.screenshot({ path: `${OUT}/minerz-demo-${name}.png`, fullPage: true });
    await demo.close();
    await ctx.close();
  }
  await browser.close();
} finally {
  server.kill();
}

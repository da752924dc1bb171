import type { Page } from '@playwright/test';
import { CHANGES_CHAIN, expect, isMobile, test } from './fixtures';
import { LUCKY, SUPRA } from './support/chain';
import { allowFailedLoads, DEXUSDC, nodeView, reserves, swapViaApi } from './support/market';
import { decimal, formatBalance, formatExact, formatPrice, mul, ratio, units, type Exact } from '../src/lib/amounts';
import { formatSupply, formatUsdCompact as formatMarketCap } from '../src/lib/format';
import type { AppConfig, LuckyDashboard } from '../src/types/api';

const card = (page: Page, id: string) => page.getByTestId(`card-${id}-value`);

/** Opens /stats and returns the dashboard answer the page itself received. */
async function openStats(page: Page): Promise<LuckyDashboard> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/market/lucky');
  await page.goto('/stats');
  const res = await answer;
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as LuckyDashboard;
}

/** LUCKY's USD price from the two pools, read from the node and computed exactly. */
async function luckyUsdFromNode(page: Page): Promise<{ price: Exact; perSupra: Exact }> {
  const [rLucky, rSupra] = await reserves(page.request, LUCKY, SUPRA);
  const [rSupra2, rUsdc] = await reserves(page.request, SUPRA, DEXUSDC);
  const priceSupra = ratio(rSupra * 10n ** 6n, rLucky * 10n ** 8n); // SUPRA per LUCKY
  const supraUsd = ratio(rUsdc * 10n ** 8n, rSupra2 * 10n ** 6n); // dexUSDC per SUPRA
  return { price: mul(priceSupra, supraUsd), perSupra: ratio(rLucky * 10n ** 8n, rSupra * 10n ** 6n) };
}

test.describe('stats', () => {
  // It compares the dashboard with live node reads (supply, staking deposit), so it holds the chain
  // lock: no spec of another worker changes the chain between the two.
  test(`shows the six product cards plus FDV, in the display formats of docs/product.md ${CHANGES_CHAIN} @phone`, async ({ page }) => {
    const d = await openStats(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Token Analytics' })).toBeVisible();
    const total = BigInt(d.totalSupply!.amount);
    const burned = BigInt(d.burned!.amount);
    await expect(card(page, 'total-supply')).toHaveText('1.00B LUCKY');
    // Opening the page is no refresh the player asked for: no 'Data refreshed!' toast.
    await expect(page.getByText('Data refreshed!')).toHaveCount(0);
    await expect(card(page, 'burned')).toHaveText(`${formatSupply(burned, 6)} LUCKY`);
    await expect(card(page, 'circulating')).toHaveText(`${formatSupply(total - burned, 6)} LUCKY`);
    await expect(card(page, 'price')).toHaveText(formatPrice(d.priceUsd!));
    // The price names the pools it is read through.
    expect(d.usdRoute).toBe('LUCKY/SUPRA × SUPRA/dexUSDC');
    await expect(page.getByTestId('card-price')).toContainText('Price in USD via LUCKY/SUPRA × SUPRA/dexUSDC on Dexlyn');
    await expect(card(page, 'lucky-per-supra')).toHaveText(`${formatExact(d.luckyPerSupra!, 4, { grouping: true })} LUCKY`);
    await expect(card(page, 'market-cap')).toHaveText(formatMarketCap(d.marketCap!));
    await expect(card(page, 'fdv')).toHaveText(formatMarketCap(d.fdv!));
    // Market cap is price × circulating supply, FDV price × total supply.
    const price = decimal(d.priceUsd!);
    await expect(card(page, 'market-cap')).toHaveText(formatMarketCap(mul(price, units(total - burned, 6))));
    await expect(card(page, 'fdv')).toHaveText(formatMarketCap(mul(price, units(total, 6))));

    // The total supply is the node's coin::supply.
    const [supply] = (await nodeView(page.request, '0x1::coin::supply', [LUCKY])) as [{ vec: string[] }];
    expect(BigInt(supply.vec[0]!)).toBe(total);

    // Below the figures, as a reader scrolls to it (on a phone it renders only then).
    await page.getByTestId('stats-lower').scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Liquidity Metrics' })).toBeVisible();
    await expect(card(page, 'pool-supra')).toContainText(/ LUCKY \/.* SUPRA$/);
    await expect(card(page, 'pool-usdc')).toContainText(/ LUCKY \/.* dexUSDC$/);
    await expect(page.getByText('Liquidity Providers')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Staking & Vaults' })).toBeVisible();
    await expect(card(page, 'vault')).toHaveText(/^[\d,]+\.\d\d LUCKY$/);
    await expect(page.getByRole('list', { name: 'Supply breakdown' }).getByRole('listitem')).toHaveCount(3);
    // One circulating figure: the breakdown's is the card's (total − burned, the server's rule).
    await expect(page.getByTestId('breakdown-circulating')).toContainText(`${formatSupply(total - burned, 6)} LUCKY`);
    await expect(page.getByText('Data updates every 60 seconds | Source: Dexlyn')).toBeVisible();
    await expect(page.getByTestId('updated-ago').first()).toHaveText(/^Updated /);
    // Devnet has the staking pool: Staked is its global deposit, read through the node.
    const [deposit] = (await nodeView(page.request, '0xde01::staking::get_global_deposit', [])) as [string];
    expect(d.staking?.staked.amount).toBe(deposit);
    await expect(card(page, 'staked')).toHaveText(`${formatBalance(BigInt(deposit), 8)} SUPRA`);
    // The pool's figures (docs/product.md, Staking) sit beside it; without a wallet the per-wallet values ask for one.
    await expect(page.getByTestId('staking-total')).toHaveText(`${formatBalance(BigInt(deposit), 8)} SUPRA`);
    await expect(page.getByTestId('staking-deposit')).toHaveText('Connect wallet');
  });

  test('the Burned card opens the burn address’s account page (devnet: in the app), spelled as the config spells it', async ({ page }) => {
    const d = await openStats(page);
    const config = (await (await page.request.get('/api/v1/config')).json()) as AppConfig;
    expect(d.burnAddress).toBe(config.network.modules.burnAddress);
    expect(config.network.explorerAddress).toBe('/account/{address}');
    const link = page.getByTestId('card-burned');
    await expect(link).toHaveAttribute('href', `/account/${d.burnAddress}`);
    await expect(link).not.toHaveAttribute('target', '_blank');
    // 0x + 32 zeros + 32 f's: the one short form every text uses.
    await expect(link).toContainText('Total tokens burned to 0x0000...ffff');
    await link.click();
    await expect(page).toHaveURL(`/account/${d.burnAddress}`);
    await expect(page.getByRole('heading', { name: 'Burn address' })).toBeVisible();
  });

  test('the info modal opens and closes with Escape and with Close', async ({ page }) => {
    await openStats(page);
    const info = page.getByRole('button', { name: 'Info' });
    await info.click();
    const dialog = page.getByRole('dialog', { name: 'About LuckyCoin Dashboard' });
    await expect(dialog).toContainText('Real-time analytics for LuckyCoin (LUCKY) on Dexlyn.');
    await expect(dialog).toContainText('Prices in USD (dexUSDC), updated every 60 seconds for accuracy.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(info).toBeFocused();
    await info.click();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test("Refresh reads 'Updating...' while it loads; a failed refresh says 'Error refreshing data!'", async ({ page, consoleErrors }) => {
    await openStats(page);
    await expect(card(page, 'price')).toHaveText(/^\$/);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/market/lucky?refresh=true', async (route) => {
      await held;
      await route.fulfill({ status: 502, json: { error: { code: 'node_unavailable', message: 'The chain node is unavailable.' } } });
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    release();
    await expect(page.getByText('Error refreshing data!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    // The last figures stay on screen.
    await expect(card(page, 'price')).toHaveText(/^\$/);
    allowFailedLoads(consoleErrors, '/api/v1/market/lucky');
  });

  test('refreshes by itself every 60 seconds, quietly; Refresh says Data refreshed!', async ({ page }) => {
    await page.clock.install();
    await openStats(page);
    const again = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/market/lucky');
    await page.clock.fastForward(60_000);
    await again;
    await expect(card(page, 'price')).toHaveText(/^\$/);
    await expect(page.getByText('Data refreshed!')).toHaveCount(0);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Data refreshed!')).toBeVisible();
    await page.clock.fastForward(5_000);
    await expect(page.getByText('Data refreshed!')).toBeHidden(); // the toast lasts 3 s
  });

  test('without a SUPRA/dexUSDC price the USD figures say so instead of showing a number', async ({ page }) => {
    await page.route('**/api/v1/market/lucky*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as LuckyDashboard;
      const reason = { reason: 'USD price unavailable', detail: 'the SUPRA/dexUSDC pool does not exist' };
      await route.fulfill({
        response: res,
        json: { ...body, priceUsd: null, supraUsd: null, marketCap: null, fdv: null, usdUnavailable: reason },
      });
    });
    await openStats(page);
    for (const id of ['price', 'market-cap', 'fdv', 'supra-price']) await expect(card(page, id)).toHaveText('USD price unavailable');
    await expect(page.getByRole('note')).toHaveText('USD price unavailable: the SUPRA/dexUSDC pool does not exist.');
    await expect(card(page, 'lucky-per-supra')).toHaveText(/ LUCKY$/);
  });

  test('lays the cards out in one column on phones @mobile', async ({ page }) => {
    await openStats(page);
    expect(isMobile(page)).toBe(true);
    const a = await page.getByTestId('card-total-supply').boundingBox();
    const b = await page.getByTestId('card-burned').boundingBox();
    expect(a && b && Math.abs(a.x - b.x) < 1 && b.y > a.y).toBeTruthy();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    // The history below the figures starts off screen: it reads and renders nothing until the
    // reader scrolls towards it.
    await expect(page.getByTestId('stat-holders')).toHaveCount(0);
    await page.getByTestId('stats-lower').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('stat-holders')).toHaveText(/^[1-9][\d,]*$/);
  });
});

// @chain: moves the shared LUCKY/SUPRA pool; the fixture holds the chain lock and reverts the
// devnet snapshot afterwards. Desktop project only.
test.describe('stats on chain', { tag: '@chain' }, () => {
  test('after a swap moves the LUCKY/SUPRA pool, Refresh shows the price computed from the new reserves', async ({ page }) => {
    await openStats(page);
    const before = await luckyUsdFromNode(page);

    // Dev account 2 buys LUCKY with 20,000 SUPRA: LUCKY gets dearer.
    await swapViaApi(page.request, 2, SUPRA, LUCKY, 20_000n * 10n ** 8n);
    const after = await luckyUsdFromNode(page);
    expect(formatPrice(after.price)).not.toBe(formatPrice(before.price));

    // A forced refresh shares a snapshot younger than a second (market.DefaultMinRefresh).
    await page.waitForTimeout(1_100);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(card(page, 'price')).toHaveText(formatPrice(after.price));
    await expect(card(page, 'lucky-per-supra')).toHaveText(`${formatExact(after.perSupra, 4, { grouping: true })} LUCKY`);

    // While this test holds the chain, the burned card is the burn address's balance on the node.
    const d = (await (await page.request.get('/api/v1/market/lucky')).json()) as LuckyDashboard;
    const [burned] = await nodeView(page.request, '0x1::coin::balance', [LUCKY], [d.burnAddress]);
    await expect(card(page, 'burned')).toHaveText(`${formatSupply(BigInt(burned as string), 6)} LUCKY`);
  });
});

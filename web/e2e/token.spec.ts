import type { Page } from '@playwright/test';
import { CHANGES_CHAIN, expect, isMobile, test } from './fixtures';
import { SUPRA } from './support/chain';
import { indexed, send } from './support/index-chain';
import { CURVE, DEX } from './support/market';
import { fmt2Grouped } from '../src/lib/amounts';
import { formatSupply } from '../src/lib/format';
import type { AppConfig, MarketTokensResponse } from '../src/types/api';

async function coinType(page: Page, name: string): Promise<string> {
  const config = (await (await page.request.get('/api/v1/config')).json()) as AppConfig;
  return config.tokens.find((t) => t.name === name)!.coinType;
}

async function marketRow(page: Page, name: string) {
  const answer = (await (await page.request.get('/api/v1/market/tokens')).json()) as MarketTokensResponse;
  return answer.tokens.find((t) => t.name === name)!;
}

/**
 * The first answer of a page can wait on the server's market read: right after another test's
 * devnet revert the index is being rebuilt and the prices come from the node, on a busy machine.
 */
const FIRST_LOAD = { timeout: 20_000 };

test.describe('token pages', () => {
  test(`a token page after a real swap shows the trade and the 24 h volume it adds ${CHANGES_CHAIN} @phone`, async ({ page }) => {
    test.setTimeout(60_000);
    const nana = await coinType(page, 'NANA');
    const before = await marketRow(page, 'NANA');
    // 12.34567 SUPRA for NANA: a buy, whose SUPRA side is exactly the amount paid in.
    const amountIn = 1_234_567_000n;
    const sent = await send(page.request, 2, `${DEX}::scripts::swap`, [SUPRA, nana, CURVE], [amountIn.toString(), '1']);
    await indexed(page.request, sent.hash);

    await page.goto('/token/NANA');
    await expect(page.getByRole('heading', { level: 1, name: 'NANA' })).toBeVisible();
    await expect(page.getByTestId('token-name')).toHaveText('NANA', FIRST_LOAD);

    // The trade, newest first, with what the chain moved: the SUPRA paid in, the NANA received.
    const trade = page.getByTestId('trade-row').first();
    await expect(trade).toHaveAttribute('data-side', 'buy');
    await expect(trade.getByTestId('trade-quote')).toHaveText(fmt2Grouped(amountIn, 8));

    // The 24 h volume grew by exactly that SUPRA amount (base units, from the index).
    await expect.poll(async () => BigInt((await marketRow(page, 'NANA')).volume24hQuote ?? '0')).toBe(BigInt(before.volume24hQuote ?? '0') + amountIn);
    const after = await marketRow(page, 'NANA');
    await page.reload();
    await expect(page.getByTestId('token-volume')).toHaveText(`${formatSupply(BigInt(after.volume24hQuote!), 8)} SUPRA`);
    await expect(page.getByTestId('token-volume').locator('..')).toContainText(`${after.buys24h} ${after.buys24h === 1 ? 'buy' : 'buys'} /`);
    await expect(page.getByTestId('price-chart')).not.toHaveAttribute('data-candles', '0');
  });

  test('the Trade button opens the swap with the pair preselected @phone', async ({ page }) => {
    await page.goto('/token/MUMMY');
    await expect(page.getByTestId('token-name')).toHaveText('SUPRA-MUMMY', FIRST_LOAD);
    // The price names the pools it is read through (the token's one reference price).
    const row = await marketRow(page, 'SUPRA-MUMMY');
    await expect(page.getByTestId('token-price-route')).toHaveText(`Price via ${row.usdRoute} on Dexlyn`);
    expect(row.usdRoute).toBe(`${row.symbol}/SUPRA × SUPRA/dexUSDC`);
    await page.getByTestId('trade-button').click();
    await expect(page).toHaveURL(/\/swap\?from=SUPRA&to=SUPRA-MUMMY$/);
    await expect(page.getByTestId('pay-token')).toContainText('SUPRA');
    await expect(page.getByTestId('receive-token')).toContainText('SUPRA-MUMMY');
  });

  test('every token index row links to its token page @phone', async ({ page }) => {
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/market/tokens');
    await page.goto('/tokenindex');
    const answer = (await (await loaded).json()) as MarketTokensResponse;
    const links = page.getByTestId(isMobile(page) ? 'token-card' : 'token-row').getByTestId('token-link');
    await expect(links.first()).toBeVisible(FIRST_LOAD);
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs.length).toBe(Math.min(answer.tokens.length, 30));
    for (const h of hrefs) expect(answer.tokens.some((t) => h === `/token/${encodeURIComponent(t.symbol)}`)).toBe(true);
    await links.filter({ hasText: 'LUCKY' }).first().click();
    await expect(page).toHaveURL(/\/token\/LUCKY$/);
    // The index stays on screen until the token page's code has loaded; its rows name tokens too.
    await expect(page.getByTestId('trade-button')).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('token-name')).toHaveText('LUCKY');
    // LUCKY's holders are indexed: the count and the largest holders show. (Another test's chain
    // reset empties the index for a moment, and the page then says so: look again until it is back.)
    await expect(async () => {
      if (!(await page.getByTestId('holder-row').first().isVisible())) await page.reload();
      await expect(page.getByTestId('holder-row').first()).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
  });

  test('a token whose holders the index does not keep says so instead of a number', async ({ page }) => {
    await page.goto('/token/NANA');
    await expect(page.getByTestId('token-holders')).toHaveText('—', FIRST_LOAD);
    await expect(page.getByTestId('holders-not-indexed')).toContainText('LUCKY only');
  });

  test('an unknown symbol shows a clear not-found state @phone', async ({ page }) => {
    await page.goto('/token/NOPE');
    await expect(page.getByTestId('token-not-found')).toContainText('Token not found', FIRST_LOAD);
    await expect(page.getByTestId('token-not-found')).toContainText('No listed token has the symbol “NOPE”.');
    await page.getByRole('link', { name: 'See every listed token' }).click();
    await expect(page).toHaveURL(/\/tokenindex$/);
  });
});

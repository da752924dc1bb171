import type { Page, Route } from '@playwright/test';
import { expect, isMobile, test } from './fixtures';
import { SUPRA } from './support/chain';
import { allowFailedLoads, poolExists } from './support/market';
import { formatPrice } from '../src/lib/amounts';
import { formatSupply, formatUsdCompact as formatMarketCap } from '../src/lib/format';
import type { AppConfig, MarketToken, MarketTokensResponse } from '../src/types/api';

/** The visible rows: table rows on desktop, cards on phones. */
function rows(page: Page) {
  return page.getByTestId(isMobile(page) ? 'token-card' : 'token-row');
}

async function shownNames(page: Page): Promise<string[]> {
  await expect(rows(page).first()).toBeVisible();
  return rows(page).getByTestId('token-name').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
}

/** Opens the index and returns the answer the page itself received. */
async function openIndex(page: Page): Promise<MarketTokensResponse> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/market/tokens');
  await page.goto('/tokenindex');
  const res = await answer;
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as MarketTokensResponse;
}

/** "0.000050000000000000" → [num, den] for an exact comparison (no floats). */
function frac(s: string): [bigint, bigint] {
  const [w, f = ''] = s.split('.');
  return [BigInt(w! + f), 10n ** BigInt(f.length)];
}
function cmp(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const [an, ad] = frac(a);
  const [bn, bd] = frac(b);
  return an * bd < bn * ad ? -1 : an * bd > bn * ad ? 1 : 0;
}

/** The order the product asks for (docs/product.md, Token index), computed here from the API's figures. */
function expectedOrder(tokens: MarketToken[], by: 'marketCap' | 'price', desc: boolean): string[] {
  const key = (t: MarketToken) => (by === 'price' ? (t.priceUsd ?? t.priceSupra) : (t.marketCap ?? t.marketCapSupra));
  return [...tokens]
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka === null || kb === null) return ka === kb ? a.name.localeCompare(b.name) : ka === null ? 1 : -1;
      const c = cmp(ka, kb);
      return c !== 0 ? (desc ? -c : c) : a.name.localeCompare(b.name);
    })
    .map((t) => t.name);
}

test.describe('token index', () => {
  test('loads on open and lists every registry token that has a Dexlyn pool with SUPRA, read from the node @phone', async ({ page }) => {
    const answer = await openIndex(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Token Overview' })).toBeVisible();
    const names = await shownNames(page);

    const config = (await (await page.request.get('/api/v1/config')).json()) as AppConfig;
    const withPool: string[] = [];
    for (const t of config.tokens) {
      if (t.coinType === SUPRA || (await poolExists(page.request, t.coinType, SUPRA))) withPool.push(t.name);
    }
    expect([...names].sort()).toEqual([...withPool].sort());
    await expect(rows(page)).toHaveCount(withPool.length);
    await expect(page.getByRole('navigation', { name: 'Token index pages' }).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    // LUCKY's figures are the API's, in the display formats (docs/product.md, Display rules).
    const lucky = answer.tokens.find((t) => t.name === 'LUCKY')!;
    const row = rows(page).filter({ has: page.locator('[title="LUCKY"]') });
    await expect(row.getByTestId('price-usd')).toHaveText(formatPrice(lucky.priceUsd!));
    await expect(row.getByTestId('price-supra')).toHaveText(formatPrice(lucky.priceSupra).slice(1));
    await expect(row.getByTestId('total-supply')).toHaveText(formatSupply(BigInt(lucky.totalSupply!), 6));
    await expect(row.getByTestId('total-supply')).toHaveText('1.00B');
    await expect(row.getByTestId('market-cap')).toContainText(formatMarketCap(lucky.marketCap!));
    await expect(row.getByTestId('market-cap')).toContainText(formatMarketCap(lucky.fdv!));
  });

  test('sorts four ways and re-ranks', async ({ page }) => {
    const { tokens } = await openIndex(page);
    const select = page.getByRole('combobox', { name: 'Sort by' });
    await expect(select).toHaveValue('marketCapHighToLow');
    const modes = [
      ['marketCapHighToLow', 'marketCap', true],
      ['marketCapLowToHigh', 'marketCap', false],
      ['priceHighToLow', 'price', true],
      ['priceLowToHigh', 'price', false],
    ] as const;
    for (const [mode, by, desc] of modes) {
      await select.selectOption(mode);
      await expect.poll(() => shownNames(page)).toEqual(expectedOrder(tokens, by, desc));
      const ranks = await rows(page).getByTestId('token-rank').allTextContents();
      expect(ranks.map((r) => r.replace('#', ''))).toEqual(tokens.map((_, i) => String(i + 1)));
    }
  });

  test('pages 30 rows at a time; a sort change returns to page 1', async ({ page }) => {
    // More tokens than the devnet has: the real answer plus 22 copies under other names.
    await page.route('**/api/v1/market/tokens*', async (route: Route) => {
      const res = await route.fetch();
      const body = (await res.json()) as MarketTokensResponse;
      const extra = Array.from({ length: 22 }, (_, i) => ({
        ...body.tokens[i % body.tokens.length]!,
        name: `COPY${String(i + 1).padStart(2, '0')}`,
        coinType: `0x${(i + 1).toString(16)}::copy::COPY`,
      }));
      const skipped = [
        { name: 'NOPOOL', symbol: 'NOPOOL', coinType: '0xabc::nopool::NOPOOL', reason: 'no_pool' },
        { name: 'BROKEN', symbol: 'BROKEN', coinType: '0xabd::broken::BROKEN', reason: 'unreadable' },
      ];
      await route.fulfill({ response: res, json: { ...body, tokens: [...body.tokens, ...extra], skipped } });
    });
    await page.goto('/tokenindex');
    const nav = page.getByRole('navigation', { name: 'Token index pages' });
    await expect(rows(page)).toHaveCount(30);
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await nav.getByRole('button', { name: 'Page 2' }).click();
    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).first().getByTestId('token-rank')).toHaveText(/^#?31$/);
    await expect(nav.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('priceLowToHigh');
    await expect(nav.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(rows(page)).toHaveCount(30);
    await expect(rows(page).first().getByTestId('token-rank')).toHaveText(/^#?1$/);
    // Tokens the server skipped are named under the table, with the reason.
    await expect(page.getByTestId('skipped')).toHaveText([
      'Not listed (no Dexlyn pool with SUPRA): NOPOOL.',
      'Not listed (the pool could not be read): BROKEN.',
    ]);
  });

  test('Refresh asks the server for a new read', async ({ page }) => {
    await page.goto('/tokenindex');
    await expect(rows(page).first()).toBeVisible();
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/v1/market/tokens?refresh=true') && r.ok());
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refreshed;
    await expect(page.getByTestId('updated-ago')).toHaveText(/Updated (just now|1 s ago)/);
  });

  test('shows the loading text while the index loads', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/market/tokens*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/tokenindex');
    await expect(page.getByText('Loading token data...')).toBeVisible();
    release();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByText('Loading token data...')).toBeHidden();
  });

  test('the error toasts of the token index', async ({ page, consoleErrors }) => {
    const answers: { status: number; json: unknown }[] = [
      { status: 502, json: { error: { code: 'node_unavailable', message: 'The chain node is unavailable.' } } },
      { status: 502, json: { error: { code: 'node_error', message: 'The chain node answered with an error.' } } },
    ];
    let next = 0;
    await page.route('**/api/v1/market/tokens*', async (route) => {
      const a = answers[next++];
      if (a) await route.fulfill({ status: a.status, json: a.json });
      else {
        // The server's real answer with every token left out.
        const res = await route.fetch();
        const body = (await res.json()) as MarketTokensResponse;
        await route.fulfill({ response: res, json: { ...body, tokens: [] } });
      }
    });
    await page.goto('/tokenindex');
    await expect(page.getByText('Failed to connect to network')).toBeVisible();
    await expect(page.getByText('Click Refresh to load token data')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Error loading token index')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('No tokens with valid data found')).toBeVisible();
    await expect(page.getByText('Click Refresh to load token data')).toBeVisible();
    allowFailedLoads(consoleErrors, '/api/v1/market/tokens');
  });
});

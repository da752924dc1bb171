import { mkdir } from 'node:fs/promises';
import { CHANGES_CHAIN, expect, isMobile, test } from './fixtures';
import { LUCKY, balance, devAddress, setBalance, supraBalance } from './support/chain';
import { openDevWalletPanel, useDevWallet } from './support/dev-wallet';
import type { APIRequestContext, Page } from '@playwright/test';

/** Review screenshots for people to look at, only when asked (SHOTS_DIR=…), outside the repo. */
async function shot(page: Page, name: string, fullPage = false) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-${isMobile(page) ? 375 : 1440}.png`, fullPage });
}

/** Base units as the amount box shows them: every significant decimal, no grouping. */
function plain(units: bigint, decimals: number): string {
  const s = units.toString().padStart(decimals + 1, '0');
  const whole = s.slice(0, s.length - decimals);
  const frac = s.slice(s.length - decimals).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** The same, grouped with commas ("12,500"). */
function grouped(units: bigint, decimals: number): string {
  const [w, f] = plain(units, decimals).split('.');
  return w!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (f ? `.${f}` : '');
}

/** amount × price (a decimal string) in dollars, rounded half up to cents, as "$1,234.57". */
function usd(units: bigint, decimals: number, price: string): string {
  const [pw, pf = ''] = price.split('.');
  const num = units * BigInt(pw! + pf) * 100n;
  const den = 10n ** BigInt(decimals + pf.length);
  let cents = num / den;
  if (2n * (num % den) >= den) cents += 1n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

async function luckyPriceUsd(request: APIRequestContext): Promise<string | null> {
  const res = await request.get('/api/v1/market/tokens');
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { tokens: { coinType: string; priceUsd: string | null }[] };
  return body.tokens.find((t) => t.coinType === LUCKY)?.priceUsd ?? null;
}

/** The burner's LUCKY total and burn count in the event index (0 when it never burned). */
async function indexedTotal(request: APIRequestContext, burner: string): Promise<[bigint, number]> {
  const res = await request.get('/api/v1/burns/leaderboard?token=LUCKY&limit=100');
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { leaders: { burner: string; total: string; burns: number }[] };
  const me = body.leaders.find((l) => l.burner === burner);
  return me ? [BigInt(me.total), me.burns] : [0n, 0];
}

async function connect(page: Page) {
  await page.goto('/burn');
  await expect(page.getByRole('heading', { name: 'Meme Burner' })).toBeVisible();
  await page.locator('#main').getByRole('button', { name: 'Connect Wallet' }).click();
  await openDevWalletPanel(page);
  await page.getByRole('group', { name: 'Connect request' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('burn-balance')).toHaveText(/LUCKY$/, { timeout: 15_000 });
  // Settled, the panel closes itself; the next request the app sends opens it again.
  await expect(page.getByRole('button', { name: /^Dev Wallet/ })).toHaveAttribute('aria-expanded', 'false');
}

test.describe('burn review and certificate figures', { tag: CHANGES_CHAIN }, () => {
  test.describe.configure({ timeout: 90_000 });

  test('25 % fills the exact share; the review shows amount, USD, address and "cannot be undone"; Cancel and Escape sign nothing; Confirm burns exactly that; the certificate shows share, running total and QR @phone', async ({ page }) => {
    const me = await devAddress(page.request, 1);
    const cfg = (await (await page.request.get('/api/v1/config')).json()) as { network: { modules: { burnAddress: string } } };
    const burnAddress = cfg.network.modules.burnAddress;
    await useDevWallet(page, { account: 1 });
    await connect(page);
    const start = await balance(page.request, me, LUCKY);
    const [priorTotal, priorBurns] = await indexedTotal(page.request, me);

    // 25 %: the balance × 25 / 100 in base units, floored, shown exactly.
    const quarter = (start * 25n) / 100n;
    await page.getByRole('button', { name: '25% of your balance' }).click();
    await expect(page.getByLabel('Amount to burn')).toHaveValue(plain(quarter, 6));

    const priced = page.waitForResponse((r) => r.url().endsWith('/api/v1/burn/build') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Ignite the Flames' }).click();
    const review = page.getByRole('dialog', { name: 'Review your burn' });
    await expect(review).toBeVisible();
    await expect(review.getByTestId('review-amount')).toHaveText(`${grouped(quarter, 6)} LUCKY`);
    // The network fee of exactly this burn, priced before anything is signed.
    const fee = ((await (await priced).json()) as { fee: { amount: string; estimate: string } }).fee;
    await expect(review.getByTestId('network-fee-line')).toContainText(/^Network fee [≈≤] \d+\.\d+ SUPRA/);
    const price = await luckyPriceUsd(page.request);
    expect(price, 'devnet LUCKY has a USD price through SUPRA/dexUSDC').not.toBeNull();
    await expect(review.getByTestId('review-usd')).toHaveText(`≈ ${usd(quarter, 6, price!)}`);
    await expect(review.getByTestId('review-address')).toHaveText(burnAddress);
    await expect(review.getByText('This cannot be undone.', { exact: false })).toBeVisible();
    await expect(review.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    await shot(page, 'burn-review');

    // Cancel: the dialog closes, the wallet is never asked, nothing moves.
    await review.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(review).toBeHidden();
    // Escape does the same.
    await page.getByRole('button', { name: 'Ignite the Flames' }).click();
    await expect(review).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();
    // A request would have opened the wallet's panel with it.
    await expect(page.getByRole('button', { name: /^Dev Wallet/ })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('group', { name: /request$/ })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Burning Meme' })).toHaveCount(0);
    expect(await balance(page.request, me, LUCKY)).toBe(start);

    // Confirm: the wallet is asked for exactly the reviewed burn; approved, the balance drops by it,
    // and SUPRA by the fee shown (exactly, when it was simulated; at most it, for an upper bound).
    const supraBefore = await supraBalance(page.request, me);
    await page.getByRole('button', { name: 'Ignite the Flames' }).click();
    await review.getByRole('button', { name: 'Confirm burn' }).click();
    await expect(review).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Burning Meme' })).toBeVisible();
    await page.getByRole('group', { name: /request$/ }).getByRole('button', { name: 'Approve' }).click();
    const cert = page.getByRole('dialog', { name: 'Burn Certificate' });
    await expect(cert).toBeVisible({ timeout: 30_000 });
    expect(start - (await balance(page.request, me, LUCKY))).toBe(quarter);
    const gas = supraBefore - (await supraBalance(page.request, me));
    if (fee.estimate === 'simulation') expect(gas).toBe(BigInt(fee.amount));
    else expect(gas > 0n && gas <= BigInt(fee.amount)).toBeTruthy();

    // The certificate page: the share of supply, the running total (this burn added to what the
    // index held before), and the QR code of the page's own URL.
    const href = (await cert.getByRole('link', { name: 'Open certificate page' }).getAttribute('href'))!;
    await page.keyboard.press('Escape');
    await page.goto(href);
    await expect(page.getByText('Verified on chain')).toBeVisible({ timeout: 15_000 });
    const api = (await (await page.request.get(`/api/v1/burns/${href.split('/').pop()}`)).json()) as {
      shareOfSupply: { percent: string; totalSupply: string } | null;
      burnerTotal: { amount: string; burns: number } | null;
      qr: { url: string; size: number; modules: string[] };
    };
    // LUCKY's supply is 10^15 base units: the share is quarter × 100 / 10^15, truncated to 3
    // significant digits (12,500 LUCKY → 0.00125 %).
    expect(api.shareOfSupply?.totalSupply).toBe('1000000000000000');
    expect(quarter).toBe(12_500_000_000n);
    await expect(page.getByTestId('certificate-share')).toHaveText('0.00125%');
    expect(api.burnerTotal).toEqual({ amount: String(priorTotal + quarter), burns: priorBurns + 1 });
    await expect(page.getByTestId('certificate-running-total')).toHaveText(`${grouped(priorTotal + quarter, 6)} LUCKY`);
    const qr = page.getByTestId('certificate-qr');
    await expect(qr).toBeVisible();
    expect(api.qr.url).toBe(new URL(href, page.url()).toString());
    await expect(qr).toHaveAttribute('aria-label', `QR code of this certificate's page: ${api.qr.url}`);
    // Every dark module of the server's code is one square of the drawing.
    const dark = api.qr.modules.join('').split('').filter((c) => c === '1').length;
    const d = (await qr.locator('path').getAttribute('d')) ?? '';
    expect(d.split('M').length - 1).toBe(dark);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(120);
    await shot(page, 'burn-certificate-page', true);
  });

  test('75 % and Max of an odd balance are exact to the base unit', async ({ page }) => {
    const me = await devAddress(page.request, 1);
    await setBalance(page.request, me, LUCKY, 12_345_678_901n);
    await useDevWallet(page, { account: 1 });
    await connect(page);
    await expect(page.getByTestId('burn-balance')).toHaveText('12,345.67 LUCKY');
    // 12,345,678,901 × 75 / 100 = 9,259,259,175.75 → 9,259,259,175 base units.
    await page.getByRole('button', { name: '75% of your balance' }).click();
    await expect(page.getByLabel('Amount to burn')).toHaveValue('9259.259175');
    await page.getByRole('button', { name: '50% of your balance' }).click();
    await expect(page.getByLabel('Amount to burn')).toHaveValue('6172.83945');
    await page.getByRole('button', { name: 'Max: your whole balance' }).click();
    await expect(page.getByLabel('Amount to burn')).toHaveValue('12345.678901');
    await page.getByRole('button', { name: 'Ignite the Flames' }).click();
    await expect(page.getByRole('dialog', { name: 'Review your burn' }).getByTestId('review-amount')).toHaveText('12,345.678901 LUCKY');
  });
});

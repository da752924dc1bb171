import { expect, test } from './fixtures';
import { devAddress, LUCKY, playViaApi, SUPRA } from './support/chain';

/**
 * The event index (issue 14) on the real binary: transactions made in the test reach the index
 * (lucky serve runs the indexer in-process) and the screens that read it — the /stats chart, the
 * recent burns on /burn, the spins feed on /slots.
 */

const DEX = '0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8';
const CURVE = `${DEX}::curves::Uncorrelated`;
const BURN = '0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff';

type Request = Parameters<typeof devAddress>[0];

/** Builds an entry call through the app's API, has the dev wallet sign and send it, waits for it. */
async function send(request: Request, account: number, fn: string, typeArguments: string[], args: string[]) {
  const sender = await devAddress(request, account);
  const built = await request.post('/api/v1/tx/build', { data: { sender, function: fn, typeArguments, arguments: args } });
  expect(built.ok(), await built.text()).toBeTruthy();
  const { rawTransaction } = (await built.json()) as { rawTransaction: string };
  const sent = await request.post('/devnet/wallet/send', { data: { account, rawTransaction } });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const { hash } = (await sent.json()) as { hash: string };
  const tx = await request.get(`/api/v1/tx/${hash}?wait=30s`);
  expect(tx.ok()).toBeTruthy();
  const body = (await tx.json()) as { status: string; decoded?: { swap?: Record<string, string> } };
  expect(body.status).toBe('Success');
  return { ...body, hash };
}

/**
 * Waits until the index holds the transaction's block. (Not "indexed == head": right after
 * another test's revert the index has not yet seen the rewind, and its old heights can match.)
 */
async function indexed(request: Request, hash: string) {
  const res = await request.get(`/rpc/v1/transactions/${hash}`);
  const height = Number(((await res.json()) as { block_header: { height: number } }).block_header.height);
  await expect
    .poll(async () => {
      const r = (await (await request.get('/api/v1/burns?limit=1')).json()) as { indexedHeight: string };
      return Number(r.indexedHeight) >= height;
    })
    .toBe(true);
}

/** SUPRA per whole LUCKY from the LUCKY/SUPRA pool's reserves as the dashboard reads them now. */
async function poolPrice(request: Request): Promise<number> {
  const res = await request.get('/api/v1/market/lucky?refresh=true');
  expect(res.ok()).toBeTruthy();
  const { pools } = (await res.json()) as {
    pools: { luckySupra: { base: { amount: string; decimals: number }; quote: { amount: string; decimals: number } } };
  };
  const { base, quote } = pools.luckySupra;
  // Exact ratio in BigInt at 18 decimals, then one rounding to a Number.
  const scaled = (BigInt(quote.amount) * 10n ** BigInt(base.decimals + 18)) / (BigInt(base.amount) * 10n ** BigInt(quote.decimals));
  return Number(scaled) / 1e18;
}

test('@chain /stats: after swaps the chart’s last 1m candle closes at the pool’s price', async ({ page, request }) => {
  await send(request, 2, `${DEX}::scripts::swap`, [SUPRA, LUCKY, CURVE], ['1000000000', '0']);
  const sell = await send(request, 0, `${DEX}::scripts::swap`, [LUCKY, SUPRA, CURVE], ['250000000', '0']);
  expect(sell.decoded?.swap).toBeTruthy();
  await indexed(request, sell.hash);
  const price = await poolPrice(request);

  await page.goto('/stats');
  await page.getByRole('group', { name: 'Candle interval' }).getByRole('button', { name: '1m' }).click();
  await expect(page.getByTestId('chart-last-close')).toHaveText(`${price.toFixed(8)} SUPRA`);
  await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('stat-trades')).not.toHaveText('0 / 0');
  // The API says the same: the latest 1m candle's close is the pool's spot price after the last swap.
  const res = await request.get('/api/v1/market/candles?pair=LUCKY-SUPRA&interval=1m');
  const { candles } = (await res.json()) as { candles: { close: number }[] };
  expect(Math.abs(candles.at(-1)!.close - price) / price).toBeLessThan(1e-12);
});

test('/swap: the price chart beside the form follows the pair', async ({ page }) => {
  await page.goto('/swap?from=SUPRA&to=LUCKY');
  const chart = page.getByRole('complementary', { name: 'LUCKY price chart' });
  await expect(chart.getByRole('heading', { name: 'LUCKY / SUPRA' })).toBeVisible();
  await expect(chart.getByRole('group', { name: 'Candle interval' })).toBeVisible();
  await page.getByTestId('receive-token').click();
  await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: 'DAWGZ', exact: true }).click();
  const dawgz = page.getByRole('complementary', { name: 'DAWGZ price chart' });
  await expect(dawgz.getByRole('heading', { name: 'DAWGZ / SUPRA' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'LUCKY price chart' })).toHaveCount(0);
  // Beside the form on a desktop, below it on a phone.
  const form = await page.getByRole('region', { name: 'Swap' }).boundingBox();
  const box = await dawgz.boundingBox();
  if (page.viewportSize()!.width >= 1024) expect(box!.x).toBeGreaterThan(form!.x + form!.width - 1);
  else expect(box!.y).toBeGreaterThan(form!.y + form!.height - 1);
  // Nothing spills sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('@chain /burn: a burn made in the test shows in recent burns and the leaderboard', async ({ page, request }) => {
  const burner = await devAddress(request, 0);
  const tx = await send(request, 0, '0x1::supra_account::transfer_coins', [LUCKY], [BURN, '4321500000']);
  await indexed(request, tx.hash);
  await page.goto('/burn');
  const first = page.getByTestId('recent-burn').first();
  await expect(first).toContainText('4,321.50 LUCKY');
  await expect(first).toContainText(`${burner.slice(0, 6)}...${burner.slice(-4)}`);
  await expect(page.getByTestId('burn-leader').filter({ hasText: `${burner.slice(0, 6)}...${burner.slice(-4)}` })).toBeVisible();
});

test('@chain /slots: a spin made in the test shows in the live feed', async ({ page, request }) => {
  const player = await devAddress(request, 1);
  const hash = await playViaApi(request, 1, 'LUCKY', '10', 3);
  await indexed(request, hash);
  await page.goto('/slots/LUCKY');
  const mine = page.getByTestId('feed-play').filter({ hasText: `${player.slice(0, 6)}...${player.slice(-4)}` }).first();
  await expect(mine).toBeVisible();
  await expect(mine).toContainText(/won .* LUCKY|spun 3× 10\.00 LUCKY/);
});

test('/stats: 24 h cards, chart controls and holders table', async ({ page }) => {
  await page.goto('/stats');
  await expect(page.getByRole('heading', { level: 1, name: 'Token Analytics' })).toBeVisible();
  for (const id of ['stat-change', 'stat-volume', 'stat-trades', 'stat-holders']) await expect(page.getByTestId(id)).not.toHaveText('…');
  // Holders are counted from genesis on (treasury, pools, dev accounts…), never a made-up 0.
  await expect(page.getByTestId('stat-holders')).toHaveText(/^[1-9][\d,]*$/);
  expect(Number((await page.getByTestId('stat-holders').textContent())!.replace(/,/g, ''))).toBeGreaterThan(2);
  await expect(page.getByRole('button', { name: 'USD' })).toBeVisible();
  await page.getByRole('button', { name: 'USD' }).click();
  await expect(page.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Top holders' })).toBeVisible();
});

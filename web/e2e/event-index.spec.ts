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

test('@chain /stats: after a swap the chart’s last 1m candle closes at the swap’s price', async ({ page, request }) => {
  const tx = await send(request, 2, `${DEX}::scripts::swap`, [SUPRA, LUCKY, CURVE], ['1000000000', '0']);
  const swap = tx.decoded?.swap;
  expect(swap).toBeTruthy();
  // LUCKY sorts before SupraCoin: x is LUCKY, y is SUPRA. Price = SUPRA per whole LUCKY.
  const price = (Number(swap!.yIn) / 1e8) / (Number(swap!.xOut) / 1e6);
  await indexed(request, tx.hash);

  await page.goto('/stats');
  await page.getByRole('group', { name: 'Candle interval' }).getByRole('button', { name: '1m' }).click();
  await expect(page.getByTestId('chart-last-close')).toHaveText(`${price.toFixed(8)} SUPRA`);
  await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('stat-trades')).not.toHaveText('0 / 0');
  // The API says the same: the latest 1m candle's close is the swap's price.
  const res = await request.get('/api/v1/market/candles?pair=LUCKY-SUPRA&interval=1m');
  const { candles } = (await res.json()) as { candles: { close: number }[] };
  expect(candles.at(-1)?.close).toBeCloseTo(price, 12);
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
  await expect(page.getByRole('button', { name: 'USD' })).toBeVisible();
  await page.getByRole('button', { name: 'USD' }).click();
  await expect(page.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Top holders' })).toBeVisible();
});

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { CHANGES_CHAIN, expect, isMobile, test } from './fixtures';
import { devAddress, forceOutcomes, LUCKY, playViaApi, SUPRA } from './support/chain';
import { useDevWallet } from './support/dev-wallet';
import { indexed, send } from './support/index-chain';
import { formatExactUnits, formatUnits } from '../src/lib/amounts';

/**
 * /activity: the connected wallet's history from the event index (GET /api/v1/accounts/{address}/activity
 * and its .csv), checked against what the chain did in the test.
 */

const DEX = '0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8';
const CURVE = `${DEX}::curves::Uncorrelated`;
/** The list's page size (lib/activity/use-account-activity.ts). */
const PAGE = 25;

interface Row {
  kind: string;
  txHash: string;
  height: string;
  amount: string;
  token: { name: string; decimals: number };
  amountOut: string | null;
  tokenOut: { name: string; decimals: number } | null;
}

/** The rows on screen: the table at 1440 px, the cards at 375 px. */
function rows(page: Page) {
  const list = isMobile(page) ? page.getByRole('list', { name: 'Activity' }) : page.getByRole('table', { name: 'Activity' });
  return list.getByTestId('activity-row');
}

/** Base units in whole tokens, exact, as the CSV writes them ("10", "12.5"). */
function whole(units: string, decimals: number): string {
  const s = formatUnits(BigInt(units), decimals, decimals);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

test('/activity without a wallet: a prompt to connect one @phone', async ({ page }) => {
  await page.goto('/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'My Activity' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
  await expect(page.locator('#main').getByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
});

test(`/activity: a swap and a spin made here top the list with exact amounts; kind filter, Load more and the CSV ${CHANGES_CHAIN} @phone`, async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const me = await devAddress(request, 1);
  // A page and a bit: LUCKY sent to account 1, then its swap and its spin (a forced Medium win).
  for (let i = 1; i <= PAGE; i++) await send(request, 0, '0x1::supra_account::transfer_coins', [LUCKY], [me, String(1_000_000 + i)]);
  const swap = await send(request, 1, `${DEX}::scripts::swap`, [SUPRA, LUCKY, CURVE], ['1000000000', '0']);
  await forceOutcomes(request, [3]);
  const spin = await playViaApi(request, 1, 'LUCKY', '10', 1);
  await indexed(request, spin);
  const api = (await (await request.get(`/api/v1/accounts/${me}/activity?limit=100`)).json()) as { activity: Row[]; nextCursor: string | null };
  const all = api.activity;
  // The genesis allocation, the transfers, the swap, the spin.
  expect(all).toHaveLength(PAGE + 3);
  expect(api.nextCursor).toBeNull();
  const [spun, swapped] = all;
  expect(spun).toMatchObject({ kind: 'spin', txHash: spin, amount: '10000000', token: { name: 'LUCKY' } });
  expect(swapped).toMatchObject({ kind: 'swap', txHash: swap.hash, amount: '1000000000', token: { name: 'SUPRA' }, tokenOut: { name: 'LUCKY' } });
  const played = (await (await request.get(`/api/v1/tx/${spin}`)).json()) as { decoded: { play: { totalPrize: string } } };
  expect(spun!.amountOut).toBe(played.decoded.play.totalPrize);
  expect(BigInt(spun!.amountOut!)).toBeGreaterThan(0n);
  expect(swapped!.amountOut).toBe((swap.decoded?.swap as Record<string, string>).xOut);

  await useDevWallet(page, { autoApprove: true, account: 1 });
  await page.goto('/activity');
  await page.locator('#main').getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Your activity' })).toBeVisible({ timeout: 15_000 });

  // Newest first, amounts exact to the base unit, each row linked to its transaction page.
  const shown = rows(page);
  await expect(shown).toHaveCount(PAGE);
  await expect(shown.nth(0)).toHaveAttribute('data-kind', 'spin');
  await expect(shown.nth(0)).toContainText(`Spun 10.00 LUCKY, won ${formatExactUnits(spun!.amountOut, 6)} LUCKY`);
  await expect(shown.nth(1)).toHaveAttribute('data-kind', 'swap');
  await expect(shown.nth(1)).toContainText(`Swapped 10.00 SUPRA for ${formatExactUnits(swapped!.amountOut, 6)} LUCKY`);
  await expect(shown.nth(2)).toContainText(`Received ${formatExactUnits(String(1_000_000 + PAGE), 6)} LUCKY`);
  await expect(shown.nth(1).getByRole('link', { name: `Transaction ${swap.hash}` })).toHaveAttribute('href', `/tx/${swap.hash}`);

  // Load more: the rest, through the cursor, without a repeat.
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(shown).toHaveCount(all.length);
  await expect(page.getByText(`${all.length} rows shown, the whole list`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(shown.last()).toHaveAttribute('data-kind', 'received');

  // The kind filter: only the swap, kept in the URL, and the CSV link follows it.
  await page.getByLabel('Kind').selectOption('swap');
  await expect(page).toHaveURL(/\/activity\?kind=swap$/);
  await expect(shown).toHaveCount(1);
  await expect(shown.first()).toHaveAttribute('data-kind', 'swap');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/v1/accounts/${me}/activity.csv?kind=swap`);
  // Back to every kind: the pages already loaded are kept.
  await page.getByLabel('Kind').selectOption('');
  await expect(shown).toHaveCount(all.length);

  // The CSV: every row, amounts in whole tokens exactly as the API's base units say.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`lucky-activity-${me}.csv`);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split(/\r?\n/);
  expect(lines[0]).toBe('time_utc,kind,token,amount,token_out,amount_out,tx_hash,height');
  expect(lines).toHaveLength(all.length + 1);
  const swapLine = lines.find((l) => l.includes(swap.hash))!.split(',');
  expect(swapLine.slice(1)).toEqual([
    'swap',
    'SUPRA',
    whole(swapped!.amount, 8),
    'LUCKY',
    whole(swapped!.amountOut!, 6),
    swap.hash,
    swapped!.height,
  ]);
  expect(swapLine[3]).toBe('10');
  expect(lines[1]!.split(',').slice(1, 4)).toEqual(['spin', 'LUCKY', '10']);
  if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: `/tmp/activity-${page.viewportSize()!.width}.png`, fullPage: true });
});

test(`/activity: a two-hop route (SUPRA → dexUSDC → LUCKY) is one row with its two transactions ${CHANGES_CHAIN} @phone`, async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const me = await devAddress(request, 1);
  const tokens = ((await (await request.get('/api/v1/config')).json()) as { tokens: { name: string; coinType: string }[] }).tokens;
  const USDC = tokens.find((t) => t.name === 'dexUSDC')!.coinType;
  const step1 = (await send(request, 1, `${DEX}::scripts::swap`, [SUPRA, USDC, CURVE], ['1000000000', '0'])).hash;
  await indexed(request, step1);
  const read = async () => (await (await request.get(`/api/v1/accounts/${me}/activity?limit=5`)).json()) as { activity: Row[] };
  const got = (await read()).activity[0]!;
  expect(got.txHash).toBe(step1);
  // The second step spends exactly what the first returned, as the app's route does.
  const step2 = (await send(request, 1, `${DEX}::scripts::swap`, [USDC, LUCKY, CURVE], [got.amountOut!, '0'])).hash;
  await indexed(request, step2);
  const [second, first] = (await read()).activity;
  expect([second!.txHash, first!.txHash]).toEqual([step2, step1]);

  await useDevWallet(page, { autoApprove: true, account: 1 });
  await page.goto('/activity');
  await page.locator('#main').getByRole('button', { name: 'Connect Wallet' }).click();
  const top = rows(page).first();
  await expect(top).toHaveAttribute('data-route', 'true', { timeout: 15_000 });
  await expect(top).toContainText(
    `Swapped ${formatExactUnits(first!.amount, 8)} SUPRA for ${formatExactUnits(second!.amountOut!, 6)} LUCKY via dexUSDC (2 transactions)`,
  );
  await expect(top.getByRole('link', { name: `Step 1 transaction ${step1}` })).toBeVisible();
  await expect(top.getByRole('link', { name: `Step 2 transaction ${step2}` })).toBeVisible();
  // The route's two swaps are not also listed apart.
  await expect(rows(page).nth(1)).not.toHaveAttribute('data-route', 'true');
  await expect(page.getByRole('link', { name: `Transaction ${step1}`, exact: true })).toHaveCount(0);
});

test(`/activity: a stake and the tax-free pass bought here are rows with their SUPRA and transactions ${CHANGES_CHAIN}`, async ({ page, request }) => {
  const STAKER = 2;
  const me = await devAddress(request, STAKER);
  const stake = await send(request, STAKER, '0xde01::staking::stake', [], ['5000000000']); // 50 SUPRA
  const pass = await send(request, STAKER, '0xde01::staking::buy_tax_free_pass', [], []);
  await indexed(request, pass.hash);
  const price = (pass.decoded as Record<string, Record<string, string>>).passPurchase!.price!;
  const api = (await (await request.get(`/api/v1/accounts/${me}/activity?limit=2`)).json()) as { activity: Row[] };
  expect(api.activity).toMatchObject([
    { kind: 'pass', txHash: pass.hash, amount: price, token: { name: 'SUPRA' }, tokenOut: null },
    { kind: 'stake', txHash: stake.hash, amount: '5000000000', token: { name: 'SUPRA' }, tokenOut: null },
  ]);

  await useDevWallet(page, { autoApprove: true, account: STAKER });
  await page.goto('/activity?kind=stake');
  await page.locator('#main').getByRole('button', { name: 'Connect Wallet' }).click();
  const shown = rows(page);
  await expect(shown).toHaveCount(1, { timeout: 15_000 });
  await expect(shown.first()).toContainText('Staked 50.00 SUPRA');
  await expect(shown.first().getByRole('link', { name: `Transaction ${stake.hash}` })).toHaveAttribute('href', `/tx/${stake.hash}`);
  await page.getByLabel('Kind').selectOption('');
  await expect(shown.first()).toHaveAttribute('data-kind', 'pass');
  await expect(shown.first()).toContainText(`Bought the tax-free pass for ${formatExactUnits(price, 8)} SUPRA`);
  await expect(shown.nth(1)).toHaveAttribute('data-kind', 'stake');
  if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: `/tmp/activity-staking-${page.viewportSize()!.width}.png`, fullPage: true });
});

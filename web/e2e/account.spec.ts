import type { Page } from '@playwright/test';
import { CHANGES_CHAIN, expect, isMobile, test } from './fixtures';
import { devAddress, LUCKY } from './support/chain';
import { indexed, send } from './support/index-chain';
import { formatBalance } from '../src/lib/amounts';

/**
 * /account/{address}: devnet's own account explorer (the public explorer knows nothing of a devnet
 * account). Balances come from the balances endpoint, activity from the event index.
 */

const BURN = '0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff';

/** The activity rows on screen: the table at 1440 px, the cards at 375 px. */
function activity(page: Page) {
  const list = isMobile(page) ? page.getByRole('list', { name: 'Activity' }) : page.getByRole('table', { name: 'Activity' });
  return list.getByTestId('activity-row');
}

test(`/account: a dev account's label, its balances as the chain holds them, and a burn made here in its activity ${CHANGES_CHAIN} @phone`, async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const me = await devAddress(request, 1);
  const other = await devAddress(request, 2);
  const burn = await send(request, 1, '0x1::supra_account::transfer_coins', [LUCKY], [BURN, '12500000']);
  const sent = await send(request, 1, '0x1::supra_account::transfer_coins', [LUCKY], [other, '3000000']);
  await indexed(request, sent.hash);
  const balances = (await (await request.get(`/api/v1/accounts/${me}/balances`)).json()) as {
    balances: { name: string; amount: string; decimals: number }[];
  };
  const held = balances.balances.filter((b) => BigInt(b.amount) > 0n);

  await page.goto(`/account/${me}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dev account 1' })).toBeVisible();
  await expect(page.getByTestId('account-address')).toHaveText(me);
  const rows = page.getByTestId('account-balance');
  await expect(rows).toHaveCount(held.length);
  for (const b of held) await expect(rows.filter({ hasText: b.name }).first()).toContainText(formatBalance(b.amount, b.decimals));

  // Newest first: the transfer out, then the burn with its certificate.
  const acts = activity(page);
  await expect(acts.first()).toHaveAttribute('data-kind', 'sent');
  await expect(acts.first()).toContainText('Sent 3.00 LUCKY');
  const burnRow = acts.nth(1);
  await expect(burnRow).toHaveAttribute('data-kind', 'burn');
  await expect(burnRow).toContainText('Burned 12.50 LUCKY');
  await expect(burnRow.getByRole('link', { name: 'Certificate' })).toHaveAttribute('href', `/burn/${burn.hash}`);
  await expect(burnRow.getByRole('link', { name: /^Transaction / })).toHaveAttribute('href', `/tx/${burn.hash}`);
  if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: `../docs/screenshots/account-${page.viewportSize()!.width}.png`, fullPage: true });

  // The recipient's page lists it as received; its sender links back here.
  await page.goto(`/tx/${sent.hash}`);
  await page.getByRole('link', { name: me }).click();
  await expect(page).toHaveURL(`/account/${me}`);
  await page.goto(`/account/${other}`);
  await expect(activity(page).first()).toContainText('Received 3.00 LUCKY');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('/account of an unknown address: no balances, no activity, said in words', async ({ page }) => {
  await page.goto('/account/0x5eed');
  await expect(page.getByRole('heading', { level: 1, name: '0x5eed' })).toBeVisible();
  await expect(page.getByText('This account holds none of the listed tokens.')).toBeVisible();
  await expect(page.getByText('No swaps, spins, burns, Cosmic Miners actions or LUCKY transfers indexed for this account.')).toBeVisible();
});

import { CHANGES_CHAIN, expect, test } from './fixtures';
import { devAddress } from './support/chain';
import { useDevWallet } from './support/dev-wallet';
import { presentMainnet, sendCall } from './support/minerz';

/** The landing page's Staking info modal with the devnet pool's figures (docs/product.md, Staking). */

const STAKER = 2;

test(`staking modal: 'Connect wallet' without a wallet, the account's position once connected ${CHANGES_CHAIN} @phone`, async ({
  page,
  request,
}) => {
  const staker = await devAddress(request, STAKER);
  await sendCall(request, STAKER, staker, '0xde01::staking::stake', ['100000000000']); // 1,000 SUPRA
  const api = (await (await request.get(`/api/v1/staking/${staker}`)).json()) as { deposit: string; apyTier: string };
  expect(api).toMatchObject({ deposit: '100000000000', apyTier: '500' });

  await useDevWallet(page, { autoApprove: true, account: STAKER });
  await page.goto('/');
  await page.getByRole('button', { name: /^Staking\b/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Staking' });
  await expect(dialog.getByTestId('staking-deposit')).toHaveText('Connect wallet');
  await expect(dialog.getByTestId('staking-pending')).toHaveText('Connect wallet');
  await expect(dialog.getByTestId('staking-daily')).toHaveText('Connect wallet');
  await expect(dialog.getByTestId('staking-apy')).toHaveText('5.00%');
  await expect(dialog.getByTestId('staking-active-users')).toHaveText('1');
  await expect(dialog.getByTestId('staking-total')).toHaveText('1,000.00 SUPRA');
  await expect(dialog.getByTestId('staking-pass-price')).toHaveText('100.00 SUPRA');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByText('Wallet connected successfully!')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /^Staking\b/ }).click();
  dialog = page.getByRole('dialog', { name: 'Staking' });
  await expect(dialog.getByTestId('staking-deposit')).toHaveText('1,000.00 SUPRA');
  // 1,000 SUPRA at 5 % a year: 0.1369… SUPRA a day.
  await expect(dialog.getByTestId('staking-daily')).toHaveText('0.13 SUPRA');
  await expect(dialog.getByTestId('staking-pending')).toHaveText(/^0\.\d\d SUPRA$/);
  await expect(dialog.getByTestId('staking-apy')).toHaveText('5.00%');
  await expect(dialog.getByTestId('staking-lock')).toHaveText(/^2[34]\.\d h$/);
  await expect(dialog.getByTestId('staking-pass')).toHaveText('No');
});

test('staking modal on a network without the pool says Coming Soon', async ({ page }) => {
  await presentMainnet(page);
  await page.goto('/');
  await page.getByRole('button', { name: /^Staking\b/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Staking' });
  await expect(dialog.getByTestId('staking-coming-soon')).toHaveText('Coming Soon');
  await expect(dialog.getByTestId('staking-deposit')).toHaveCount(0);
});

import { CHANGES_CHAIN, expect, test } from './fixtures';
import { devAddress, supraBalance } from './support/chain';
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

/**
 * The staking page (/staking, and /earn) on the devnet pool: every action through the dev wallet, each
 * confirmed in words first, and its effect read back through the API to the base unit, gas included
 * (the cost comes from the transaction the page itself waited for).
 */
test(`staking page: stake, a taxed unstake accepted in words, the pass and a claim move SUPRA exactly ${CHANGES_CHAIN} @phone`, async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const SUPRA_UNIT = 100_000_000n;
  const staker = await devAddress(request, STAKER);
  const position = async () =>
    (await (await request.get(`/api/v1/staking/${staker}`)).json()) as { deposit: string; hasTaxFreePass: boolean; pendingRewards: string };
  const reserve = async () => BigInt(((await (await request.get('/api/v1/staking')).json()) as { rewardReserve: string }).rewardReserve);
  /** Signs the open dialog's action and returns the confirmed transaction the page read. */
  const sign = async (name: string) => {
    const confirmed = page.waitForResponse((r) => /\/api\/v1\/tx\/0x[0-9a-f]{64}/.test(r.url()));
    await page.getByRole('dialog').getByRole('button', { name }).click();
    const detail = (await (await confirmed).json()) as {
      status: string;
      transactionCost: string;
      decoded: { stakingClaim?: { amount: string } };
    };
    expect(detail.status).toBe('Success');
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 15_000 });
    return { cost: BigInt(detail.transactionCost), detail };
  };

  await useDevWallet(page, { autoApprove: true, account: STAKER });
  await page.goto('/earn');
  await expect(page.getByRole('heading', { level: 1, name: 'Staking' })).toBeVisible();
  await expect(page.getByTestId('pool-apy')).toHaveText('5.00%');
  await expect(page.getByTestId('position-deposit')).toHaveText('Connect wallet');
  await expect(page.getByText('A stake is locked for 86,400 s (one day) after the last deposit.', { exact: false })).toBeVisible();
  await page.getByTestId('staking-connect').click();
  await expect(page.getByTestId('position-deposit')).toHaveText('0.00 SUPRA', { timeout: 15_000 });

  // Stake 1,000 SUPRA: the dialog states the lock window first; the wallet pays the amount and the gas.
  let before = await supraBalance(request, staker);
  await page.getByLabel('Amount to stake (SUPRA)').fill('1000');
  await page.getByRole('button', { name: 'Stake', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm stake' });
  await expect(dialog).toContainText('A stake is locked for 86,400 s (one day) after the last deposit');
  await expect(dialog).toContainText('5.00% a year (APY tier 500 basis points)');
  let { cost } = await sign('Sign and stake');
  await expect(page.getByText('Staked 1,000 SUPRA!')).toBeVisible();
  expect((await position()).deposit).toBe('100000000000');
  expect(await supraBalance(request, staker)).toBe(before - 1000n * SUPRA_UNIT - cost);
  await expect(page.getByTestId('position-deposit')).toHaveText('1,000.00 SUPRA');
  await expect(page.getByTestId('position-lock')).toHaveText(/^2[34]\.\d h$/);
  // Without a reload the first rewards show as the chain accrues them: Claim opens, and the pending
  // figure keeps its last significant digit (a few seconds of 1,000 SUPRA at 5 % is a few
  // millionths of a SUPRA, which two decimals would print as 0.00), the exact value in its title.
  await expect(page.getByRole('button', { name: 'Claim rewards' })).toBeEnabled({ timeout: 15_000 });
  const pendingShown = page.getByTestId('claim-pending');
  await expect(pendingShown).toHaveText(/^0\.0000\d+ SUPRA$/);
  const exactTitle = (await pendingShown.locator('span').getAttribute('title')) ?? '';
  expect(exactTitle).toMatch(/^0\.\d{8} SUPRA$/);
  expect(BigInt(exactTitle.replace(/\D/g, ''))).toBeGreaterThan(0n);
  await expect(page.getByTestId('position-pending').locator('span')).toHaveAttribute('title', /^0\.\d{8} SUPRA$/);

  // Unstake 100 inside the window: the tax is stated and must be accepted; the wallet gets 90, the reserve 10.
  before = await supraBalance(request, staker);
  const reserveBefore = await reserve();
  await page.getByLabel('Amount to unstake (SUPRA)').fill('100');
  await page.getByRole('button', { name: 'Unstake', exact: true }).click();
  const unstake = page.getByRole('dialog', { name: 'Confirm unstake' });
  await expect(unstake).toContainText('Unstaking now costs the 10% early-unstake tax: 10 SUPRA goes to the reward reserve.');
  await expect(unstake.getByRole('button', { name: 'Sign and unstake' })).toBeDisabled();
  await unstake.getByRole('checkbox', { name: 'I accept the 10% early-unstake tax of 10 SUPRA.' }).check();
  ({ cost } = await sign('Sign and unstake'));
  await expect(page.getByText('Unstaked 100 SUPRA: you received 90 SUPRA and 10 SUPRA of tax went to the reward reserve.')).toBeVisible();
  expect((await position()).deposit).toBe('90000000000');
  expect(await supraBalance(request, staker)).toBe(before + 90n * SUPRA_UNIT - cost);
  expect(await reserve()).toBe(reserveBefore + 10n * SUPRA_UNIT);

  // The pass: Escape closes its dialog; bought once for 100 SUPRA, then the button says it is owned.
  await page.getByRole('button', { name: 'Buy the pass' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm tax-free pass' })).toContainText('It is bought once and never expires.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  before = await supraBalance(request, staker);
  await page.getByRole('button', { name: 'Buy the pass' }).click();
  ({ cost } = await sign('Sign and buy'));
  expect((await position()).hasTaxFreePass).toBe(true);
  expect(await supraBalance(request, staker)).toBe(before - 100n * SUPRA_UNIT - cost);
  await expect(page.getByTestId('position-pass')).toHaveText('Owned');
  await expect(page.getByRole('button', { name: 'Pass owned' })).toBeDisabled();

  // Claim: the wallet receives exactly what the pool paid (the rewards of the seconds staked so far).
  before = await supraBalance(request, staker);
  await page.getByRole('button', { name: 'Claim rewards' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm claim' })).toContainText('paid from the reward reserve');
  const claimed = await sign('Sign and claim');
  const paid = BigInt(claimed.detail.decoded.stakingClaim?.amount ?? '0');
  expect(paid).toBeGreaterThan(0n);
  await expect(page.getByText(/^Claimed [\d,.]+ SUPRA of rewards!$/)).toBeVisible();
  expect(await supraBalance(request, staker)).toBe(before + paid - claimed.cost);
});

test('the staking page on a network without the pool is Coming Soon', async ({ page }) => {
  await presentMainnet(page);
  await page.goto('/staking');
  await expect(page.getByRole('heading', { level: 1, name: 'Mainnet Coming Soon' })).toBeVisible();
  await expect(page.getByTestId('pool-total')).toHaveCount(0);
});

import { CHANGES_CHAIN, expect, test } from './fixtures';
import { devAddress, setBalance, supraBalance } from './support/chain';
import { useDevWallet } from './support/dev-wallet';
import { MINE, MINE_UNIT, MINER_ACCOUNT, advanceTime, minersState, sendCall } from './support/minerz';

/**
 * The network fee before signing (staking and Cosmic Miners): the confirm step shows the fee the server
 * simulated for that exact transaction, in SUPRA and USD, with how it was estimated; after signing, the
 * chain charged exactly that fee and the wallet's SUPRA moved by exactly the amount plus the fee.
 */

type Fee = { amount: string; gasUnits: string; gasUnitPrice: string; maxGasAmount: string; estimate: string; usd: string | null };
type Detail = { status: string; transactionCost: string; gasUsed: string };
const SUPRA_UNIT = 100_000_000n;
const STAKER = 2;

/** "0.000009 SUPRA" from base units, as the component shows it (every significant decimal, at least two). */
function supraText(amount: string): string {
  const v = BigInt(amount);
  const frac = (v % SUPRA_UNIT).toString().padStart(8, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${v / SUPRA_UNIT}.${frac} SUPRA`;
}

/** Waits for the fee the confirm step asked for, then for the step to show it. */
async function shownFee(page: import('@playwright/test').Page, path: string, open: () => Promise<void>, shot?: string): Promise<Fee> {
  const priced = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
  await open();
  const fee = ((await (await priced).json()) as { fee: Fee }).fee;
  const dialog = page.getByRole('dialog');
  // The account has sent a transaction before, so the server knows its key and simulated this one.
  expect(fee.estimate).toBe('simulation');
  expect(BigInt(fee.amount)).toBe(BigInt(fee.gasUnits) * BigInt(fee.gasUnitPrice));
  await expect(dialog.getByTestId('network-fee-line')).toHaveText(`Network fee ≈ ${supraText(fee.amount)} (< $0.01)`);
  await expect(dialog.getByText('upper bound')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'How the network fee is estimated' }).focus();
  await expect(dialog.getByRole('tooltip')).toContainText(
    `Estimated from the node's gas price and a simulation of this exact transaction: ${BigInt(fee.gasUnits).toLocaleString('en-US')} gas units × ${BigInt(fee.gasUnitPrice).toLocaleString('en-US')} base units of SUPRA per unit`,
  );
  // The transaction allows twice the measure (at least 100 units), and says so.
  expect(BigInt(fee.maxGasAmount)).toBe(BigInt(fee.gasUnits) * 2n > 100n ? BigInt(fee.gasUnits) * 2n : 100n);
  await expect(dialog.getByRole('tooltip')).toContainText(`Max gas ${BigInt(fee.maxGasAmount).toLocaleString('en-US')} units`);
  if (shot) await page.screenshot({ path: test.info().outputPath(`${shot}-${test.info().project.name}.png`) });
  // Escape closes the tooltip, not the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('tooltip')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  return fee;
}

/** Clicks the dialog's sign button and returns the confirmed transaction the page read. */
async function sign(page: import('@playwright/test').Page, name: string): Promise<Detail> {
  const confirmed = page.waitForResponse((r) => /\/api\/v1\/tx\/0x[0-9a-f]{64}/.test(r.url()));
  await page.getByRole('dialog').getByRole('button', { name }).click();
  const detail = (await (await confirmed).json()) as Detail;
  expect(detail.status).toBe('Success');
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 15_000 });
  return detail;
}

test(`staking: the stake's network fee is shown before signing and is exactly what the chain charged ${CHANGES_CHAIN} @phone`, async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const staker = await devAddress(request, STAKER);
  // One transaction on chain first: it carries the account's public key, which the fee simulation needs.
  await sendCall(request, STAKER, staker, '0x1::supra_account::transfer', [await devAddress(request, 5), '1']);
  await useDevWallet(page, { autoApprove: true, account: STAKER });
  await page.goto('/staking');
  await page.getByTestId('staking-connect').click();
  await expect(page.getByTestId('position-deposit')).toHaveText('0.00 SUPRA', { timeout: 15_000 });

  const before = await supraBalance(request, staker);
  await page.getByLabel('Amount to stake (SUPRA)').fill('1000');
  const fee = await shownFee(page, '/api/v1/staking/stake', () => page.getByRole('button', { name: 'Stake', exact: true }).click(), 'staking-fee');
  const detail = await sign(page, 'Sign and stake');
  expect(detail.transactionCost).toBe(fee.amount);
  expect(detail.gasUsed).toBe(fee.gasUnits);
  expect(await supraBalance(request, staker)).toBe(before - 1000n * SUPRA_UNIT - BigInt(fee.amount));
});

test(`minerz: a rig launch and a claim confirm first with their network fee, the chain charges exactly it ${CHANGES_CHAIN} @phone`, async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const player = await devAddress(request, MINER_ACCOUNT);
  await sendCall(request, MINER_ACCOUNT, player, '0x1::supra_account::transfer', [await devAddress(request, 5), '1']);
  await setBalance(request, player, MINE, 700n * MINE_UNIT);
  await useDevWallet(page, { autoApprove: true, account: MINER_ACCOUNT });
  await page.goto('/minerz');
  await page.getByTestId('minerz-connect').click();
  await expect(page.getByTestId('stat-stash')).toHaveText('700.00', { timeout: 15_000 });

  // Launch Rig opens the confirm step; Escape closes it and nothing is sent.
  await page.getByRole('button', { name: 'Launch Rig: Nano Rig' }).click();
  const dialog = page.getByRole('dialog', { name: 'Launch Nano Rig' });
  await expect(dialog.getByTestId('minerz-confirm-summary')).toContainText('You pay 100.00 MINE from your stash for a Common Nano Rig');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await minersState(request, player)).balance).toBe(700n * MINE_UNIT);

  let supra = await supraBalance(request, player);
  const fee = await shownFee(page, '/api/v1/miners/purchase', () => page.getByRole('button', { name: 'Launch Rig: Nano Rig' }).click(), 'minerz-fee');
  let detail = await sign(page, 'Sign and launch');
  await expect(page.getByText('Nano Rig launched! +5.00 MINE/day')).toBeVisible();
  expect(detail.transactionCost).toBe(fee.amount);
  expect(await supraBalance(request, player)).toBe(supra - BigInt(fee.amount)); // the rig is paid in MINE
  expect((await minersState(request, player)).balance).toBe(600n * MINE_UNIT);

  // An hour of output on the chain's clock, so the claim has something to pay whatever the machine's pace
  // (the contract refuses a claim of nothing, and so does its build).
  await advanceTime(request, 3_600);
  supra = await supraBalance(request, player);
  const claimFee = await shownFee(page, '/api/v1/miners/claim', () => page.getByRole('button', { name: 'Claim', exact: true }).click());
  detail = await sign(page, 'Sign and claim');
  expect(detail.transactionCost).toBe(claimFee.amount);
  expect(await supraBalance(request, player)).toBe(supra - BigInt(claimFee.amount));
});

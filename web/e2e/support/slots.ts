import { expect, type Page } from '@playwright/test';

/** Whole tokens with 2 decimals (floored) from base units, as the game's messages print them. */
export function fmt2(units: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals);
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const cents = (abs * 100n) / base;
  return `${neg ? '-' : ''}${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

export function mainButton(page: Page) {
  return page.getByTestId('main-button');
}

/** Connects through the slot page's main button (the dev wallet auto-approves). */
export async function connectHere(page: Page) {
  await expect(mainButton(page)).toHaveText('Connect Wallet');
  await mainButton(page).click();
  await expect(mainButton(page)).toHaveText('Spin Now', { timeout: 15_000 });
}


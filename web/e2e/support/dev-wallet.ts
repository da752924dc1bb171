import { expect, type Page } from '@playwright/test';

/** The dev wallet's test hooks (internal/devnet/devwallet/wallet.js), set before the page loads. */
export interface DevWalletOptions {
  autoApprove?: boolean;
  account?: number;
  disabled?: boolean;
}

export async function useDevWallet(page: Page, opts: DevWalletOptions = {}) {
  await page.addInitScript((o: DevWalletOptions) => {
    // Only on the first document of the test: a reload keeps what the app and the wallet stored.
    if (sessionStorage.getItem('e2e.devWalletSet') === '1') return;
    sessionStorage.setItem('e2e.devWalletSet', '1');
    if (o.autoApprove) localStorage.setItem('devWallet.autoApprove', '1');
    if (o.account !== undefined) localStorage.setItem('devWallet.account', String(o.account));
    if (o.disabled) localStorage.setItem('devWallet.disabled', '1');
  }, opts);
}

/** First 6 characters, an ellipsis, last 4 (docs/product.md, Display rules). */
export function short(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** Opens the Dev Wallet panel (idempotent). */
export async function openDevWalletPanel(page: Page) {
  const toggle = page.getByRole('button', { name: /^Dev Wallet/ });
  // A request the app has just made opens the panel by itself once the wallet has its accounts,
  // which it fetches when first needed: that can happen between looking and clicking, and the
  // click then closes it. So look again until the panel stays open.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(page.locator('#dw-account')).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
}

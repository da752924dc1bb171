import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

export interface DevAccount {
  index: number;
  address: string;
}

export async function devAccounts(request: APIRequestContext): Promise<DevAccount[]> {
  const res = await request.get('/devnet/accounts');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as DevAccount[];
}

/** Spec §2: first 6 characters, an ellipsis, last 4. */
export function short(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** Opens the Dev Wallet panel (idempotent). */
export async function openDevWalletPanel(page: Page) {
  const toggle = page.getByRole('button', { name: /^Dev Wallet/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.locator('#dw-account')).toBeVisible();
}

/** SUPRA base units of an account, read through the app's API. */
export async function supraBalance(request: APIRequestContext, address: string): Promise<bigint> {
  const res = await request.get(`/api/v1/accounts/${address}/balances`);
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { balances: { coinType: string; amount: string }[] };
  const b = body.balances.find((x) => x.coinType === '0x1::supra_coin::SupraCoin');
  if (!b) throw new Error('no SUPRA balance in the answer');
  return BigInt(b.amount);
}

/** A fresh 32-byte address nobody has used. */
export function freshAddress(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return '0x' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

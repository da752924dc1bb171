import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const LUCKY = '0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY';
export const SUPRA = '0x1::supra_coin::SupraCoin';

export async function devAddress(request: APIRequestContext, index: number): Promise<string> {
  const res = await request.get('/devnet/accounts');
  expect(res.ok()).toBeTruthy();
  const list = (await res.json()) as { index: number; address: string }[];
  const a = list.find((x) => x.index === index);
  if (!a) throw new Error(`no dev account ${index}`);
  return a.address;
}

/** Base units of one coin, read through the app's API. */
export async function balance(request: APIRequestContext, address: string, coinType: string): Promise<bigint> {
  const res = await request.get(`/api/v1/accounts/${address}/balances`);
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { balances: { coinType: string; amount: string }[] };
  return BigInt(body.balances.find((b) => b.coinType === coinType)?.amount ?? '0');
}

/** A token's house pot in base units, read through the app's API. */
export async function pot(request: APIRequestContext, coinType: string): Promise<bigint> {
  const res = await request.get('/api/v1/slots/pots');
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { pots: { coinType: string; amount: string | null }[] };
  const p = body.pots.find((x) => x.coinType === coinType);
  if (!p || p.amount === null) throw new Error(`no pot for ${coinType}`);
  return BigInt(p.amount);
}

export async function forceOutcomes(request: APIRequestContext, tiers: number[], replace = true) {
  const res = await request.post('/devnet/slots/outcomes', { data: { tiers, replace } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

export async function setBalance(request: APIRequestContext, address: string, coinType: string, amount: bigint) {
  const res = await request.post('/devnet/balance', { data: { address, coin_type: coinType, amount: amount.toString() } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Builds a spin through the app's API and has the dev wallet sign and submit it; waits until final. */
export async function playViaApi(
  request: APIRequestContext,
  account: number,
  token: string,
  betPerSpin: string,
  spins: number,
): Promise<string> {
  const sender = await devAddress(request, account);
  const built = await request.post('/api/v1/slots/spins', { data: { sender, token, betPerSpin, spins } });
  expect(built.ok(), await built.text()).toBeTruthy();
  const { rawTransaction } = (await built.json()) as { rawTransaction: string };
  const sent = await request.post('/devnet/wallet/send', { data: { account, rawTransaction } });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const { hash } = (await sent.json()) as { hash: string };
  const tx = await request.get(`/api/v1/tx/${hash}?wait=30s`);
  expect(tx.ok()).toBeTruthy();
  expect(((await tx.json()) as { status: string }).status).toBe('Success');
  return hash;
}

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


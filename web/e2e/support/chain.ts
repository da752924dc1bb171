import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { mkdir, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Everything the e2e specs do to or read from the devnet chain, in one place: dev accounts,
 * balances and pots read through the app's API, the admin calls (/devnet/*), and the snapshot
 * guard that makes each state-changing test leave the chain as it found it.
 */

export const LUCKY = '0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY';
export const SUPRA = '0x1::supra_coin::SupraCoin';

export interface DevAccount {
  index: number;
  address: string;
}

/** The binary's dev accounts (GET /devnet/accounts). */
export async function devAccounts(request: APIRequestContext): Promise<DevAccount[]> {
  const res = await request.get('/devnet/accounts');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as DevAccount[];
}

export async function devAddress(request: APIRequestContext, index: number): Promise<string> {
  const a = (await devAccounts(request)).find((x) => x.index === index);
  if (!a) throw new Error(`no dev account ${index}`);
  return a.address;
}

/** Base units of one coin, read through the app's API (0n when the account has none). */
export async function balance(request: APIRequestContext, address: string, coinType: string): Promise<bigint> {
  const res = await request.get(`/api/v1/accounts/${address}/balances`);
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { balances: { coinType: string; amount: string }[] };
  return BigInt(body.balances.find((b) => b.coinType === coinType)?.amount ?? '0');
}

/** SUPRA base units of an account, read through the app's API (the answer must list SUPRA). */
export async function supraBalance(request: APIRequestContext, address: string): Promise<bigint> {
  const res = await request.get(`/api/v1/accounts/${address}/balances`);
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { balances: { coinType: string; amount: string }[] };
  const b = body.balances.find((x) => x.coinType === SUPRA);
  if (!b) throw new Error('no SUPRA balance in the answer');
  return BigInt(b.amount);
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

/** Queues the slot outcomes of the next plays (admin; a global queue). */
export async function forceOutcomes(request: APIRequestContext, tiers: number[], replace = true) {
  const res = await request.post('/devnet/slots/outcomes', { data: { tiers, replace } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Sets an account's balance of a coin (admin). */
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
  return (await sendBuilt(request, account, built)).hash;
}

/** A fresh 32-byte address nobody has used. */
export function freshAddress(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return '0x' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Takes a devnet snapshot (POST /devnet/snapshot) and returns its id. */
export async function snapshot(request: APIRequestContext): Promise<number> {
  const res = await request.post('/devnet/snapshot');
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { id: number }).id;
}

/** Restores a snapshot (POST /devnet/revert); it and every later snapshot are consumed. */
export async function revert(request: APIRequestContext, id: number) {
  const res = await request.post('/devnet/revert', { data: { id } });
  expect(res.ok(), await res.text()).toBeTruthy();
  // The index learns of the rewind on its next poll and rebuilds. Until then it holds
  // heights the chain no longer has, and the next test's first transaction, at one of those
  // heights, would look indexed before it is.
  await expect
    .poll(
      async () => {
        const head = (await (await request.get('/rpc/v1/block')).json()) as { height: number };
        const idx = (await (await request.get('/api/v1/burns?limit=1')).json()) as { indexedHeight: string };
        return Number(idx.indexedHeight) <= Number(head.height);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** A lock older than this is left over from a killed run. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Runs `body` between a snapshot and its revert, so the test leaves the chain as it found it.
 *
 * Workers run tests at once against one binary, and a revert rolls back the whole chain, so every
 * state-changing test holds a lock (a directory, atomic across worker processes) from its snapshot
 * to its revert: no other state-changing test's transaction can land in between and be undone.
 * Read-only tests do not take the lock; a revert never changes what they read.
 */
export async function withChainSnapshot<T>(request: APIRequestContext, port: string, body: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `lucky-e2e-chain-${port}.lock`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_LOCK_MS) await rmdir(lock).catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    const id = await snapshot(request);
    try {
      return await body();
    } finally {
      await revert(request, id);
    }
  } finally {
    await rmdir(lock);
  }
}

/**
 * Has the dev wallet of `account` sign and send a transaction the app's API built, and waits
 * until it is final; it must succeed. Returns the final transaction and its hash.
 */
export async function sendBuilt(request: APIRequestContext, account: number, built: APIResponse) {
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

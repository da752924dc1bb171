import { expect, type APIRequestContext } from '@playwright/test';
import { devAddress, sendBuilt } from './chain';

/** Builds an entry call through the app's API, has the dev wallet sign and send it, waits for it. */
export async function send(request: APIRequestContext, account: number, fn: string, typeArguments: string[], args: string[]) {
  const sender = await devAddress(request, account);
  const built = await request.post('/api/v1/tx/build', { data: { sender, function: fn, typeArguments, arguments: args } });
  return sendBuilt(request, account, built);
}

/**
 * Waits until the index holds the transaction's block. (Not "indexed == head": right after
 * another test's revert the index has not yet seen the rewind, and its old heights can match.)
 */
export async function indexed(request: APIRequestContext, hash: string) {
  const res = await request.get(`/rpc/v1/transactions/${hash}`);
  const height = Number(((await res.json()) as { block_header: { height: number } }).block_header.height);
  await expect
    .poll(async () => {
      const r = (await (await request.get('/api/v1/burns?limit=1')).json()) as { indexedHeight: string };
      return Number(r.indexedHeight) >= height;
    })
    .toBe(true);
}


import { expect, type APIRequestContext } from '@playwright/test';
import { devAddress, sendBuilt } from './chain';

/** dexUSDC and the Dexlyn package of the devnet (at their mainnet addresses, as on the devnet). */
export const DEXUSDC = '0x8f7d16ade319b0fce368ca6cdb98589c4527ce7f5b51e544a9e68e719934458b::hyper_coin::DexlynUSDC';
export const DEX = '0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8';
export const CURVE = `${DEX}::curves::Uncorrelated`;

/** Calls a view function on the node itself (/rpc/v1/view), not through the app's API. */
export async function nodeView(request: APIRequestContext, fn: string, typeArgs: string[], args: string[] = []): Promise<unknown[]> {
  const res = await request.post('/rpc/v1/view', { data: { function: fn, type_arguments: typeArgs, arguments: args } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { result: unknown[] }).result;
}

/** A pool's reserves in the order asked, read from the node's router view. */
export async function reserves(request: APIRequestContext, a: string, b: string): Promise<[bigint, bigint]> {
  const [ra, rb] = await nodeView(request, `${DEX}::router::get_reserves_size`, [a, b, CURVE]);
  return [BigInt(ra as string), BigInt(rb as string)];
}

/** Whether Dexlyn has a pool for the pair, read from the node. */
export async function poolExists(request: APIRequestContext, a: string, b: string): Promise<boolean> {
  const [ok] = await nodeView(request, `${DEX}::router::is_swap_exists`, [a, b, CURVE]);
  return ok === true;
}

/**
 * Swaps `amountIn` base units of coinIn for coinOut from dev account `account`: the app builds
 * scripts::swap<In, Out, Uncorrelated> (POST /api/v1/tx/build), the dev wallet signs and sends it.
 */
export async function swapViaApi(request: APIRequestContext, account: number, coinIn: string, coinOut: string, amountIn: bigint) {
  const built = await request.post('/api/v1/tx/build', {
    data: {
      sender: await devAddress(request, account),
      function: `${DEX}::scripts::swap`,
      typeArguments: [coinIn, coinOut, CURVE],
      arguments: [amountIn.toString(), '1'],
    },
  });
  await sendBuilt(request, account, built);
}

/**
 * Removes the browser's "Failed to load resource" console lines for the answers a test made fail
 * on purpose (the fixture fails a test on any console error); call it at the end of the test.
 * Every other console error still fails the test.
 */
export function allowFailedLoads(consoleErrors: string[], path: string) {
  const expected = (e: string) => e.startsWith('console.error: Failed to load resource: the server responded with a status of 5') && e.includes(path);
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (expected(consoleErrors[i]!)) consoleErrors.splice(i, 1);
}

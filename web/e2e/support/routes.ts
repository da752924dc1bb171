import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import { paths } from '../../src/lib/paths';

/**
 * Every route of the app's router (web/src/app/router.tsx), with its parameters filled in. The
 * router names its routes through `paths` (plus the index route, the `/slots/:token` route and
 * the catch-all), so the list is `paths` itself; `routerPatterns` reads the router's source so a
 * route added there without a `paths` entry makes the checks below fail instead of being skipped.
 */
export function routePatterns(): string[] {
  return [...Object.values(paths), `${paths.slots}/:token`, '*'];
}

/** The patterns the router file declares: `path: paths.x`, `${paths.x}/:y`, '*', and the index route. */
export function routerPatterns(): string[] {
  const file = fileURLToPath(new URL('../../src/app/router.tsx', import.meta.url));
  const src = readFileSync(file, 'utf8');
  const found = new Set<string>(['/']);
  const table = paths as Record<string, string>;
  for (const m of src.matchAll(/path:\s*paths\.(\w+)/g)) found.add(table[m[1]] ?? `unknown paths.${m[1]}`);
  for (const m of src.matchAll(/path:\s*`\$\{paths\.(\w+)\}([^`]*)`/g)) found.add(`${table[m[1]]}${m[2]}`);
  for (const m of src.matchAll(/^\s*paths\.(\w+),$/gm)) found.add(table[m[1]] ?? `unknown paths.${m[1]}`);
  if (/path:\s*'\*'/.test(src)) found.add('*');
  return [...found].sort();
}

export interface RouteParams {
  /** A burn that exists on the chain (its certificate page). */
  burnHash: string;
  /** A transaction that exists on the chain. */
  txHash: string;
  /** An account with balances and indexed activity (its account page). */
  address: string;
}

/** The concrete URL of each pattern. */
export function concreteRoutes(p: RouteParams): { pattern: string; url: string }[] {
  expect(routePatterns().sort(), 'the route list covers every route of the router').toEqual(
    expect.arrayContaining(routerPatterns()),
  );
  return routePatterns().map((pattern) => {
    let url = pattern
      .replace(`${paths.burn}/:hash`, `${paths.burn}/${p.burnHash}`)
      .replace('/tx/:hash', `/tx/${p.txHash}`)
      .replace('/account/:address', `/account/${p.address}`)
      .replace(':token', 'lucky');
    if (url === '*') url = '/no-such-page';
    return { pattern, url };
  });
}

/**
 * The genesis burn (the LUCKY the devnet's genesis transaction places at the burn address): a
 * real burn and transaction that every snapshot revert keeps, so a test can show it without
 * changing the chain or holding the chain lock.
 */
export async function genesisBurnHash(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/burns?limit=100');
  expect(res.ok(), await res.text()).toBeTruthy();
  const { burns } = (await res.json()) as { burns: { txHash: string; blockNumber: string }[] };
  const genesis = burns.find((b) => b.blockNumber === '0');
  expect(genesis, 'the genesis burn is listed').toBeTruthy();
  return genesis!.txHash;
}

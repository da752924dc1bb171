import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { sendBuilt } from './chain';

/** MINE: the devnet's Cosmic Miners coin (8 decimals). */
export const MINE = '0x000000000000000000000000000000000000000000000000000000000000de02::cosmic_miners::MINE';
export const MINE_UNIT = 100_000_000n;
/** Dev account 3 is the Cosmic Miners player: 10,000 MINE and boosters worth +25 %. */
export const MINER_ACCOUNT = 3;

export interface MinersState {
  balance: bigint;
  pending: bigint;
  daily: bigint;
  power: bigint;
  fleet: { name: string; count: string }[];
}

/** The player's game, read through the app's API. */
export async function minersState(request: APIRequestContext, address: string): Promise<MinersState> {
  const res = await request.get(`/api/v1/miners/${address}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  const b = (await res.json()) as {
    balance: string;
    pendingOutput: string;
    dailyOutput: string;
    powerUnits: string;
    fleet: { name: string; count: string }[];
  };
  return {
    balance: BigInt(b.balance),
    pending: BigInt(b.pendingOutput),
    daily: BigInt(b.dailyOutput),
    power: BigInt(b.powerUnits),
    fleet: b.fleet,
  };
}

/** Moves devnet time forward (admin). */
export async function advanceTime(request: APIRequestContext, seconds: number) {
  const res = await request.post('/devnet/time/advance', { data: { seconds } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Builds a transaction through POST /api/v1/tx/build and has the dev wallet sign and send it; waits until final. */
export async function sendCall(request: APIRequestContext, account: number, sender: string, fn: string, args: string[]) {
  const built = await request.post('/api/v1/tx/build', { data: { sender, function: fn, typeArguments: [], arguments: args } });
  await sendBuilt(request, account, built);
}

/** Presents the mainnet preset to the page: /api/v1/config answers as `lucky serve --network mainnet` would, minus the devnet-only modules. */
export async function presentMainnet(page: Page) {
  await page.route('**/api/v1/config', async (route) => {
    // A config read still on its way when the test ends (a section loading after the page's
    // own read) has its response disposed with the page: nothing is left to answer.
    let res: Awaited<ReturnType<typeof route.fetch>>;
    let body: { network: Record<string, unknown> & { modules: Record<string, string> } };
    try {
      res = await route.fetch();
      body = (await res.json()) as typeof body;
    } catch (err) {
      if (page.isClosed() || /disposed|closed/i.test(String(err))) return;
      throw err;
    }
    body.network = {
      ...body.network,
      name: 'mainnet',
      label: 'Supra Mainnet',
      chainId: 8,
      devnet: false,
      modules: { ...body.network.modules, staking: '', miners: '' },
    };
    await route.fulfill({ response: res, json: body });
  });
}

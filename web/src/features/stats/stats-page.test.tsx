import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { ApiError } from '@/lib/api';
import { configQueryKey } from '@/lib/config';
import { FakeProvider, devnetConfig } from '@/lib/wallet/testing/fake-provider';
import { WalletProvider } from '@/lib/wallet/wallet-provider';
import type { LuckyDashboard, LuckyDashboardPart } from '@/types/api';
import { MSG, PART_TOAST } from './stats-content';
import { StatsPage } from './stats-page';

// The page is driven through the api client: only the dashboard answers; every other read fails
// (the cards under test come from the dashboard alone).
const apiMock = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/api')>()), api: apiMock }));

const lucky = { amount: '0', decimals: 6 };
const amt = (amount: string) => ({ ...lucky, amount });
const complete: LuckyDashboard = {
  updatedAt: new Date().toISOString(),
  height: '1200',
  stale: false,
  ageSeconds: null,
  token: { name: 'LUCKY', symbol: 'LUCKY', coinType: '0x4205::LUCKY::LUCKY', decimals: 6, logo: '' },
  totalSupply: amt('1000000000000000'),
  totalSupplySource: 'chain',
  burned: amt('50000000000000'),
  circulatingSupply: amt('950000000000000'),
  houseVault: amt('1234000000'),
  burnAddress: '0x' + 'f'.repeat(64),
  priceSupra: '0.006666666666666666',
  priceUsd: '0.000050000000000000',
  priceRoute: 'LUCKY/SUPRA',
  usdRoute: 'LUCKY/SUPRA × SUPRA/dexUSDC',
  luckyPerSupra: '150.000000000000000000',
  supraUsd: '0.007500000000000000',
  usdUnavailable: null,
  marketCap: '47500.000000000000000000',
  fdv: '50000.000000000000000000',
  marketCapSupra: '6333333.333333333333333333',
  fdvSupra: '6666666.666666666666666666',
  pools: {
    luckySupra: { base: { symbol: 'LUCKY', amount: '150000000000000', decimals: 6 }, quote: { symbol: 'SUPRA', amount: '100000000000000', decimals: 8 } },
    luckyDexUsdc: { base: { symbol: 'LUCKY', amount: '2000000000', decimals: 6 }, quote: { symbol: 'dexUSDC', amount: '100000', decimals: 6 } },
  },
  staking: null,
  failed: [],
  change24h: null,
  change24hUsd: null,
  volume24h: null,
  volume24hQuote: null,
  buys24h: null,
  sells24h: null,
  holders: null,
  indexedHeight: null,
  headHeight: null,
};

/** The dashboard as the server answers it when the node failed these parts: their figures null. */
function partial(...failed: LuckyDashboardPart[]): LuckyDashboard {
  const d: LuckyDashboard = { ...complete, pools: { ...complete.pools }, failed };
  if (failed.includes('vault')) d.houseVault = null;
  if (failed.includes('burned')) Object.assign(d, { burned: null, circulatingSupply: null, marketCap: null, marketCapSupra: null });
  if (failed.includes('lucky'))
    Object.assign(d, {
      totalSupply: null, totalSupplySource: null, circulatingSupply: null, priceSupra: null, priceUsd: null,
      luckyPerSupra: null, marketCap: null, fdv: null, marketCapSupra: null, fdvSupra: null,
    });
  if (failed.includes('liquidity')) d.pools = { luckySupra: null, luckyDexUsdc: null };
  return d;
}

function setup(d: LuckyDashboard) {
  apiMock.mockImplementation(async (path: string) => {
    if (path === '/market/lucky') return d;
    throw new ApiError('not_found', 'not served in this test', 404);
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(configQueryKey, devnetConfig);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/stats']}>
        <ToastProvider>
          <WalletProvider getProvider={() => new FakeProvider()} redirect={() => {}} autoReconnect={false}>
            <StatsPage />
          </WalletProvider>
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => apiMock.mockReset());

// The content loads after the heading has painted, then the toast's own chunk: a busy machine
// needs more than the default second to show the first figures.
const LOAD = { timeout: 5000 };

const value = (id: string) => screen.getByTestId(`card-${id}-value`);
/** The parts under the top figures render a frame after them. */
const lowerPart = () => screen.findByTestId('liquidity', {}, LOAD);

// Cards each part feeds, and cards it does not.
const cards: Record<LuckyDashboardPart, { down: string[]; up: Record<string, RegExp> }> = {
  vault: { down: ['vault'], up: { burned: /^50\.00M LUCKY$/, price: /^\$/, 'pool-supra': /LUCKY/ } },
  burned: { down: ['burned', 'circulating', 'market-cap'], up: { vault: /^1,234\.00 LUCKY$/, 'total-supply': /^1\.00B LUCKY$/, fdv: /^\$/ } },
  lucky: { down: ['total-supply', 'circulating', 'price', 'lucky-per-supra', 'market-cap', 'fdv'], up: { burned: /^50\.00M LUCKY$/, vault: /LUCKY$/ } },
  liquidity: { down: ['pool-supra', 'pool-usdc'], up: { price: /^\$/, burned: /^50\.00M LUCKY$/, vault: /LUCKY$/ } },
};

describe('StatsPage: a partly failed load', () => {
  it.each(Object.keys(PART_TOAST) as LuckyDashboardPart[])('names the failed %s part in its toast and on its cards, and shows the rest', async (part) => {
    setup(partial(part));
    expect(await screen.findByText(PART_TOAST[part], {}, LOAD)).toBeInTheDocument();
    await lowerPart();
    for (const other of Object.keys(PART_TOAST) as LuckyDashboardPart[]) {
      if (other !== part) expect(screen.queryByText(PART_TOAST[other])).not.toBeInTheDocument();
    }
    for (const id of cards[part].down) expect(value(id)).toHaveTextContent(new RegExp(`^${MSG.partUnavailable}$`));
    for (const [id, re] of Object.entries(cards[part].up)) expect(value(id)).toHaveTextContent(re);
    // Never a zero in place of a figure the node did not give.
    for (const id of cards[part].down) expect(value(id)).not.toHaveTextContent(/\b0(\.00)?\b/);
  });

  it('shows one toast per failed part', async () => {
    setup(partial('vault', 'liquidity'));
    expect(await screen.findByText(PART_TOAST.vault, {}, LOAD)).toBeInTheDocument();
    await lowerPart();
    expect(screen.getByText(PART_TOAST.liquidity)).toBeInTheDocument();
    expect(screen.queryByText(PART_TOAST.burned)).not.toBeInTheDocument();
    expect(within(screen.getByTestId('supply-breakdown')).getByText(/supply breakdown is unavailable/)).toBeInTheDocument();
  });

  it('shows no part toast on a complete load', async () => {
    setup(complete);
    expect(await screen.findByText('1.00B LUCKY', {}, LOAD)).toBeInTheDocument();
    await lowerPart();
    for (const msg of Object.values(PART_TOAST)) expect(screen.queryByText(msg)).not.toBeInTheDocument();
    expect(value('vault')).toHaveTextContent(/^1,234\.00 LUCKY$/);
  });
});

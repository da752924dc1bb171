import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentBurns } from '@/features/burn/components/recent-burns';
import { devnetConfig } from '@/lib/wallet/testing/fake-provider';

afterEach(() => vi.unstubAllGlobals());

const burn = (over: Record<string, unknown>) => ({
  txHash: '0x' + 'ab'.repeat(32),
  burner: '0x' + 'cd'.repeat(32),
  burnAddress: '0x' + '0'.repeat(32) + 'f'.repeat(32),
  amount: '4321500000',
  token: { name: 'LUCKY', symbol: 'LUCKY', coinType: '0x42::LUCKY::LUCKY', decimals: 6, logo: '' },
  blockNumber: '9',
  timestamp: '2026-11-23T05:00:00Z',
  network: 'devnet',
  certificateUrl: '',
  url: '',
  ...over,
});

describe('RecentBurns', () => {
  it('shows each burn in its token’s decimals, the burner with the server’s label and a link to its certificate', async () => {
    const body = {
      indexedHeight: '9',
      headHeight: '9',
      burns: [
        burn({}),
        burn({ txHash: '0x' + '11'.repeat(32), burner: '0x' + '0'.repeat(63) + '1', amount: '50000000000000', blockNumber: '0' }),
        burn({ txHash: '0x' + '22'.repeat(32), amount: '12345', token: { name: '0x9::x::X', symbol: '', coinType: '0x9::x::X', decimals: 0, logo: '' } }),
      ],
    };
    const genesis = '0x' + '0'.repeat(63) + '1';
    const config = { ...devnetConfig, network: { ...devnetConfig.network, labels: { [genesis]: 'Genesis (0x1)' } } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) =>
        new Response(JSON.stringify(String(url).includes('/config') ? config : body), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <RecentBurns />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId('recent-burn');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('4,321.50 LUCKY');
    expect(rows[0]).toHaveTextContent('by 0xcdcd...cdcd');
    expect(rows[1]).toHaveTextContent('50,000,000.00 LUCKY');
    expect(await screen.findByText('Genesis (0x1)')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('by Genesis (0x1)');
    // Burners link to their account page (devnet: the in-app one).
    expect(screen.getAllByRole('link', { name: `Account 0x${'cd'.repeat(32)}` })[0]).toHaveAttribute('href', `/account/0x${'cd'.repeat(32)}`);
    expect(rows[2]).toHaveTextContent('12,345.00 0x9::x::X');
    expect(screen.getAllByRole('link', { name: /^Burn certificate/ })[0]).toHaveAttribute('href', '/burn/0x' + 'ab'.repeat(32));
  });
});

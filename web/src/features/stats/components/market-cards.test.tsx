import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HoldersTable } from '@/features/stats/components/holders-table';
import { MarketCards } from '@/features/stats/components/market-cards';
import { devnetConfig } from '@/lib/wallet/testing/fake-provider';

function wrap(children: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

function serve(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

const heights = { indexedHeight: '9', headHeight: '9' };
const day = (over: Record<string, unknown>) => ({ change24hUsd: null, volume24h: '0', ...heights, ...over });

describe('MarketCards', () => {
  it('shows the 24 h move signed and coloured, the SUPRA volume from base units, trades and holders', async () => {
    serve(day({ change24h: 12.345, volume24hQuote: '123456789012', buys24h: 1234, sells24h: 5, holders: 42 }));
    render(wrap(<MarketCards supraDecimals={8} />));
    expect(await screen.findByText('+12.35%')).toHaveClass('text-neon-green');
    expect(screen.getByTestId('stat-volume')).toHaveTextContent(/^1,234.56 SUPRA$/);
    expect(screen.getByTestId('stat-trades')).toHaveTextContent(/^1,234 \/ 5$/);
    expect(screen.getByTestId('stat-holders')).toHaveTextContent(/^42$/);
  });

  it('shows a move that rounds to zero as 0.00% and no price 24 h ago as a dash', async () => {
    serve(day({ change24h: -0.0004, volume24hQuote: '0', buys24h: 0, sells24h: 0, holders: 0 }));
    const { unmount } = render(wrap(<MarketCards />));
    expect(await screen.findByText('0.00%')).toHaveClass('text-white');
    unmount();
    serve(day({ change24h: null, volume24hQuote: '0', buys24h: 0, sells24h: 0, holders: 0 }));
    render(wrap(<MarketCards />));
    expect(await screen.findByText('—')).toBeInTheDocument();
  });

  it('says the index is not running when the dashboard has no index figures (not zeros)', async () => {
    serve({ change24h: null, change24hUsd: null, volume24h: null, volume24hQuote: null, buys24h: null, sells24h: null, holders: null, indexedHeight: null, headHeight: null });
    render(wrap(<MarketCards />));
    expect(await screen.findByTestId('stat-index-off')).toHaveTextContent('the event index, which is not running on this server');
    expect(screen.queryByTestId('stat-trades')).not.toBeInTheDocument();
  });

  it('says so when the dashboard cannot be loaded', async () => {
    serve({ error: { code: 'node_unavailable', message: 'Failed to connect to blockchain!' } }, 503);
    render(wrap(<MarketCards />));
    expect(await screen.findByText('24 h figures could not be loaded.')).toBeInTheDocument();
  });
});

describe('HoldersTable', () => {
  it('lists holders with balances in whole tokens, their share, the server’s labels and the network’s explorer links', async () => {
    const treasury = '0x' + '0'.repeat(60) + 'de00';
    const holders = {
      token: 'LUCKY', coinType: '0x1::l::L', totalSupply: '1000000000000000', holderCount: 2, ...heights,
      holders: [
        { rank: 1, account: treasury, balance: '12345678901', percentOfSupply: '0.0012' },
        { rank: 2, account: '0x' + 'cd'.repeat(32), balance: '5000000', percentOfSupply: '0.0000' },
      ],
    };
    const config = {
      ...devnetConfig,
      network: { ...devnetConfig.network, name: 'mainnet', devnet: false, explorerAddress: 'https://suprascan.io/address/{address}', labels: { [treasury]: 'Genesis treasury' } },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) =>
        new Response(JSON.stringify(String(url).includes('/config') ? config : holders), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    render(wrap(<HoldersTable decimals={6} />));
    const rows = await screen.findAllByTestId('holder-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('12,345.67');
    expect(rows[0]).toHaveTextContent('0.0012%');
    expect(await screen.findByText('Genesis treasury')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Genesis treasury (0x0000...de00)');
    expect(screen.getByText('2 holders')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: `Account Genesis treasury ${treasury}` });
    expect(link).toHaveAttribute('href', `https://suprascan.io/address/${treasury}`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

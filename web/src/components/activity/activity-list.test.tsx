import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivityList } from '@/components/activity/activity-list';
import { devnetConfig } from '@/lib/wallet/testing/fake-provider';

afterEach(() => vi.unstubAllGlobals());

const ME = '0x' + 'cd'.repeat(32);
const LUCKY = { name: 'LUCKY', symbol: 'LUCKY', coinType: '0x42::LUCKY::LUCKY', decimals: 6, logo: '' };

function item(n: number) {
  return {
    kind: 'received',
    txHash: '0x' + n.toString(16).padStart(64, '0'),
    height: String(100 - n),
    time: '2026-01-01T00:00:00Z',
    token: LUCKY,
    amount: String(n * 1_000_001),
    tokenOut: null,
    amountOut: null,
    miner: null,
  };
}

function page(items: ReturnType<typeof item>[], nextCursor: string | null) {
  return { address: ME, activity: items, nextCursor, indexedHeight: '100', headHeight: '100' };
}

describe('ActivityList', () => {
  it('pages with the cursor, filters through the URL and offers the filtered CSV', async () => {
    const user = userEvent.setup();
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = String(input);
        urls.push(url);
        let body: unknown = devnetConfig;
        if (url.includes('/activity')) {
          const q = new URL(url, 'http://x').searchParams;
          if (q.get('kind') === 'burn') body = page([], null);
          else if (q.get('cursor') === 'c1') body = page([item(3)], null);
          else body = page([item(1), item(2)], 'c1');
        }
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/activity?token=LUCKY']}>
          <ActivityList address={ME} title="Your activity" emptyText="Nothing yet." />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Activity' });
    expect(within(table).getAllByTestId('activity-row')).toHaveLength(2);
    expect(within(table).getAllByTestId('activity-row')[0]).toHaveTextContent('Received 1.000001 LUCKY');
    expect(within(table).getAllByRole('link', { name: `Transaction ${item(1).txHash}` })[0]).toHaveAttribute('href', `/tx/${item(1).txHash}`);
    expect(urls.find((u) => u.includes('/activity'))).toContain('token=LUCKY');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/v1/accounts/${ME}/activity.csv?token=LUCKY`);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Received 3.000003 LUCKY')).toBeInTheDocument();
    expect(within(table).getAllByTestId('activity-row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('3 rows shown, the whole list')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Kind'), 'burn');
    expect(await screen.findByText('Nothing indexed for this account matches these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/v1/accounts/${ME}/activity.csv?kind=burn&token=LUCKY`);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { configQueryKey } from '@/lib/config';
import { SoundManager } from '@/lib/sound';
import { SoundProvider } from '@/lib/sound-context';
import { FakeProvider, devnetConfig } from '@/lib/wallet/testing/fake-provider';
import { WalletProvider } from '@/lib/wallet/wallet-provider';
import type { AppConfig, SwapQuote } from '@/types/api';
import { OVERLAY_GUARD_MS } from './swap-content';
import { SwapPage } from './swap-page';

const ADDR = '0x' + 'a1'.repeat(32);
const LUCKY = '0x4205::LUCKY::LUCKY';
const config: AppConfig = {
  ...devnetConfig,
  tokens: [
    ...devnetConfig.tokens,
    { name: 'LUCKY', symbol: 'LUCKY', coinType: LUCKY, decimals: 6, logo: '', totalSupply: null, burnable: true },
  ],
};
const quote: SwapQuote = {
  from: { name: 'SUPRA', symbol: 'SUPRA', coinType: '0x1::supra_coin::SupraCoin', decimals: 8, logo: '' },
  to: { name: 'LUCKY', symbol: 'LUCKY', coinType: LUCKY, decimals: 6, logo: '' },
  amountIn: '1000000000',
  amountInDecimal: '10',
  amountOut: '1495485090',
  amountOutDecimal: '1495.48509',
  minOut: '1420710835',
  minOutDecimal: '1420.710835',
  slippageBps: 500,
  priceImpactBps: 0,
  priceImpact: '0.000999990000099999',
  fee: { numerator: 30, scale: 10000, amount: '3000000', amountDecimal: '0.03' },
  rate: '149.548509000000000000',
  inverseRate: '0.006686790000000000',
  usdIn: '0.075000000000000000',
  usdOut: '0.074774254500000000',
  usdUnavailable: null,
  reserves: { in: '100000000000000', out: '150000000000000' },
  direct: null,
  route: {
    path: [
      { name: 'SUPRA', symbol: 'SUPRA', coinType: '0x1::supra_coin::SupraCoin', decimals: 8, logo: '' },
      { name: 'LUCKY', symbol: 'LUCKY', coinType: LUCKY, decimals: 6, logo: '' },
    ],
    via: null,
    transactions: 1,
    hops: [
      {
        from: { name: 'SUPRA', symbol: 'SUPRA', coinType: '0x1::supra_coin::SupraCoin', decimals: 8, logo: '' },
        to: { name: 'LUCKY', symbol: 'LUCKY', coinType: LUCKY, decimals: 6, logo: '' },
        amountIn: '1000000000',
        amountOut: '1495485090',
        minOut: '1420710835',
        priceImpactBps: 0,
        priceImpact: '0.000999990000099999',
        fee: { numerator: 30, scale: 10000, amount: '3000000', amountDecimal: '0.03' },
        reserves: { in: '100000000000000', out: '150000000000000' },
      },
    ],
  },
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(provider: FakeProvider) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(configQueryKey, config);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/swap']}>
        <SoundProvider manager={new SoundManager(false)}>
          <ToastProvider>
            <WalletProvider getProvider={() => provider} redirect={() => {}} autoReconnect={false}>
              <SwapPage />
            </WalletProvider>
          </ToastProvider>
        </SoundProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/balances'))
        return json({
          address: ADDR,
          balances: [
            { name: 'SUPRA', symbol: 'SUPRA', coinType: '0x1::supra_coin::SupraCoin', decimals: 8, amount: '100000000000' },
            { name: 'LUCKY', symbol: 'LUCKY', coinType: LUCKY, decimals: 6, amount: '0' },
          ],
        });
      if (url.endsWith('/gas')) return json({ gasUnitPrice: '100', maxGasAmount: '2000', maxFee: '200000', decimals: 8 });
      if (url.includes('/swap/quote')) return json(quote);
      if (url.includes('/swap/build')) return json({ rawTransaction: 'ab', summary: {} });
      return json({ error: { code: 'not_found', message: 'no' } }, 404);
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function connectAndQuote(provider: FakeProvider) {
  setup(provider);
  fireEvent.click(await screen.findByRole('button', { name: 'Connect Wallet' }, { timeout: 10_000 }));
  await waitFor(() => expect(screen.getByTestId('swap-main')).toHaveTextContent('Swap'), { timeout: 10_000 });
  fireEvent.change(screen.getByLabelText('You Pay'), { target: { value: '10' } });
  await waitFor(() => expect(screen.getByLabelText('You Receive')).toHaveValue('1,495.48509'), { timeout: 10_000 });
  await waitFor(() => expect(screen.getByTestId('swap-main')).toBeEnabled(), { timeout: 10_000 });
}

describe('SwapPage', () => {
  it('the 60 s guard forces the processing overlay off with the spec text', async () => {
    const provider = new FakeProvider();
    provider.sendImpl = () => new Promise<string | null>(() => {}); // the wallet never answers
    await connectAndQuote(provider);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('swap-main'));
    expect(await screen.findByRole('dialog', { name: 'Processing Swap' }, { timeout: 10_000 })).toHaveTextContent(
      'Confirm the transaction in your wallet',
    );
    expect(screen.getByTestId('swap-main')).toHaveTextContent('Swapping...');
    await act(async () => {
      vi.advanceTimersByTime(OVERLAY_GUARD_MS);
    });
    expect(screen.queryByRole('dialog', { name: 'Processing Swap' })).toBeNull();
    expect(screen.getByText('Swap processing timed out. Check transaction status.')).toBeInTheDocument();
  }, 30_000);

  it('a wallet that declines gives the spec rejection text', async () => {
    const provider = new FakeProvider();
    provider.sendImpl = async () => null;
    await connectAndQuote(provider);
    fireEvent.click(screen.getByTestId('swap-main'));
    expect(await screen.findByText('Transaction rejected by user. Please try again.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('swap-main')).toHaveTextContent('Swap');
  }, 30_000);
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceChart } from '@/components/price-chart/price-chart';
import type { Candle, CandlesResponse } from '@/types/api';

// The chart itself (lightweight-charts) needs a canvas jsdom does not have; what the player
// reads around it is what these tests hold.
vi.mock('@/components/price-chart/candle-chart', () => ({ default: () => <div data-testid="candle-canvas" /> }));

function wrap(children: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

function serve(body: CandlesResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

const candle = (time: number, close: number, closeUsd: number | null): Candle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  openUsd: closeUsd,
  highUsd: closeUsd,
  lowUsd: closeUsd,
  closeUsd,
  volume: '1000000',
  volumeQuote: '100000000',
  buys: 1,
  sells: 0,
});

const answer = (candles: Candle[], usdNote: string | null): CandlesResponse => ({
  pair: 'LUCKY-SUPRA',
  interval: '1h',
  baseCoinType: '0x1::lucky::LUCKY',
  quoteCoinType: '0x1::supra_coin::SupraCoin',
  candles,
  usdNote,
  indexedHeight: '9',
  headHeight: '9',
});

const NOTE = 'Before block 40 the index had no SUPRA/dexUSDC price, so earlier trades have no USD price.';

describe('PriceChart in USD', () => {
  it('says in words why there are no USD candles instead of drawing the SUPRA ones', async () => {
    serve(answer([candle(3600, 0.0067, null), candle(7200, 0.0068, null)], NOTE));
    render(wrap(<PriceChart />));
    expect(await screen.findByTestId('candle-canvas')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'USD' }));
    expect(screen.getByTestId('chart-usd-note')).toHaveTextContent(NOTE);
    expect(screen.queryByTestId('candle-canvas')).toBeNull();
    expect(screen.getByTestId('price-chart')).toHaveAttribute('data-candles', '0');
    expect(screen.getByTestId('chart-last-close')).toHaveTextContent('—');
  });

  it('draws the candles that have a USD price and notes the ones left out', async () => {
    serve(answer([candle(3600, 0.0067, null), candle(7200, 0.0068, 0.000051)], NOTE));
    render(wrap(<PriceChart />));
    await userEvent.click(await screen.findByRole('button', { name: 'USD' }));
    expect(await screen.findByTestId('candle-canvas')).toBeInTheDocument();
    expect(screen.getByTestId('price-chart')).toHaveAttribute('data-candles', '1');
    expect(screen.getByRole('note')).toHaveTextContent(NOTE);
    expect(screen.getByText(/Prices in USD: SUPRA price × SUPRA\/dexUSDC pool price at each trade/)).toBeInTheDocument();
  });

  it('adds no note when every candle has a USD price', async () => {
    serve(answer([candle(3600, 0.0067, 0.00005), candle(7200, 0.0068, 0.000051)], null));
    render(wrap(<PriceChart />));
    await userEvent.click(await screen.findByRole('button', { name: 'USD' }));
    expect(await screen.findByTestId('candle-canvas')).toBeInTheDocument();
    expect(screen.getByTestId('price-chart')).toHaveAttribute('data-candles', '2');
    expect(screen.queryByTestId('chart-usd-note')).toBeNull();
  });
});

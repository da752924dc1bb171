import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Token } from '@/types/api';
import { BurnReviewDialog } from './burn-review-dialog';

afterEach(() => vi.unstubAllGlobals());

const LUCKY = {
  name: 'LUCKY',
  symbol: 'LUCKY',
  coinType: '0x42::LUCKY::LUCKY',
  decimals: 6,
  logo: '',
} as unknown as Token;
const MUMMY = { ...LUCKY, name: 'SUPRA-MUMMY', symbol: 'MUMMY', coinType: '0x43::m::M' } as unknown as Token;
const BURN = '0x' + '0'.repeat(32) + 'f'.repeat(32);

function market(tokens: { coinType: string; priceUsd: string | null }[], usdUnavailable: { reason: string; detail: string } | null = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ tokens, usdUnavailable, skipped: [] }), { headers: { 'Content-Type': 'application/json' } })),
  );
}

function show(token: Token, base: bigint) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <BurnReviewDialog review={{ token, base }} sender={null} burnAddress={BURN} onCancel={onCancel} onConfirm={onConfirm} />
    </QueryClientProvider>,
  );
  return { onCancel, onConfirm };
}

describe('BurnReviewDialog', () => {
  it('shows the exact amount with its symbol, the USD value, the full address and that it cannot be undone', async () => {
    market([{ coinType: LUCKY.coinType, priceUsd: '0.000050000000000000' }]);
    const { onConfirm, onCancel } = show(LUCKY, 12_345_678_901n);
    expect(screen.getByTestId('review-amount')).toHaveTextContent('12,345.678901 LUCKY');
    // 12,345.678901 × $0.00005 = $0.61728394505 → $0.62
    expect(await screen.findByText('≈ $0.62')).toBeInTheDocument();
    expect(screen.getByTestId('review-address')).toHaveTextContent(BURN);
    expect(screen.getByText(/This cannot be undone\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm burn' }));
    expect(onConfirm).toHaveBeenCalledWith({ token: LUCKY, base: 12_345_678_901n });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('copies the full burn address', async () => {
    market([]);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    show(LUCKY, 1n);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the burn address' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(BURN);
  });

  it('Cancel and Escape close it without confirming', () => {
    market([]);
    const { onConfirm, onCancel } = show(LUCKY, 1n);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says there is no USD price, and why, instead of inventing one', async () => {
    market([{ coinType: LUCKY.coinType, priceUsd: null }], { reason: 'USD price unavailable', detail: 'The SUPRA/dexUSDC pool is empty.' });
    show(LUCKY, 1_000_000n);
    expect(await screen.findByText('No USD price')).toBeInTheDocument();
    expect(screen.getByTestId('review-usd-note')).toHaveTextContent('The SUPRA/dexUSDC pool is empty.');
  });

  it('names a token without a pool as having no market price, and shows its symbol', async () => {
    market([{ coinType: LUCKY.coinType, priceUsd: '1' }]);
    show(MUMMY, 2_500_000n);
    expect(screen.getByTestId('review-amount')).toHaveTextContent('2.5 MUMMY');
    expect(await screen.findByText('No USD price')).toBeInTheDocument();
    expect(screen.getByTestId('review-usd-note')).toHaveTextContent('SUPRA-MUMMY has no pool against SUPRA, so it has no market price.');
  });
});

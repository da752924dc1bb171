import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenContent } from '@/features/token/token-content';
import { devnetConfig } from '@/lib/wallet/testing/fake-provider';

/** The server's token index with no listed token but SUPRA, and DAWGZ left out for a reason. */
function serve(reason: string) {
  const tokens = {
    updatedAt: '2026-01-01T00:00:00Z', height: '9', stale: false, ageSeconds: null, supraUsd: null,
    usdUnavailable: null, tokens: [], indexedHeight: '9',
    skipped: [{ name: 'DAWGZ', symbol: 'DAWGZ', coinType: '0x1::dawgz::DAWGZ', reason }],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      new Response(JSON.stringify(String(url).includes('/config') ? devnetConfig : tokens), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

function open(path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/token/:symbol" element={<TokenContent />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('TokenContent', () => {
  it.each([
    ['no_pool', 'DAWGZ has no market page: it has no Dexlyn pool with SUPRA.'],
    ['empty_pool', 'DAWGZ has no market page: its Dexlyn pool with SUPRA is empty.'],
    ['unreadable', 'DAWGZ has no market page: its pool could not be read from the chain just now.'],
  ])('says a registry token the index leaves out (%s) is not listed, and why', async (reason, text) => {
    serve(reason);
    open('/token/dawgz');
    expect(await screen.findByRole('heading', { name: 'DAWGZ is not listed' })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See every listed token' })).toHaveAttribute('href', '/tokenindex');
  });

  it('says no listed token has an unknown symbol', async () => {
    serve('no_pool');
    open('/token/NOPE');
    expect(await screen.findByRole('heading', { name: 'Token not found' })).toBeInTheDocument();
    expect(screen.getByText('No listed token has the symbol “NOPE”.')).toBeInTheDocument();
  });
});

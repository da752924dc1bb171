import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { configQueryKey } from '@/lib/config';
import { FakeProvider, devnetConfig } from '@/lib/wallet/testing/fake-provider';
import { WalletProvider } from '@/lib/wallet/wallet-provider';
import { ConnectWalletButton } from './connect-wallet-button';
import { WalletOverlays } from './wallet-overlays';

const ADDR = '0x' + 'a1'.repeat(32);

function setup(p: FakeProvider) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(configQueryKey, devnetConfig);
  // The Wallet Options dialog links to My activity, so it renders inside a router.
  render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <ToastProvider>
          <WalletProvider getProvider={() => p} redirect={vi.fn()} autoReconnect={false}>
            <WalletOverlays />
            <ConnectWalletButton />
          </WalletProvider>
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('ConnectWalletButton', () => {
  it('Connect Wallet → Connecting... → short address → Wallet Options', async () => {
    const p = new FakeProvider();
    let release!: (a: string[]) => void;
    p.connectImpl = () => new Promise((r) => (release = r));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      new Response(JSON.stringify({ address: ADDR, balances: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const user = userEvent.setup();
    setup(p);
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(screen.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
    await act(async () => release([ADDR]));
    const btn = await screen.findByRole('button', { name: /0xa1a1…a1a1/ });
    expect(btn).toHaveTextContent('0xa1a1…a1a1');
    await user.click(btn);
    const dialog = await screen.findByRole('dialog', { name: 'Wallet Options' });
    expect(within(dialog).getByRole('link', { name: /My activity/ })).toHaveAttribute('href', '/activity');
    expect(within(dialog).getByTestId('wallet-address')).toHaveTextContent(ADDR);
    expect(within(dialog).getByTestId('wallet-network')).toHaveTextContent('Supra Devnet');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Wallet Options' })).not.toBeInTheDocument();
    await user.click(btn);
    await user.click(within(screen.getByRole('dialog', { name: 'Wallet Options' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Wallet Options' })).not.toBeInTheDocument();
    await user.click(btn);
    await user.click(screen.getByRole('button', { name: 'Disconnect Wallet' }));
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(p.calls).toContain('disconnect');
    vi.restoreAllMocks();
  });
});

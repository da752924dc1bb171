import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { configQueryKey } from '@/lib/config';
import { FakeProvider, devnetConfig, rejection } from '@/lib/wallet/testing/fake-provider';
import type { SupraProvider } from '@/lib/wallet/types';
import { WalletProvider, type WalletProviderProps } from '@/lib/wallet/wallet-provider';
import { useWallet } from '@/lib/wallet/wallet-context';
import { WalletOverlays } from '@/features/wallet/components/wallet-overlays';
import { WalletToasts } from '@/features/wallet/components/wallet-toasts';

const ADDR = '0x' + 'a1'.repeat(32);
const ADDR2 = '0x' + 'b2'.repeat(32);

function Probe() {
  const w = useWallet();
  return (
    <div>
      <p data-testid="status">{w.status}</p>
      <p data-testid="address">{w.address ?? ''}</p>
      <p data-testid="chain">{w.chainId ?? ''}</p>
      <p data-testid="target">{String(w.isTargetNetwork)}</p>
      <p data-testid="label">{w.network?.label ?? ''}</p>
      <p data-testid="has-provider">{String(w.provider !== null)}</p>
      <button type="button" onClick={() => void w.connect()}>
        probe connect
      </button>
      <button type="button" onClick={() => void w.disconnect()}>
        probe disconnect
      </button>
    </div>
  );
}

function setup(provider: SupraProvider | undefined, props: Partial<WalletProviderProps> = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(configQueryKey, devnetConfig);
  const redirect = vi.fn();
  const invalidate = vi.spyOn(qc, 'invalidateQueries');
  const utils = render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <WalletProvider getProvider={() => provider} redirect={redirect} autoReconnect={false} {...props}>
          <WalletOverlays />
          <WalletToasts />
          <Probe />
        </WalletProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...utils, qc, redirect, invalidate };
}

const status = () => screen.getByTestId('status').textContent;

async function connectVia(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'probe connect' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('WalletProvider state machine', () => {
  it('disconnected → connecting (overlay) → connected, with the success and network toasts', async () => {
    const p = new FakeProvider();
    let release!: (a: string[]) => void;
    p.connectImpl = () => new Promise((r) => (release = r));
    setup(p);
    expect(status()).toBe('disconnected');
    await connectVia();
    expect(status()).toBe('connecting');
    const overlay = await screen.findByRole('dialog', { name: 'Connecting Wallet' });
    expect(within(overlay).getByText('Please confirm in your wallet')).toBeInTheDocument();

    await act(async () => release([ADDR]));
    await waitFor(() => expect(status()).toBe('connected'));
    expect(screen.getByTestId('address')).toHaveTextContent(ADDR);
    expect(screen.getByTestId('chain')).toHaveTextContent('255');
    expect(screen.getByTestId('target')).toHaveTextContent('true');
    expect(screen.getByTestId('label')).toHaveTextContent('Supra Devnet');
    expect(screen.getByTestId('has-provider')).toHaveTextContent('true');
    expect(screen.queryByRole('dialog', { name: 'Connecting Wallet' })).not.toBeInTheDocument();
    expect(screen.getByText('Wallet connected successfully!')).toBeInTheDocument();
    expect(screen.getByText('Devnet Connected')).toBeInTheDocument();
  });

  it('names the target on mainnet: "Mainnet Connected"', async () => {
    const p = new FakeProvider();
    p.chainId = '8';
    const { qc } = setup(p);
    qc.setQueryData(configQueryKey, {
      ...devnetConfig,
      network: { ...devnetConfig.network, name: 'mainnet', label: 'Supra Mainnet', chainId: 8, devnet: false },
      knownChainIds: [6, 8],
    });
    await connectVia();
    await waitFor(() => expect(status()).toBe('connected'));
    expect(screen.getByText('Mainnet Connected')).toBeInTheDocument();
    expect(screen.getByTestId('label')).toHaveTextContent('Supra Mainnet');
  });

  it('the connected toast lasts 3 s', async () => {
    vi.useFakeTimers();
    const p = new FakeProvider();
    setup(p);
    act(() => screen.getByRole('button', { name: 'probe connect' }).click());
    for (let i = 0; i < 10; i++) await act(async () => {});
    expect(screen.getByText('Devnet Connected')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getByText('Devnet Connected')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Devnet Connected')).not.toBeInTheDocument();
    // the 5 s connect toast is still up
    expect(screen.getByText('Wallet connected successfully!')).toBeInTheDocument();
  });

  it('a rejected connect: failure modal and toast, back to disconnected', async () => {
    const p = new FakeProvider();
    p.connectImpl = () => Promise.reject(rejection());
    setup(p);
    await connectVia();
    await waitFor(() => expect(status()).toBe('disconnected'));
    expect(
      screen.getByText(
        'Failed to connect with StarKey: User rejected the request. Please check wallet configuration.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to connect wallet: User rejected the request.')).toBeInTheDocument();
  });

  it('a rejection without a message says "Unknown error"', async () => {
    const p = new FakeProvider();
    p.connectImpl = () => Promise.reject({ code: 4001 });
    setup(p);
    await connectVia();
    await waitFor(() => expect(screen.getByText('Failed to connect wallet: Unknown error')).toBeInTheDocument());
  });

  it('connect returning [] fails with "No accounts returned"', async () => {
    const p = new FakeProvider();
    p.connectImpl = async () => [];
    setup(p);
    await connectVia();
    await waitFor(() => expect(status()).toBe('disconnected'));
    expect(screen.getByText('Failed to connect wallet: No accounts returned')).toBeInTheDocument();
    expect(
      screen.getByText('Failed to connect with StarKey: No accounts returned. Please check wallet configuration.'),
    ).toBeInTheDocument();
  });

  it('an unknown network fails with the spec message', async () => {
    const p = new FakeProvider();
    p.chainId = '7';
    setup(p);
    await connectVia();
    await waitFor(() => expect(status()).toBe('disconnected'));
    expect(
      await screen.findByRole('dialog', { name: 'StarKey' }),
    ).toHaveTextContent('Unknown network: 7. Please select Testnet or Mainnet in StarKey.');
  });

  it('a failing getChainId fails with the network-initialisation message', async () => {
    const p = new FakeProvider();
    p.getChainId = () => Promise.reject(new Error('boom'));
    setup(p);
    await connectVia();
    await waitFor(() => expect(status()).toBe('disconnected'));
    expect(await screen.findByRole('dialog', { name: 'StarKey' })).toHaveTextContent(
      'Failed to initialize network connection. Please try again.',
    );
  });

  it('connect on another known network opens the pop-up; switching brings the target and the toast', async () => {
    const p = new FakeProvider();
    p.chainId = '6';
    setup(p);
    const user = userEvent.setup();
    await connectVia(user);
    await waitFor(() => expect(status()).toBe('connected'));
    expect(screen.getByTestId('target')).toHaveTextContent('false');
    const popup = await screen.findByRole('dialog', { name: 'Switch Network' });
    expect(popup).toHaveTextContent('Supra Testnet');
    expect(screen.queryByText('Devnet Connected')).not.toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Switch to Devnet' }));
    await waitFor(() => expect(screen.getByTestId('target')).toHaveTextContent('true'));
    expect(p.calls).toContain('changeNetwork:255');
    expect(screen.queryByRole('dialog', { name: 'Switch Network' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Devnet Connected')).toHaveLength(1);
  });

  it('a rejected switch shows the red "User Rejected" toast and keeps the pop-up', async () => {
    const p = new FakeProvider();
    p.chainId = '8';
    p.changeNetworkImpl = () => Promise.reject(rejection());
    setup(p);
    const user = userEvent.setup();
    await connectVia(user);
    const popup = await screen.findByRole('dialog', { name: 'Switch Network' });
    await user.click(within(popup).getByRole('button', { name: 'Switch to Devnet' }));
    const toast = await screen.findByText('User Rejected');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Switch Network' })).toBeInTheDocument();
  });

  it('a wallet that switches without an event is read back', async () => {
    const p = new FakeProvider();
    p.chainId = '6';
    p.changeNetworkImpl = async (id) => {
      p.chainId = id; // no networkChanged event
      return { chainId: id };
    };
    setup(p);
    const user = userEvent.setup();
    await connectVia(user);
    const popup = await screen.findByRole('dialog', { name: 'Switch Network' });
    await user.click(within(popup).getByRole('button', { name: 'Switch to Devnet' }));
    await waitFor(() => expect(screen.getByTestId('target')).toHaveTextContent('true'));
    expect(screen.getByText('Devnet Connected')).toBeInTheDocument();
  });

  it('accountChanged updates the address and refreshes queries; [] disconnects', async () => {
    const p = new FakeProvider();
    const { invalidate } = setup(p);
    await connectVia();
    await waitFor(() => expect(status()).toBe('connected'));
    invalidate.mockClear();
    act(() => p.switchAccount(ADDR2));
    expect(screen.getByTestId('address')).toHaveTextContent(ADDR2);
    expect(invalidate).toHaveBeenCalled();
    act(() => p.emit('accountChanged', []));
    expect(status()).toBe('disconnected');
  });

  it('networkChanged: other known network shows the pop-up, target closes it and toasts, unknown shows the modal', async () => {
    const p = new FakeProvider();
    setup(p);
    await connectVia();
    await waitFor(() => expect(status()).toBe('connected'));
    await act(async () => p.setNetwork('8'));
    expect(await screen.findByRole('dialog', { name: 'Switch Network' })).toHaveTextContent('Supra Mainnet');
    expect(screen.getByTestId('chain')).toHaveTextContent('8');
    expect(screen.getByTestId('label')).toHaveTextContent('Supra Devnet');

    await act(async () => p.setNetwork('255'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Switch Network' })).not.toBeInTheDocument());
    expect(screen.getAllByText('Devnet Connected')).toHaveLength(2); // connect + switch back

    await act(async () => p.setNetwork('42'));
    expect(await screen.findByRole('dialog', { name: 'StarKey' })).toHaveTextContent(
      'Unknown network: 42. Please select Testnet or Mainnet in StarKey.',
    );
    expect(screen.getByTestId('target')).toHaveTextContent('false');
  });

  it('the disconnect event clears everything', async () => {
    const p = new FakeProvider();
    setup(p);
    await connectVia();
    await waitFor(() => expect(status()).toBe('connected'));
    act(() => p.emit('disconnect'));
    expect(status()).toBe('disconnected');
    expect(screen.getByTestId('address')).toHaveTextContent('');
    expect(screen.getByTestId('chain')).toHaveTextContent('');
    expect(screen.getByTestId('has-provider')).toHaveTextContent('false');
  });

  it('disconnect() tells the wallet and clears the state', async () => {
    const p = new FakeProvider();
    const user = userEvent.setup();
    setup(p);
    await connectVia(user);
    await waitFor(() => expect(status()).toBe('connected'));
    await user.click(screen.getByRole('button', { name: 'probe disconnect' }));
    expect(status()).toBe('disconnected');
    expect(p.calls).toContain('disconnect');
  });

  it('subscribes to wallet events once, however often it connects', async () => {
    const p = new FakeProvider();
    const user = userEvent.setup();
    setup(p);
    for (let i = 0; i < 3; i++) {
      await connectVia(user);
      await waitFor(() => expect(status()).toBe('connected'));
      await user.click(screen.getByRole('button', { name: 'probe disconnect' }));
    }
    expect(p.listeners.accountChanged).toHaveLength(1);
    expect(p.listeners.networkChanged).toHaveLength(1);
    expect(p.listeners.disconnect).toHaveLength(1);
  });

  it('re-connects silently on load when the wallet already reports accounts', async () => {
    const p = new FakeProvider();
    p.connected = true;
    setup(p, { autoReconnect: true });
    await waitFor(() => expect(status()).toBe('connected'));
    expect(screen.getByTestId('address')).toHaveTextContent(ADDR);
    expect(p.calls).not.toContain('connect');
    expect(screen.queryByText('Wallet connected successfully!')).not.toBeInTheDocument();
  });

  it('stays disconnected on load when the wallet reports no accounts', async () => {
    const p = new FakeProvider();
    setup(p, { autoReconnect: true });
    await act(async () => {});
    expect(status()).toBe('disconnected');
  });
});

describe('provider detection', () => {
  it('polls every 500 ms and finds a late wallet', async () => {
    vi.useFakeTimers();
    const p = new FakeProvider();
    let injected: FakeProvider | undefined;
    const getProvider = vi.fn(() => injected);
    setup(undefined, { getProvider });
    act(() => screen.getByRole('button', { name: 'probe connect' }).click());
    expect(status()).toBe('connecting');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    const before = getProvider.mock.calls.length;
    expect(before).toBe(3); // now, 500 ms, 1000 ms
    injected = p;
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    await act(async () => {});
    expect(status()).toBe('connected');
  });

  it('gives up after 5 s: not-detected modal, then the redirect to the StarKey app page', async () => {
    vi.useFakeTimers();
    const { redirect } = setup(undefined);
    act(() => screen.getByRole('button', { name: 'probe connect' }).click());
    await act(async () => {
      vi.advanceTimersByTime(4900);
    });
    expect(status()).toBe('connecting');
    expect(screen.queryByText('StarKey not detected. Redirecting to open StarKey.')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(status()).toBe('disconnected');
    expect(screen.getByText('StarKey not detected. Redirecting to open StarKey.')).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(redirect).toHaveBeenCalledWith('https://starkey.app/dApps?url=' + encodeURIComponent(window.location.href));
  });

  it('cancel on the overlay abandons the attempt', async () => {
    const p = new FakeProvider();
    let release!: (a: string[]) => void;
    p.connectImpl = () => new Promise((r) => (release = r));
    const user = userEvent.setup();
    setup(p);
    await connectVia(user);
    await user.click(within(await screen.findByRole('dialog', { name: 'Connecting Wallet' })).getByRole('button', { name: 'Cancel' }));
    expect(status()).toBe('disconnected');
    await act(async () => release([ADDR]));
    expect(status()).toBe('disconnected');
  });
});

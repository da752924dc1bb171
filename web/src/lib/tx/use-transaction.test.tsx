import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { ApiError } from '@/lib/api';
import { configQueryKey } from '@/lib/config';
import { FakeProvider, devnetConfig, rejection } from '@/lib/wallet/testing/fake-provider';
import { WalletProvider } from '@/lib/wallet/wallet-provider';
import { useWallet } from '@/lib/wallet/wallet-context';
import { TxError } from './tx-error';
import { useTransaction } from './use-transaction';

const ADDR = '0x' + 'a1'.repeat(32);
const HASH = '0x' + 'f0'.repeat(32);
const built = { rawTransaction: 'abcd', summary: {} };

function mockDetail(body: unknown, status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

async function setup(p = new FakeProvider()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(configQueryKey, devnetConfig);
  const invalidate = vi.spyOn(qc, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <WalletProvider getProvider={() => p} redirect={vi.fn()} autoReconnect={false}>
          {children}
        </WalletProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => ({ tx: useTransaction(), wallet: useWallet() }), { wrapper });
  await act(async () => hook.result.current.wallet.connect());
  await waitFor(() => expect(hook.result.current.wallet.status).toBe('connected'));
  invalidate.mockClear();
  return { hook, p, invalidate };
}

async function runExpectingError(run: () => Promise<unknown>): Promise<TxError> {
  let caught: unknown;
  await act(async () => {
    try {
      await run();
    } catch (e) {
      caught = e;
    }
  });
  expect(caught).toBeInstanceOf(TxError);
  return caught as TxError;
}

afterEach(() => vi.restoreAllMocks());

describe('useTransaction', () => {
  it('builds, sends the raw hex through the wallet, waits for the detail, invalidates queries', async () => {
    const { hook, p, invalidate } = await setup();
    const fetchSpy = mockDetail({ txHash: HASH, status: 'Success', events: [] });
    let result: unknown;
    await act(async () => {
      result = await hook.result.current.tx.run(async () => built);
    });
    expect(result).toEqual({ hash: HASH, detail: { txHash: HASH, status: 'Success', events: [] } });
    expect(p.sent).toEqual([{ data: 'abcd', from: ADDR, to: '', value: '', chainId: '255' }]);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(`/api/v1/tx/${encodeURIComponent(HASH)}?wait=30s`);
    expect(invalidate).toHaveBeenCalled();
    expect(hook.result.current.tx.phase).toBe('idle');
  });

  it('calls onSent with the hash before the confirmation arrives', async () => {
    const { hook } = await setup();
    const order: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      order.push('detail requested');
      return new Response(JSON.stringify({ txHash: HASH, status: 'Success', events: [] }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    await act(async () => {
      await hook.result.current.tx.run(async () => built, { onSent: (h) => order.push(`sent ${h}`) });
    });
    expect(order).toEqual([`sent ${HASH}`, 'detail requested']);
  });

  it('reports its phases: building → signing → confirming → idle', async () => {
    const { hook, p } = await setup();
    const phases: string[] = [];
    let releaseBuild!: () => void;
    let releaseSend!: (h: string) => void;
    p.sendImpl = () => new Promise((r) => (releaseSend = r));
    mockDetail({ txHash: HASH, status: 'Success', events: [] });
    let done!: Promise<unknown>;
    act(() => {
      done = hook.result.current.tx.run(() => new Promise((r) => (releaseBuild = () => r(built))));
    });
    phases.push(hook.result.current.tx.phase);
    await act(async () => releaseBuild());
    phases.push(hook.result.current.tx.phase);
    await act(async () => {
      releaseSend(HASH);
      await done;
    });
    phases.push(hook.result.current.tx.phase);
    expect(phases).toEqual(['building', 'signing', 'idle']);
  });

  it.each([
    ['code 4001', rejection()],
    ['"rejected" in the message', new Error('Request rejected by user')],
    ['"cancelled" in the message', new Error('User cancelled')],
    ['a bare {code: 4001}', { code: 4001 }],
  ])('maps a wallet refusal (%s) to kind "rejected"', async (_name, err) => {
    const { hook, p, invalidate } = await setup();
    p.sendImpl = () => Promise.reject(err);
    const e = await runExpectingError(() => hook.result.current.tx.run(async () => built));
    expect(e.kind).toBe('rejected');
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('maps a null hash to "rejected"', async () => {
    const { hook, p } = await setup();
    p.sendImpl = async () => null;
    const e = await runExpectingError(() => hook.result.current.tx.run(async () => built));
    expect(e.kind).toBe('rejected');
  });

  it('maps other wallet failures to "wallet"', async () => {
    const { hook, p } = await setup();
    p.sendImpl = () => Promise.reject(new Error('Dev Wallet only sends on Supra Devnet'));
    const e = await runExpectingError(() => hook.result.current.tx.run(async () => built));
    expect(e.kind).toBe('wallet');
    expect(e.message).toBe('Dev Wallet only sends on Supra Devnet');
  });

  it('maps a build failure to "build" with the server message and code', async () => {
    const { hook, p } = await setup();
    const e = await runExpectingError(() =>
      hook.result.current.tx.run(() => Promise.reject(new ApiError('invalid_argument', 'Minimum bet is 10 LUCKY!', 400))),
    );
    expect(e.kind).toBe('build');
    expect(e.message).toBe('Minimum bet is 10 LUCKY!');
    expect(e.code).toBe('invalid_argument');
    expect(p.sent).toHaveLength(0);
  });

  it('maps a still-Pending status to "timeout" with the hash', async () => {
    const { hook, invalidate } = await setup();
    mockDetail({ txHash: HASH, status: 'Pending', events: [] });
    const e = await runExpectingError(() => hook.result.current.tx.run(async () => built));
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe('Timeout');
    expect(e.hash).toBe(HASH);
    expect(invalidate).toHaveBeenCalled();
  });

  it('maps an unreadable detail to "timeout" with the hash', async () => {
    const { hook } = await setup();
    mockDetail({ error: { code: 'node_error', message: 'node unavailable' } }, 502);
    const e = await runExpectingError(() => hook.result.current.tx.run(async () => built));
    expect(e.kind).toBe('timeout');
    expect(e.hash).toBe(HASH);
    expect(e.message).toBe('node unavailable');
  });

  it('maps status Failed to "failed" with the vm status', async () => {
    const { hook } = await setup();
    mockDetail({ txHash: HASH, status: 'Failed', vmStatus: 'Move abort: EINSUFFICIENT_BALANCE', events: [] });
    const e = await runExpectingError(() => hook.result.current.tx.run(async () => built));
    expect(e.kind).toBe('failed');
    expect(e.vmStatus).toBe('Move abort: EINSUFFICIENT_BALANCE');
    expect(e.detail?.status).toBe('Failed');
  });

  it('refuses to run off the target network ("wallet")', async () => {
    const p = new FakeProvider();
    p.chainId = '6';
    const { hook } = await setup(p);
    const build = vi.fn(async () => built);
    const e = await runExpectingError(() => hook.result.current.tx.run(build));
    expect(e.kind).toBe('wallet');
    expect(e.message).toBe('Please switch your wallet to Supra Devnet.');
    expect(build).not.toHaveBeenCalled();
  });
});

import { lazy, startTransition, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useIdle } from '@/lib/use-idle';
import {
  disconnectedValue,
  WalletContext,
  WalletUiContext,
  type WalletContextValue,
  type WalletUiValue,
} from '@/lib/wallet/wallet-context';

const WalletLayer = lazy(() => import('@/app/wallet-layer').then((m) => ({ default: m.WalletLayer })));

/**
 * The app's wallet. Nothing on a first paint needs the wallet's state machine, dialogs or toasts
 * (it starts disconnected and finds the wallet extension asynchronously anyway), so the page
 * draws with a disconnected wallet and they load once the page is idle. A Connect pressed before
 * that shows "Connecting..." at once and loads them straight away.
 */
export function WalletShell({ children }: { children: ReactNode }) {
  const idle = useIdle();
  // Connects asked for while the state machine was not drawing the wallet yet.
  const [requests, setRequests] = useState(0);
  const [engine, setEngine] = useState<{ value: WalletContextValue; ui: WalletUiValue } | null>(null);
  const waiting = useMemo<WalletContextValue>(
    () => ({
      ...disconnectedValue,
      status: requests > 0 ? 'connecting' : 'disconnected',
      connect: async () => setRequests((n) => n + 1),
    }),
    [requests],
  );
  // A transition: every screen reads the wallet, and a state that only says what the wallet
  // already said (its first one, mostly) need not re-render them all in one long task.
  const onChange = useCallback(
    (state: { value: WalletContextValue; ui: WalletUiValue }) => startTransition(() => setEngine(state)),
    [],
  );
  return (
    <WalletContext.Provider value={engine?.value ?? waiting}>
      <WalletUiContext.Provider value={engine?.ui ?? null}>
        {(idle || requests > 0) && (
          <Suspense fallback={null}>
            <WalletLayer onChange={onChange} connectRequests={requests} />
          </Suspense>
        )}
        {children}
      </WalletUiContext.Provider>
    </WalletContext.Provider>
  );
}

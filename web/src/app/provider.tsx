import type { ReactNode } from 'react';
import { ErrorBoundary } from '@/app/error-boundary';
import { ToastShell } from '@/app/toast-shell';
import { WalletShell } from '@/app/wallet-shell';
import { SoundProvider } from '@/lib/sound-context';

/**
 * App-wide wrappers: error boundary, sound preference, toasts, wallet. Each carries only what a
 * first paint needs; the rest (the wallet's state machine and dialogs, the toasts' drawing, the
 * sound players) loads after it. React Query is not here: the parts of a screen that read the
 * server bring it (lib/lazy-with-queries.tsx).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <SoundProvider>
        <ToastShell>
          <WalletShell>{children}</WalletShell>
        </ToastShell>
      </SoundProvider>
    </ErrorBoundary>
  );
}

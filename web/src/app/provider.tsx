import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@/app/error-boundary';
import { ToastProvider } from '@/components/ui/toast';
import { SoundProvider } from '@/lib/sound-context';
import { WalletOverlays } from '@/features/wallet/components/wallet-overlays';
import { WalletProvider } from '@/lib/wallet/wallet-provider';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** App-wide wrappers: error boundary, server-state cache, sound preference, toasts, wallet. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SoundProvider>
          <ToastProvider defaultPosition="bottom-right">
            <WalletProvider>
              <WalletOverlays />
              {children}
            </WalletProvider>
          </ToastProvider>
        </SoundProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

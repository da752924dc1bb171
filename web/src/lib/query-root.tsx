import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';

/**
 * Gives the data sections under it the app's QueryClient. Each lazily loaded part of a screen
 * that reads the server wraps itself in one, so React Query loads with that part and not with
 * the first paint. A client already provided above (a test's) is kept.
 */
export function QueryRoot({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

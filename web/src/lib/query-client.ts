import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one server-state cache. No provider holds it at the top of the app: React Query is
 * not part of the first load, so each screen's data sections (QueryRoot) and the wallet import
 * this module when they need it, after the page has painted.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

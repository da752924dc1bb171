import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api';
import type { LuckyDashboard } from '@/types/api';

export const luckyDashboardQueryKey = ['market', 'lucky'] as const;

/** The dashboard refreshes itself every 60 s (docs/product.md, Token Analytics). */
export const DASHBOARD_REFRESH_MS = 60_000;

function fetchLuckyDashboard(signal: AbortSignal | undefined, refresh: boolean) {
  return api<LuckyDashboard>('/market/lucky', { signal, query: refresh ? { refresh: 'true' } : undefined });
}

export const luckyDashboardQuery = queryOptions({
  queryKey: luckyDashboardQueryKey,
  queryFn: ({ signal }) => fetchLuckyDashboard(signal, false),
  staleTime: 10_000,
  refetchInterval: DASHBOARD_REFRESH_MS,
  refetchOnWindowFocus: false,
  // The server already rides out node hiccups (it serves its last snapshot for 30 s); a failure
  // that reaches the page is reported at once (the failure toasts of docs/product.md, Token Analytics), and Refresh tries again.
  retry: false,
});

/**
 * GET /api/v1/market/lucky: the LUCKY dashboard, loaded on open and every 60 s. `refresh` (the
 * Refresh button) asks the server for a new read (?refresh=true) into the same cache entry.
 */
export function useLuckyDashboard() {
  const client = useQueryClient();
  const query = useQuery(luckyDashboardQuery);
  const refresh = useCallback(
    () =>
      client.fetchQuery({
        queryKey: luckyDashboardQueryKey,
        queryFn: ({ signal }) => fetchLuckyDashboard(signal, true),
        staleTime: 0,
        retry: false,
      }),
    [client],
  );
  return { query, refresh };
}

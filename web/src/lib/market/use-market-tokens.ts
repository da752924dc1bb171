import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api';
import type { MarketTokensResponse } from '@/types/api';

export const marketTokensQueryKey = ['market', 'tokens'] as const;

function fetchMarketTokens(signal: AbortSignal | undefined, refresh: boolean) {
  return api<MarketTokensResponse>('/market/tokens', { signal, query: refresh ? { refresh: 'true' } : undefined });
}

export const marketTokensQuery = queryOptions({
  queryKey: marketTokensQueryKey,
  queryFn: ({ signal }) => fetchMarketTokens(signal, false),
  // The server caches for 10 s; the page re-reads on Refresh, not on focus.
  staleTime: 10_000,
  refetchOnWindowFocus: false,
  // The server already rides out node hiccups (it serves its last snapshot for 30 s); a failure
  // that reaches the page is reported at once (the failure toasts of docs/product.md, Token index), and Refresh tries again.
  retry: false,
});

/**
 * GET /api/v1/market/tokens: the token index, loaded when the page opens. `refresh` asks the
 * server for a new read (?refresh=true) and puts the answer in the same cache entry; it rejects
 * with the ApiError when the read fails.
 */
export function useMarketTokens() {
  const client = useQueryClient();
  const query = useQuery(marketTokensQuery);
  const refresh = useCallback(
    () =>
      client.fetchQuery({
        queryKey: marketTokensQueryKey,
        queryFn: ({ signal }) => fetchMarketTokens(signal, true),
        staleTime: 0,
        retry: false,
      }),
    [client],
  );
  return { query, refresh };
}

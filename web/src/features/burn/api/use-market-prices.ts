import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MarketTokensResponse } from '@/types/api';

/**
 * GET /api/v1/market/tokens: the market figures the token index and the dashboard show, read
 * here for the USD value in the burn review. Same key and same request as the token index's,
 * so a visit to either fills the other's cache.
 */
export const marketPricesQuery = queryOptions({
  queryKey: ['market', 'tokens'] as const,
  queryFn: ({ signal }) => api<MarketTokensResponse>('/market/tokens', { signal }),
  staleTime: 10_000,
  refetchOnWindowFocus: false,
  retry: false,
});

/** The market figures, read only while `enabled` (the review is open). */
export function useMarketPrices(enabled: boolean) {
  return useQuery({ ...marketPricesQuery, enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { PortfolioResponse } from '@/types/api';

/** The portfolio reloads every 5 minutes (docs/product.md, Portfolio). */
export const PORTFOLIO_REFRESH_MS = 5 * 60_000;

export const portfolioQueryKey = (address: string | null | undefined) => ['portfolio', address ?? ''] as const;

export function portfolioQuery(address: string | null | undefined) {
  return queryOptions({
    queryKey: portfolioQueryKey(address),
    queryFn: ({ signal }) =>
      api<PortfolioResponse>(`/accounts/${encodeURIComponent(address ?? '')}/portfolio`, { signal }),
    enabled: !!address,
    staleTime: 10_000,
    refetchInterval: PORTFOLIO_REFRESH_MS,
  });
}

/** GET /api/v1/accounts/{address}/portfolio; disabled without an address. */
export function usePortfolio(address: string | null | undefined) {
  return useQuery(portfolioQuery(address));
}

/** The Refresh button: re-reads prices too (?refresh=true), then the cache holds the answer. */
export function fetchPortfolioFresh(address: string): Promise<PortfolioResponse> {
  return api<PortfolioResponse>(`/accounts/${encodeURIComponent(address)}/portfolio`, { query: { refresh: 'true' } });
}

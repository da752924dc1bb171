import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MarketStatsResponse } from '@/types/api';

/** GET /api/v1/market/stats: 24 h change, volume, buys and sells, holders. */
export function useMarketStats(pair = 'LUCKY-SUPRA') {
  return useQuery({
    queryKey: ['market', 'stats', pair],
    queryFn: ({ signal }) => api<MarketStatsResponse>('/market/stats', { signal, query: { pair } }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}

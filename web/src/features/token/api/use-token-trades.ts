import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { TokenTradesResponse } from '@/types/api';

/** GET /api/v1/market/trades: a token's latest trades in its SUPRA pool, newest first (by registry name). */
export function useTokenTrades(token: string, limit = 20) {
  return useQuery({
    queryKey: ['market', 'trades', token, limit],
    queryFn: ({ signal }) => api<TokenTradesResponse>('/market/trades', { signal, query: { token, limit } }),
    staleTime: 2_000,
    // A trade made here shows within seconds; behind the head, poll faster until caught up.
    refetchInterval: (q) => {
      const d = q.state.data;
      return d && BigInt(d.indexedHeight) < BigInt(d.headHeight) ? 1_000 : 5_000;
    },
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { CandleInterval, CandlesResponse } from '@/types/api';

/** GET /api/v1/market/candles: a TOKEN/SUPRA pool's candles (default LUCKY-SUPRA). */
export function useCandles(interval: CandleInterval, pair = 'LUCKY-SUPRA') {
  return useQuery({
    queryKey: ['market', 'candles', pair, interval],
    // The server ends the range at the chain's time (a devnet can travel in time) and reaches
    // back 1,000 candles.
    queryFn: ({ signal }) => api<CandlesResponse>('/market/candles', { signal, query: { pair, interval } }),
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    // A trade made here shows within seconds; behind the head, poll faster until caught up.
    refetchInterval: (q) => {
      const d = q.state.data;
      return d && BigInt(d.indexedHeight) < BigInt(d.headHeight) ? 1_000 : 5_000;
    },
  });
}

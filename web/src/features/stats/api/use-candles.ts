import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { CandleInterval, CandlesResponse } from '@/types/api';

/** How far back each interval's chart reaches, in seconds. */
const SPAN: Record<CandleInterval, number> = { '1m': 6 * 3600, '5m': 2 * 86400, '1h': 30 * 86400, '1d': 365 * 86400 };

/** GET /api/v1/market/candles: a TOKEN/SUPRA pool's candles (default LUCKY-SUPRA). */
export function useCandles(interval: CandleInterval, pair = 'LUCKY-SUPRA') {
  return useQuery({
    queryKey: ['market', 'candles', pair, interval],
    queryFn: ({ signal }) => {
      const to = Math.floor(Date.now() / 1000);
      return api<CandlesResponse>('/market/candles', { signal, query: { pair, interval, from: to - SPAN[interval], to } });
    },
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

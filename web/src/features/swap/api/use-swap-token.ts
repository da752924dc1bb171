import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import type { SwapTokenLookup } from '@/types/api';

/** GET /api/v1/swap/token?coinType=: an import's coin info and the listed tokens it has a pool with. */
export function useSwapToken(coinType: string | null) {
  return useQuery({
    queryKey: ['swap-token', coinType],
    queryFn: ({ signal }) => api<SwapTokenLookup>('/swap/token', { query: { coinType: coinType! }, signal }),
    enabled: coinType !== null,
    retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    staleTime: 15_000,
  });
}

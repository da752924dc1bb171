import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import type { SwapTokenLookup } from '@/types/api';

/**
 * GET /api/v1/swap/token?coinType=[&account=]: an import's coin info, the listed tokens it has a
 * pool with and, with an account, its balance (the balances endpoint lists registry tokens only).
 */
export function useSwapToken(coinType: string | null, account?: string | null) {
  return useQuery({
    queryKey: ['swap-token', coinType, account ?? null],
    queryFn: ({ signal }) => api<SwapTokenLookup>('/swap/token', { query: { coinType: coinType!, account: account ?? undefined }, signal }),
    enabled: coinType !== null,
    retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    staleTime: 15_000,
  });
}

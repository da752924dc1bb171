import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import type { SwapQuote, SwapQuoteRequest } from '@/types/api';

/** Quote attempts (3, 1 s apart) and the refresh while a preview is shown (10 s): docs/product.md, Swap. */
export const QUOTE_ATTEMPTS = 3;
export const QUOTE_RETRY_MS = 1000;
export const QUOTE_REFRESH_MS = 10_000;

export const swapQuoteKey = (req: SwapQuoteRequest | null) => ['swap-quote', req] as const;

/** POST /api/v1/swap/quote */
export function fetchSwapQuote(req: SwapQuoteRequest, signal?: AbortSignal): Promise<SwapQuote> {
  return api<SwapQuote>('/swap/quote', { method: 'POST', body: req, signal });
}

/**
 * The preview of one input (null: no preview). Transport and server failures are retried up to 3
 * attempts 1 s apart; a refusal (4xx: no pair, no liquidity, bad value) is an answer, not retried.
 */
export function useSwapQuote(req: SwapQuoteRequest | null) {
  return useQuery({
    queryKey: swapQuoteKey(req),
    queryFn: ({ signal }) => fetchSwapQuote(req!, signal),
    enabled: req !== null,
    retry: (count, err) => count < QUOTE_ATTEMPTS - 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    retryDelay: QUOTE_RETRY_MS,
    refetchInterval: (q) => (q.state.status === 'success' ? QUOTE_REFRESH_MS : false),
    refetchIntervalInBackground: false,
    staleTime: 0,
    gcTime: 30_000,
  });
}

import { api } from '@/lib/api';
import type { SwapBuildRequest, SwapBuildResponse, SwapQuote } from '@/types/api';

/**
 * POST /api/v1/swap/build: the server re-checks the route and the balance and answers its
 * steps; rawTransaction is the one to sign now (step 1, or step 2 when afterTx is given).
 */
export function buildSwap(req: SwapBuildRequest, signal?: AbortSignal): Promise<SwapBuildResponse> {
  return api<SwapBuildResponse>('/swap/build', { method: 'POST', body: req, signal });
}

/**
 * The build request of what a quote shows: the direct swap, or step 1 of a two-hop route (its
 * `via`), for the quote's exact amount in and minimum out.
 */
export function swapRequest(sender: string, quote: SwapQuote): SwapBuildRequest {
  const via = quote.route.via;
  return {
    sender,
    from: quote.from.coinType,
    to: quote.to.coinType,
    amountIn: quote.amountInDecimal,
    minOut: quote.minOut,
    ...(via ? { via: via.coinType } : {}),
  };
}

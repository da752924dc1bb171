import { api } from '@/lib/api';
import type { SwapBuildRequest, SwapBuildResponse } from '@/types/api';

/**
 * POST /api/v1/swap/build: the server re-checks the route and the balance and answers its
 * steps; rawTransaction is the one to sign now (step 1, or step 2 when afterTx is given).
 */
export function buildSwap(req: SwapBuildRequest, signal?: AbortSignal): Promise<SwapBuildResponse> {
  return api<SwapBuildResponse>('/swap/build', { method: 'POST', body: req, signal });
}

import { api } from '@/lib/api';
import type { BuiltTransaction, SwapBuildRequest } from '@/types/api';

/** POST /api/v1/swap/build: the server re-checks the pair and the balance and builds scripts::swap. */
export function buildSwap(req: SwapBuildRequest, signal?: AbortSignal): Promise<BuiltTransaction> {
  return api<BuiltTransaction>('/swap/build', { method: 'POST', body: req, signal });
}

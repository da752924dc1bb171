import { api } from '@/lib/api';
import type { SpinBuildRequest, SpinBuildResponse } from '@/types/api';

/** POST /api/v1/slots/spins: the server re-checks every "before spinning" rule and builds the transaction. */
export function buildSpins(req: SpinBuildRequest, signal?: AbortSignal): Promise<SpinBuildResponse> {
  return api<SpinBuildResponse>('/slots/spins', { method: 'POST', body: req, signal });
}

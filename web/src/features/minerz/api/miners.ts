import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BuiltTransaction, MinerPurchaseRequest, MinerPurchaseResponse, MinersResponse } from '@/types/api';

export const minersQueryKey = (address: string | null) => ['miners', address ?? ''] as const;

export function minersQuery(address: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: minersQueryKey(address),
    queryFn: ({ signal }) =>
      api<MinersResponse>(address ? `/miners/${encodeURIComponent(address)}` : '/miners', { signal }),
    enabled,
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

/** GET /api/v1/miners (no wallet) or /api/v1/miners/{address}: catalogue, crew and the player's game. */
export function useMiners(address: string | null, enabled: boolean) {
  return useQuery(minersQuery(address, enabled));
}

/** POST /api/v1/miners/purchase: the server checks the rig and the MINE balance and builds purchase_miner. */
export function buildPurchase(req: MinerPurchaseRequest, signal?: AbortSignal): Promise<MinerPurchaseResponse> {
  return api<MinerPurchaseResponse>('/miners/purchase', { method: 'POST', body: req, signal });
}

/** POST /api/v1/miners/claim: the claim of the sender's pending output. */
export function buildClaim(sender: string, signal?: AbortSignal): Promise<BuiltTransaction> {
  return api<BuiltTransaction>('/miners/claim', { method: 'POST', body: { sender }, signal });
}

/** POST /api/v1/miners/starter: the wallet's one-time starter MINE, from the emission reserve. */
export function buildStarter(sender: string, signal?: AbortSignal): Promise<BuiltTransaction> {
  return api<BuiltTransaction>('/miners/starter', { method: 'POST', body: { sender }, signal });
}

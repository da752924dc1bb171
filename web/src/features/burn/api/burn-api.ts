import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AccountBurnsResponse, BurnBuildRequest, BurnBuildResponse, BurnDetail } from '@/types/api';

/** POST /api/v1/burn/build: the server checks the burn list and the balance, then builds. */
export function buildBurn(req: BurnBuildRequest, signal?: AbortSignal): Promise<BurnBuildResponse> {
  return api<BurnBuildResponse>('/burn/build', { method: 'POST', body: req, signal });
}

/** GET /api/v1/burns/{hash}: the burn, verified against the chain, with its certificate's figures. */
export function fetchBurn(hash: string, signal?: AbortSignal): Promise<BurnDetail> {
  return api<BurnDetail>(`/burns/${encodeURIComponent(hash)}`, { signal });
}

export const burnQueryKey = (hash: string) => ['burn', hash] as const;

/** The verified burn of one transaction (a final burn never changes: cached for the session). */
export function useBurn(hash: string) {
  return useQuery(
    queryOptions({
      queryKey: burnQueryKey(hash),
      queryFn: ({ signal }) => fetchBurn(hash, signal),
      staleTime: Infinity,
      retry: false,
    }),
  );
}

/** GET /api/v1/accounts/{address}/burns: the account's recent burns and the LUCKY burned in total. */
export function useAccountBurns(address: string | null | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['burns', 'account', address ?? ''],
      queryFn: ({ signal }) =>
        api<AccountBurnsResponse>(`/accounts/${encodeURIComponent(address ?? '')}/burns`, { signal }),
      enabled: !!address,
      staleTime: 10_000,
    }),
  );
}

/** Up to 3 reads of the burn's detail, 2 s apart (docs/product.md, Burn). */
export async function fetchBurnWithRetries(hash: string, attempts = 3, pauseMs = 2000): Promise<BurnDetail> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await fetchBurn(hash);
    } catch (err) {
      last = err;
      if (i < attempts - 1) await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
  throw last;
}

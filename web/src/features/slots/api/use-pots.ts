import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { PotsResponse } from '@/types/api';
import { safeBigInt } from '@/lib/amounts';

export const potsQueryKey = ['slots', 'pots'] as const;

export const potsQuery = queryOptions({
  queryKey: potsQueryKey,
  queryFn: ({ signal }) => api<PotsResponse>('/slots/pots', { signal }),
  staleTime: 10_000,
  refetchInterval: 30_000,
});

/** GET /api/v1/slots/pots: every slot token's house pot. */
export function usePots() {
  return useQuery(potsQuery);
}

/** A token's pot: undefined while loading, null when unavailable, else base units. */
export function potOf(data: PotsResponse | undefined, coinType: string): bigint | null | undefined {
  if (!data) return undefined;
  const p = data.pots.find((x) => x.coinType === coinType);
  if (!p || p.amount === null) return null;
  return safeBigInt(p.amount);
}

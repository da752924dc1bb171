import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BalancesResponse } from '@/types/api';

export const balancesQueryKey = (address: string | null | undefined) => ['balances', address ?? ''] as const;

export function balancesQuery(address: string | null | undefined) {
  return queryOptions({
    queryKey: balancesQueryKey(address),
    queryFn: ({ signal }) => api<BalancesResponse>(`/accounts/${encodeURIComponent(address ?? '')}/balances`, { signal }),
    enabled: !!address,
    staleTime: 10_000,
  });
}

/** Every registry token's balance of one account; disabled while address is empty. */
export function useBalances(address: string | null | undefined) {
  return useQuery(balancesQuery(address));
}

/** Base units of one coin type in a balances answer (0n when absent). */
export function balanceOf(data: BalancesResponse | undefined, coinType: string): bigint {
  const b = data?.balances.find((x) => x.coinType === coinType);
  if (!b) return 0n;
  try {
    return BigInt(b.amount);
  } catch {
    return 0n;
  }
}

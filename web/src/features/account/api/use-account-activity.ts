import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AccountActivityResponse } from '@/types/api';

/** GET /api/v1/accounts/{address}/activity: the account's latest indexed swaps, spins, burns and transfers. */
export function useAccountActivity(address: string, limit = 25) {
  return useQuery({
    queryKey: ['account', 'activity', address, limit],
    queryFn: ({ signal }) =>
      api<AccountActivityResponse>(`/accounts/${encodeURIComponent(address)}/activity`, { signal, query: { limit: String(limit) } }),
    enabled: address !== '',
    staleTime: 5_000,
  });
}

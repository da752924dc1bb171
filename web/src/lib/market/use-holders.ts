import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { HoldersResponse } from '@/types/api';

/** GET /api/v1/holders: the largest LUCKY holders with their share of the supply. */
export function useHolders(limit = 20) {
  return useQuery({
    queryKey: ['holders', limit],
    queryFn: ({ signal }) => api<HoldersResponse>('/holders', { signal, query: { limit } }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

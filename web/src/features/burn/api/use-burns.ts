import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BurnsResponse } from '@/types/api';

/** GET /api/v1/burns: the latest burns of every token. */
export function burnsQuery(limit = 10) {
  return queryOptions({
    queryKey: ['burns', 'recent', limit],
    queryFn: ({ signal }) => api<BurnsResponse>('/burns', { signal, query: { limit } }),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

export function useBurns(limit = 10) {
  return useQuery(burnsQuery(limit));
}

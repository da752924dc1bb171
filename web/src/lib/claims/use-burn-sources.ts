import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BurnSourcesResponse } from '@/types/api';

/** GET /api/v1/burns/sources: LUCKY burned by sells, by play, by fees and by holders, and the spin fees collected. */
export function useBurnSources() {
  return useQuery(
    queryOptions({
      queryKey: ['burns', 'sources'],
      queryFn: ({ signal }) => api<BurnSourcesResponse>('/burns/sources', { signal }),
      staleTime: 30_000,
      retry: false,
    }),
  );
}

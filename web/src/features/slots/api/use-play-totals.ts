import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { PlayTotalsResponse } from '@/types/api';

export const playTotalsKey = (address: string | null | undefined) => ['slots', 'totals', address ?? ''] as const;

function playTotalsQuery(address: string | null, since: string | null) {
  return queryOptions({
    queryKey: [...playTotalsKey(address), since ?? ''] as const,
    queryFn: ({ signal }) =>
      api<PlayTotalsResponse>(`/slots/totals/${encodeURIComponent(address ?? '')}`, { query: since ? { since } : {}, signal }),
    enabled: !!address,
    staleTime: 10_000,
  });
}

/**
 * GET /api/v1/slots/totals/{address}[?since=]: the wallet's plays of the last 24 hours (or since
 * `since`, within them) summed per coin, from the index.
 */
export function usePlayTotals(address: string | null, since: string | null = null) {
  return useQuery(playTotalsQuery(address, since));
}

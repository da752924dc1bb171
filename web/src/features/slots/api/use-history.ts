import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { HistoryResponse } from '@/types/api';

export const HISTORY_LIMIT = 20;

export const historyQueryKey = (address: string | null | undefined) => ['slots', 'history', address ?? ''] as const;

export function historyQuery(address: string | null | undefined) {
  return queryOptions({
    queryKey: historyQueryKey(address),
    queryFn: ({ signal }) =>
      api<HistoryResponse>(`/slots/history/${encodeURIComponent(address ?? '')}`, { query: { limit: HISTORY_LIMIT }, signal }),
    enabled: !!address,
    staleTime: 10_000,
  });
}

/** GET /api/v1/slots/history/{address}?limit=20: the player's recent plays, newest first. */
export function useSpinHistory(address: string | null | undefined) {
  return useQuery(historyQuery(address));
}

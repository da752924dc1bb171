import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { SlotsFeedResponse } from '@/types/api';

/** GET /api/v1/slots/feed: the latest plays of everyone, polled for the live ticker. */
export function useSlotsFeed(limit = 12) {
  return useQuery({
    queryKey: ['slots', 'feed', limit],
    queryFn: ({ signal }) => api<SlotsFeedResponse>('/slots/feed', { signal, query: { limit } }),
    staleTime: 3_000,
    refetchInterval: 5_000,
  });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { activityParams, type ActivityFilters } from '@/lib/activity/activity';
import { api } from '@/lib/api';
import type { AccountActivityResponse } from '@/types/api';

/** Rows a page asks for: a screenful on a desktop, a few on a phone. */
export const ACTIVITY_PAGE = 25;

/**
 * GET /api/v1/accounts/{address}/activity: the account's indexed activity, newest first, a page at a
 * time. Each next page continues from the last one's cursor, so "Load more" neither repeats nor skips
 * a row while new blocks arrive (they come in at the top on the next refetch).
 */
export function useAccountActivity(address: string, filters: ActivityFilters, limit = ACTIVITY_PAGE) {
  return useInfiniteQuery({
    queryKey: ['account', 'activity', address, filters.kind, filters.token, limit],
    queryFn: ({ signal, pageParam }) =>
      api<AccountActivityResponse>(`/accounts/${encodeURIComponent(address)}/activity`, {
        signal,
        query: { ...activityParams(filters), limit: String(limit), cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: address !== '',
    staleTime: 5_000,
  });
}

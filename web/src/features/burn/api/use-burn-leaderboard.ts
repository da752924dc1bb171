import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { BurnLeaderboardResponse } from '@/types/api';

/** GET /api/v1/burns/leaderboard: burners of one token ranked by total burned. */
export function useBurnLeaderboard(token = 'LUCKY', limit = 10) {
  return useQuery({
    queryKey: ['burns', 'leaderboard', token, limit],
    queryFn: ({ signal }) => api<BurnLeaderboardResponse>('/burns/leaderboard', { signal, query: { token, limit } }),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}

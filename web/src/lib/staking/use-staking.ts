import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { StakingGlobal, StakingUser } from '@/types/api';

/** Staking data refreshes every 50 s (docs/product.md, Staking) (and on wallet change: the key holds the address). */
export const STAKING_REFRESH_MS = 50_000;

export const stakingGlobalQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['staking', 'global'] as const,
    queryFn: ({ signal }) => api<StakingGlobal>('/staking', { signal }),
    enabled,
    refetchInterval: STAKING_REFRESH_MS,
  });

export const stakingUserQuery = (address: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['staking', 'user', address ?? ''] as const,
    queryFn: ({ signal }) => api<StakingUser>(`/staking/${encodeURIComponent(address ?? '')}`, { signal }),
    enabled: enabled && address !== null,
    refetchInterval: STAKING_REFRESH_MS,
  });

/** GET /api/v1/staking: active users, total staked, pass price. */
export function useStakingGlobal(enabled: boolean) {
  return useQuery(stakingGlobalQuery(enabled));
}

/** GET /api/v1/staking/{address}: the wallet's position (disabled without a wallet). */
export function useStakingUser(address: string | null, enabled: boolean) {
  return useQuery(stakingUserQuery(address, enabled));
}

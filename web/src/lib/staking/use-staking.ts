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

/**
 * While a deposit has earned nothing yet (just after a first stake) the position is read every
 * few seconds: rewards accrue every second on chain, and Claim opens as soon as it shows some.
 */
export const STAKING_FIRST_REWARD_MS = 3_000;

/** How often the position is read: sooner while a deposit waits for its first reward. */
export function stakingUserRefresh(data: StakingUser | undefined): number {
  const earning = data?.live === true && data.deposit !== undefined && data.deposit !== '0';
  return earning && (data.pendingRewards ?? '0') === '0' ? STAKING_FIRST_REWARD_MS : STAKING_REFRESH_MS;
}

export const stakingUserQuery = (address: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['staking', 'user', address ?? ''] as const,
    queryFn: ({ signal }) => api<StakingUser>(`/staking/${encodeURIComponent(address ?? '')}`, { signal }),
    enabled: enabled && address !== null,
    refetchInterval: (query) => stakingUserRefresh(query.state.data),
  });

/** GET /api/v1/staking: active users, total staked, pass price. */
export function useStakingGlobal(enabled: boolean) {
  return useQuery(stakingGlobalQuery(enabled));
}

/** GET /api/v1/staking/{address}: the wallet's position (disabled without a wallet). */
export function useStakingUser(address: string | null, enabled: boolean) {
  return useQuery(stakingUserQuery(address, enabled));
}

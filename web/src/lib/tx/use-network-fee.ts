import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/wallet/errors';
import type { NetworkFee } from '@/types/api';

export interface NetworkFeeState {
  fee: NetworkFee | null;
  loading: boolean;
  /** Why the fee could not be estimated (the build was refused, the server did not answer). */
  error: string | null;
}

/** The first part of every fee preview's query key. */
export const networkFeeKey = 'network-fee';

/** How long a previewed fee is reused: the node's gas price and the account's state move slowly. */
const FEE_STALE_MS = 15_000;

/**
 * The network fee of the transaction a confirm step is about to sign: the same build endpoint the
 * signing will call, asked once when the step opens (and again after FEE_STALE_MS), only for its fee.
 * Nothing is signed here; signing builds afresh (a new expiry), the same transaction on the same state.
 * `key` names the transaction (endpoint and its inputs); `build` must not be called when disabled.
 */
export function useNetworkFee(
  key: readonly unknown[],
  build: () => Promise<{ fee: NetworkFee }>,
  enabled = true,
): NetworkFeeState {
  const q = useQuery({
    queryKey: [networkFeeKey, ...key],
    queryFn: async () => (await build()).fee,
    enabled,
    staleTime: FEE_STALE_MS,
    gcTime: FEE_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return {
    fee: q.data ?? null,
    loading: enabled && q.isPending,
    error: q.isError ? errorMessage(q.error) || 'The network fee could not be estimated.' : null,
  };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { TxDetail } from '@/types/api';

/** GET /api/v1/tx/{hash}: read without waiting; a pending transaction is polled until final. */
export const txDetailQueryKey = (hash: string) => ['tx', hash] as const;

export function txDetailQuery(hash: string) {
  return queryOptions({
    queryKey: txDetailQueryKey(hash),
    queryFn: ({ signal }) => api<TxDetail>(`/tx/${encodeURIComponent(hash)}`, { signal }),
    staleTime: Infinity,
    retry: false,
    // A pending transaction is read again until it is final.
    refetchInterval: (q) => (q.state.data?.status === 'Pending' ? 2000 : false),
  });
}

export function useTxDetail(hash: string) {
  return useQuery(txDetailQuery(hash));
}

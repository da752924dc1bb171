import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface TxEventJson {
  type: string;
  data: unknown;
}

export interface TxPlay {
  player: string;
  tokenType: string;
  token: string;
  betPerSpin: string;
  numberOfSpins: string;
  spinResults: { tierIndex: number; prizeWon: string }[];
  totalPrize: string;
}

/** GET /api/v1/tx/{hash}: the transaction detail of doc 1 §3 "Chain data" plus decoded events. */
export interface TxDetailResponse {
  txHash: string;
  status: 'Success' | 'Failed' | 'Pending' | string;
  sender?: string;
  sequenceNumber?: string;
  maxGasAmount?: string;
  gasUnitPrice?: string;
  gasUsed?: string | null;
  transactionCost?: string | null;
  txExpirationTimestamp?: string;
  txConfirmationTime?: string | null;
  vmStatus?: string | null;
  events?: TxEventJson[] | null;
  blockNumber?: string | null;
  blockHash?: string | null;
  transactionInsights?: { type?: string; coinReceiver?: string; coinChange?: { coinType: string; amount: string }[] } | null;
  play?: TxPlay | null;
  swap?: Record<string, string> | null;
}

export const txDetailQueryKey = (hash: string) => ['tx', hash] as const;

export function txDetailQuery(hash: string) {
  return queryOptions({
    queryKey: txDetailQueryKey(hash),
    queryFn: ({ signal }) => api<TxDetailResponse>(`/tx/${encodeURIComponent(hash)}`, { signal }),
    staleTime: Infinity,
    retry: false,
    // A pending transaction is read again until it is final.
    refetchInterval: (q) => (q.state.data?.status === 'Pending' ? 2000 : false),
  });
}

export function useTxDetail(hash: string) {
  return useQuery(txDetailQuery(hash));
}

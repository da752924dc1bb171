import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError, api } from '@/lib/api';
import { configQueryKey } from '@/lib/config';
import { errorMessage } from '@/lib/wallet/errors';
import { useWallet } from '@/lib/wallet/wallet-context';
import { TxError, walletSendError } from './tx-error';
import { networkFeeKey } from './use-network-fee';
import type { BuiltTransaction, TxDetail } from '@/types/api';
import type { TxPhase, TxResult } from './tx-state';

/** Server-side long-poll for finality (30 s, docs/product.md, Transactions and the node). */
export const TX_WAIT = '30s';

/** GET /api/v1/tx/{hash}?wait=30s */
export function fetchTxDetail(hash: string, signal?: AbortSignal): Promise<TxDetail> {
  return api<TxDetail>(`/tx/${encodeURIComponent(hash)}`, { query: { wait: TX_WAIT }, signal });
}

export interface UseTransaction {
  /**
   * Builds (server), signs and sends (wallet), waits until final, invalidates cached queries and
   * returns the hash and the transaction detail. Throws TxError.
   */
  run: (build: () => Promise<Signable>, options?: RunOptions) => Promise<TxResult>;
  phase: TxPhase;
}

/** What signing needs of a build answer: its raw transaction (the fee was shown before, see use-network-fee). */
export type Signable = Pick<BuiltTransaction, 'rawTransaction'>;

export interface RunOptions {
  /** Called once the wallet has sent the transaction, before it is confirmed. */
  onSent?: (hash: string) => void;
}

/** The one write path of the app: the server builds, the wallet signs and sends, the server waits for finality. */
export function useTransaction(): UseTransaction {
  const { address, provider, chainId, isTargetNetwork, network, status } = useWallet();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<TxPhase>('idle');
  const wallet = useRef({ address, provider, chainId, isTargetNetwork, network, status });
  wallet.current = { address, provider, chainId, isTargetNetwork, network, status };

  const run = useCallback(
    async (build: () => Promise<Signable>, options?: RunOptions): Promise<TxResult> => {
      const w = wallet.current;
      if (w.status !== 'connected' || !w.address || !w.provider || !w.chainId) {
        throw new TxError('wallet', 'Please connect your wallet first!');
      }
      if (!w.isTargetNetwork) {
        throw new TxError('wallet', `Please switch your wallet to ${w.network?.label ?? 'the app network'}.`);
      }
      const { address: from, provider, chainId } = w;
      let sent = false;
      try {
        setPhase('building');
        let built: Signable;
        try {
          built = await build();
        } catch (err) {
          throw new TxError('build', errorMessage(err) || 'Could not build the transaction.', {
            cause: err,
            code: err instanceof ApiError ? err.code : undefined,
          });
        }
        if (!built || typeof built.rawTransaction !== 'string' || built.rawTransaction === '') {
          throw new TxError('build', 'Could not build the transaction.');
        }

        setPhase('signing');
        let hash: string | null | undefined;
        try {
          hash = await provider.sendTransaction({ data: built.rawTransaction, from, to: '', value: '', chainId });
        } catch (err) {
          throw walletSendError(err);
        }
        // StarKey resolves null when the user declines.
        if (!hash) throw new TxError('rejected', 'User rejected the request.');
        sent = true;
        options?.onSent?.(hash);

        setPhase('confirming');
        let detail: TxDetail;
        try {
          detail = await fetchTxDetail(hash);
        } catch (err) {
          throw new TxError('timeout', errorMessage(err) || 'Timeout', { hash, cause: err });
        }
        if (detail.status === 'Pending') throw new TxError('timeout', 'Timeout', { hash, detail });
        if (detail.status === 'Failed') {
          const vm = detail.vmStatus ?? '';
          throw new TxError('failed', vm ? `Transaction failed: ${vm}` : 'Transaction failed', {
            hash,
            vmStatus: vm,
            detail,
          });
        }
        return { hash, detail };
      } finally {
        setPhase('idle');
        // Balances, pots, history...: anything but the static config may have moved.
        // A fee preview is of the transaction just sent: asking again would build it once more.
        if (sent) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== configQueryKey[0] && q.queryKey[0] !== networkFeeKey });
      }
    },
    [queryClient],
  );

  return { run, phase };
}

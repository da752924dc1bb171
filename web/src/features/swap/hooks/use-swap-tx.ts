import { useCallback } from 'react';
import { isTxError } from '@/lib/tx/tx-error';
import { fetchTxDetail, useTransaction } from '@/lib/tx/use-transaction';
import { errorMessage, isUserRejection } from '@/lib/wallet/errors';
import type { SwapDecoded, SwapQuote, TxDetail } from '@/types/api';
import { buildSwap } from '../api/build-swap';
import { isMinOutAbort } from '../utils/input';
import { confirmationFailed, slippageAbort, swapFailed, swapText } from '../utils/messages';
import { bpsToPercent } from '../utils/slippage';

/** Detail reads after confirmation (3, 2 s apart: docs/product.md, Swap) when the first answer has no SwapEvent. */
export const DETAIL_ATTEMPTS = 3;
export const DETAIL_RETRY_MS = 2000;

export type SwapOutcome =
  | { ok: true; hash: string; swap: SwapDecoded }
  | { ok: false; message: string; hash?: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The swap's read of its own SwapEvent: the detail answer, else up to 3 more reads 2 s apart. */
async function swapEventOf(hash: string, first: TxDetail): Promise<SwapDecoded | string> {
  let detail: TxDetail | null = first;
  let failures = 0;
  for (let i = 0; i <= DETAIL_ATTEMPTS; i++) {
    const ev = detail?.swap ?? detail?.decoded?.swap;
    if (ev) return ev;
    if (i === DETAIL_ATTEMPTS) break;
    await sleep(DETAIL_RETRY_MS);
    try {
      detail = await fetchTxDetail(hash);
    } catch {
      failures++;
      detail = null;
    }
  }
  return failures >= DETAIL_ATTEMPTS ? swapText.detailsFailed : swapText.noEvents;
}

/** Builds, signs, confirms one swap and maps every outcome to the product's words (docs/product.md, Swap). */
export function useSwapTx() {
  const { run, phase } = useTransaction();
  const execute = useCallback(
    async (sender: string, quote: SwapQuote): Promise<SwapOutcome> => {
      try {
        const { hash, detail } = await run(() =>
          buildSwap({
            sender,
            from: quote.from.coinType,
            to: quote.to.coinType,
            amountIn: quote.amountInDecimal,
            minOut: quote.minOut,
          }),
        );
        const ev = await swapEventOf(hash, detail);
        if (typeof ev === 'string') return { ok: false, hash, message: confirmationFailed(ev) };
        return { ok: true, hash, swap: ev };
      } catch (err) {
        if (!isTxError(err)) return { ok: false, message: swapFailed(errorMessage(err) || swapText.unknownError) };
        switch (err.kind) {
          case 'rejected':
            return { ok: false, message: swapText.rejected };
          case 'wallet':
            return isUserRejection(err.cause ?? err)
              ? { ok: false, message: swapText.rejected }
              : { ok: false, message: swapFailed(err.message) };
          case 'build':
            return { ok: false, message: swapFailed(err.message) };
          case 'timeout':
            return { ok: false, hash: err.hash, message: confirmationFailed(swapText.confirmTimeout) };
          case 'failed':
            if (isMinOutAbort(err.vmStatus ?? '')) {
              return { ok: false, hash: err.hash, message: slippageAbort(bpsToPercent(quote.slippageBps)) };
            }
            return { ok: false, hash: err.hash, message: swapFailed(err.vmStatus || err.message) };
        }
      }
    },
    [run],
  );
  return { execute, phase };
}

import { useCallback, useState } from 'react';
import { isTxError } from '@/lib/tx/tx-error';
import { fetchTxDetail, useTransaction } from '@/lib/tx/use-transaction';
import { errorMessage, isUserRejection } from '@/lib/wallet/errors';
import type { BuiltTransaction, SwapDecoded, SwapQuote, SwapTokenRef, TxDetail } from '@/types/api';
import { buildSwap, swapRequest } from '../api/build-swap';
import { isMinOutAbort } from '../utils/input';
import { confirmationFailed, slippageAbort, step2NotSigned, step2SlippageAbort, swapFailed, swapText } from '../utils/messages';
import { clearPendingRoute, savePendingRoute } from '../utils/pending-route';
import { bpsToPercent } from '../utils/slippage';

/** Detail reads after confirmation (3, 2 s apart: docs/product.md, Swap) when the first answer has no SwapEvent. */
export const DETAIL_ATTEMPTS = 3;
export const DETAIL_RETRY_MS = 2000;

/** Step 1 of a two-transaction route went through; step 2 did not: what the trader holds now. */
export interface PartialRoute {
  hash: string;
  from: SwapTokenRef;
  via: SwapTokenRef;
  to: SwapTokenRef;
  /** Base units of via that step 1 returned (its SwapEvent). */
  held: string;
  /** Why step 2 did not go through, in the product's words. */
  reason: string;
  step2Hash?: string;
}

export type SwapOutcome =
  | { ok: true; hash: string; swap: SwapDecoded; firstHash?: string }
  | { ok: false; message: string; hash?: string; partial?: PartialRoute };

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

/** A failed build, signature or confirmation in the product's words (docs/product.md, Swap). */
function failure(err: unknown, slippageBps: number, step2 = false): { message: string; hash?: string } {
  if (!isTxError(err)) return { message: swapFailed(errorMessage(err) || swapText.unknownError) };
  switch (err.kind) {
    case 'rejected':
      return { message: swapText.rejected };
    case 'wallet':
      return isUserRejection(err.cause ?? err) ? { message: swapText.rejected } : { message: swapFailed(err.message) };
    case 'build':
      return { message: swapFailed(err.message) };
    case 'timeout':
      return { hash: err.hash, message: confirmationFailed(swapText.confirmTimeout) };
    case 'failed':
      if (isMinOutAbort(err.vmStatus ?? '')) {
        const pct = bpsToPercent(slippageBps);
        return { hash: err.hash, message: step2 ? step2SlippageAbort(pct) : slippageAbort(pct) };
      }
      return { hash: err.hash, message: swapFailed(err.vmStatus || err.message) };
  }
}

/**
 * Builds, signs, confirms a swap and maps every outcome to the product's words (docs/product.md,
 * Swap). A two-hop route is two transactions: step 2 is built after step 1 confirms, by the
 * server from step 1's SwapEvent (afterTx), for exactly what step 1 returned and with the
 * route's minimum. When step 2 does not go through, the outcome says so with what step 1 left
 * the trader holding; the route is never reported done unless both steps are.
 */
export function useSwapTx() {
  const { run, phase } = useTransaction();
  const [step, setStep] = useState<{ n: number; of: number } | null>(null);
  const execute = useCallback(
    async (sender: string, quote: SwapQuote): Promise<SwapOutcome> => {
      const via = quote.route.via;
      const of = via ? 2 : 1;
      const req = swapRequest(sender, quote);
      // The swap response carries the route's steps besides the transaction itself.
      const build = (extra: { afterTx?: string } = {}) => async () => (await buildSwap({ ...req, ...extra })) as unknown as BuiltTransaction;
      setStep({ n: 1, of });
      let first: { hash: string; swap: SwapDecoded };
      try {
        const { hash, detail } = await run(build());
        const ev = await swapEventOf(hash, detail);
        if (typeof ev === 'string') return { ok: false, hash, message: confirmationFailed(ev) };
        first = { hash, swap: ev };
      } catch (err) {
        setStep(null);
        return { ok: false, ...failure(err, quote.slippageBps) };
      }
      if (!via) {
        setStep(null);
        return { ok: true, hash: first.hash, swap: first.swap };
      }
      setStep({ n: 2, of });
      const pending = (reason: string, step2Hash?: string): PartialRoute => ({
        hash: first.hash, from: quote.from, via, to: quote.to, held: first.swap.received, reason, step2Hash,
      });
      // Remembered until step 2 goes through: a tab closed now offers the route again on return.
      savePendingRoute(sender, pending(step2NotSigned));
      const partial = (reason: string, step2Hash?: string): SwapOutcome => {
        const p = pending(reason, step2Hash);
        savePendingRoute(sender, p);
        return { ok: false, message: reason, hash: first.hash, partial: p };
      };
      try {
        const { hash, detail } = await run(build({ afterTx: first.hash }));
        const ev = await swapEventOf(hash, detail);
        if (typeof ev === 'string') return partial(confirmationFailed(ev), hash);
        clearPendingRoute(sender);
        return { ok: true, hash, swap: ev, firstHash: first.hash };
      } catch (err) {
        const f = failure(err, quote.slippageBps, true);
        return partial(f.message, f.hash);
      } finally {
        setStep(null);
      }
    },
    [run],
  );
  return { execute, phase, step };
}

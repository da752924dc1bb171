import { NetworkFeeFor } from '@/components/tx/network-fee';
import type { SwapQuote } from '@/types/api';
import { buildSwap, swapRequest } from '../api/build-swap';

/**
 * The network fee of the swap Swap would sign now: the direct swap, or step 1 of a two-hop
 * route. Step 2 is built only after step 1 confirms (from what step 1 returned), so it cannot
 * be priced yet; the line says so rather than double a guess.
 */
export function SwapNetworkFee({ sender, quote }: { sender: string; quote: SwapQuote }) {
  const req = swapRequest(sender, quote);
  return (
    <div data-testid="swap-network-fee">
      <NetworkFeeFor feeKey={['swap', sender, req.from, req.to, req.amountIn, req.minOut, req.via ?? '']} build={() => buildSwap(req)} />
      {req.via && <p className="mt-1 text-xs text-muted">For step 1 of 2; step 2 is priced when it is built, after step 1 confirms.</p>}
    </div>
  );
}

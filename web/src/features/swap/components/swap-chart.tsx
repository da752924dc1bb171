import { PriceChart } from '@/components/price-chart/price-chart';
import { chartToken, type SwapToken } from '../utils/pair';

/**
 * The price chart beside the swap: the pair's TOKEN/SUPRA candles from the event index, following
 * the pair as it changes. A pair the index does not chart says so instead of showing an empty box.
 */
export function SwapChart({ pay, receive, supraDecimals }: { pay?: SwapToken; receive?: SwapToken; supraDecimals: number }) {
  if (!pay || !receive) return null;
  const token = chartToken(pay, receive);
  if (!token) {
    return (
      <aside className="panel p-5 text-sm text-muted" data-testid="swap-chart-none">
        Price charts cover the registry&apos;s TOKEN/SUPRA pools; {pay.name} / {receive.name} has none.
      </aside>
    );
  }
  return (
    <aside aria-label={`${token} price chart`} className="min-w-0">
      {/* key: a new pair starts with its own chart state (interval, quote). */}
      <PriceChart key={token} token={token} quoteDecimals={supraDecimals} compact />
    </aside>
  );
}

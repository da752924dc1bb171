import type { SwapQuote } from '@/types/api';
import { formatImpact, impactClass, impactTier } from '../utils/impact';
import { routeLabel, routeWhy } from '../utils/messages';
import { bpsToPercent } from '../utils/slippage';

/** The quote's route in one line: "LUCKY → SUPRA → DAWGZ, 2 transactions". */
export function RouteLine({ quote }: { quote: SwapQuote }) {
  const r = quote.route;
  return (
    <p className="text-xs text-muted" data-testid="swap-route">
      Route: <span className="font-semibold text-white">{routeLabel(r.path.map((t) => t.name), r.transactions)}</span>
    </p>
  );
}

/** Each hop of the route with its price impact and LP fee, and why two hops are two transactions. */
export function RouteHops({ quote, amountText }: { quote: SwapQuote; amountText: (units: bigint, decimals: number) => string }) {
  const r = quote.route;
  if (r.hops.length < 2 || !r.via) return null;
  return (
    <div className="space-y-1.5 border-t border-white/10 pt-2" data-testid="route-hops">
      {r.hops.map((h, i) => {
        const tier = impactTier(h.priceImpactBps);
        return (
          <div key={i}>
            <div className="flex items-center justify-between gap-3">
              <dt className="text-muted">
                Step {i + 1}: {h.from.name} → {h.to.name}
              </dt>
              <dd className="text-right font-semibold text-white">
                {amountText(BigInt(h.amountOut), h.to.decimals)} {h.to.name}
              </dd>
            </div>
            <p className="text-right text-xs text-muted">
              impact <span className={impactClass[tier]}>{formatImpact(h.priceImpactBps)}%</span>, fee{' '}
              {bpsToPercent(Math.round((h.fee.numerator * 10000) / h.fee.scale))}% ({h.fee.amountDecimal} {h.from.name})
            </p>
          </div>
        );
      })}
      <div className="flex items-center justify-between gap-3">
        <dt className="text-muted">Step 1 minimum</dt>
        <dd className="text-right font-semibold text-white">
          {amountText(BigInt(r.hops[0]!.minOut), r.via.decimals)} {r.via.name}
        </dd>
      </div>
      <p className="text-xs text-muted">{routeWhy(r.via.name)}</p>
    </div>
  );
}

import type { SwapQuote } from '@/types/api';
import { poolFees, signatures, type RoutePick } from '../utils/route-choice';

/**
 * The best route and the direct pool side by side when they differ: what each returns, how many
 * signatures it takes and its pool fees. The user picks one; the swap signs exactly the picked
 * route's quote.
 */
export function RouteChoice({
  quote,
  pick,
  onPick,
  amountText,
  disabled,
}: {
  /** The quote as the server gave it: the best route, with the direct pool's quote beside it. */
  quote: SwapQuote;
  pick: RoutePick;
  onPick: (p: RoutePick) => void;
  amountText: (units: bigint, decimals: number) => string;
  disabled?: boolean;
}) {
  const direct = quote.direct;
  if (!direct) return null;
  const options: { id: RoutePick; title: string; out: string; route: SwapQuote['route'] }[] = [
    { id: 'best', title: 'Best price', out: quote.amountOut, route: quote.route },
    { id: 'direct', title: 'Direct pool', out: direct.amountOut, route: direct.route },
  ];
  const to = quote.to;
  return (
    <fieldset className="space-y-1.5" data-testid="route-choice" disabled={disabled}>
      <legend className="mb-1.5 text-xs text-muted">Choose a route</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((o) => {
          const selected = pick === o.id;
          const via = o.route.via;
          return (
            <label
              key={o.id}
              data-testid={`route-option-${o.id}`}
              data-selected={selected || undefined}
              className={`relative flex min-w-0 cursor-pointer flex-col gap-0.5 rounded-xl border p-2.5 text-xs transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neon-cyan ${
                selected ? 'border-neon-cyan bg-neon-cyan/10' : 'border-white/15 bg-ink-900/60 hover:border-white/30'
              }`}
            >
              <input
                type="radio"
                name="swap-route"
                value={o.id}
                checked={selected}
                onChange={() => onPick(o.id)}
                className="sr-only"
                aria-label={`${o.title}: ${amountText(BigInt(o.out), to.decimals)} ${to.name}, ${signatures(o.route.transactions)}, pool fees ${poolFees(o.route)}`}
              />
              <span className="flex items-center justify-between gap-1 font-semibold text-white">
                {o.title}
                <span
                  aria-hidden="true"
                  className={`inline-block h-3.5 w-3.5 shrink-0 rounded-full border-2 ${selected ? 'border-neon-cyan bg-neon-cyan' : 'border-white/40'}`}
                />
              </span>
              <span className="font-display text-sm font-bold break-all text-white" data-testid={`route-out-${o.id}`}>
                {amountText(BigInt(o.out), to.decimals)} <span className="text-xs font-semibold break-normal text-white/80">{to.name}</span>
              </span>
              <span className="text-muted">{via ? `via ${via.name}` : `${quote.from.name}/${to.name} pool`}</span>
              <span className="text-muted">
                {signatures(o.route.transactions)} · fees {poolFees(o.route)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

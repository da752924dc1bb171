import { decimal, formatExact } from '@/lib/amounts';
import type { PortfolioHolding } from '@/types/api';

const COLORS = ['#f472b6', '#22d3ee', '#facc15', '#a78bfa', '#34d399', '#fb923c', '#60a5fa', '#f87171'];

/** Share of each holding in basis points (integer math on exact values), largest first. */
export function allocation(holdings: readonly PortfolioHolding[]): { name: string; bps: number }[] {
  const vals = holdings.map((h) => ({ name: h.name, v: decimal(h.valueUsd ?? h.valueSupra) }));
  // Common denominator: the values come with 18 decimals, so scale to integers.
  const scaled = vals.map(({ name, v }) => ({ name, n: (v.num * 10n ** 18n) / v.den }));
  const total = scaled.reduce((s, x) => s + x.n, 0n);
  if (total === 0n) return [];
  return scaled
    .map(({ name, n }) => ({ name, bps: Number((n * 10000n) / total) }))
    .sort((a, b) => b.bps - a.bps);
}

/** Allocation donut by USD value (SUPRA when USD is unavailable): the top 7, then "Other". */
export function AllocationDonut({ holdings, hideValues }: { holdings: readonly PortfolioHolding[]; hideValues: boolean }) {
  const parts = allocation(holdings);
  if (parts.length === 0) return null;
  const top = parts.slice(0, 7);
  const rest = parts.slice(7).reduce((s, p) => s + p.bps, 0);
  if (rest > 0) top.push({ name: 'Other', bps: rest });
  const r = 15.9155; // circumference 100
  let offset = 25;
  return (
    <figure className="flex flex-col items-center gap-4 sm:flex-row sm:items-center" aria-label="Allocation by value">
      <svg viewBox="0 0 42 42" className="h-36 w-36 shrink-0" role="img" aria-label="Allocation donut">
        <circle cx="21" cy="21" r={r} fill="transparent" stroke="rgba(255,255,255,0.08)" strokeWidth="6" />
        {top.map((p, i) => {
          const len = p.bps / 100;
          const el = (
            <circle
              key={p.name}
              cx="21"
              cy="21"
              r={r}
              fill="transparent"
              stroke={COLORS[i % COLORS.length]}
              strokeWidth="6"
              strokeDasharray={`${len} ${100 - len}`}
              strokeDashoffset={offset}
            />
          );
          offset -= len;
          return el;
        })}
      </svg>
      <figcaption>
        <ul className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
          {top.map((p, i) => (
            <li key={p.name} className="flex items-center gap-2">
              <span aria-hidden className="h-2.5 w-2.5 rounded-full" style={{ background: COLORS[i % COLORS.length] }} />
              <span className="text-white/90">{p.name}</span>
              <span className="ml-auto text-muted tabular-nums">
                {hideValues ? '••' : `${formatExact({ num: BigInt(p.bps), den: 100n }, 1)}%`}
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

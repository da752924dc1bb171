import { formatSupply } from '@/lib/format';

export interface SupplySlice {
  label: string;
  /** Base units. */
  amount: bigint;
  /** A CSS colour. */
  color: string;
}

/** part / total in hundredths of a percent, exactly (bigint), for the legend and the arcs. */
export function basisPoints(part: bigint, total: bigint): number {
  return total <= 0n ? 0 : Number((part * 10_000n) / total);
}

function percent(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;
}

const R = 42;
const C = 2 * Math.PI * R;

/**
 * The supply breakdown as a small SVG donut: each slice an arc of the ring in proportion to its
 * share of the total supply, with a legend that carries the figures (the chart is decorative for
 * screen readers; the legend is the data).
 */
export function SupplyDonut({ slices, total, decimals, symbol }: { slices: readonly SupplySlice[]; total: bigint; decimals: number; symbol: string }) {
  let offset = 0;
  return (
    <div className="flex flex-col items-center gap-5">
      <svg viewBox="0 0 100 100" className="h-36 w-36 shrink-0 -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={R} fill="none" stroke="rgb(255 255 255 / 0.08)" strokeWidth="12" />
        {slices.map((s) => {
          const len = (basisPoints(s.amount, total) / 10_000) * C;
          const arc = (
            <circle
              key={s.label}
              cx="50"
              cy="50"
              r={R}
              fill="none"
              stroke={s.color}
              strokeWidth="12"
              strokeDasharray={`${len} ${C - len}`}
              strokeDashoffset={-offset}
            />
          );
          offset += len;
          return arc;
        })}
      </svg>
      <ul className="w-full space-y-2 text-sm" aria-label="Supply breakdown">
        {slices.map((s) => (
          <li key={s.label} className="flex items-center gap-3" data-testid="supply-slice">
            <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: s.color }} />
            <span className="min-w-0 flex-1 text-muted">{s.label}</span>
            <span className="shrink-0 text-right font-mono text-white">
              {formatSupply(s.amount, decimals)} {symbol}
            </span>
            <span className="w-16 shrink-0 text-right font-mono text-muted">{percent(basisPoints(s.amount, total))}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { Card } from '@/components/ui/card';
import { useMarketStats } from '@/features/stats/api/use-market-stats';
import { fmt2Grouped, formatInteger } from '@/lib/amounts';

/** A percent move with 2 decimals; a move that rounds to zero shows as an unsigned 0.00%. */
function pct(v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  if (Math.abs(v) < 0.005) return '0.00%';
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;
}

function Stat({ label, value, tone = 'text-white', testId }: { label: string; value: string; tone?: string; testId: string }) {
  return (
    <Card className="p-4">
      <p className="text-[10px] font-bold tracking-[0.2em] text-muted uppercase">{label}</p>
      <p className={`mt-1 font-mono text-xl font-bold ${tone}`} data-testid={testId}>
        {value}
      </p>
    </Card>
  );
}

/** 24 h change, volume, buys and sells, and holders of LUCKY, from the event index. */
export function MarketCards({ supraDecimals = 8 }: { supraDecimals?: number }) {
  const q = useMarketStats();
  const d = q.data;
  const raw = d?.change24h ?? null;
  const change = raw !== null && Math.abs(raw) < 0.005 ? 0 : raw;
  const tone = change === null ? 'text-white' : change > 0 ? 'text-neon-green' : change < 0 ? 'text-red-300' : 'text-white';
  if (q.isError) return <p className="text-sm text-muted">24 h figures could not be loaded.</p>;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={q.isPending}>
      <Stat label="24h change" value={d ? pct(change) : '…'} tone={tone} testId="stat-change" />
      <Stat label="24h volume" value={d ? `${fmt2Grouped(d.volume24hQuote, supraDecimals)} SUPRA` : '…'} testId="stat-volume" />
      <Stat label="24h buys / sells" value={d ? `${formatInteger(d.buys24h)} / ${formatInteger(d.sells24h)}` : '…'} testId="stat-trades" />
      <Stat label="Holders" value={d?.holders !== undefined ? formatInteger(d.holders) : '…'} testId="stat-holders" />
    </div>
  );
}

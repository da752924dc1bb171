import { useDeferredValue } from 'react';
import { Card } from '@/components/ui/card';
import { useLuckyDashboard } from '@/features/stats/api/use-lucky-dashboard';
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

/**
 * 24 h change, volume, buys and sells, and holders of LUCKY: the event index's figures in
 * GET /api/v1/market/lucky. Without an index they are null, and the cards say so instead of 0.
 */
export function MarketCards({ supraDecimals = 8 }: { supraDecimals?: number }) {
  const { query: q } = useLuckyDashboard();
  // Drawn from a deferred copy of the answer, in slices, like the rest of the screen (stats-content.tsx).
  const d = useDeferredValue(q.data);
  if (q.isError) return <p className="text-sm text-muted">24 h figures could not be loaded.</p>;
  if (d && d.indexedHeight === null) {
    return (
      <p className="panel p-4 text-sm text-muted" data-testid="stat-index-off">
        24 h change, volume, trades and holders come from the event index, which is not running on this server.
      </p>
    );
  }
  const raw = d?.change24h ?? null;
  const change = raw !== null && Math.abs(raw) < 0.005 ? 0 : raw;
  const tone = change === null ? 'text-white' : change > 0 ? 'text-neon-green' : change < 0 ? 'text-red-300' : 'text-white';
  const loaded = d !== undefined;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={d === undefined}>
      <Stat label="24h change" value={loaded ? pct(change) : '…'} tone={tone} testId="stat-change" />
      <Stat label="24h volume" value={loaded ? `${fmt2Grouped(d.volume24hQuote ?? '0', supraDecimals)} SUPRA` : '…'} testId="stat-volume" />
      <Stat
        label="24h buys / sells"
        value={loaded ? `${formatInteger(d.buys24h ?? 0)} / ${formatInteger(d.sells24h ?? 0)}` : '…'}
        testId="stat-trades"
      />
      <Stat label="Holders" value={loaded && d.holders !== null ? formatInteger(d.holders) : '…'} testId="stat-holders" />
    </div>
  );
}

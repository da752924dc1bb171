import { useRef } from 'react';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { txPath } from '@/lib/paths';
import { useSpinHistory } from '@/features/slots/api/use-history';
import type { HistoryResponse, HistorySpin, SlotToken } from '@/types/api';
import { fmt2Grouped, safeBigInt } from '@/lib/amounts';

/** A connected player's last plays, for RecentSpins (recent-spins.tsx). */
export function RecentSpinsList({ address, tokens, frozen }: { address: string; tokens: readonly SlotToken[]; frozen: boolean }) {
  const history = useSpinHistory(address);
  const shown = useRef<HistoryResponse | undefined>(undefined);
  if (!frozen || !shown.current) shown.current = history.data;
  const data = shown.current;
  const decimalsOf = (s: HistorySpin) => tokens.find((t) => t.coinType === s.coinType || t.name === s.token)?.decimals ?? 0;

  return (
    <div className="relative">
      {history.isFetching && !frozen && (
        <Spinner size={16} label="Loading recent spins" className="absolute -top-9 right-0 text-neon-cyan" />
      )}
      {history.isError ? (
        <p className="text-sm text-muted">Recent spins could not be loaded.</p>
      ) : data && data.spins.length === 0 ? (
        <p className="text-sm text-muted">No spins yet. Your plays will show up here, each with its transaction.</p>
      ) : (
        <ul className="max-h-[28rem] space-y-2 overflow-y-auto" aria-label="Your recent plays">
          {(data?.spins ?? []).map((s) => {
            const d = decimalsOf(s);
            const net = safeBigInt(s.net) ?? 0n;
            return (
              <li key={s.txHash} className="rounded-xl border border-white/10 bg-ink-900/60 px-3 py-2 text-sm" data-testid="recent-spin">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-bold text-white">
                    {String(s.spins)}× {fmt2Grouped(s.betPerSpin, d)} {s.token}
                    {s.status !== 'Success' && <span className="ml-1 text-xs font-normal text-red-300">({s.status})</span>}
                  </span>
                  <span className="shrink-0 text-xs text-muted">{timeAgo(s.time)}</span>
                </div>
                <div className="mt-1 grid grid-cols-[1fr_1fr_1fr_auto] items-baseline gap-2 font-mono text-xs">
                  <span>
                    <span className="block font-sans text-[9px] tracking-[0.16em] text-muted uppercase">Wagered</span>
                    {fmt2Grouped(s.wagered, d)}
                  </span>
                  <span className="text-neon-gold">
                    <span className="block font-sans text-[9px] tracking-[0.16em] text-muted uppercase">Won</span>
                    {fmt2Grouped(s.won, d)}
                  </span>
                  <span className={net > 0n ? 'text-neon-green' : net < 0n ? 'text-red-300' : 'text-white'}>
                    <span className="block font-sans text-[9px] tracking-[0.16em] text-muted uppercase">Net</span>
                    {net > 0n ? '+' : ''}
                    {fmt2Grouped(net, d)}
                  </span>
                  <Link
                    to={txPath(s.txHash)}
                    className="self-center rounded-md px-1.5 py-1 font-sans text-xs font-bold text-neon-cyan underline-offset-2 hover:bg-neon-cyan/10 hover:underline"
                    aria-label={`Transaction ${s.txHash.slice(0, 10)}`}
                  >
                    Tx ↗
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** "12s ago", "5m ago", "3h ago", else a date. `time` is RFC 3339, or micro/milli/seconds. */
function timeAgo(time: string | number): string {
  const ms = toMs(time);
  if (ms === null) return '';
  const diff = Math.max(0, Date.now() - ms) / 1000;
  if (diff < 60) return `${Math.floor(diff)}s ago`;
  if (diff < 3600) return `${Math.floor(diff / 60)}m ago`;
  if (diff < 86400) return `${Math.floor(diff / 3600)}h ago`;
  return new Date(ms).toLocaleDateString();
}

function toMs(time: string | number): number | null {
  if (typeof time === 'string' && !/^\d+$/.test(time)) {
    const t = Date.parse(time);
    return Number.isNaN(t) ? null : t;
  }
  const n = Number(time);
  if (!Number.isFinite(n)) return null;
  if (n > 1e14) return n / 1000;
  if (n > 1e11) return n;
  return n * 1000;
}

import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { txPath } from '@/lib/paths';
import { useSpinHistory } from '@/features/slots/api/use-history';
import type { HistorySpin, SlotToken } from '@/features/slots/types';
import { fmt2Grouped, safeBigInt } from '@/features/slots/utils/amounts';

/** The player's last plays (GET /api/v1/slots/history) with wagered, won and net. */
export function RecentSpins({ address, tokens }: { address: string | null; tokens: readonly SlotToken[] }) {
  const history = useSpinHistory(address);
  const decimalsOf = (s: HistorySpin) =>
    tokens.find((t) => t.coinType === s.coinType || t.name === s.token)?.decimals ?? 0;

  return (
    <section aria-labelledby="recent-spins-title" className="panel p-4 sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="recent-spins-title" className="font-display text-lg font-extrabold tracking-wide text-white">
          Recent Spins
        </h2>
        {history.isFetching && <Spinner size={16} label="Loading recent spins" className="text-neon-cyan" />}
      </div>
      {!address ? (
        <p className="text-sm text-muted">Connect your wallet to see your recent spins.</p>
      ) : history.isError ? (
        <p className="text-sm text-muted">Recent spins could not be loaded.</p>
      ) : history.data && history.data.spins.length === 0 ? (
        <p className="text-sm text-muted">No spins yet. Your plays will show up here, each with its transaction.</p>
      ) : (
        <div className="-mx-1 overflow-x-auto">
          <table className="w-full min-w-[30rem] text-sm">
            <thead className="text-left text-[10px] tracking-[0.16em] text-muted uppercase">
              <tr>
                <th scope="col" className="px-1 py-1.5">When</th>
                <th scope="col" className="px-1 py-1.5">Play</th>
                <th scope="col" className="px-1 py-1.5 text-right">Wagered</th>
                <th scope="col" className="px-1 py-1.5 text-right">Won</th>
                <th scope="col" className="px-1 py-1.5 text-right">Net</th>
                <th scope="col" className="px-1 py-1.5 text-right">Tx</th>
              </tr>
            </thead>
            <tbody>
              {(history.data?.spins ?? []).map((s) => {
                const d = decimalsOf(s);
                const net = safeBigInt(s.net) ?? 0n;
                return (
                  <tr key={s.txHash} className="border-t border-white/5">
                    <td className="px-1 py-1.5 whitespace-nowrap text-muted">{timeAgo(s.time)}</td>
                    <td className="px-1 py-1.5 whitespace-nowrap text-white">
                      {String(s.spins)}× {fmt2Grouped(s.betPerSpin, d)} {s.token}
                      {s.status !== 'Success' && <span className="ml-1 text-xs text-red-300">({s.status})</span>}
                    </td>
                    <td className="px-1 py-1.5 text-right font-mono whitespace-nowrap">{fmt2Grouped(s.wagered, d)}</td>
                    <td className="px-1 py-1.5 text-right font-mono whitespace-nowrap text-neon-gold">{fmt2Grouped(s.won, d)}</td>
                    <td className={`px-1 py-1.5 text-right font-mono whitespace-nowrap ${net > 0n ? 'text-neon-green' : net < 0n ? 'text-red-300' : 'text-white'}`}>
                      {net > 0n ? '+' : ''}
                      {fmt2Grouped(net, d)}
                    </td>
                    <td className="px-1 py-1.5 text-right">
                      <Link to={txPath(s.txHash)} className="font-mono text-xs text-neon-cyan underline-offset-2 hover:underline">
                        {s.txHash.slice(0, 8)}…
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** "12s ago", "5m ago", "3h ago", else a date. `time` is microseconds, milliseconds or ISO. */
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
  if (n > 1e14) return n / 1000; // microseconds
  if (n > 1e11) return n; // milliseconds
  return n * 1000; // seconds
}

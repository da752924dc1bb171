import { useDeferredValue } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useBurnLeaderboard } from '@/features/burn/api/use-burn-leaderboard';
import { fmt2Grouped } from '@/lib/amounts';
import { AddressLink } from '@/components/ui/chain-link';
import { useAppConfig } from '@/lib/config';

/** Burners of LUCKY ranked by total burned. */
export function BurnLeaderboard({ decimals = 6 }: { decimals?: number }) {
  const q = useBurnLeaderboard('LUCKY', 10);
  // An answer re-renders its reader in one task; the rows draw from a deferred copy instead, which
  // React renders in slices. The config is read here once for every row's link.
  const data = useDeferredValue(q.data);
  const network = useAppConfig().data?.network ?? null;
  return (
    <section aria-labelledby="burn-leaderboard-title" className="panel p-4 sm:p-5">
      <h2 id="burn-leaderboard-title" className="mb-3 font-display text-lg font-extrabold tracking-wide text-white">
        LUCKY burn leaderboard
      </h2>
      {q.isError ? (
        <p className="text-sm text-muted">The leaderboard could not be loaded.</p>
      ) : !data ? (
        <Spinner label="Loading the leaderboard" className="text-neon-cyan" />
      ) : data.leaders.length === 0 ? (
        <p className="text-sm text-muted">Nobody has burned LUCKY yet.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Top LUCKY burners</caption>
          <thead>
            <tr className="text-left text-[10px] tracking-[0.16em] text-muted uppercase">
              <th scope="col" className="py-2 pr-2">#</th>
              <th scope="col" className="py-2 pr-2">Burner</th>
              <th scope="col" className="py-2 pr-2 text-right">Burns</th>
              <th scope="col" className="py-2 text-right">LUCKY burned</th>
            </tr>
          </thead>
          <tbody>
            {data.leaders.map((l) => (
              <tr key={l.burner} className="border-t border-white/5" data-testid="burn-leader">
                <td className="py-2 pr-2 text-muted">{l.rank}</td>
                <td className="py-2 pr-2 font-mono">
                  <AddressLink address={l.burner} network={network} />
                </td>
                <td className="py-2 pr-2 text-right font-mono">{l.burns}</td>
                <td className="py-2 text-right font-mono text-neon-gold">{fmt2Grouped(l.total, decimals)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

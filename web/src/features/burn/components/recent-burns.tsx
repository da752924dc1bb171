import { useDeferredValue } from 'react';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { useBurns } from '@/features/burn/api/use-burns';
import { fmt2Grouped } from '@/lib/amounts';
import { formatDateTimeUS } from '@/lib/format';
import { AddressLink } from '@/components/ui/chain-link';
import { burnCertificatePath } from '@/lib/paths';
import { useAppConfig } from '@/lib/config';

/** How many of the latest burns the list shows. */
export const RECENT_BURNS = 10;

/** The latest burns of every token, from the event index. */
export function RecentBurns() {
  const q = useBurns(RECENT_BURNS);
  // An answer re-renders its reader in one task; the rows draw from a deferred copy instead, which
  // React renders in slices. The config is read here once for every row's link.
  const data = useDeferredValue(q.data);
  const network = useAppConfig().data?.network ?? null;
  return (
    <section aria-labelledby="recent-burns-title" className="panel p-4 sm:p-5">
      <h2 id="recent-burns-title" className="mb-3 font-display text-lg font-extrabold tracking-wide text-white">
        Recent burns
      </h2>
      {q.isError ? (
        <p className="text-sm text-muted">Recent burns could not be loaded.</p>
      ) : !data ? (
        // Seen only when the list took longer than the page waits for it (burn-content.tsx).
        <Spinner label="Loading recent burns" className="text-neon-cyan" />
      ) : data.burns.length === 0 ? (
        <p className="text-sm text-muted">No burns yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Recent burns">
          {data.burns.map((b) => (
            <li
              key={`${b.txHash}-${b.token.coinType}`}
              data-testid="recent-burn"
              className="flex items-center justify-between gap-3 rounded-xl border border-white/10 bg-ink-900/60 px-3 py-2 text-sm"
            >
              <span className="min-w-0 flex-1 overflow-hidden">
                <span className="font-mono font-bold text-neon-gold">
                  {fmt2Grouped(b.amount, b.token.decimals)} {b.token.name}
                </span>
                <span className="block truncate text-xs text-muted">
                  by <span className="font-mono"><AddressLink address={b.burner} network={network} /></span> · {formatDateTimeUS(new Date(b.timestamp))}
                </span>
              </span>
              <Link
                to={burnCertificatePath(b.txHash)}
                className="shrink-0 rounded-md px-1.5 py-1 text-xs font-bold text-neon-cyan hover:bg-neon-cyan/10 hover:underline"
                aria-label={`Burn certificate ${b.txHash.slice(0, 10)}`}
              >
                Certificate
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

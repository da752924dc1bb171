import { useDeferredValue } from 'react';
import { AddressLink } from '@/components/ui/chain-link';
import { Spinner } from '@/components/ui/spinner';
import { useHolders } from '@/lib/market/use-holders';
import { fmt2Grouped, formatInteger } from '@/lib/amounts';
import { useAppConfig } from '@/lib/config';

/** The largest LUCKY holders with their share of the total supply (burn address excluded). */
export function HoldersTable({ decimals = 6 }: { decimals?: number }) {
  const q = useHolders(20);
  // An answer re-renders its reader in one task; the rows draw from a deferred copy instead, which
  // React renders in slices. The config is read here once for every row's link.
  const data = useDeferredValue(q.data);
  const network = useAppConfig().data?.network ?? null;
  return (
    <section aria-labelledby="holders-title" className="panel p-4 sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="holders-title" className="font-display text-lg font-extrabold tracking-wide text-white">
          Top holders
        </h2>
        {data && <span className="text-xs text-muted">{formatInteger(data.holderCount)} holders</span>}
      </div>
      {q.isError ? (
        <p className="text-sm text-muted">Holders could not be loaded.</p>
      ) : !data ? (
        <Spinner label="Loading holders" className="text-neon-cyan" />
      ) : data.holders.length === 0 ? (
        <p className="text-sm text-muted">No holders indexed yet.</p>
      ) : (
        <div className="overflow-x-auto">
          {/* Smaller type on phones: the share column must fit, not hide behind a sideways scroll. */}
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">Top LUCKY holders</caption>
            <thead>
              <tr className="text-left text-[10px] tracking-[0.16em] text-muted uppercase">
                <th scope="col" className="py-2 pr-2">#</th>
                <th scope="col" className="py-2 pr-2">Account</th>
                <th scope="col" className="py-2 pr-2 text-right">LUCKY</th>
                <th scope="col" className="py-2 text-right">% of supply</th>
              </tr>
            </thead>
            <tbody>
              {data.holders.map((h) => (
                <tr key={h.account} className="border-t border-white/5" data-testid="holder-row">
                  <td className="py-2 pr-2 text-muted">{h.rank}</td>
                  <td className="py-2 pr-2 font-mono">
                    <AddressLink address={h.account} network={network} />
                  </td>
                  <td className="py-2 pr-2 text-right font-mono text-white">{fmt2Grouped(h.balance, decimals)}</td>
                  <td className="py-2 text-right font-mono">{h.percentOfSupply}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

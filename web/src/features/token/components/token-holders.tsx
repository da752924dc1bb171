import { AddressLink } from '@/components/ui/chain-link';
import { Spinner } from '@/components/ui/spinner';
import { fmt2Grouped, formatInteger } from '@/lib/amounts';
import { useHolders } from '@/lib/market/use-holders';
import type { MarketToken } from '@/types/api';

/**
 * Holders: the count and the largest holders where the event index keeps them (LUCKY's); for any
 * other token the page says the index does not keep them, rather than show a number it does not have.
 */
export function TokenHolders({ token, indexOff }: { token: MarketToken; indexOff: boolean }) {
  return (
    <section aria-labelledby="holders-title" className="panel p-4 sm:p-5" data-testid="token-holders-panel">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="holders-title" className="font-display text-lg font-extrabold tracking-wide text-white">
          Top holders
        </h2>
        {token.holders !== null && <span className="text-xs text-muted">{formatInteger(token.holders)} holders</span>}
      </div>
      {indexOff ? (
        <p className="text-sm text-muted" data-testid="holders-index-off">
          Holders come from the event index, which has no figures for this page now (see above).
        </p>
      ) : token.holders === null ? (
        <p className="text-sm text-muted" data-testid="holders-not-indexed">
          The event index keeps holder balances for LUCKY only, so {token.symbol}&apos;s holders are not shown here. Its
          pool, trades and supply above are complete.
        </p>
      ) : (
        <HolderList token={token} />
      )}
    </section>
  );
}

function HolderList({ token }: { token: MarketToken }) {
  const q = useHolders(10);
  const data = q.data;
  if (q.isError) return <p className="text-sm text-muted">Holders could not be loaded.</p>;
  if (!data) return <Spinner label="Loading holders" className="text-neon-cyan" />;
  if (data.token !== token.name) return <p className="text-sm text-muted">The event index keeps holder balances for {data.token} only.</p>;
  if (data.holders.length === 0) return <p className="text-sm text-muted">No holders indexed yet.</p>;
  return (
    <ol className="space-y-1.5 text-xs sm:text-sm">
      {data.holders.map((h) => (
        <li key={h.account} className="border-t border-white/5 pt-1.5" data-testid="holder-row">
          <span className="block truncate font-mono">
            <span className="mr-2 text-muted">{h.rank}</span>
            <AddressLink address={h.account} />
          </span>
          <span className="block text-right font-mono text-white">
            {fmt2Grouped(h.balance, token.decimals)} {token.symbol} <span className="text-muted">({h.percentOfSupply}%)</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

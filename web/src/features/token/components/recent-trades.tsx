import { AddressLink, TxLink } from '@/components/ui/chain-link';
import { IndexProgress } from '@/components/ui/index-progress';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { fmt2Grouped, formatPrice } from '@/lib/amounts';
import { formatDateTimeUS } from '@/lib/format';
import type { MarketToken } from '@/types/api';
import { useTokenTrades } from '@/features/token/api/use-token-trades';

/** The token's latest trades in its SUPRA pool, newest first, from the event index. */
export function RecentTrades({ token, supraDecimals }: { token: MarketToken; supraDecimals: number }) {
  const q = useTokenTrades(token.name);
  const trades = q.data?.trades ?? [];
  return (
    <section aria-labelledby="trades-title" className="panel p-4 sm:p-5" data-testid="recent-trades">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="trades-title" className="font-display text-lg font-extrabold tracking-wide text-white">
          Recent trades
        </h2>
        {q.data && (
          <span className="text-xs text-muted">
            <IndexProgress indexed={q.data.indexedHeight} head={q.data.headHeight} />
          </span>
        )}
      </div>
      {q.isError ? (
        <p className="text-sm text-muted">
          {q.error instanceof ApiError && q.error.code === 'index_unavailable'
            ? 'Trades come from the event index, which is not running on this server.'
            : 'The trades could not be loaded.'}
        </p>
      ) : q.isPending ? (
        <Spinner label="Loading trades" className="text-neon-cyan" />
      ) : trades.length === 0 ? (
        <p className="text-sm text-muted">No {token.symbol} trades indexed yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">Latest {token.symbol} trades</caption>
            <thead>
              <tr className="text-left text-[10px] tracking-[0.16em] text-muted uppercase">
                <th scope="col" className="py-2 pr-2">Side</th>
                <th scope="col" className="py-2 pr-2 text-right">{token.symbol}</th>
                <th scope="col" className="py-2 pr-2 text-right">SUPRA</th>
                <th scope="col" className="hidden py-2 pr-2 text-right sm:table-cell">Price</th>
                <th scope="col" className="hidden py-2 pr-2 md:table-cell">Trader</th>
                <th scope="col" className="py-2 text-right">Time</th>
              </tr>
            </thead>
            <tbody>
              {trades.map((t) => (
                <tr key={`${t.txHash}-${t.height}-${t.amount}`} className="border-t border-white/5" data-testid="trade-row" data-side={t.side}>
                  <td className={`py-2 pr-2 font-bold uppercase ${t.side === 'buy' ? 'text-neon-green' : 'text-red-300'}`}>{t.side}</td>
                  <td className="py-2 pr-2 text-right font-mono text-white" data-testid="trade-amount">{fmt2Grouped(t.amount, token.decimals)}</td>
                  <td className="py-2 pr-2 text-right font-mono text-white" data-testid="trade-quote">{fmt2Grouped(t.amountQuote, supraDecimals)}</td>
                  <td className="hidden py-2 pr-2 text-right font-mono sm:table-cell">{formatPrice(t.priceSupra).slice(1)}</td>
                  <td className="hidden py-2 pr-2 font-mono md:table-cell">
                    <AddressLink address={t.trader} />
                  </td>
                  <td className="py-2 text-right whitespace-nowrap">
                    <TxLink hash={t.txHash} className="text-neon-cyan hover:underline" label={`Transaction ${t.txHash}`}>
                      <TradeTime iso={t.time} />
                    </TxLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The trade's date and time; on a phone the time only (the list is the latest trades), the date in its title. */
function TradeTime({ iso }: { iso: string }) {
  const full = formatDateTimeUS(new Date(iso));
  const [date = '', time = full] = full.split(', ');
  return (
    <span title={full}>
      <span className="hidden sm:inline">{date}, </span>
      {time}
    </span>
  );
}

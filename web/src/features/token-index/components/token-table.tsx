import { Link } from '@/components/ui/link';
import { TokenLogo } from '@/components/ui/token-logo';
import { truncateName } from '@/lib/amounts';
import { caps, changeText, changeTone, liquidityText, supply, supraPrice, usdPrice, volumeText, USD_UNAVAILABLE } from '@/lib/market/format';
import { tokenPath } from '@/lib/paths';
import type { RankedToken } from '@/features/token-index/utils/sort';

const th = 'px-3 py-3 text-[11px] font-bold tracking-[0.1em] text-muted uppercase';

/** The index as a table (tablet and desktop), columns of docs/product.md, Token index. */
export function TokenTable({ rows, supraDecimals = 8 }: { rows: readonly RankedToken[]; supraDecimals?: number }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-white/10 bg-ink-800/85 md:block">
      <table className="w-full min-w-[980px] border-collapse text-sm" data-testid="token-table">
        <caption className="sr-only">Tokens ranked by the selected order</caption>
        <thead className="border-b border-white/10 bg-ink-900/60">
          <tr>
            <th scope="col" className={`${th} w-14 text-left`}>#</th>
            <th scope="col" className={`${th} text-left`}>Token</th>
            <th scope="col" className={`${th} text-right`}>Price (USD)</th>
            <th scope="col" className={`${th} text-right`}>Price (SUPRA)</th>
            <th scope="col" className={`${th} text-right`}>24h</th>
            <th scope="col" className={`${th} text-right`}>Volume (24h)</th>
            <th scope="col" className={`${th} text-right`}>Liquidity</th>
            <th scope="col" className={`${th} text-right`}>Total Supply</th>
            <th scope="col" className={`${th} text-right`}>MarketCap (FDV)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const usd = usdPrice(r);
            const c = caps(r);
            return (
              <tr key={r.coinType} className="border-b border-white/5 last:border-0 hover:bg-white/[0.03]" data-testid="token-row">
                <td className="px-3 py-3 font-mono text-muted" data-testid="token-rank">{r.rank}</td>
                <th scope="row" className="px-3 py-3 text-left font-normal">
                  <Link to={tokenPath(r.symbol)} className="group flex items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-neon-cyan" data-testid="token-link">
                    <TokenLogo src={r.logo} name={r.name} size={32} />
                    <span className="min-w-0">
                      <span className="block font-bold text-white group-hover:text-neon-cyan group-hover:underline" title={r.name} data-testid="token-name">{truncateName(r.name)}</span>
                      <span className="block truncate font-mono text-[11px] text-muted" title={r.coinType}>
                        {r.symbol}
                      </span>
                    </span>
                  </Link>
                </th>
                <td className="px-3 py-3 text-right font-mono text-white" data-testid="price-usd" title={r.usdRoute ? `Via ${r.usdRoute}` : undefined}>
                  {usd ?? <span className="text-muted" title={USD_UNAVAILABLE}>—</span>}
                </td>
                <td className="px-3 py-3 text-right font-mono text-white" data-testid="price-supra" title={r.priceRoute ? `From the ${r.priceRoute} pool` : undefined}>{supraPrice(r)}</td>
                <td className={`px-3 py-3 text-right font-mono ${changeTone(r.change24h)}`} data-testid="change-24h">{changeText(r.change24h)}</td>
                <td className="px-3 py-3 text-right font-mono whitespace-nowrap text-white" data-testid="volume-24h">{volumeText(r, supraDecimals)}</td>
                <td className="px-3 py-3 text-right font-mono whitespace-nowrap text-white" data-testid="liquidity">{liquidityText(r, supraDecimals)}</td>
                <td className="px-3 py-3 text-right font-mono text-white" data-testid="total-supply">{supply(r)}</td>
                <td className="px-3 py-3 text-right font-mono" data-testid="market-cap">
                  <span className="block font-bold text-neon-gold">{c.marketCap}</span>
                  <span className="block text-[11px] text-muted">FDV {c.fdv}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

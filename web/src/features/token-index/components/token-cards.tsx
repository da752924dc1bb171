import { Link } from '@/components/ui/link';
import { TokenLogo } from '@/components/ui/token-logo';
import { truncateName } from '@/lib/amounts';
import { caps, changeText, changeTone, liquidityText, supply, supraPrice, usdPrice, volumeText, USD_UNAVAILABLE } from '@/lib/market/format';
import { tokenPath } from '@/lib/paths';
import type { RankedToken } from '@/features/token-index/utils/sort';

function Field({ label, value, testId, strong = false, wide = false, tone = 'text-white' }: { label: string; value: string; testId: string; strong?: boolean; wide?: boolean; tone?: string }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-[10px] font-bold tracking-[0.14em] text-muted uppercase">{label}</dt>
      <dd className={`truncate font-mono text-sm ${strong ? 'font-bold text-neon-gold' : tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The index as cards (phones), one per token with the same figures as the table. */
export function TokenCards({ rows, supraDecimals = 8 }: { rows: readonly RankedToken[]; supraDecimals?: number }) {
  return (
    <ol className="space-y-3 md:hidden" aria-label="Tokens ranked by the selected order">
      {rows.map((r) => {
        const c = caps(r);
        return (
          <li key={r.coinType} className="rounded-2xl border border-white/10 bg-ink-800/85 p-4" data-testid="token-card">
            <Link to={tokenPath(r.symbol)} className="mb-3 flex items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-neon-cyan" data-testid="token-link">
              <span className="w-7 shrink-0 font-mono text-sm text-muted" data-testid="token-rank">#{r.rank}</span>
              <TokenLogo src={r.logo} name={r.name} size={32} />
              <span className="min-w-0">
                <span className="block font-bold text-white" title={r.name} data-testid="token-name">{truncateName(r.name)}</span>
                <span className="block font-mono text-[11px] text-muted">{r.symbol}</span>
              </span>
              <span className={`ml-auto shrink-0 font-mono text-sm font-bold ${changeTone(r.change24h)}`} title="24 hour change" data-testid="change-24h">{changeText(r.change24h)}</span>
              <span aria-hidden="true" className="shrink-0 text-muted">›</span>
            </Link>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
              <Field label="Price (USD)" value={usdPrice(r) ?? USD_UNAVAILABLE} testId="price-usd" />
              <Field label="Price (SUPRA)" value={supraPrice(r)} testId="price-supra" />
              <Field label="Volume (24h)" value={volumeText(r, supraDecimals)} testId="volume-24h" />
              <Field label="Liquidity" value={liquidityText(r, supraDecimals)} testId="liquidity" />
              <Field label="Total Supply" value={supply(r)} testId="total-supply" />
              <Field label="MarketCap (FDV)" value={`${c.marketCap} (FDV ${c.fdv})`} testId="market-cap" strong wide />
            </dl>
          </li>
        );
      })}
    </ol>
  );
}

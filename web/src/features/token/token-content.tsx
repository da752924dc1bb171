import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PriceChart } from '@/components/price-chart/price-chart';
import { buttonClasses } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { TokenLogo } from '@/components/ui/token-logo';
import { UpdatedAgo } from '@/components/ui/updated-ago';
import { fmt2Grouped, formatInteger } from '@/lib/amounts';
import { useAppConfig } from '@/lib/config';
import { plural } from '@/lib/format';
import { caps, changeText, changeTone, liquidityText, supraCompact, supraPrice, usdPrice, USD_UNAVAILABLE } from '@/lib/market/format';
import { useMarketTokens } from '@/lib/market/use-market-tokens';
import { paths, swapPairPath } from '@/lib/paths';
import type { MarketToken, MarketTokensResponse } from '@/types/api';
import { RecentTrades } from '@/features/token/components/recent-trades';
import { TokenHolders } from '@/features/token/components/token-holders';

/** Why the server leaves a registry token out of the index, as the page says it. */
const NOT_LISTED: Record<string, string> = {
  no_pool: 'it has no Dexlyn pool with SUPRA',
  empty_pool: 'its Dexlyn pool with SUPRA is empty',
  unreadable: 'its pool could not be read from the chain just now',
};

function Stat({ label, value, detail, tone = 'text-white', testId }: { label: string; value: string; detail?: string; tone?: string; testId: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-ink-800/85 p-4">
      <p className="text-[10px] font-bold tracking-[0.2em] text-muted uppercase">{label}</p>
      <p className={`mt-1 font-mono text-lg font-bold break-words sm:text-xl ${tone}`} data-testid={testId}>
        {value}
      </p>
      {detail && <p className="mt-1 font-mono text-xs break-words text-muted">{detail}</p>}
    </div>
  );
}

function Missing({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-white/10 bg-ink-800/85 p-8 text-center" data-testid="token-not-found">
      <h2 className="font-display text-2xl font-bold text-white">{title}</h2>
      <p className="mt-2 text-muted">{children}</p>
      <Link to={paths.tokenIndex} className={buttonClasses('secondary', 'md', 'mt-6')}>
        See every listed token
      </Link>
    </section>
  );
}

/** The header card: the token, its price and 24 h move, and the Trade button. */
function Summary({ row, data }: { row: MarketToken; data: MarketTokensResponse }) {
  const usd = usdPrice(row);
  const native = row.reserves.token === '0' && row.reserves.supra === '0';
  return (
    <section aria-label={`${row.name} price`} className="flex flex-col gap-5 rounded-3xl border border-white/10 bg-ink-800/85 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex min-w-0 items-center gap-4">
        <TokenLogo src={row.logo} name={row.name} size={56} />
        <div className="min-w-0">
          <h2 className="truncate font-display text-2xl font-extrabold text-white" data-testid="token-name">
            {row.name}
          </h2>
          <p className="truncate font-mono text-xs text-muted" title={row.coinType}>
            {row.symbol} · rank #{row.rank}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3 sm:justify-end">
        <div className="min-w-0">
          <p className="font-mono text-3xl font-black text-white tabular-nums" data-testid="token-price-usd">
            {usd ?? <span className="text-xl text-muted">{USD_UNAVAILABLE}</span>}
          </p>
          <p className="font-mono text-sm text-muted" data-testid="token-price-supra">
            {supraPrice(row)} SUPRA{' '}
            <span className={`ml-2 font-bold ${changeTone(row.change24h)}`} data-testid="token-change">
              {changeText(row.change24h)}
            </span>{' '}
            <span className="text-xs">24h</span>
          </p>
          {row.priceRoute && (
            <p className="mt-1 text-xs text-muted" data-testid="token-price-route">
              {row.usdRoute ? `Price via ${row.usdRoute} on Dexlyn` : `Price from the ${row.priceRoute} pool on Dexlyn`}
            </p>
          )}
          <p className="mt-1 text-xs text-muted">
            <UpdatedAgo iso={data.updatedAt} stale={data.stale} />
          </p>
        </div>
        {!native && (
          <Link to={swapPairPath(row.name)} className={buttonClasses('primary', 'lg')} data-testid="trade-button">
            Trade {row.symbol}
          </Link>
        )}
      </div>
    </section>
  );
}

/**
 * One listed token's market (docs/product.md, Token pages): price and 24 h move, volume, liquidity,
 * market cap, holders where the index keeps them, the price chart and the latest trades, with a
 * Trade button that opens the swap on the token's SUPRA pair.
 */
export function TokenContent() {
  const symbol = useParams().symbol ?? '';
  const { query } = useMarketTokens();
  const config = useAppConfig();
  const supraDecimals = config.data?.tokens.find((t) => t.symbol === 'SUPRA')?.decimals ?? 8;
  const data = query.data;

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading token data" className="text-neon-cyan" />
      </div>
    );
  }
  if (!data) {
    return (
      <p className="rounded-2xl border border-white/10 bg-ink-800/85 p-6 text-center text-muted" role="alert">
        The market data could not be loaded. Try again in a moment.
      </p>
    );
  }
  const key = symbol.toLowerCase();
  const row = data.tokens.find((t) => t.symbol.toLowerCase() === key);
  if (!row) {
    const skipped = data.skipped.find((s) => s.symbol.toLowerCase() === key);
    return skipped ? (
      <Missing title={`${skipped.name} is not listed`}>
        {skipped.name} has no market page: {NOT_LISTED[skipped.reason] ?? 'it has no usable pool'}.
      </Missing>
    ) : (
      <Missing title="Token not found">No listed token has the symbol “{symbol}”.</Missing>
    );
  }

  const native = row.reserves.token === '0' && row.reserves.supra === '0';
  const indexOff = data.indexedHeight === null;
  const c = caps(row);
  return (
    <div className="space-y-6">
      <Summary row={row} data={data} />
      {data.usdUnavailable && (
        <p role="note" className="rounded-xl border border-neon-gold/50 bg-neon-gold/10 px-4 py-3 text-sm text-neon-gold">
          {data.usdUnavailable.reason}: {data.usdUnavailable.detail}. Values are shown in SUPRA.
        </p>
      )}
      {indexOff && (
        <p role="note" className="rounded-xl border border-white/10 bg-ink-800/85 px-4 py-3 text-sm text-muted" data-testid="token-index-off">
          24 h change, volume, trades and holders come from the event index, which is off on this server or has not indexed a block yet (it starts again from the first block after a chain reset).
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="token-stats">
        <Stat
          label="24h volume"
          value={supraCompact(row.volume24hQuote, supraDecimals)}
          detail={row.volume24h === null ? undefined : `${fmt2Grouped(row.volume24h, row.decimals)} ${row.symbol} · ${formatInteger(row.buys24h ?? 0)} ${plural(row.buys24h ?? 0, 'buy')} / ${formatInteger(row.sells24h ?? 0)} ${plural(row.sells24h ?? 0, 'sell')}`}
          testId="token-volume"
        />
        <Stat
          label="Liquidity"
          value={native ? '—' : liquidityText(row, supraDecimals)}
          detail={native ? 'SUPRA is the quote of every pool' : `${supraCompact(row.liquiditySupra, supraDecimals)} · ${fmt2Grouped(row.reserves.token, row.decimals)} ${row.symbol} in the pool`}
          testId="token-liquidity"
        />
        <Stat label="Market cap" value={c.marketCap} detail={`FDV ${c.fdv}`} tone="text-neon-gold" testId="token-market-cap" />
        <Stat
          label="Holders"
          value={row.holders === null ? '—' : formatInteger(row.holders)}
          detail={row.holders === null ? 'Indexed for LUCKY only' : 'Burn address excluded'}
          testId="token-holders"
        />
      </div>
      {!native && <PriceChart key={row.name} token={row.name} quoteDecimals={supraDecimals} />}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">{!native && <RecentTrades token={row} supraDecimals={supraDecimals} />}</div>
        <TokenHolders token={row} indexOff={indexOff} />
      </div>
    </div>
  );
}

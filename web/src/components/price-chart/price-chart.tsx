import { lazy, Suspense, useRef, useState } from 'react';
import { ExternalLink } from '@/components/ui/external-link';
import { IndexProgress } from '@/components/ui/index-progress';
import { ApiError } from '@/lib/api';
import { Spinner } from '@/components/ui/spinner';
import { useCandles } from '@/components/price-chart/use-candles';
import { hasUsd, priceText, type Quote } from '@/components/price-chart/candle-chart-format';
import { useIdle } from '@/lib/use-idle';
import { useNearViewport } from '@/lib/use-near-viewport';
import type { CandleInterval } from '@/types/api';

const CandleChart = lazy(() => import('@/components/price-chart/candle-chart'));

const INTERVALS: CandleInterval[] = ['1m', '5m', '1h', '1d'];
const QUOTES: Quote[] = ['SUPRA', 'USD'];

function Toggle<T extends string>({ label, options, value, onChange }: { label: string; options: T[]; value: T; onChange: (v: T) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-xl border border-white/10 bg-ink-900/70 p-1">
      {options.map((o) => (
        <button
          key={o}
          type="button"
          aria-pressed={o === value}
          onClick={() => onChange(o)}
          className={`rounded-lg px-3 py-1.5 text-xs font-bold tracking-wide transition focus-visible:outline-2 focus-visible:outline-neon-cyan ${
            o === value ? 'bg-neon-violet/30 text-white' : 'text-muted hover:text-white'
          }`}
        >
          {o}
        </button>
      ))}
    </div>
  );
}

function ChartLoading() {
  return (
    <div className="flex h-full items-center justify-center">
      <Spinner label="Loading chart" className="text-neon-cyan" />
    </div>
  );
}

/**
 * A TOKEN/SUPRA pool's candles with volume, from the event index (on /stats for LUCKY, beside the
 * swap for the pair's token): interval and USD/SUPRA toggles. Closes are the pool's spot price
 * after each trade.
 */
export function PriceChart({ token = 'LUCKY', quoteDecimals = 8, compact = false }: { token?: string; quoteDecimals?: number; compact?: boolean }) {
  const [interval, setInterval] = useState<CandleInterval>('1h');
  const [quote, setQuote] = useState<Quote>('SUPRA');
  const q = useCandles(interval, `${token}-SUPRA`);
  const candles = q.data?.candles ?? [];
  const usdCount = candles.filter(hasUsd).length;
  const last = [...candles].reverse().find((k) => quote === 'SUPRA' || hasUsd(k));
  // In USD, candles without a dollar price are left out and the server's note says why.
  const usdNote = quote === 'USD' && usdCount < candles.length ? (q.data?.usdNote ?? 'Some trades have no USD price.') : null;
  const lastClose = last ? (quote === 'USD' ? (last.closeUsd ?? 0) : last.close) : null;
  // The canvas (lightweight-charts, the largest chunk of the app) loads once the page has painted
  // and is idle, and only when the chart is on screen, or about to be once the reader scrolls.
  // Until it is near, the box stays empty at its height: no spinner turns (and keeps the browser
  // drawing frames) where nobody can see it and nothing is loading.
  const box = useRef<HTMLDivElement>(null);
  const idle = useIdle();
  const near = useNearViewport(box);

  return (
    <section aria-labelledby="price-chart-title" className="panel p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="price-chart-title" className="font-display text-lg font-extrabold tracking-wide text-white">
            {token} / SUPRA
          </h2>
          <p className="text-sm text-muted">
            Last close{' '}
            <span data-testid="chart-last-close" className="font-mono font-bold text-white">
              {lastClose === null ? '—' : priceText(lastClose, quote)}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Toggle label="Candle interval" options={INTERVALS} value={interval} onChange={setInterval} />
          <Toggle label="Quote currency" options={QUOTES} value={quote} onChange={setQuote} />
        </div>
      </div>
      <div
        ref={box}
        role="img"
        aria-label={`${token} price in ${quote}, ${interval} candles with volume`}
        className={`relative w-full ${compact ? 'h-64 sm:h-80' : 'h-72 sm:h-96'}`}
        data-testid="price-chart"
        data-candles={quote === 'USD' ? usdCount : candles.length}
        data-quote={quote}
      >
        {q.isError ? (
          <p className="flex h-full items-center justify-center px-4 text-center text-sm text-muted">
            {q.error instanceof ApiError && q.error.code === 'index_unavailable'
              ? 'Price history comes from the event index, which is not running on this server.'
              : 'The price history could not be loaded.'}
          </p>
        ) : q.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading price history" className="text-neon-cyan" />
          </div>
        ) : candles.length === 0 ? (
          <p className="flex h-full items-center justify-center px-4 text-center text-sm text-muted">
            No {token} trades indexed in this period yet.
          </p>
        ) : quote === 'USD' && usdCount === 0 ? (
          <p className="flex h-full items-center justify-center px-4 text-center text-sm text-muted" data-testid="chart-usd-note">
            {usdNote}
          </p>
        ) : !near ? null : !idle ? (
          <ChartLoading />
        ) : (
          <Suspense fallback={<ChartLoading />}>
            <CandleChart candles={candles} quote={quote} quoteDecimals={quoteDecimals} />
          </Suspense>
        )}
      </div>
      {usdNote && usdCount > 0 && (
        <p role="note" className="mt-2 text-xs text-neon-gold" data-testid="chart-usd-note">
          {usdNote}
        </p>
      )}
      <p className="mt-2 flex flex-wrap justify-between gap-2 text-xs text-muted">
        <span>
          {quote === 'USD' ? 'Prices in USD: SUPRA price × SUPRA/dexUSDC pool price at each trade' : 'Prices in SUPRA'} · Chart by{' '}
          <ExternalLink href="https://www.tradingview.com/" className="text-neon-cyan hover:underline">
            TradingView
          </ExternalLink>
        </span>
        {q.data && <IndexProgress indexed={q.data.indexedHeight} head={q.data.headHeight} />}
      </p>
    </section>
  );
}

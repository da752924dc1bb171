import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { UpdatedAgo } from '@/components/ui/updated-ago';
import { ApiError } from '@/lib/api';
import { formatPrice } from '@/lib/amounts';
import { useAppConfig } from '@/lib/config';
import type { MarketSkipped } from '@/types/api';
import { useMarketTokens } from '@/lib/market/use-market-tokens';
import { Pagination } from '@/features/token-index/components/pagination';
import { TokenCards } from '@/features/token-index/components/token-cards';
import { TokenSkeleton } from '@/features/token-index/components/token-skeleton';
import { TokenTable } from '@/features/token-index/components/token-table';
import {
  DEFAULT_SORT,
  pageCount,
  pageOf,
  SORT_OPTIONS,
  sortTokens,
  type SortMode,
} from '@/features/token-index/utils/sort';

/** The token index's texts (docs/product.md, Token index). */
export const MSG = {
  empty: 'Click Refresh to load token data',
  loading: 'Loading token data...',
  network: 'Failed to connect to network',
  noTokens: 'No tokens with valid data found',
  failed: 'Error loading token index',
} as const;

const TOAST_MS = 3000;

/** Why the server left tokens out of the index, as the footnote says it. */
const SKIP_TEXTS: readonly (readonly [MarketSkipped['reason'], string])[] = [
  ['no_pool', 'no Dexlyn pool with SUPRA'],
  ['empty_pool', 'the Dexlyn pool is empty'],
  ['unreadable', 'the pool could not be read'],
];

/** Which failure toast an API failure gets: the node (or the server) unreachable, or anything else. */
export function loadErrorText(err: unknown): string {
  if (err instanceof ApiError && ['node_unavailable', 'node_timeout', 'network_error'].includes(err.code)) {
    return MSG.network;
  }
  return MSG.failed;
}

/**
 * Token Overview (/tokenindex, docs/product.md, Token index): every token with a Dexlyn pool, priced from the pool
 * reserves on the server. Unlike the original (which loads on Refresh, one token every 300 ms),
 * the table loads when the page opens; Refresh asks the server for a new read.
 */
export function TokenIndexContent() {
  const { query, refresh } = useMarketTokens();
  const supraDecimals = useAppConfig().data?.tokens.find((t) => t.symbol === 'SUPRA')?.decimals ?? 8;
  const { show } = useToast();
  const [sort, setSort] = useState<SortMode>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const sortId = useId();

  const data = query.data;
  const rows = useMemo(() => (data ? sortTokens(data.tokens, sort) : []), [data, sort]);
  const pages = pageCount(rows.length);
  const current = Math.min(page, pages);

  // Toasts for loads that finish while the page is open (not for what was cached before).
  const seen = useRef({ data: query.dataUpdatedAt, error: query.errorUpdatedAt });
  useEffect(() => {
    if (query.dataUpdatedAt === seen.current.data) return;
    seen.current.data = query.dataUpdatedAt;
    if (data && data.tokens.length === 0) show(MSG.noTokens, { type: 'error', duration: TOAST_MS });
  }, [query.dataUpdatedAt, data, show]);
  useEffect(() => {
    if (query.errorUpdatedAt === seen.current.error) return;
    seen.current.error = query.errorUpdatedAt;
    if (query.error) show(loadErrorText(query.error), { type: 'error', duration: TOAST_MS });
  }, [query.errorUpdatedAt, query.error, show]);

  const onRefresh = () => {
    // Failures reach the toast through the query's error state.
    refresh().catch(() => undefined);
  };

  return (
    <>
      <div className="mb-5 flex flex-col gap-3 rounded-2xl border border-white/10 bg-ink-800/85 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-muted">
          {data ? (
            <>
              <span className="font-bold text-white">{data.tokens.length} tokens</span>
              <UpdatedAgo iso={data.updatedAt} stale={data.stale} />
              {data.supraUsd !== null && (
                <span>
                  1 SUPRA = <span className="font-mono text-white">{formatPrice(data.supraUsd)}</span>
                </span>
              )}
            </>
          ) : (
            <span>Prices from Dexlyn</span>
          )}
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="sr-only sm:not-sr-only sm:text-sm sm:text-muted">
            Sort by
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as SortMode);
              setPage(1);
            }}
            className="h-9 min-w-0 flex-1 rounded-lg border border-white/15 bg-ink-900 px-3 text-sm text-white focus-visible:outline-3 focus-visible:outline-neon-cyan sm:flex-none"
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <Button variant="secondary" size="sm" onClick={onRefresh} disabled={query.isFetching}>
            {query.isFetching && <Spinner size={14} label="Loading" />}
            Refresh
          </Button>
        </div>
      </div>

      {data?.usdUnavailable && (
        <p role="note" className="mb-5 rounded-xl border border-neon-gold/50 bg-neon-gold/10 px-4 py-3 text-sm text-neon-gold">
          {data.usdUnavailable.reason}: {data.usdUnavailable.detail}. Prices and market caps are shown in SUPRA.
        </p>
      )}

      {query.isPending && query.isFetching ? (
        <TokenSkeleton
          label={
            <>
              <Spinner size={18} label="Loading" className="text-neon-cyan" /> {MSG.loading}
            </>
          }
        />
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-white/15 py-16 text-center text-muted">{MSG.empty}</p>
      ) : (
        <>
          <TokenTable rows={pageOf(rows, current)} supraDecimals={supraDecimals} />
          <TokenCards rows={pageOf(rows, current)} supraDecimals={supraDecimals} />
          <Pagination page={current} pages={pages} onPage={setPage} />
        </>
      )}

      {data && (
        <footer className="mt-8 space-y-1 text-center text-xs text-muted">
          <p>
            Price = SUPRA reserve ÷ token reserve of the token&apos;s Dexlyn pool; USD through the SUPRA/dexUSDC pool.
            MarketCap = price × circulating supply (total − burned); FDV = price × total supply. Liquidity = both
            reserves of the pool at its price (twice its SUPRA side); 24h change and volume (in SUPRA) from the event index&apos;s trades.
          </p>
          {SKIP_TEXTS.map(([reason, text]) => {
            const names = data.skipped.filter((s) => s.reason === reason).map((s) => s.name);
            return names.length === 0 ? null : (
              <p key={reason} data-testid="skipped">
                Not listed ({text}): {names.join(', ')}.
              </p>
            );
          })}
        </footer>
      )}
    </>
  );
}

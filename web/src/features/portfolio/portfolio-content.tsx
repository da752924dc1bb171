import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { TokenLogo } from '@/components/ui/token-logo';
import { useToast } from '@/components/ui/toast-context';
import { decimal, formatExact, formatPrice, formatUnits, safeBigInt, truncateName } from '@/lib/amounts';
import { tokenPath } from '@/lib/paths';
import type { PortfolioHolding } from '@/types/api';
import { AllocationDonut } from './components/allocation-donut';
import { fetchPortfolioFresh, portfolioQueryKey, usePortfolio } from './api/use-portfolio';
import { useHiddenTokens } from './hooks/use-hidden-tokens';
import { loadError } from './load-error';

const PREMIUM_NOTE = 'Have more than 250000 LUCKY tokens in your wallet for premium access.';
const BULLETS = '••••••';

type SortMode = 'highToLow' | 'lowToHigh';

/** A decimal string with 2 decimals and grouping ("$" for USD). */
function money(v: string | null, usd: boolean): string {
  if (v === null) return '—';
  const text = formatExact(decimal(v), 2, { grouping: true });
  return usd ? `$${text}` : `${text} SUPRA`;
}

function cmpDecimal(a: string, b: string): number {
  const x = decimal(a);
  const y = decimal(b);
  const l = x.num * y.den;
  const r = y.num * x.den;
  return l < r ? -1 : l > r ? 1 : 0;
}


/**
 * The connected wallet's portfolio under the page's heading (portfolio-page.tsx): total value,
 * allocation and the assets table, with sort, hide values, hide token and refresh.
 */
export function PortfolioContent({ address }: { address: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const q = usePortfolio(address);
  const { hidden, hide, showAll } = useHiddenTokens(address);
  const [hideValues, setHideValues] = useState(false);
  const [sort, setSort] = useState<SortMode>('highToLow');
  const [refreshing, setRefreshing] = useState(false);

  // The failure toasts (3 s) of docs/product.md, Portfolio: once per failure or empty answer.
  const lastToast = useRef<string>('');
  useEffect(() => {
    let msg = '';
    if (q.isError) msg = loadError(q.error);
    else if (q.data && q.data.holdings.length === 0) msg = 'No tokens with valid balances found';
    if (msg && msg !== lastToast.current) toast.show(msg, { type: q.isError ? 'error' : 'info', duration: 3000 });
    lastToast.current = msg;
  }, [q.isError, q.error, q.data, toast]);

  const data = q.data;
  const rows = useMemo(() => {
    const hs = (data?.holdings ?? []).filter((h) => !hidden.includes(h.coinType));
    const key = (h: PortfolioHolding) => h.valueUsd ?? h.valueSupra;
    return [...hs].sort((a, b) => (sort === 'highToLow' ? cmpDecimal(key(b), key(a)) : cmpDecimal(key(a), key(b))));
  }, [data, hidden, sort]);
  const hiddenCount = (data?.holdings ?? []).filter((h) => hidden.includes(h.coinType)).length;

  const refresh = async () => {
    setRefreshing(true);
    try {
      const fresh = await fetchPortfolioFresh(address);
      queryClient.setQueryData(portfolioQueryKey(address), fresh);
    } catch (err) {
      toast.show(loadError(err), { type: 'error', duration: 3000 });
    } finally {
      setRefreshing(false);
    }
  };

  const loading = q.isPending;
  const empty = !!data && data.holdings.length === 0;
  const v = (s: string) => (hideValues ? BULLETS : s);

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-end gap-3">
        <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing} aria-label="Refresh portfolio">
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setHideValues((x) => !x)}
          aria-pressed={hideValues}
          aria-label={hideValues ? 'Show values' : 'Hide values'}
        >
          <EyeIcon closed={hideValues} />
        </Button>
        <label className="flex items-center gap-2 text-sm text-muted">
          Sort
          <select
            className="rounded-lg border border-white/15 bg-ink-800 px-3 py-1.5 text-white"
            value={sort}
            onChange={(e) => setSort(e.target.value as SortMode)}
          >
            <option value="highToLow">High to Low</option>
            <option value="lowToHigh">Low to High</option>
          </select>
        </label>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <Card tone="pink" aria-labelledby="total-heading">
          <h2 id="total-heading" className="text-sm font-semibold tracking-wide text-muted uppercase">
            Total Portfolio Value
          </h2>
          {loading ? (
            <p className="mt-3 text-2xl text-white">Loading...</p>
          ) : empty || !data ? (
            <p className="mt-3 text-2xl text-white">No Assets</p>
          ) : (
            <>
              <p className="mt-3 font-display text-4xl font-black text-white tabular-nums" data-testid="total-usd">
                {v(money(data.totals.usd, true))}
              </p>
              <p className="mt-1 text-lg text-neon-cyan tabular-nums" data-testid="total-supra">
                {v(money(data.totals.supra, false))}
              </p>
              {data.usdUnavailable && <p className="mt-2 text-sm text-muted">{data.usdUnavailable.reason}</p>}
              {data.premium ? (
                <p className="mt-3 text-sm text-neon-gold">Premium: every token you hold is shown.</p>
              ) : (
                data.assetCount > 2 && <p className="mt-3 rounded-lg bg-neon-gold/10 p-3 text-sm text-neon-gold">{PREMIUM_NOTE}</p>
              )}
            </>
          )}
        </Card>
        <Card aria-label="Allocation">
          <h2 className="mb-4 text-sm font-semibold tracking-wide text-muted uppercase">Allocation</h2>
          {data && rows.length > 0 ? <AllocationDonut holdings={rows} hideValues={hideValues} /> : <p className="text-muted">—</p>}
        </Card>
      </div>

      <section className="mt-8" aria-labelledby="assets-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="assets-heading" className="font-display text-2xl font-bold text-white">
            Your Assets
          </h2>
          {hiddenCount > 0 && (
            <Button variant="ghost" size="sm" onClick={showAll}>
              Show Hidden Tokens ({hiddenCount})
            </Button>
          )}
        </div>
        {loading ? (
          <p className="text-muted">Loading assets...</p>
        ) : rows.length === 0 ? (
          <p className="text-muted">No tokens found in your portfolio</p>
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-2xl border border-white/10 bg-ink-800/85 md:block">
              <table className="w-full text-left text-sm" aria-label="Your Assets">
                <thead className="text-muted">
                  <tr>
                    <th className="px-4 py-3 font-semibold">Token</th>
                    <th className="px-4 py-3 text-right font-semibold">Balance</th>
                    <th className="px-4 py-3 text-right font-semibold">Value (SUPRA)</th>
                    <th className="px-4 py-3 text-right font-semibold">Value (USD)</th>
                    <th className="px-4 py-3 text-right font-semibold">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((h) => (
                    <tr key={h.coinType} className="border-t border-white/5" data-token={h.name}>
                      <td className="px-4 py-3">
                        <Link to={tokenPath(h.symbol)} className="group flex items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-neon-cyan" data-testid="token-link">
                          <TokenLogo src={h.logo} name={h.name} size={28} />
                          <span className="flex flex-col">
                            <span className="font-semibold text-white group-hover:text-neon-cyan group-hover:underline">{truncateName(h.name)}</span>
                            <HoldingPrice h={h} />
                          </span>
                        </Link>
                      </td>
                      <td className="px-4 py-3 text-right text-white tabular-nums">
                        {v(formatUnits(safeBigInt(h.balance) ?? 0n, h.decimals, 2, { grouping: true }))}
                      </td>
                      <td className="px-4 py-3 text-right text-white tabular-nums">{v(money(h.valueSupra, false))}</td>
                      <td className="px-4 py-3 text-right text-white tabular-nums">{v(money(h.valueUsd, true))}</td>
                      <td className="px-4 py-3 text-right">
                        <Button variant="ghost" size="sm" onClick={() => hide(h.coinType)} aria-label={`Hide Token ${h.name}`}>
                          Hide Token
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Your Assets">
              {rows.map((h) => (
                <li key={h.coinType} data-token={h.name} className="min-w-0">
                  <Card className="flex flex-col gap-3">
                    <div className="flex items-center gap-3">
                      <Link to={tokenPath(h.symbol)} className="flex min-w-0 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-neon-cyan" data-testid="token-link">
                        <TokenLogo src={h.logo} name={h.name} size={32} />
                        <span className="flex min-w-0 flex-col">
                          <span className="min-w-0 truncate font-semibold text-white underline decoration-white/30 underline-offset-4">{truncateName(h.name)}</span>
                          <HoldingPrice h={h} />
                        </span>
                      </Link>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="ml-auto"
                        onClick={() => hide(h.coinType)}
                        aria-label={`Hide Token ${h.name}`}
                      >
                        Hide Token
                      </Button>
                    </div>
                    <dl className="grid gap-1.5 text-sm">
                      <div className="flex items-baseline justify-between gap-3">
                        <dt className="shrink-0 text-muted">Balance</dt>
                        <dd className="min-w-0 text-right break-all text-white tabular-nums">
                          {v(formatUnits(safeBigInt(h.balance) ?? 0n, h.decimals, 2, { grouping: true }))}
                        </dd>
                      </div>
                      <div className="flex items-baseline justify-between gap-3">
                        <dt className="shrink-0 text-muted">Value (SUPRA)</dt>
                        <dd className="min-w-0 text-right break-all text-white tabular-nums">{v(formatExact(decimal(h.valueSupra), 2, { grouping: true }))}</dd>
                      </div>
                      <div className="flex items-baseline justify-between gap-3">
                        <dt className="shrink-0 text-muted">Value (USD)</dt>
                        <dd className="min-w-0 text-right break-all text-white tabular-nums">{v(money(h.valueUsd, true))}</dd>
                      </div>
                    </dl>
                  </Card>
                </li>
              ))}
            </ul>
          </>
        )}
        {data && data.unpriced.length > 0 && (
          <div className="mt-6" data-testid="unpriced">
            <h3 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">Held, not valued</h3>
            <ul className="grid gap-3 sm:grid-cols-2">
              {data.unpriced.map((u) => (
                <li key={u.coinType} data-token={u.symbol} className="min-w-0">
                  <Card className="flex flex-col gap-1">
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="font-semibold text-white">{u.name}</span>
                      <span className="text-right break-all text-white tabular-nums" data-testid="unpriced-balance">
                        {v(`${formatUnits(safeBigInt(u.balance) ?? 0n, u.decimals, 2, { grouping: true })} ${u.symbol}`)}
                      </span>
                    </div>
                    <p className="text-xs text-muted">{u.reason}</p>
                  </Card>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </>
  );
}

function EyeIcon({ closed }: { closed: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {closed && <line x1="3" y1="3" x2="21" y2="21" />}
    </svg>
  );
}

/** The price a holding is valued at, with the pool it is read from: the token index's price at the same height. */
function HoldingPrice({ h }: { h: PortfolioHolding }) {
  const price = h.priceUsd !== null ? formatPrice(h.priceUsd) : `${formatPrice(h.priceSupra).slice(1)} SUPRA`;
  return (
    <span className="text-xs font-normal text-muted" data-testid="holding-price">
      {price}
      {h.priceRoute ? ` · ${h.priceRoute}` : ''}
    </span>
  );
}

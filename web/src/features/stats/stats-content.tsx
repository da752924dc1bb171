import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { WhereFeesGo } from '@/components/claims/where-fees-go';
import { StakingFigures } from '@/components/staking/staking-figures';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { PageContent } from '@/components/ui/page-content';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { UpdatedAgo } from '@/components/ui/updated-ago';
import { formatBalance, formatExact, formatPrice, safeBigInt } from '@/lib/amounts';
import { formatSupply, formatUsdCompact } from '@/lib/format';
import { useAppConfig } from '@/lib/config';
import { shortAddress } from '@/lib/format';
import { addressLink } from '@/lib/links';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useLuckyDashboard } from '@/features/stats/api/use-lucky-dashboard';
import { HoldersTable } from '@/features/stats/components/holders-table';
import { MarketCards } from '@/features/stats/components/market-cards';
import { PriceChart } from '@/components/price-chart/price-chart';
import { StatCard } from '@/features/stats/components/stat-card';
import { SupplyDonut } from '@/features/stats/components/supply-donut';
import type { LuckyDashboard, LuckyDashboardPart, PoolReserves, UnitsAmount } from '@/types/api';

/** The dashboard's texts (docs/product.md, Token Analytics). */
export const MSG = {
  refreshed: 'Data refreshed!',
  failed: 'Error refreshing data!',
  usdUnavailable: 'USD price unavailable',
  /** What a card shows when the chain node failed the part its figure comes from. */
  partUnavailable: 'Unavailable',
} as const;

/** The product's toast for each dashboard part the server could not read (docs/product.md, Token Analytics). */
export const PART_TOAST: Record<LuckyDashboardPart, string> = {
  vault: 'Error fetching vault balance!',
  burned: 'Error fetching burned tokens!',
  lucky: 'Error fetching LUCKY data!',
  liquidity: 'Error fetching liquidity data!',
};

const TOAST_MS = 3000;

function supplyText(a: UnitsAmount | null): string {
  const v = safeBigInt(a?.amount);
  return v === null || !a ? '—' : `${formatSupply(v, a.decimals)} LUCKY`;
}

function exactText(a: UnitsAmount | null): string | undefined {
  return a ? `${formatBalance(a.amount, a.decimals)} LUCKY` : undefined;
}

/** "150,000,000.00 LUCKY / 1,000,000.00 SUPRA" on two lines. */
function poolText(p: PoolReserves | null): ReactNode {
  if (!p) return 'No pool';
  return (
    <>
      <span className="block">
        {formatBalance(p.base.amount, p.base.decimals)} {p.base.symbol} /
      </span>
      <span className="block">
        {formatBalance(p.quote.amount, p.quote.decimals)} {p.quote.symbol}
      </span>
    </>
  );
}

/** "$47.50K", or the reason when USD is unavailable. */
function usdText(v: string | null, format: (s: string) => string): string {
  return v === null ? MSG.usdUnavailable : format(v);
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section aria-labelledby={`${testId}-title`} className="rounded-3xl border border-white/10 bg-ink-900/50 p-5 sm:p-6" data-testid={testId}>
      <h2 id={`${testId}-title`} className="mb-5 font-display text-lg font-extrabold tracking-wide text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Breakdown({ d }: { d: LuckyDashboard }) {
  const missing = (['lucky', 'burned', 'vault'] as const).filter((p) => d.failed.includes(p));
  if (missing.length > 0) {
    // A slice drawn from a figure the node did not give would be made up.
    return <p className="text-sm text-muted">The supply breakdown is unavailable: the chain node did not answer every read.</p>;
  }
  const total = safeBigInt(d.totalSupply?.amount);
  const burned = safeBigInt(d.burned?.amount) ?? 0n;
  const vault = safeBigInt(d.houseVault?.amount) ?? 0n;
  // The server's one circulating figure (total − burned), the card's: the vault is part of it.
  const circulating = safeBigInt(d.circulatingSupply?.amount);
  if (total === null || total <= 0n || circulating === null) return <p className="text-sm text-muted">The total supply is not known.</p>;
  const rest = circulating - vault;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted" data-testid="breakdown-circulating">
        Circulating supply (total − burned):{' '}
        <span className="font-mono text-white">{formatSupply(circulating, d.token.decimals)} LUCKY</span>, of which the games vault holds a part.
      </p>
      <SupplyDonut
        total={total}
        decimals={d.token.decimals}
        symbol="LUCKY"
        slices={[
          { label: 'Burned', amount: burned, color: '#f87171' },
          { label: 'Circulating: games vault', amount: vault, color: 'var(--color-neon-gold)' },
          { label: 'Circulating: other holders', amount: rest > 0n ? rest : 0n, color: 'var(--color-neon-cyan)' },
        ]}
      />
    </div>
  );
}

/**
 * Token Analytics (/stats, docs/product.md): LUCKY's supply, burn, price, market cap and liquidity,
 * read on the server from Dexlyn and the chain, refreshed every 60 s.
 */
export function StatsContent() {
  const { query, refresh } = useLuckyDashboard();
  const config = useAppConfig();
  const { show } = useToast();
  const [infoOpen, setInfoOpen] = useState(false);
  const lower = useRef<HTMLDivElement>(null);
  const near = useNearViewport(lower);
  // An answer re-renders this whole screen in one task; the figures draw from a deferred copy
  // instead, which React renders in slices.
  const d = useDeferredValue(query.data);

  // 'Data refreshed!' answers the Refresh button only: a toast on opening the page or on the
  // quiet 60 s reload would announce something the player did not ask for. 'Error refreshing
  // data!' when any load fails, or when Refresh only got the last figures the server had
  // (stale: the chain node did not answer).
  const seen = useRef({ error: query.errorUpdatedAt });
  const onRefresh = () => {
    refresh().then(
      (fresh) => {
        if (fresh.stale === true) show(MSG.failed, { type: 'error', duration: TOAST_MS });
        else show(MSG.refreshed, { type: 'success', duration: TOAST_MS });
      },
      () => undefined,
    );
  };
  // A load that names failed parts gets each part's toast, once per load, when the cards show it
  // (d has caught up with the answer), so the toast and the cards agree.
  const seenData = useRef(0);
  useEffect(() => {
    if (!d || d !== query.data || query.dataUpdatedAt === seenData.current) return;
    seenData.current = query.dataUpdatedAt;
    for (const part of d.failed ?? []) show(PART_TOAST[part], { type: 'error', duration: TOAST_MS });
  }, [d, query.data, query.dataUpdatedAt, show]);
  useEffect(() => {
    if (query.errorUpdatedAt === seen.current.error) return;
    seen.current.error = query.errorUpdatedAt;
    if (query.error) show(MSG.failed, { type: 'error', duration: TOAST_MS });
  }, [query.errorUpdatedAt, query.error, show]);

  const tokens = config.data?.tokens ?? [];
  const supraDecimals = tokens.find((t) => t.symbol === 'SUPRA')?.decimals ?? 8;
  const luckyDecimals = tokens.find((t) => t.name === 'LUCKY')?.decimals ?? 6;
  const burnLink = d ? addressLink(config.data?.network, d.burnAddress) : null;
  const burnShort = d ? shortAddress(d.burnAddress) : 'the burn address';
  const busy = query.isFetching;
  const v = <T,>(f: (x: LuckyDashboard) => T): T | undefined => (d ? f(d) : undefined);
  // p: the figure of a card built from these parts, or 'Unavailable' when one of them failed.
  const p = (parts: LuckyDashboardPart[], f: (x: LuckyDashboard) => ReactNode): ReactNode | undefined =>
    d ? (parts.some((part) => d.failed?.includes(part)) ? MSG.partUnavailable : f(d)) : undefined;
  const pd = (parts: LuckyDashboardPart[], f: (x: LuckyDashboard) => ReactNode): ReactNode | undefined =>
    d && parts.some((part) => d.failed?.includes(part)) ? undefined : v(f);

  return (
    <>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {/* One line reserved before the first answer, so its arrival moves nothing below. */}
        <p className="min-h-5 text-sm text-muted">
          <UpdatedAgo iso={d?.updatedAt} stale={d?.stale} />
        </p>
        <div className="flex gap-3">
          <Button variant="ghost" className="border border-white/15" onClick={() => setInfoOpen(true)} aria-haspopup="dialog">
            Info
          </Button>
          <Button variant="secondary" onClick={onRefresh} disabled={busy}>
            {busy && <Spinner size={16} label="Loading" />}
            {busy ? 'Updating...' : 'Refresh'}
          </Button>
        </div>
      </div>

      {d?.usdUnavailable && (
        <p role="note" className="mb-6 rounded-xl border border-neon-gold/50 bg-neon-gold/10 px-4 py-3 text-sm text-neon-gold">
          {d.usdUnavailable.reason}: {d.usdUnavailable.detail}.
        </p>
      )}

      {/* The cards' titles are h3s, as in the sections below: the grid is a section of its own. */}
      <h2 className="sr-only">Key figures</h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="stat-cards">
        <StatCard testId="card-total-supply" title="Total Supply" tone="cyan" value={p(['lucky'], (x) => supplyText(x.totalSupply))}
          reserveDetail detail={pd(['lucky'], (x) => exactText(x.totalSupply))} description="Total tokens issued" />
        <StatCard testId="card-burned" title="Burned" tone="pink" link={burnLink} value={p(['burned'], (x) => supplyText(x.burned))}
          reserveDetail detail={pd(['burned'], (x) => exactText(x.burned))} description={`Total tokens burned to ${burnShort}`} />
        <StatCard testId="card-circulating" title="Circulating Supply" tone="cyan" value={p(['lucky', 'burned'], (x) => supplyText(x.circulatingSupply))}
          reserveDetail detail={pd(['lucky', 'burned'], (x) => exactText(x.circulatingSupply))} description="Total supply minus burned tokens" />
        <StatCard testId="card-price" title="Lucky Price" tone="violet" value={p(['lucky'], (x) => usdText(x.priceUsd, formatPrice))}
          reserveDetail detail={pd(['lucky'], (x) => (x.priceSupra === null ? 'No LUCKY/SUPRA pool' : `${formatPrice(x.priceSupra).slice(1)} SUPRA on ${x.priceRoute ?? 'LUCKY/SUPRA'}`))}
          description={d?.usdRoute ? `Price in USD via ${d.usdRoute} on Dexlyn` : 'Price in USD on Dexlyn'} />
        <StatCard testId="card-lucky-per-supra" title="LUCKY per SUPRA" tone="violet"
          value={p(['lucky'], (x) => (x.luckyPerSupra === null ? '—' : `${formatExact(x.luckyPerSupra, 4, { grouping: true })} LUCKY`))}
          description="LUCKY tokens per 1 SUPRA" />
        <StatCard testId="card-market-cap" title="Market Cap" tone="gold" value={p(['lucky', 'burned'], (x) => usdText(x.marketCap, formatUsdCompact))}
          description="Price × circulating supply (total − burned), in USD" />
        <StatCard testId="card-fdv" title="FDV" tone="gold" value={p(['lucky'], (x) => usdText(x.fdv, formatUsdCompact))}
          description="Fully diluted value: price × total supply" />
        <StatCard testId="card-supra-price" title="SUPRA Price" tone="green" value={v((x) => usdText(x.supraUsd, formatPrice))}
          description="From the SUPRA/dexUSDC pool" />
      </div>

      {/* The rest of the screen renders once its place is on screen, or about to be once the
          reader scrolls (on a phone it starts below the figures above), and then a frame after
          them: its reads, first render and layout come in tasks of their own instead of lengthening
          the page's first ones. Meanwhile the empty space holds the page's footer out of view. */}
      <div ref={lower} data-testid="stats-lower">
        {near ? (
          <PageContent fallback={<div className="min-h-screen" />}>
            {/* History from the event index: 24 h figures, the price chart. */}
            <div className="below-fold mt-6 space-y-6">
              <MarketCards supraDecimals={supraDecimals} />
              <PriceChart quoteDecimals={supraDecimals} />
            </div>

            <div className="below-fold mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
              <Section title="Supply Breakdown" testId="supply-breakdown">
                {d ? <Breakdown d={d} /> : <Spinner label="Loading supply breakdown" className="text-neon-cyan" />}
              </Section>
              <Section title="Liquidity Metrics" testId="liquidity">
                <div className="grid gap-4">
                  <StatCard testId="card-pool-supra" title="LUCKY/SUPRA" tone="cyan" compact value={p(['liquidity'], (x) => poolText(x.pools.luckySupra))}
                    description="Reserves in LUCKY/SUPRA pool" />
                  <StatCard testId="card-pool-usdc" title="LUCKY/dexUSDC" tone="cyan" compact value={p(['liquidity'], (x) => poolText(x.pools.luckyDexUsdc))}
                    description="Reserves in LUCKY/dexUSDC pool" />
                </div>
              </Section>
              <Section title="Staking & Vaults" testId="staking-vaults">
                <div className="grid gap-4">
                  <StatCard testId="card-staked" title="Staked" tone="pink" compact
                    value={v((x) => (x.staking ? `${formatBalance(x.staking.staked.amount, x.staking.staked.decimals)} ${x.staking.coin.symbol}` : 'Coming Soon'))}
                    description="Total tokens staked" />
                  <StatCard testId="card-vault" title="Games Vaults" tone="gold" compact
                    value={p(['vault'], (x) => (x.houseVault ? `${formatBalance(x.houseVault.amount, x.houseVault.decimals)} LUCKY` : '—'))}
                    description="LUCKY in the slot game's house fund" />
                </div>
                <StakingFigures />
              </Section>
            </div>

            <div className="below-fold panel mt-6 p-4 sm:p-6">
              <WhereFeesGo />
            </div>

            <div className="below-fold mt-6">
              <HoldersTable decimals={luckyDecimals} />
            </div>

            <footer className="mt-10 space-y-1 text-center text-xs text-muted">
              <p>Data updates every 60 seconds | Source: Dexlyn</p>
              {d && (
                <p>
                  <UpdatedAgo iso={d.updatedAt} stale={d.stale} />
                </p>
              )}
            </footer>
          </PageContent>
        ) : (
          <div className="min-h-screen" />
        )}
      </div>

      <Modal
        open={infoOpen}
        onClose={() => setInfoOpen(false)}
        title="About LuckyCoin Dashboard"
        footer={<Button onClick={() => setInfoOpen(false)}>Close</Button>}
      >
        <div className="space-y-3 text-base">
          <p>Real-time analytics for LuckyCoin (LUCKY) on Dexlyn.</p>
          <p>Prices in USD (dexUSDC), updated every 60 seconds for accuracy.</p>
          <p>Supply data reflects tokens issued and burned on the platform.</p>
          <p>Market cap calculated based on Dexlyn liquidity pools.</p>
        </div>
      </Modal>
    </>
  );
}

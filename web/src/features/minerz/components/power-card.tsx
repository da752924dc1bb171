import { Button } from '@/components/ui/button';
import { formatInteger } from '@/lib/amounts';
import { plural } from '@/lib/format';
import { MSG_BOOST_NOT_LIVE, powerBarPercent, rankTitle } from '@/features/minerz/utils/game';

/**
 * Quantum Core Power: rank, bar = min(5 × units, 100) %, the boost badge (the on-chain boost of
 * owned Stellar Boosters), and 'Ignite Boost', shown disabled: the cosmic_miners contract has no
 * entry that starts a timed boost, so a button that only said "+10%" would tell the player
 * something the chain never did.
 */
export function PowerCard({ units, boost }: { units: bigint; boost: bigint }) {
  const pct = powerBarPercent(units);
  return (
    <section aria-labelledby="power-title" className="rounded-2xl border border-neon-violet/40 bg-ink-800/85 p-5 shadow-[0_0_30px_rgb(160_90_255/0.15)]">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="power-title" className="font-display text-xl font-extrabold text-white">
            Quantum Core Power
          </h2>
          <p className="mt-1 text-sm text-muted">
            Rank: <span data-testid="rank-title" className="font-bold text-neon-gold">{rankTitle(units)}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {boost > 0n && (
            <span data-testid="boost-badge" className="rounded-full border border-neon-green/60 bg-neon-green/10 px-3 py-1 text-sm font-bold text-neon-green">
              +{boost.toString()}% Boost
            </span>
          )}
          <Button variant="gold" size="sm" disabled aria-describedby="ignite-boost-reason">
            Ignite Boost
          </Button>
        </div>
      </div>
      <p id="ignite-boost-reason" data-testid="ignite-boost-reason" className="mt-2 text-right text-xs text-muted">
        {MSG_BOOST_NOT_LIVE}
      </p>
      <div
        role="progressbar"
        aria-label="Quantum core power"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="mt-4 h-4 overflow-hidden rounded-full border border-white/10 bg-ink-950"
      >
        <div
          data-testid="power-bar"
          className="h-full rounded-full bg-gradient-to-r from-neon-cyan via-neon-violet to-neon-pink transition-[width] duration-700"
          style={{ width: `${pct}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-muted">
        <span data-testid="power-units" className="font-bold text-white tabular-nums">
          {formatInteger(units)}
        </span>{' '}
        power {plural(units, 'unit')} · {pct}% charged
      </p>
    </section>
  );
}

import { Spinner } from '@/components/ui/spinner';
import { fmt2Grouped, formatInteger } from '@/lib/amounts';
import { plural } from '@/lib/format';
import { MINE_DECIMALS } from '@/features/minerz/utils/game';

interface Props {
  loading: boolean;
  balance: bigint | null;
  dailyOutput: bigint;
  crewSize: bigint;
}

function Stat({ label, loading, value, unit, testId }: { label: string; loading: boolean; value: string; unit?: string; testId: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-ink-800/85 p-5">
      <p className="text-xs font-bold tracking-widest text-muted uppercase">{label}</p>
      <div className="mt-2 flex min-h-9 items-baseline gap-2">
        {loading ? (
          <Spinner label={`Loading ${label}`} className="text-neon-cyan" />
        ) : (
          <>
            <span data-testid={testId} className="font-display text-2xl font-black text-white tabular-nums sm:text-3xl">
              {value}
            </span>
            {unit && (
              <span data-testid={`${testId}-unit`} className="text-sm font-bold text-neon-cyan">
                {unit}
              </span>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The wallet's own figures, MINE Stash (2 decimals) and Mining Output (MINE/day), apart from the
 * game's, Crew Size (every player's), with spinners while loading.
 */
export function StatCards({ loading, balance, dailyOutput, crewSize }: Props) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <section aria-labelledby="minerz-yours" data-testid="stats-yours" className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        <h2 id="minerz-yours" className="text-xs font-bold tracking-[0.2em] text-neon-cyan uppercase sm:col-span-2">
          Your miner
        </h2>
        <Stat
          label="MINE Stash"
          testId="stat-stash"
          loading={loading}
          value={balance === null ? '—' : fmt2Grouped(balance, MINE_DECIMALS)}
          unit="MINE"
        />
        <Stat label="Mining Output" testId="stat-output" loading={loading} value={fmt2Grouped(dailyOutput, MINE_DECIMALS)} unit="MINE/day" />
      </section>
      <section aria-labelledby="minerz-everyone" data-testid="stats-global" className="grid gap-3">
        <h2 id="minerz-everyone" className="text-xs font-bold tracking-[0.2em] text-neon-pink uppercase">
          The whole game
        </h2>
        <Stat label="Crew Size" testId="stat-crew" loading={loading} value={formatInteger(crewSize)} unit={`${plural(crewSize, 'pilot')} in all`} />
      </section>
    </div>
  );
}

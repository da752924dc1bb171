import { Link } from '@/components/ui/link';
import { formatExactUnits } from '@/lib/amounts';
import { txPath } from '@/lib/paths';
import type { LastGame } from '@/features/slots/hooks/use-slot-game';
import { isPartialReturn } from '@/features/slots/utils/tiers';
import { countsText, tierName } from '@/features/slots/utils/run-summary';

/** A signed amount shown exactly: "+1.16", "−0.40". */
function signedExact(v: bigint, decimals: number): string {
  if (v > 0n) return `+${formatExactUnits(v, decimals)}`;
  if (v < 0n) return `−${formatExactUnits(-v, decimals)}`;
  return formatExactUnits(0n, decimals);
}

/**
 * The last play of several spins, as its PlayEvent reports it: the totals and every spin's tier
 * and prize, whether the replay was watched to the end or skipped. Amounts are exact (a reader
 * checks them against the transaction).
 */
export function RunSummaryPanel({ last }: { last: LastGame | null }) {
  if (!last || last.run.spins < 2) return null;
  const { run, decimals, token } = last;
  const f = (v: bigint) => formatExactUnits(v, decimals);
  const figures: { label: string; value: string; units?: bigint; testId: string; tone?: string }[] = [
    { label: 'Wagered', value: f(run.wagered), units: run.wagered, testId: 'run-wagered' },
    { label: 'Won', value: f(run.won), units: run.won, testId: 'run-won', tone: 'text-neon-gold' },
    {
      label: 'Net',
      value: signedExact(run.net, decimals),
      units: run.net,
      testId: 'run-net',
      tone: run.net > 0n ? 'text-neon-green' : run.net < 0n ? 'text-red-300' : 'text-white',
    },
  ];

  return (
    <section aria-labelledby="run-summary-title" className="panel p-4 sm:p-5" data-testid="run-summary">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="run-summary-title" className="font-display text-lg font-extrabold tracking-wide text-white">
          Last play
        </h2>
        {last.hash && (
          <Link to={txPath(last.hash)} className="text-sm font-semibold text-neon-cyan underline-offset-4 hover:underline">
            Transaction
          </Link>
        )}
      </div>
      <p className="mt-1 text-sm text-white/90" data-testid="run-counts">
        {countsText(run)}
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {figures.map((x) => (
          <div key={x.label} className="rounded-xl border border-white/10 bg-ink-950/60 px-2 py-1.5">
            <dt className="text-[10px] font-bold tracking-[0.16em] text-muted uppercase">{x.label}</dt>
            <dd className={`truncate font-mono text-sm font-bold ${x.tone ?? 'text-white'}`} data-testid={x.testId} data-units={x.units?.toString()}>
              {x.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-white/90" data-testid="run-best">
        <span className="text-muted">Best hit: </span>
        {run.best ? (
          <>
            {tierName(run.best.tierIndex)} {f(run.best.prize)} {token} <span className="text-muted">(spin {run.best.index + 1})</span>
          </>
        ) : (
          'none'
        )}
      </p>
      <p className="mt-1 text-xs text-muted">Amounts in {token}. Network fees are not included.</p>
      <h3 className="mt-3 text-xs font-bold tracking-[0.16em] text-muted uppercase">Spin by spin</h3>
      {/* Focusable so a keyboard can scroll a long run. */}
      <ol
        tabIndex={0}
        aria-label="Each spin's tier and prize"
        className="mt-1 max-h-48 overflow-y-auto rounded-xl border border-white/10 bg-ink-950/50 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-neon-cyan"
      >
        {run.list.map((s, i) => {
          const tone = s.prize <= 0n ? 'text-white/60' : isPartialReturn(s.tierIndex) ? 'text-neon-cyan' : 'text-neon-gold';
          return (
            <li
              key={i}
              data-testid="run-spin"
              data-tier={s.tierIndex}
              data-prize={s.prize.toString()}
              className="flex items-center justify-between gap-3 border-b border-white/5 px-3 py-1 last:border-b-0"
            >
              <span className="text-muted tabular-nums">#{i + 1}</span>
              <span className={`mr-auto font-semibold ${tone}`}>{tierName(s.tierIndex)}</span>
              <span className="font-mono text-white/90">{f(s.prize)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

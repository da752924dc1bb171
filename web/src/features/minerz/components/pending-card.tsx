import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { fmt2Grouped } from '@/lib/amounts';
import { MINE_DECIMALS, MSG_NOTHING_TO_CLAIM, pendingAt } from '@/features/minerz/utils/game';

interface Props {
  pending: bigint;
  dailyOutput: bigint;
  /** When `pending` was read (ms since the epoch). */
  readAt: number;
  canClaim: boolean;
  claiming: boolean;
  disabled: boolean;
  onClaim: () => void;
}

/** Unclaimed output, ticking up live between reads, and the Claim button. */
export function PendingCard({ pending, dailyOutput, readAt, canClaim, claiming, disabled, onClaim }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (dailyOutput === 0n) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [dailyOutput]);
  const shown = pendingAt(pending, dailyOutput, readAt > 0 ? now - readAt : 0);
  return (
    <section aria-labelledby="pending-title" className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-neon-green/40 bg-ink-800/85 p-5">
      <div>
        <h2 id="pending-title" className="text-xs font-bold tracking-widest text-muted uppercase">
          Unclaimed Output
        </h2>
        <p className="mt-1 font-display text-3xl font-black text-neon-green tabular-nums">
          <span data-testid="pending-output">{fmt2Grouped(shown, MINE_DECIMALS)}</span>{' '}
          <span className="text-base text-white/80">MINE</span>
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <Button variant="gold" onClick={onClaim} disabled={!canClaim || disabled} aria-describedby={canClaim ? undefined : 'claim-reason'}>
          {claiming && <Spinner size={18} label="Claiming" />}
          {claiming ? 'Claiming...' : 'Claim'}
        </Button>
        {!canClaim && (
          <p id="claim-reason" data-testid="claim-reason" className="max-w-xs text-right text-xs text-muted">
            {MSG_NOTHING_TO_CLAIM}
          </p>
        )}
      </div>
    </section>
  );
}

import { lazy, Suspense } from 'react';
import { Link } from '@/components/ui/link';
import { formatDateTimeUS } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { SlotToken } from '@/types/api';
import type { usePlaySafe } from '@/features/slots/hooks/use-play-safe';

// A connected player's totals, loss limit and cool-off load once there is one: a visit that only
// looks reads the panel's heading and what connecting gives.
const PlaySafeDetails = lazy(() => import('@/features/slots/components/play-safe-details').then((m) => ({ default: m.PlaySafeDetails })));

/** The moment a cool-off ends or a raised limit starts, in the reader's time zone. */
export function formatMoment(ms: number): string {
  return formatDateTimeUS(new Date(ms));
}

interface Props {
  address: string | null;
  token: SlotToken;
  tokens: readonly SlotToken[];
  /** While a play replays, the totals stay as they were, so they never give the result away. */
  frozen: boolean;
  safe: ReturnType<typeof usePlaySafe>;
}

/** The last 24 hours' totals, a loss limit and a cool-off (docs/product.md, Slots, Play safely). */
export function PlaySafePanel({ address, token, tokens, frozen, safe }: Props) {
  return (
    <section aria-labelledby="play-safe-title" className="panel p-4 sm:p-5" data-testid="play-safe">
      <div className="flex items-center justify-between gap-3">
        <h2 id="play-safe-title" className="font-display text-lg font-extrabold tracking-wide text-white">
          Play Safely
        </h2>
        <Link to={paths.slotsFair} className="text-sm font-semibold text-neon-cyan underline-offset-4 hover:underline">
          How fair is this?
        </Link>
      </div>

      {!address ? (
        <p className="mt-3 text-sm text-muted">Connect your wallet to see your totals of the last 24 hours and to set a loss limit or a cool-off.</p>
      ) : (
        <Suspense
          fallback={
            <p className="mt-4 text-sm text-muted" data-testid="session-loading">
              Reading your plays from the chain…
            </p>
          }
        >
          <PlaySafeDetails token={token} tokens={tokens} frozen={frozen} safe={safe} />
        </Suspense>
      )}
    </section>
  );
}

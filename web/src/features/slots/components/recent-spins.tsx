import { lazy, Suspense } from 'react';
import type { SlotToken } from '@/types/api';

// The player's own plays load once there is a player: a visit that only looks does not fetch them.
const RecentSpinsList = lazy(() => import('@/features/slots/components/recent-spins-list').then((m) => ({ default: m.RecentSpinsList })));

/**
 * The player's last plays (GET /api/v1/slots/history) with wagered, won and net. While a game is
 * replaying the list stays as it was, so it never gives the result away before the reels do.
 */
export function RecentSpins({ address, tokens, frozen }: { address: string | null; tokens: readonly SlotToken[]; frozen: boolean }) {
  return (
    <section aria-labelledby="recent-spins-title" className="panel p-4 sm:p-5">
      <h2 id="recent-spins-title" className="mb-3 font-display text-lg font-extrabold tracking-wide text-white">
        Recent Spins
      </h2>
      {!address ? (
        <p className="text-sm text-muted">Connect your wallet to see your recent spins.</p>
      ) : (
        <Suspense fallback={<p className="text-sm text-muted">Loading your recent spins…</p>}>
          <RecentSpinsList address={address} tokens={tokens} frozen={frozen} />
        </Suspense>
      )}
    </section>
  );
}

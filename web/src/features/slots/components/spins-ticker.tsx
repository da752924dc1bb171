import { useDeferredValue } from 'react';
import { useSlotsFeed } from '@/features/slots/api/use-feed';
import { useAppConfig } from '@/lib/config';
import { fmt2Grouped, safeBigInt } from '@/lib/amounts';
import { AddressLink } from '@/components/ui/chain-link';
import type { SlotToken } from '@/types/api';

/** A live line of everyone's latest spins (GET /api/v1/slots/feed, polled every 5 s). */
export function SpinsTicker({ tokens, frozen }: { tokens: readonly SlotToken[]; frozen: boolean }) {
  const q = useSlotsFeed(12);
  // An answer re-renders its reader in one task; the line draws from a deferred copy instead, which
  // React renders in slices. The config is read here once for every play's link.
  const data = useDeferredValue(q.data);
  const plays = data?.plays ?? [];
  const network = useAppConfig().data?.network ?? null;
  if (frozen || q.isError || plays.length === 0) {
    // The ticker's height (2.125rem) is kept while it loads and when it has nothing to show, so
    // the machine under it does not move when the first spins arrive.
    return frozen || plays.length > 0 ? null : (
      <p className="flex min-h-[2.125rem] items-center justify-center text-center text-xs text-muted" aria-live="polite">
        {q.isError ? 'Recent spins of other players could not be loaded.' : data === undefined ? '' : 'No spins yet: be the first.'}
      </p>
    );
  }
  const decimalsOf = (coinType: string, name: string) => tokens.find((t) => t.coinType === coinType || t.name === name)?.decimals ?? 0;
  return (
    <section aria-label="Recent spins of all players" className="overflow-hidden rounded-xl border border-white/10 bg-ink-900/60">
      <ul className="flex gap-6 overflow-x-auto px-4 py-2 text-xs whitespace-nowrap" aria-live="polite">
        {plays.map((p) => {
          const d = decimalsOf(p.coinType, p.token);
          const won = (safeBigInt(p.won) ?? 0n) > 0n;
          return (
            <li key={p.txHash} data-testid="feed-play" className="flex items-center gap-1.5">
              <span className="font-mono text-muted">
                <AddressLink address={p.player} network={network} className="hover:text-neon-cyan hover:underline" />
              </span>
              {won ? (
                <span className="font-bold text-neon-gold">
                  won {fmt2Grouped(p.won, d)} {p.token}
                </span>
              ) : (
                <span className="text-white">
                  spun {p.numberOfSpins}× {fmt2Grouped(p.betPerSpin, d)} {p.token}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

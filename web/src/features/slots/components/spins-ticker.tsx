import { useDeferredValue, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
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
  // One tab stop for the whole line (a roving tab index): Tab passes it in one press, the arrow
  // keys, Home and End move between its links. The links come from AddressLink, so their tab index
  // is set here, after each render.
  const listRef = useRef<HTMLUListElement>(null);
  const current = useRef(0);
  useLayoutEffect(() => {
    const links = Array.from(listRef.current?.querySelectorAll('a') ?? []);
    if (current.current >= links.length) current.current = 0;
    links.forEach((a, i) => (a.tabIndex = i === current.current ? 0 : -1));
  });
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const links = Array.from(listRef.current?.querySelectorAll('a') ?? []);
    if (links.length === 0) return;
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const from = at < 0 ? current.current : at;
    let next: number;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = Math.min(from + 1, links.length - 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = Math.max(from - 1, 0);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = links.length - 1;
    else return;
    e.preventDefault();
    current.current = next;
    links.forEach((a, i) => (a.tabIndex = i === next ? 0 : -1));
    links[next]!.focus();
  };
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
    <section
      aria-label="Recent spins of all players"
      aria-roledescription="ticker"
      className="overflow-hidden rounded-xl border border-white/10 bg-ink-900/60"
    >
      <p id="spins-ticker-keys" className="sr-only">
        Use the arrow keys to move between players.
      </p>
      <ul
        ref={listRef}
        onKeyDown={onKeyDown}
        aria-describedby="spins-ticker-keys"
        data-testid="spins-ticker"
        className="flex gap-6 overflow-x-auto px-4 py-2 text-xs whitespace-nowrap"
        aria-live="polite"
      >
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

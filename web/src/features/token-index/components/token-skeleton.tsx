import type { ReactNode } from 'react';

/** Placeholder rows while the index loads; enough to fill a screen at both layouts. */
const ROWS = 10;

const bar = 'block animate-pulse rounded bg-white/10';

/**
 * Holds the room the table (desktop) or the cards (phones) will take, so the first answer fills
 * it instead of pushing the page footer down (a layout shift on every cold load). Row and card
 * heights match token-table.tsx and token-cards.tsx; the loading text sits over it, taking no room.
 */
export function TokenSkeleton({ label }: { label: ReactNode }) {
  return (
    <div className="relative" data-testid="token-skeleton">
      <p className="absolute inset-x-0 top-14 z-10 flex items-center justify-center gap-3 text-muted">{label}</p>
      <div aria-hidden="true" className="hidden overflow-hidden rounded-2xl border border-white/10 bg-ink-800/85 md:block">
        <div className="h-10 border-b border-white/10 bg-ink-900/60" />
        {Array.from({ length: ROWS }, (_, i) => (
          <div key={i} className="flex h-[60.5px] items-center gap-3 border-b border-white/5 px-4 last:border-0">
            <span className={`${bar} h-3 w-6`} />
            <span className={`${bar} h-7 w-7 rounded-full`} />
            <span className={`${bar} h-3 w-28`} />
            <span className={`${bar} ml-auto h-3 w-20`} />
            <span className={`${bar} ml-10 h-3 w-20`} />
          </div>
        ))}
      </div>
      <ol aria-hidden="true" className="space-y-3 md:hidden">
        {Array.from({ length: ROWS }, (_, i) => (
          <li key={i} className="h-[207.5px] rounded-2xl border border-white/10 bg-ink-800/85 p-4">
            <span className={`${bar} h-8 w-40`} />
            <span className={`${bar} mt-5 h-3 w-full`} />
            <span className={`${bar} mt-5 h-3 w-2/3`} />
          </li>
        ))}
      </ol>
      {/* The pagination's row. */}
      <div aria-hidden="true" className="mt-5 h-9" />
    </div>
  );
}

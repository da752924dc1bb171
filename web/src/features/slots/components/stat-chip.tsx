import type { ReactNode } from 'react';

export type ChipTone = 'cyan' | 'pink' | 'gold' | 'green';

const tones: Record<ChipTone, string> = {
  cyan: 'border-neon-cyan/40 text-neon-cyan',
  pink: 'border-neon-pink/40 text-[#ff8ade]',
  gold: 'border-neon-gold/60 text-neon-gold shadow-[0_0_24px_rgb(255_201_64/0.25)]',
  green: 'border-neon-green/50 text-neon-green',
};

/** A labelled amount: "Balance", "House Pot", "Total Won". */
export function StatChip({ label, value, unit, tone = 'cyan', testId }: { label: string; value: ReactNode; unit?: string; tone?: ChipTone; testId?: string }) {
  return (
    // A size container: in a narrow chip (three side by side on a phone) the figure gets smaller
    // instead of being cut ("1,001,22…"), and the unit, already named by the token button, goes.
    <div className={`@container min-w-0 rounded-xl border bg-ink-900/70 px-2 py-2 sm:px-3 ${tones[tone]}`} data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="truncate text-[10px] font-bold tracking-[0.18em] text-muted uppercase @max-[7rem]:tracking-[0.04em]">{label}</span>
        {unit && <span className="truncate text-[10px] font-bold tracking-wide @max-[8rem]:hidden">{unit}</span>}
      </div>
      <div
        className="overflow-hidden font-mono text-[length:min(0.875rem,12.5cqw)] font-bold whitespace-nowrap text-white sm:text-[length:min(1.125rem,11cqw)]"
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {value}
      </div>
    </div>
  );
}

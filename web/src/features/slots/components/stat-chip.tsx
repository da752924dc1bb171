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
    <div className={`min-w-0 rounded-xl border bg-ink-900/70 px-3 py-2 ${tones[tone]}`} data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-[10px] font-bold tracking-[0.18em] text-muted uppercase">{label}</span>
        {unit && <span className="truncate text-[10px] font-bold tracking-wide">{unit}</span>}
      </div>
      <div className="truncate font-mono text-sm font-bold text-white sm:text-lg" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </div>
    </div>
  );
}

import type { ReelFlags, Reels } from '@/features/slots/hooks/use-reels';
import { FruitSymbolIcon } from '@/features/slots/components/fruit-symbol';
import { SYMBOL_LABEL } from '@/features/slots/utils/tiers';

/** The three reels. Shuffling reels blur; a win lights all three up in gold. */
export function ReelsView({ symbols, spinning, highlight }: { symbols: Reels; spinning: ReelFlags; highlight: boolean }) {
  const label = spinning.some(Boolean) ? 'Reels spinning' : `Reels: ${symbols.map((s) => SYMBOL_LABEL[s]).join(', ')}`;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="reels"
      className="relative grid grid-cols-3 gap-2 rounded-2xl border border-neon-gold/40 bg-gradient-to-b from-ink-950 via-ink-900 to-ink-950 p-2.5 shadow-[inset_0_0_40px_rgb(0_0_0/0.7),0_0_40px_rgb(255_201_64/0.15)] sm:gap-4 sm:p-4"
    >
      {symbols.map((s, i) => (
        <div
          key={i}
          data-testid={`reel-${i}`}
          data-spinning={spinning[i] ? 'true' : 'false'}
          data-win={highlight ? 'true' : 'false'}
          className={
            'relative flex aspect-[4/5] items-center justify-center overflow-hidden rounded-xl border bg-gradient-to-b from-[#fdfbff] via-[#ece6ff] to-[#cfc4f5] transition-shadow duration-200 ' +
            (highlight
              ? 'border-neon-gold shadow-[0_0_0_3px_rgb(255_201_64/0.9),0_0_36px_rgb(255_201_64/0.75)] animate-reel-win'
              : 'border-white/20 shadow-[inset_0_6px_18px_rgb(0_0_0/0.35)]')
          }
        >
          <span aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-1/4 bg-gradient-to-b from-black/20 to-transparent" />
          <span aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-0 h-1/4 bg-gradient-to-t from-black/20 to-transparent" />
          <div className={'w-[72%] max-w-40 ' + (spinning[i] ? 'animate-reel-blur' : 'animate-reel-land')}>
            <FruitSymbolIcon symbol={s} size="fluid" />
          </div>
        </div>
      ))}
      <span aria-hidden="true" className="pointer-events-none absolute inset-x-3 top-1/2 h-px -translate-y-1/2 bg-neon-pink/40 sm:inset-x-5" />
    </div>
  );
}

import type { ReelFlags, ReelHighlight, Reels } from '@/features/slots/hooks/use-reels';
import { FruitSymbolIcon } from '@/features/slots/components/fruit-symbol';
import { SYMBOL_LABEL } from '@/features/slots/utils/tiers';

/** Accessible name of one reel: "Reel 1: Cherry", or "Reel 1: spinning" while it shuffles. */
export function reelLabel(index: number, symbol: Reels[number], spinning: boolean): string {
  return `Reel ${index + 1}: ${spinning ? 'spinning' : SYMBOL_LABEL[symbol]}`;
}

/**
 * The three reels. Shuffling reels blur; a win lights all three up in gold, a partial return
 * (a prize below the bet) only outlines them, so it never looks like a win. Each reel is an image
 * named after the symbol it shows, so what a screen reader hears is what the reel shows.
 */
export function ReelsView({ symbols, spinning, highlight }: { symbols: Reels; spinning: ReelFlags; highlight: ReelHighlight }) {
  return (
    <div
      role="group"
      aria-label="Reels"
      data-testid="reels"
      className="relative grid grid-cols-3 gap-2 rounded-2xl border border-neon-gold/40 bg-gradient-to-b from-ink-950 via-ink-900 to-ink-950 p-2.5 shadow-[inset_0_0_40px_rgb(0_0_0/0.7),0_0_40px_rgb(255_201_64/0.15)] sm:gap-4 sm:p-4"
    >
      {symbols.map((s, i) => (
        <div
          key={i}
          role="img"
          aria-label={reelLabel(i, s, spinning[i]!)}
          data-testid={`reel-${i}`}
          data-symbol={spinning[i] ? undefined : s}
          data-spinning={spinning[i] ? 'true' : 'false'}
          data-win={highlight === 'win' ? 'true' : 'false'}
          data-result={highlight ?? 'none'}
          className={
            'relative flex aspect-[4/5] items-center sm:aspect-[5/4] justify-center overflow-hidden rounded-xl border bg-gradient-to-b from-[#fdfbff] via-[#ece6ff] to-[#cfc4f5] transition-shadow duration-200 ' +
            (highlight === 'win'
              ? 'border-neon-gold shadow-[0_0_0_3px_rgb(255_201_64/0.9),0_0_36px_rgb(255_201_64/0.75)] animate-reel-win'
              : highlight === 'partial'
                ? 'border-neon-cyan/70 shadow-[0_0_0_2px_rgb(46_230_255/0.5)]'
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

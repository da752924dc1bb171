import type { ReelHighlight, Reels, useReels } from '@/features/slots/hooks/use-reels';
import { replaySpins, type ReplayControl, type ReplaySpin } from '@/features/slots/utils/replay';
import { isPartialReturn } from '@/features/slots/utils/tiers';

/** How a spin result lights the reels: gold for a prize above the bet, softer for a partial return. */
export function highlightFor(spin: Pick<ReplaySpin, 'prize' | 'tierIndex'>): ReelHighlight {
  if (spin.prize <= 0n) return null;
  return isPartialReturn(spin.tierIndex) ? 'partial' : 'win';
}

export type ReelControls = Pick<ReturnType<typeof useReels>, 'startAll' | 'stopReel' | 'showFinal' | 'setHighlight'>;

export interface ReelReplayEvents {
  /** Spin `index` begins; `remaining` counts it. */
  spinStart?(index: number, remaining: number): void;
  reelStop?(reel: number): void;
  /** All three reels stopped on `spin.symbols`: announce it. */
  result(index: number, spin: ReplaySpin, highlight: ReelHighlight): void;
  /** The win sound moment, for a prize above the bet only. */
  winSound?(): void;
}

/**
 * Plays a play's results on the reels: every reel stops on its result's symbol, the result is
 * announced once all three show it, and Skip puts the last result on all three reels at once.
 * The reels, not this function, make a stop final (see useReels).
 */
export async function replayOnReels(
  results: readonly ReplaySpin[],
  reels: ReelControls,
  control: ReplayControl,
  on: ReelReplayEvents,
): Promise<'done' | 'skipped'> {
  let lastHighlight: ReelHighlight = null;
  const outcome = await replaySpins(
    results,
    {
      spinStart: (i, left) => {
        on.spinStart?.(i, left);
        if (i > 0) reels.startAll();
      },
      reelStop: (reel, symbol) => {
        reels.stopReel(reel, symbol);
        on.reelStop?.(reel);
      },
      result: (i, r) => {
        lastHighlight = highlightFor(r);
        reels.setHighlight(lastHighlight);
        on.result(i, r, lastHighlight);
      },
      winSound: () => {
        if (lastHighlight === 'win') on.winSound?.();
      },
    },
    control,
  );
  const final = results.at(-1);
  if (outcome === 'skipped' && final) reels.showFinal(final.symbols as Reels, highlightFor(final));
  return outcome;
}

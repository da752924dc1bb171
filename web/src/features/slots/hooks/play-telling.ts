import { createElement, type ReactNode } from 'react';
import type { FruitSymbol } from '@/lib/slots/paytable';
import { WinToast } from '@/features/slots/components/win-toast';
import { replayOnReels } from '@/features/slots/hooks/reel-replay';
import { partialReturnMessage, winMessage } from '@/features/slots/utils/messages';
import { runLine, summarizeRun } from '@/features/slots/utils/run-summary';

/** A spin's result that the reels highlight: its tier, symbols and prize in base units. */
interface Highlighted {
  tierIndex: number;
  symbols: readonly FruitSymbol[];
  prize: bigint;
}

/**
 * How a confirmed play is told: the replay on the reels, the toast of a win or a partial return,
 * and the run's summary. One chunk that use-slot-game.ts fetches while a play is sent, so a visit
 * that never plays does not load it.
 */
export const playTelling = {
  replayOnReels,
  summarizeRun,
  runLine,
  /** The toast of a spin that won (`partial`: a prize below the bet, told without celebration). */
  toast(r: Highlighted, partial: boolean, betBase: bigint, decimals: number, token: string): ReactNode {
    return partial
      ? createElement(WinToast, {
          text: partialReturnMessage(r.tierIndex, r.symbols, r.prize, betBase, decimals, token),
          symbols: r.symbols,
          tone: 'partial',
        })
      : createElement(WinToast, { text: winMessage(r.tierIndex, r.symbols, r.prize, decimals, token), symbols: r.symbols });
  },
};

import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { SHUFFLE_MS } from '@/features/slots/utils/replay';
import { randomSymbol } from '@/features/slots/utils/tiers';
import { type FruitSymbol } from '@/lib/slots/paytable';

export type Reels = [FruitSymbol, FruitSymbol, FruitSymbol];
export type ReelFlags = [boolean, boolean, boolean];
/** How the last result lights the reels: gold for a prize above the bet, a softer tone for a partial return. */
export type ReelHighlight = 'win' | 'partial' | null;

const INITIAL: Reels = ['seven', 'cherry', 'watermelon'];

/**
 * Reel state. A stopped reel holds the outcome's symbol in `landed`; `shuffle` is only what a
 * spinning reel shows. A reel's displayed symbol is `landed[i] ?? shuffle[i]`, so a shuffle tick
 * (even one that fires late, after the stop, on a busy machine) can never change a stopped reel:
 * the stop is final by construction, not by timer ordering.
 */
export interface ReelState {
  /** The symbol each stopped reel landed on; null while that reel spins. */
  landed: [FruitSymbol | null, FruitSymbol | null, FruitSymbol | null];
  /** The symbols spinning reels flick through. */
  shuffle: Reels;
  highlight: ReelHighlight;
}

export type ReelAction =
  | { type: 'startAll' }
  | { type: 'tick'; next: Reels }
  | { type: 'stopReel'; reel: number; symbol: FruitSymbol }
  | { type: 'showFinal'; final: Reels; highlight: ReelHighlight }
  | { type: 'stopAll' }
  | { type: 'highlight'; highlight: ReelHighlight };

export const INITIAL_REELS: ReelState = { landed: [...INITIAL], shuffle: [...INITIAL], highlight: null };

export function reelReducer(s: ReelState, a: ReelAction): ReelState {
  switch (a.type) {
    case 'startAll':
      return { ...s, landed: [null, null, null], highlight: null };
    case 'tick':
      // Only the shuffle changes: stopped reels read `landed`, which a tick never touches.
      return s.landed.every((l) => l !== null) ? s : { ...s, shuffle: a.next };
    case 'stopReel':
      return { ...s, landed: s.landed.map((l, i) => (i === a.reel ? a.symbol : l)) as ReelState['landed'] };
    case 'showFinal':
      return { ...s, landed: [...a.final], highlight: a.highlight };
    case 'stopAll':
      // A reel still spinning when the play ends without a result (an error) stays where it is.
      return s.landed.every((l) => l !== null) ? s : { ...s, landed: s.landed.map((l, i) => l ?? s.shuffle[i]!) as ReelState['landed'] };
    case 'highlight':
      return s.highlight === a.highlight ? s : { ...s, highlight: a.highlight };
  }
}

export function displayedSymbols(s: ReelState): Reels {
  return s.landed.map((l, i) => l ?? s.shuffle[i]!) as Reels;
}

/** Three reels: spinning ones change symbol every 70 ms; a stopped one shows its outcome symbol. */
export function useReels() {
  const [state, dispatch] = useReducer(reelReducer, INITIAL_REELS);
  const spinning = useMemo(() => state.landed.map((l) => l === null) as ReelFlags, [state.landed]);
  const symbols = useMemo(() => displayedSymbols(state), [state]);
  const anySpinning = spinning.some(Boolean);

  useEffect(() => {
    if (!anySpinning) return;
    const t = setInterval(() => dispatch({ type: 'tick', next: [randomSymbol(), randomSymbol(), randomSymbol()] }), SHUFFLE_MS);
    return () => clearInterval(t);
  }, [anySpinning]);

  const startAll = useCallback(() => dispatch({ type: 'startAll' }), []);
  const stopReel = useCallback((reel: number, symbol: FruitSymbol) => dispatch({ type: 'stopReel', reel, symbol }), []);
  const showFinal = useCallback((final: Reels, highlight: ReelHighlight) => dispatch({ type: 'showFinal', final, highlight }), []);
  const stopAll = useCallback(() => dispatch({ type: 'stopAll' }), []);
  const setHighlight = useCallback((highlight: ReelHighlight) => dispatch({ type: 'highlight', highlight }), []);

  return { symbols, spinning, highlight: state.highlight, setHighlight, startAll, stopReel, showFinal, stopAll };
}

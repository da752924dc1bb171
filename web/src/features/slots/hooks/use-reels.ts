import { useCallback, useEffect, useState } from 'react';
import { SHUFFLE_MS } from '@/features/slots/utils/replay';
import { randomSymbol, type FruitSymbol } from '@/features/slots/utils/tiers';

export type Reels = [FruitSymbol, FruitSymbol, FruitSymbol];
export type ReelFlags = [boolean, boolean, boolean];

const INITIAL: Reels = ['seven', 'cherry', 'watermelon'];

/** Three reels: shuffling ones change symbol every 70 ms; stopped ones hold theirs. */
export function useReels() {
  const [symbols, setSymbols] = useState<Reels>(INITIAL);
  const [spinning, setSpinning] = useState<ReelFlags>([false, false, false]);
  const [highlight, setHighlight] = useState(false);
  const anySpinning = spinning.some(Boolean);

  useEffect(() => {
    if (!anySpinning) return;
    const t = setInterval(() => {
      setSymbols((prev) => prev.map((s, i) => (spinning[i] ? randomSymbol() : s)) as Reels);
    }, SHUFFLE_MS);
    return () => clearInterval(t);
  }, [anySpinning, spinning]);

  const startAll = useCallback(() => {
    setHighlight(false);
    setSpinning([true, true, true]);
  }, []);

  const stopReel = useCallback((reel: number, symbol: FruitSymbol) => {
    setSpinning((prev) => prev.map((v, i) => (i === reel ? false : v)) as ReelFlags);
    setSymbols((prev) => prev.map((s, i) => (i === reel ? symbol : s)) as Reels);
  }, []);

  const showFinal = useCallback((final: Reels, win: boolean) => {
    setSpinning([false, false, false]);
    setSymbols(final);
    setHighlight(win);
  }, []);

  const stopAll = useCallback(() => setSpinning([false, false, false]), []);

  return { symbols, spinning, highlight, setHighlight, startAll, stopReel, showFinal, stopAll };
}

/**
 * Replays a play's spin results one at a time with the product's timings (docs/product.md, Slots): the reels shuffle,
 * stop left to right 300 ms apart, a win plays its sound 200 ms after the third stop, and the
 * next spin starts 2 s later. Turbo divides every wait by 10; Skip ends the replay at once.
 */
import { safeBigInt } from '@/lib/amounts';
import { symbolsForTier } from '@/features/slots/utils/tiers';
import { type FruitSymbol } from '@/lib/slots/paytable';

export interface ReplayTimings {
  /** Shuffle time before the first reel stops (the reels already spin for the first result). */
  shuffle: number;
  stagger: number;
  winSoundDelay: number;
  nextSpin: number;
}

/** Replay timings (docs/product.md, Slots): reel stagger 300 ms, win sound delay 200 ms, next spin 2 s. */
export const NORMAL_TIMINGS: ReplayTimings = { shuffle: 600, stagger: 300, winSoundDelay: 200, nextSpin: 2000 };
export const TURBO_FACTOR = 10;
export const TURBO_TIMINGS: ReplayTimings = {
  shuffle: NORMAL_TIMINGS.shuffle / TURBO_FACTOR,
  stagger: NORMAL_TIMINGS.stagger / TURBO_FACTOR,
  winSoundDelay: NORMAL_TIMINGS.winSoundDelay / TURBO_FACTOR,
  nextSpin: NORMAL_TIMINGS.nextSpin / TURBO_FACTOR,
};
/** Shuffle tick while reels spin: 70 ms (docs/product.md, Slots). */
export const SHUFFLE_MS = 70;

export interface ReplaySpin {
  tierIndex: number;
  prize: bigint;
  symbols: [FruitSymbol, FruitSymbol, FruitSymbol];
}

export function toReplaySpins(results: readonly { tierIndex: number | string; prizeWon: string | number }[]): ReplaySpin[] {
  return results.map((r) => {
    const tier = Number(r.tierIndex);
    return { tierIndex: tier, prize: safeBigInt(r.prizeWon) ?? 0n, symbols: symbolsForTier(tier) };
  });
}

export interface ReplayHandlers {
  /** Spin `index` (0-based) begins; `remaining` counts it. */
  spinStart(index: number, remaining: number): void;
  /** Reel `reel` (0..2) stops on `symbol`. */
  reelStop(reel: number, symbol: FruitSymbol): void;
  /** All three reels stopped: show the result. */
  result(index: number, spin: ReplaySpin): void;
  /** The win sound moment (200 ms after the third stop). */
  winSound(): void;
}

export interface ReplayControl {
  /** Read before every wait so Turbo can be switched mid-replay. */
  timings(): ReplayTimings;
  /** True once Skip was pressed or the page went away. */
  stopped(): boolean;
  /** Waits ms, resolving early when stopped. */
  sleep(ms: number): Promise<void>;
}

/** Runs the replay; resolves 'done' after the last spin or 'skipped' when stopped. */
export async function replaySpins(spins: readonly ReplaySpin[], h: ReplayHandlers, c: ReplayControl): Promise<'done' | 'skipped'> {
  for (let i = 0; i < spins.length; i++) {
    if (c.stopped()) return 'skipped';
    const spin = spins[i]!;
    h.spinStart(i, spins.length - i);
    await c.sleep(c.timings().shuffle);
    for (let r = 0; r < 3; r++) {
      if (c.stopped()) return 'skipped';
      if (r > 0) await c.sleep(c.timings().stagger);
      if (c.stopped()) return 'skipped';
      h.reelStop(r, spin.symbols[r]!);
    }
    h.result(i, spin);
    if (spin.prize > 0n) {
      await c.sleep(c.timings().winSoundDelay);
      if (c.stopped()) return 'skipped';
      h.winSound();
    }
    if (i < spins.length - 1) {
      await c.sleep(c.timings().nextSpin - (spin.prize > 0n ? c.timings().winSoundDelay : 0));
    }
  }
  return c.stopped() ? 'skipped' : 'done';
}

/** A stop flag with a sleep that wakes up when stopped. */
export function createReplayControl(timings: () => ReplayTimings): ReplayControl & { stop(): void } {
  let stopped = false;
  const wakers = new Set<() => void>();
  return {
    timings,
    stopped: () => stopped,
    stop() {
      stopped = true;
      wakers.forEach((w) => w());
      wakers.clear();
    },
    sleep(ms) {
      if (stopped || ms <= 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(t);
          wakers.delete(done);
          resolve();
        };
        const t = setTimeout(done, ms);
        wakers.add(done);
      });
    },
  };
}

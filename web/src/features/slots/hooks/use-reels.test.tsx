import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReelsView } from '@/features/slots/components/reels';
import { replayOnReels } from '@/features/slots/hooks/reel-replay';
import { useReels, type Reels } from '@/features/slots/hooks/use-reels';
import {
  createReplayControl,
  NORMAL_TIMINGS,
  SHUFFLE_MS,
  TURBO_TIMINGS,
  toReplaySpins,
  type ReplaySpin,
  type ReplayTimings,
} from '@/features/slots/utils/replay';
import { SYMBOL_LABEL } from '@/features/slots/utils/tiers';

/**
 * The reels must show exactly the announced outcome after every spin. These tests drive the real
 * reels (useReels + ReelsView) and the real replay with fake timers, and check the reels' accessible
 * names ("Reel 1: Cherry") at every 10 ms of the timeline, so a stop that a later shuffle tick
 * overwrites is caught whenever it happens, not only when a busy machine happens to show it.
 */

type ReelsApi = ReturnType<typeof useReels>;

function Harness({ onApi }: { onApi: (api: ReelsApi) => void }) {
  const reels = useReels();
  onApi(reels);
  return <ReelsView symbols={reels.symbols} spinning={reels.spinning} highlight={reels.highlight} />;
}

function renderReels() {
  let api!: ReelsApi;
  render(<Harness onApi={(a) => (api = a)} />);
  return () => api;
}

function labels(): string[] {
  return [0, 1, 2].map((i) => screen.getByTestId(`reel-${i}`).getAttribute('aria-label') ?? '');
}

function expected(symbols: readonly string[]): string[] {
  return symbols.map((s, i) => `Reel ${i + 1}: ${SYMBOL_LABEL[s as Reels[number]]}`);
}

/** Every outcome of the contract: each tier 0..6 with a prize shaped like the contract's. */
const ALL_TIERS = toReplaySpins([0, 1, 2, 3, 4, 5, 6].map((t) => ({ tierIndex: t, prizeWon: t === 0 ? '0' : String(t * 1000) })));

interface Announcement {
  index: number;
  symbols: readonly string[];
}

/**
 * Runs a replay, stepping fake time by 10 ms. After each step, once a result was announced and
 * until the next spin starts, every reel must show the announced symbol.
 */
async function runAndWatch(
  results: readonly ReplaySpin[],
  timings: () => ReplayTimings,
  opts: { skipAtMs?: number; lateTick?: boolean } = {},
) {
  const api = renderReels();
  act(() => api().startAll());
  const control = createReplayControl(timings);
  let current: Announcement | null = null;
  const announced: Announcement[] = [];
  const done = replayOnReels(results, api(), control, {
    spinStart: () => {
      current = null;
    },
    result: (index, spin) => {
      current = { index, symbols: spin.symbols };
      announced.push(current);
    },
  });
  let finished = false;
  void done.then(() => (finished = true));
  let elapsed = 0;
  while (!finished) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    elapsed += 10;
    if (opts.skipAtMs !== undefined && elapsed === opts.skipAtMs) {
      // Skip: the game announces a summary and puts the last outcome on the reels (checked below).
      act(() => control.stop());
      current = null;
    }
    const now = current as Announcement | null;
    if (now) expect(labels(), `after result ${now.index} at ${elapsed} ms`).toEqual(expected(now.symbols));
    if (elapsed > 600_000) throw new Error('replay did not finish');
  }
  const outcome = await done;
  // Long after the end, with any timer left to fire, the reels still show the last outcome.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5 * SHUFFLE_MS);
  });
  return { outcome, announced, api };
}

describe('reels show the announced outcome', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it.each(ALL_TIERS.map((r) => [r.tierIndex, r] as const))('normal speed, tier %i', async (_tier, spin) => {
    const { outcome, announced } = await runAndWatch([spin], () => NORMAL_TIMINGS);
    expect(outcome).toBe('done');
    expect(announced).toHaveLength(1);
    expect(labels()).toEqual(expected(spin.symbols));
  });

  it.each(ALL_TIERS.map((r) => [r.tierIndex, r] as const))('Turbo, tier %i', async (_tier, spin) => {
    await runAndWatch([spin], () => TURBO_TIMINGS);
    expect(labels()).toEqual(expected(spin.symbols));
  });

  it('a replay of many spins, Turbo switched on half way, every result matches when announced', async () => {
    const many = [...ALL_TIERS, ...ALL_TIERS.slice().reverse(), ...ALL_TIERS];
    let calls = 0;
    const { outcome, announced } = await runAndWatch(many, () => (++calls > 20 ? TURBO_TIMINGS : NORMAL_TIMINGS));
    expect(outcome).toBe('done');
    expect(announced.map((a) => a.index)).toEqual(many.map((_, i) => i));
    expect(labels()).toEqual(expected(many.at(-1)!.symbols));
  });

  it.each([
    ['before any reel stops', 100],
    ['after the first reel stopped', NORMAL_TIMINGS.shuffle + 50],
    ['between results', NORMAL_TIMINGS.shuffle + 2 * NORMAL_TIMINGS.stagger + 500],
    ['in the third spin', 2 * (NORMAL_TIMINGS.shuffle + 2 * NORMAL_TIMINGS.stagger + NORMAL_TIMINGS.nextSpin) + 700],
  ])('Skip %s puts the last outcome on all three reels', async (_when, at) => {
    const many = ALL_TIERS.slice(1).concat(ALL_TIERS[0]!); // ends on a No Win
    const { outcome, api } = await runAndWatch(many, () => NORMAL_TIMINGS, { skipAtMs: at });
    expect(outcome).toBe('skipped');
    expect(labels()).toEqual(expected(many.at(-1)!.symbols));
    expect(api().spinning).toEqual([false, false, false]);
  });

  it('a shuffle tick that fires late, after its reel stopped, cannot change that reel', async () => {
    // A busy machine runs an interval callback that was already due after React re-rendered for a
    // stop but before the effect cleanup cleared the interval. Capture the shuffle callback and
    // call it after the stops, exactly as such a late tick would run.
    const ticks: (() => void)[] = [];
    const realSetInterval = globalThis.setInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms?: number) => {
      ticks.push(fn);
      return realSetInterval(fn, ms);
    }) as typeof setInterval);
    const api = renderReels();
    act(() => api().startAll());
    expect(ticks.length).toBeGreaterThan(0);
    const staleTicks = ticks.slice();
    act(() => api().stopReel(0, 'cherry'));
    for (const tick of staleTicks) act(() => tick());
    expect(labels()[0]).toBe('Reel 1: Cherry');
    act(() => {
      api().stopReel(1, 'cherry');
      api().stopReel(2, 'seven');
    });
    // Every interval callback ever created, each run a few times after all three stopped.
    for (let n = 0; n < 5; n++) for (const tick of ticks) act(() => tick());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * SHUFFLE_MS);
    });
    expect(labels()).toEqual(['Reel 1: Cherry', 'Reel 2: Cherry', 'Reel 3: Seven']);
  });

  it('clears the shuffle timer once every reel stopped', async () => {
    const api = renderReels();
    act(() => api().startAll());
    expect(vi.getTimerCount()).toBe(1);
    act(() => api().showFinal(['lemon', 'lemon', 'lemon'], 'partial'));
    expect(vi.getTimerCount()).toBe(0);
    expect(labels()).toEqual(expected(['lemon', 'lemon', 'lemon']));
    expect(screen.getByTestId('reel-0').dataset.result).toBe('partial');
    expect(screen.getByTestId('reel-0').dataset.win).toBe('false');
  });

  it('names a spinning reel as spinning', () => {
    const api = renderReels();
    act(() => api().startAll());
    expect(labels()).toEqual(['Reel 1: spinning', 'Reel 2: spinning', 'Reel 3: spinning']);
    expect(screen.getByRole('group', { name: 'Reels' })).toBeTruthy();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createReplayControl,
  NORMAL_TIMINGS,
  replaySpins,
  toReplaySpins,
  TURBO_TIMINGS,
  type ReplayHandlers,
} from '@/features/slots/utils/replay';

function recorder() {
  const log: string[] = [];
  const h: ReplayHandlers = {
    spinStart: (i, n) => log.push(`${Date.now()} start ${i} (${n})`),
    reelStop: (r, s) => log.push(`${Date.now()} stop ${r} ${s}`),
    result: (i, s) => log.push(`${Date.now()} result ${i} tier ${s.tierIndex} prize ${s.prize}`),
    winSound: () => log.push(`${Date.now()} win`),
  };
  return { log, h };
}

describe('replaySpins', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  const spins = toReplaySpins([
    { tierIndex: 6, prizeWon: '500000000' },
    { tierIndex: 0, prizeWon: '0' },
    { tierIndex: 3, prizeWon: '15000000' },
  ]);

  it('stops reels 300 ms apart, win sound 200 ms after the third stop, next spin 2 s later', async () => {
    const { log, h } = recorder();
    const c = createReplayControl(() => NORMAL_TIMINGS);
    const p = replaySpins(spins, h, c);
    await vi.runAllTimersAsync();
    await expect(p).resolves.toBe('done');
    const s = NORMAL_TIMINGS.shuffle;
    expect(log.slice(0, 7)).toEqual([
      '0 start 0 (3)',
      `${s} stop 0 seven`,
      `${s + 300} stop 1 seven`,
      `${s + 600} stop 2 seven`,
      `${s + 600} result 0 tier 6 prize 500000000`,
      `${s + 800} win`,
      `${s + 2600} start 1 (2)`,
    ]);
    expect(log.filter((l) => l.includes('win'))).toHaveLength(2);
    expect(log.at(-1)).toContain('win');
  });

  it('turbo is 10x faster', async () => {
    const { log, h } = recorder();
    const p = replaySpins(spins, h, createReplayControl(() => TURBO_TIMINGS));
    await vi.runAllTimersAsync();
    await p;
    expect(log[6]).toBe(`${TURBO_TIMINGS.shuffle + 260} start 1 (2)`);
  });

  it('skip ends at once', async () => {
    const { log, h } = recorder();
    const c = createReplayControl(() => NORMAL_TIMINGS);
    const many = toReplaySpins(Array.from({ length: 1000 }, () => ({ tierIndex: 1, prizeWon: '5' })));
    const p = replaySpins(many, h, c);
    await vi.advanceTimersByTimeAsync(5000);
    c.stop();
    await expect(p).resolves.toBe('skipped');
    const n = log.length;
    await vi.runAllTimersAsync();
    expect(log.length).toBe(n);
  });
});

import { describe, expect, it } from 'vitest';
import {
  COOL_OFFS,
  coolOffActive,
  limitAt,
  limitStatus,
  netOf,
  NO_SETTINGS,
  RAISE_DELAY_MS,
  roomLeft,
  setLossLimit,
  spinGuard,
  startCoolOff,
  totalsFromApi,
  type SafetySettings,
  type SpinGuardInput,
  type Totals,
} from '@/features/slots/utils/play-safe';
import {
  parseSettings,
  readResetAt,
  readSettings,
  resetShownTotals,
  serializeSettings,
  writeSettings,
  type PlaySafeStorage,
} from '@/features/slots/utils/play-safe-store';

const LUCKY = '0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY';
const SUPRA = '0x1::supra_coin::SupraCoin';
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const HOUR = 3_600_000;
const L = (whole: number) => BigInt(whole) * 1_000_000n; // LUCKY has 6 decimals

function withLimit(amount: bigint | null): SafetySettings {
  return amount === null ? NO_SETTINGS : { limits: { [LUCKY]: { amount } }, coolOffUntil: 0 };
}

function guard(over: Partial<SpinGuardInput>): string | null {
  return spinGuard({
    settings: NO_SETTINGS,
    counted: {},
    coinType: LUCKY,
    tokenName: 'LUCKY',
    decimals: 6,
    totalBet: L(10),
    now: T0,
    formatTime: (ms) => new Date(ms).toISOString(),
    ...over,
  });
}

/** Totals after losing `lost` whole LUCKY net (wagered lost+won, won `won`). */
function lostSoFar(lost: number, won = 0): Totals {
  return { [LUCKY]: { wagered: L(lost + won), won: L(won), spins: 1 } };
}

describe("totals from the index: exact, per coin", () => {
  it('reads each coin of GET /slots/totals', () => {
    const t = totalsFromApi([
      { coinType: LUCKY, spins: '1003', wagered: String(30_000_000n + 12_345_679_000n), won: '515000000' },
      { coinType: SUPRA, spins: '1', wagered: '10000000', won: '5000000' },
    ]);
    expect(t[LUCKY]).toEqual({ wagered: 30_000_000n + 12_345_679_000n, won: 515_000_000n, spins: 1003 });
    expect(t[SUPRA]).toEqual({ wagered: 10_000_000n, won: 5_000_000n, spins: 1 });
    expect(netOf(t[LUCKY])).toBe(515_000_000n - 12_375_679_000n);
    expect(netOf(undefined)).toBe(0n);
  });

  it('stays exact past 2^53 (no float anywhere)', () => {
    const t = totalsFromApi([{ coinType: LUCKY, spins: '1000', wagered: '18446744073709551615000', won: '18446744073709551615' }]);
    expect(t[LUCKY]!.wagered).toBe(18446744073709551615000n);
    expect(t[LUCKY]!.won).toBe(18446744073709551615n);
  });

  it.each([
    ['no coin', { coinType: '', spins: '1', wagered: '1', won: '0' }],
    ['a wager that is not an integer', { coinType: LUCKY, spins: '1', wagered: '1.5', won: '0' }],
    ['negative spins', { coinType: LUCKY, spins: '-1', wagered: '1', won: '0' }],
    ['a prize that is not a number', { coinType: LUCKY, spins: '1', wagered: '1', won: 'x' }],
  ])('an unreadable row (%s) is left out', (_name, row) => {
    expect(totalsFromApi([row])).toEqual({});
  });
});

describe('the limit line agrees with the totals', () => {
  it.each([
    ['no plays', undefined, 'Limit 0.25 SUPRA per 24 hours; 0.25 SUPRA left.'],
    ['a loss', { wagered: 30_000_000n, won: 20_000_000n, spins: 3 }, 'Limit 0.25 SUPRA per 24 hours; net −0.10 SUPRA so far, 0.15 SUPRA left.'],
    [
      'a win: more room than the limit, and why',
      { wagered: 10_000_000n, won: 85_000_000n, spins: 1 },
      'Limit 0.25 SUPRA per 24 hours; net +0.75 SUPRA so far (winnings count), so 1.00 SUPRA left.',
    ],
    ['past the limit', { wagered: 50_000_000n, won: 0n, spins: 5 }, 'Limit 0.25 SUPRA per 24 hours; net −0.50 SUPRA so far, 0.00 SUPRA left.'],
  ])('%s', (_name, t, want) => {
    expect(limitStatus(25_000_000n, t, 8, 'SUPRA')).toBe(want);
  });
});

describe('loss limit: the next play is refused when losing all of it could pass the limit', () => {
  it('no limit: any play goes ahead', () => {
    expect(guard({ totalBet: L(1_000_000) })).toBeNull();
  });

  it('under the limit: goes ahead', () => {
    expect(guard({ settings: withLimit(L(50)), counted: lostSoFar(30), totalBet: L(10) })).toBeNull();
  });

  it('exactly at the limit: goes ahead (the net loss may reach it, not pass it)', () => {
    expect(guard({ settings: withLimit(L(50)), counted: lostSoFar(40), totalBet: L(10) })).toBeNull();
  });

  it('over the limit by one base unit: refused, with the limit, the room left and how to change it', () => {
    expect(guard({ settings: withLimit(L(50)), counted: lostSoFar(40), totalBet: L(10) + 1n })).toBe(
      'Loss limit: this play could lose 10.00 LUCKY, but your LUCKY loss limit is 50.00 LUCKY and 10.00 LUCKY of it is left over the last 24 hours. ' +
        'Lower the bet or the spins, or change the limit under Play safely (a lower limit applies at once, a higher one after 24 hours).',
    );
  });

  it('a batch is judged by its worst case: 1,000 spins that would all lose', () => {
    // 1,000 spins of 10 LUCKY each: 10,000 LUCKY at stake against 5,000 of room.
    const msg = guard({ settings: withLimit(L(5_000)), totalBet: L(10) * 1000n });
    expect(msg).toContain('this play could lose 10,000.00 LUCKY');
    expect(msg).toContain('5,000.00 LUCKY of it is left');
    // 500 spins fit exactly.
    expect(guard({ settings: withLimit(L(5_000)), totalBet: L(10) * 500n })).toBeNull();
  });

  it('winnings count: the limit is on the net loss', () => {
    // Wagered 100, won 130: 30 ahead, so 80 can be at stake under a limit of 50.
    const ahead: Totals = { [LUCKY]: { wagered: L(100), won: L(130), spins: 10 } };
    expect(roomLeft(L(50), ahead[LUCKY])).toBe(L(80));
    expect(guard({ settings: withLimit(L(50)), counted: ahead, totalBet: L(80) })).toBeNull();
    expect(guard({ settings: withLimit(L(50)), counted: ahead, totalBet: L(81) })).not.toBeNull();
  });

  it('while the totals are not known, a play under a limit is refused; without a limit it goes ahead', () => {
    expect(guard({ settings: withLimit(L(50)), counted: undefined, totalBet: 1n })).toMatch(/^Loss limit: your plays of the last 24 hours are not known yet/);
    expect(guard({ counted: undefined })).toBeNull();
  });

  it('a limit already passed (lowered after losses) leaves no room, never a negative one', () => {
    expect(roomLeft(L(20), lostSoFar(30)[LUCKY])).toBe(0n);
    expect(guard({ settings: withLimit(L(20)), counted: lostSoFar(30), totalBet: L(10) })).toContain('0.00 LUCKY of it is left');
  });

  it('a limit on one coin does not limit another', () => {
    expect(guard({ settings: withLimit(L(5)), coinType: SUPRA, tokenName: 'SUPRA', decimals: 8, totalBet: 100_000_000_000n })).toBeNull();
  });
});

describe('changing a limit: lower at once, higher after the delay', () => {
  it('a first limit applies at once', () => {
    const c = setLossLimit(NO_SETTINGS, LUCKY, L(50), T0);
    expect(c.kind).toBe('now');
    expect(limitAt(c.settings, LUCKY, T0)).toEqual({ amount: L(50) });
  });

  it('lowering applies at once', () => {
    const c = setLossLimit(withLimit(L(50)), LUCKY, L(20), T0);
    expect(c.kind).toBe('now');
    expect(limitAt(c.settings, LUCKY, T0).amount).toBe(L(20));
  });

  it('raising waits 24 hours; the old limit holds until then, the new one from then', () => {
    const c = setLossLimit(withLimit(L(50)), LUCKY, L(500), T0);
    expect(c).toMatchObject({ kind: 'later', at: T0 + RAISE_DELAY_MS });
    expect(RAISE_DELAY_MS).toBe(24 * HOUR);
    expect(limitAt(c.settings, LUCKY, T0 + RAISE_DELAY_MS - 1)).toEqual({ amount: L(50), pending: { amount: L(500), at: T0 + RAISE_DELAY_MS } });
    expect(guard({ settings: c.settings, totalBet: L(100), now: T0 + RAISE_DELAY_MS - 1 })).toContain('loss limit is 50.00 LUCKY');
    expect(limitAt(c.settings, LUCKY, T0 + RAISE_DELAY_MS)).toEqual({ amount: L(500) });
    expect(guard({ settings: c.settings, totalBet: L(100), now: T0 + RAISE_DELAY_MS })).toBeNull();
  });

  it('removing a limit is a raise: it waits 24 hours too', () => {
    const c = setLossLimit(withLimit(L(50)), LUCKY, null, T0);
    expect(c.kind).toBe('later');
    expect(limitAt(c.settings, LUCKY, T0 + HOUR).amount).toBe(L(50));
    expect(limitAt(c.settings, LUCKY, T0 + RAISE_DELAY_MS).amount).toBeNull();
  });

  it('lowering while a raise waits cancels the raise', () => {
    const raised = setLossLimit(withLimit(L(50)), LUCKY, L(500), T0).settings;
    const c = setLossLimit(raised, LUCKY, L(40), T0 + HOUR);
    expect(c.kind).toBe('now');
    expect(limitAt(c.settings, LUCKY, T0 + 2 * RAISE_DELAY_MS)).toEqual({ amount: L(40) });
  });

  it('a second raise restarts the delay from the first raise\'s limit once that one is due', () => {
    const first = setLossLimit(withLimit(L(50)), LUCKY, L(100), T0).settings;
    const second = setLossLimit(first, LUCKY, L(200), T0 + RAISE_DELAY_MS + HOUR);
    expect(second).toMatchObject({ kind: 'later', at: T0 + 2 * RAISE_DELAY_MS + HOUR });
    expect(limitAt(second.settings, LUCKY, T0 + RAISE_DELAY_MS + 2 * HOUR).amount).toBe(L(100));
  });
});

describe('cool-off: no play until it ends, never shortened', () => {
  it('offers 1 hour, 24 hours and 7 days', () => {
    expect(COOL_OFFS.map((c) => [c.label, c.ms])).toEqual([
      ['1 hour', HOUR],
      ['24 hours', 24 * HOUR],
      ['7 days', 7 * 24 * HOUR],
    ]);
  });

  it('active: every play is refused and the message says when play resumes', () => {
    const s = startCoolOff(NO_SETTINGS, HOUR, T0);
    expect(coolOffActive(s, T0 + HOUR - 1)).toBe(true);
    expect(guard({ settings: s, now: T0 + HOUR - 1, totalBet: 1n })).toBe(
      `You are on a cool-off: play resumes at ${new Date(T0 + HOUR).toISOString()}. A cool-off cannot be ended early.`,
    );
  });

  it('ended: play goes ahead', () => {
    const s = startCoolOff(NO_SETTINGS, HOUR, T0);
    expect(coolOffActive(s, T0 + HOUR)).toBe(false);
    expect(guard({ settings: s, now: T0 + HOUR })).toBeNull();
  });

  it('a shorter cool-off cannot cut a running one short; a longer one extends it', () => {
    const week = startCoolOff(NO_SETTINGS, 7 * 24 * HOUR, T0);
    expect(startCoolOff(week, HOUR, T0 + HOUR).coolOffUntil).toBe(T0 + 7 * 24 * HOUR);
    const hour = startCoolOff(NO_SETTINGS, HOUR, T0);
    expect(startCoolOff(hour, 24 * HOUR, T0 + 1).coolOffUntil).toBe(T0 + 1 + 24 * HOUR);
  });

  it('the cool-off comes before the limit check', () => {
    const s: SafetySettings = { ...withLimit(L(1_000)), coolOffUntil: T0 + HOUR };
    expect(guard({ settings: s, totalBet: 1n })).toMatch(/^You are on a cool-off/);
  });
});

describe('storage: per wallet, exact amounts, junk ignored', () => {
  function memory(): PlaySafeStorage & { dump: () => Record<string, string> } {
    const local = new Map<string, string>();
    const wrap = (m: Map<string, string>) => ({ getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) });
    return { local: wrap(local), dump: () => Object.fromEntries(local) };
  }
  const A = '0x' + 'a'.repeat(64);
  const B = '0x' + '0'.repeat(63) + 'B';

  it('settings round-trip exactly', () => {
    const s: SafetySettings = {
      limits: { [LUCKY]: { amount: 18446744073709551615000n, pending: { amount: null, at: T0 } }, [SUPRA]: { amount: null } },
      coolOffUntil: T0 + HOUR,
    };
    expect(parseSettings(serializeSettings(s))).toEqual(s);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['an array', '[]'],
    ['a limit that is a float', JSON.stringify({ limits: { [LUCKY]: { amount: 1.5 } } })],
  ])('%s reads as no limit and no cool-off', (_name, raw) => {
    expect(limitAt(parseSettings(raw), LUCKY, T0).amount).toBeNull();
    expect(parseSettings(raw).coolOffUntil).toBe(0);
  });

  it('each wallet has its own limits, cool-off and reset; addresses are matched in full form', () => {
    const st = memory();
    writeSettings(A, startCoolOff(withLimit(L(5)), HOUR, T0), st);
    resetShownTotals(A, T0, st);
    expect(readSettings(A.toUpperCase().replace('0X', '0x'), st).coolOffUntil).toBe(T0 + HOUR);
    expect(readSettings(B, st)).toEqual(NO_SETTINGS);
    expect(readResetAt(A, st)).toBe(T0);
    expect(readResetAt(B, st)).toBe(0);
    // The short form of B's address is the same wallet.
    resetShownTotals('0xb', T0 + 1, st);
    expect(readResetAt(B, st)).toBe(T0 + 1);
  });
});

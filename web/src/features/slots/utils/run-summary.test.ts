import { describe, expect, it } from 'vitest';
import { countsText, runLine, signedFmt2, summarizeRun, type RunSpin } from '@/features/slots/utils/run-summary';

// SUPRA has 8 decimals; a bet of 0.1 SUPRA.
const BET = 10_000_000n;
const prize = (tenths: number) => (BET * BigInt(tenths)) / 10n;
const spin = (tierIndex: number, tenths: number): RunSpin => ({ tierIndex, prize: prize(tenths) });

describe('summarizeRun', () => {
  it('a run with two Jackpots that ends on a loss is told by its totals', () => {
    const spins = [spin(0, 0), spin(5, 100), spin(1, 5), spin(0, 0), spin(5, 100), spin(2, 8), spin(0, 0), spin(0, 0), spin(3, 15), spin(0, 0)];
    const won = spins.reduce((a, s) => a + s.prize, 0n);
    const s = summarizeRun(spins, BET, won);
    expect(s.spins).toBe(10);
    expect(s.wins).toBe(3); // two Jackpots and a Medium: above the bet
    expect(s.partials).toBe(2); // Tiny and Small pay less than the bet
    expect(s.wagered).toBe(100_000_000n);
    expect(s.won).toBe(228_000_000n);
    expect(s.net).toBe(128_000_000n);
    expect(s.best).toEqual({ index: 1, tierIndex: 5, prize: 100_000_000n });
    expect(s.list.map((x) => x.tierIndex)).toEqual([0, 5, 1, 0, 5, 2, 0, 0, 3, 0]);
    expect(runLine(s, 8, 'SUPRA')).toBe('10 spins, 3 wins, 2 partial returns: Total Won 2.28 SUPRA of 1.00 SUPRA bet, net +1.28 SUPRA');
  });

  it("takes the event's total prize over the spins' sum", () => {
    const s = summarizeRun([spin(3, 15)], BET, 1n);
    expect(s.won).toBe(1n);
    expect(s.net).toBe(1n - BET);
  });

  it('sums the spins when the event gives no total', () => {
    expect(summarizeRun([spin(4, 30), spin(1, 5)], BET).won).toBe(prize(35));
  });

  it('a run that paid nothing has no best hit and a negative net', () => {
    const s = summarizeRun([spin(0, 0), spin(0, 0)], BET, 0n);
    expect(s.best).toBeNull();
    expect(s.wins).toBe(0);
    expect(s.net).toBe(-2n * BET);
    expect(runLine(s, 8, 'SUPRA')).toBe('2 spins, 0 wins: Total Won 0.00 SUPRA of 0.20 SUPRA bet, net −0.20 SUPRA');
  });

  it('the first of equal prizes is the best hit', () => {
    expect(summarizeRun([spin(3, 15), spin(3, 15)], BET)?.best?.index).toBe(0);
  });
});

describe('countsText plurals', () => {
  it.each([
    [{ spins: 1, wins: 0, partials: 0 }, '1 spin, 0 wins'],
    [{ spins: 1, wins: 1, partials: 0 }, '1 spin, 1 win'],
    [{ spins: 2, wins: 1, partials: 1 }, '2 spins, 1 win, 1 partial return'],
    [{ spins: 1000, wins: 240, partials: 320 }, '1000 spins, 240 wins, 320 partial returns'],
  ])('%j → %s', (counts, want) => {
    expect(countsText(counts)).toBe(want);
  });
});

describe('signedFmt2', () => {
  it.each([
    [116_000_000n, '+1.16'],
    [-40_000_000n, '−0.40'],
    [0n, '0.00'],
  ])('%s → %s', (v, want) => {
    expect(signedFmt2(v, 8)).toBe(want);
  });
});

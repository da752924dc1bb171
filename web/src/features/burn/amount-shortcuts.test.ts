import { describe, expect, it } from 'vitest';
import { parseUnits } from '@/lib/amounts';
import { amountText, BALANCE_SHARES, shareOfBalance } from './amount-shortcuts';
import { usdValueText } from './usd-value';

describe('shareOfBalance', () => {
  it.each([
    // balance (base units), percent, expected (floor of balance × percent / 100)
    [50_000_000_000n, 25, 12_500_000_000n],
    [50_000_000_000n, 50, 25_000_000_000n],
    [50_000_000_000n, 75, 37_500_000_000n],
    [50_000_000_000n, 100, 50_000_000_000n],
    [1n, 25, 0n],
    [3n, 50, 1n],
    [7n, 75, 5n], // 5.25 floored
    [1_000_000_001n, 25, 250_000_000n], // 250,000,000.25 floored
    [0n, 75, 0n],
    // Past Number's 2^53: exact only in BigInt.
    [10_000_000_000_000_000_001n, 75, 7_500_000_000_000_000_000n],
    [18_446_744_073_709_551_615n, 25, 4_611_686_018_427_387_903n], // u64 max, 0.75 floored
  ])('%s × %i %% → %s', (balance, percent, want) => {
    expect(shareOfBalance(balance, percent)).toBe(want);
  });

  it('never exceeds the balance and the shares are 25 / 50 / 75', () => {
    expect([...BALANCE_SHARES]).toEqual([25, 50, 75]);
    for (const b of [1n, 2n, 99n, 123_456_789n]) for (const p of [25, 50, 75, 100]) expect(shareOfBalance(b, p) <= b).toBe(true);
  });

  it('refuses a percent outside 0–100 or not whole', () => {
    expect(() => shareOfBalance(100n, 101)).toThrow(RangeError);
    expect(() => shareOfBalance(100n, -1)).toThrow(RangeError);
    expect(() => shareOfBalance(100n, 12.5)).toThrow(RangeError);
  });
});

describe('amountText', () => {
  it.each([
    [12_500_000_000n, 6, '12500'],
    [1_500_000n, 6, '1.5'],
    [1n, 6, '0.000001'],
    [0n, 6, '0'],
    [37_500_000_000n, 6, '37500'],
    [123_456_789n, 3, '123456.789'],
    [42n, 0, '42'],
  ])('%s with %i decimals → %s', (units, decimals, want) => {
    expect(amountText(units, decimals)).toBe(want);
    // What the box shows parses back to exactly the same base units.
    expect(parseUnits(amountText(units, decimals), decimals)).toBe(units);
  });
});

describe('usdValueText', () => {
  it('multiplies exactly and rounds half up to cents', () => {
    // 1,000 LUCKY at $0.000050000000000000 = $0.05
    expect(usdValueText(1_000_000_000n, 6, '0.000050000000000000')).toBe('$0.05');
    // 12,345.678901 × $1.5 = $18,518.5183515 → $18,518.52
    expect(usdValueText(12_345_678_901n, 6, '1.500000000000000000')).toBe('$18,518.52');
    // 0.005 exactly rounds up to a cent.
    expect(usdValueText(5_000n, 6, '1')).toBe('$0.01');
  });
  it('says "< $0.01" for a positive value under half a cent, never "$0.00"', () => {
    expect(usdValueText(1n, 6, '0.000050000000000000')).toBe('< $0.01');
  });
  it('has no value without a USD price', () => {
    expect(usdValueText(1_000_000n, 6, null)).toBeNull();
    expect(usdValueText(1_000_000n, 6, undefined)).toBeNull();
    expect(usdValueText(1_000_000n, 6, 'not a price')).toBeNull();
  });
});

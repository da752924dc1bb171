import { describe, expect, it } from 'vitest';
import { AmountError, formatUnits, parseUnits, tryParseUnits } from '@/lib/amounts';

describe('parseUnits', () => {
  it.each([
    ['1', 6, 1_000_000n],
    ['1.5', 6, 1_500_000n],
    ['0.000001', 6, 1n],
    ['.5', 6, 500_000n],
    ['5.', 6, 5_000_000n],
    ['0', 8, 0n],
    [' 12.34 ', 2, 1234n],
    ['0.1', 8, 10_000_000n],
    ['10000', 3, 10_000_000n],
    ['1000000000', 6, 1_000_000_000_000_000n],
    ['123456789012345678901234567890', 0, 123456789012345678901234567890n],
    ['00012', 0, 12n],
  ] as const)('parses %j with %i decimals', (text, decimals, want) => {
    expect(parseUnits(text, decimals)).toBe(want);
  });

  it.each([
    ['', 6],
    ['.', 6],
    ['abc', 6],
    ['-1', 6],
    ['1e6', 6],
    ['1,5', 6],
    ['1.2.3', 6],
    ['0.0000001', 6],
    ['1.5', 0],
  ] as const)('rejects %j with %i decimals', (text, decimals) => {
    expect(() => parseUnits(text, decimals)).toThrow(AmountError);
    expect(tryParseUnits(text, decimals)).toBeNull();
  });

  it('rejects invalid decimals', () => {
    expect(() => parseUnits('1', -1)).toThrow(AmountError);
    expect(() => parseUnits('1', 1.5)).toThrow(AmountError);
  });
});

describe('formatUnits', () => {
  it.each([
    [1_500_000n, 6, 2, '1.50'],
    [1_999_999n, 6, 2, '1.99'],
    [1n, 6, 2, '0.00'],
    [0n, 8, 2, '0.00'],
    [123_456_789n, 8, 8, '1.23456789'],
    [123_456_789n, 8, 0, '1'],
    [5n, 0, 2, '5.00'],
    [10_000_000n, 3, 2, '10000.00'],
    [-1_500_000n, 6, 2, '-1.50'],
    [-1n, 6, 2, '0.00'],
  ] as const)('formats %s (%i decimals) with %i shown as %s', (units, decimals, shown, want) => {
    expect(formatUnits(units, decimals, shown)).toBe(want);
  });

  it('groups thousands on request', () => {
    expect(formatUnits(1_234_567_890_000n, 6, 2, { grouping: true })).toBe('1,234,567.89');
  });

  it('round-trips', () => {
    for (const s of ['0.01', '12.5', '999999.999999']) {
      expect(formatUnits(parseUnits(s, 6), 6, 6)).toBe(Number(s).toFixed(6));
    }
  });
});

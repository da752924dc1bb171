import { describe, expect, it } from 'vitest';
import { decimal, mul, units } from '@/lib/amounts';
import { formatCompact, formatDateTimeUS, formatSupply, formatUsdCompact, plural } from '@/lib/format';

// Every card's compact figure: K/M/B/T, and a value that rounds up to 1,000 of a unit reads as
// 1.00 of the next one.
describe('formatUsdCompact', () => {
  it.each([
    ['0', '$0.00'],
    ['12.345', '$12.35'],
    ['999.99', '$999.99'],
    ['999.994', '$999.99'],
    ['999.995', '$1.00K'],
    ['1000', '$1.00K'],
    ['1234.5', '$1.23K'],
    ['1235', '$1.24K'],
    ['999994.99', '$999.99K'],
    ['999995', '$1.00M'],
    ['999999', '$1.00M'],
    ['1000000', '$1.00M'],
    ['1234567.89', '$1.23M'],
    ['999994999', '$999.99M'],
    ['999995000', '$1.00B'],
    ['1000000000', '$1.00B'],
    ['2500000000', '$2.50B'],
    ['999995000000', '$1.00T'],
    ['1000000000000000', '$1,000.00T'],
    ['-1500', '-$1.50K'],
  ] as const)('%s → %s', (usd, want) => {
    expect(formatUsdCompact(usd)).toBe(want);
  });

  it('takes exact values', () => {
    // 1e9 LUCKY × $0.00123456 = $1,234,560.
    expect(formatUsdCompact(mul(units(10n ** 15n, 6), decimal('0.00123456')))).toBe('$1.23M');
  });
});

describe('formatCompact floor', () => {
  it('never rounds a figure up into the next unit', () => {
    expect(formatCompact('999999.999', 'floor')).toBe('999.99K');
    expect(formatCompact('999999999', 'floor')).toBe('999.99M');
  });
});

describe('formatSupply', () => {
  it.each([
    [0n, 6, '0.00'],
    [999_990_000n, 6, '999.99'],
    [1_000_000_000n, 6, '1.00K'],
    [1_999_999_999n, 6, '1.99K'],
    [2_500_000_000_000n, 6, '2.50M'],
    [10n ** 15n, 6, '1.00B'],
    [999_999_999_999_999n, 6, '999.99M'],
    [123_456_000_000_000_000_000n, 8, '1.23T'],
    [10n ** 30n, 6, '1,000,000,000,000.00T'],
    [12_345n, 0, '12.34K'],
  ] as const)('%s with %i decimals → %s', (amount, decimals, want) => {
    expect(formatSupply(amount, decimals)).toBe(want);
  });
});

describe('plural', () => {
  it.each([
    [0, 'pilots'],
    [1, 'pilot'],
    [2, 'pilots'],
    [1n, 'pilot'],
    [0n, 'pilots'],
    [11n, 'pilots'],
  ] as const)('%s → %s', (n, want) => {
    expect(plural(n, 'pilot')).toBe(want);
  });
  it('takes an irregular plural', () => {
    expect(plural(1, 'box', 'boxes')).toBe('box');
    expect(plural(3, 'box', 'boxes')).toBe('boxes');
  });
});

describe('formatDateTimeUS', () => {
  it('writes a moment as toLocaleString(en-US) does, in the local time zone', () => {
    const moments = ['2026-11-23T05:00:00Z', '2026-01-01T00:00:00Z', '2025-12-31T23:59:59Z', '2026-07-04T12:00:00Z', '2026-03-09T11:05:07.999Z'];
    for (const iso of moments) {
      const d = new Date(iso);
      // Some ICU versions put a narrow no-break space before AM/PM.
      expect(formatDateTimeUS(d)).toBe(d.toLocaleString('en-US').replace(/\u202f/g, ' '));
    }
    for (let h = 0; h < 24; h++) {
      const d = new Date(2026, 4, 6, h, 7, 8);
      expect(formatDateTimeUS(d)).toBe(d.toLocaleString('en-US').replace(/\u202f/g, ' '));
    }
  });
  it('says an unreadable time is invalid, as the browser does', () => {
    expect(formatDateTimeUS(new Date('not a time'))).toBe('Invalid Date');
  });
});

import { describe, expect, it } from 'vitest';
import {
  AmountError,
  decimal,
  fmt2,
  fmt2Grouped,
  formatBalance,
  formatExact,
  formatExactUnits,
  formatInteger,
  formatPrice,
  formatUnits,
  mul,
  parseUnits,
  ratio,
  safeBigInt,
  truncateName,
  tryParseUnits,
  units,
} from '@/lib/amounts';

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

// Balances are floored to 2 decimals (docs/product.md, Display rules).
describe('balances: floor to 2 decimals, grouped', () => {
  it.each([
    [0n, 6, '0.00', '0.00'],
    [1n, 6, '0.00', '0.00'],
    [9_999n, 6, '0.00', '0.00'],
    [10_000n, 6, '0.01', '0.01'],
    [1_999_999n, 6, '1.99', '1.99'],
    [1_234_567_891n, 6, '1234.56', '1,234.56'],
    [100_000_000_000_000n, 6, '100000000.00', '100,000,000.00'],
    [123_456_789_99n, 8, '123.45', '123.45'],
    [-1_234_567_891n, 6, '-1234.56', '-1,234.56'],
    ['1234567891', 6, '1234.56', '1,234.56'],
    ['not a number', 6, '0.00', '0.00'],
    [null, 6, '0.00', '0.00'],
    [undefined, 8, '0.00', '0.00'],
  ] as const)('%s with %i decimals → %s / %s', (input, decimals, plain, grouped) => {
    expect(fmt2(input, decimals)).toBe(plain);
    expect(fmt2Grouped(input, decimals)).toBe(grouped);
    expect(formatBalance(input, decimals)).toBe(grouped);
  });
});

describe('safeBigInt and formatInteger', () => {
  it.each([
    ['12', 12n],
    [' -7 ', -7n],
    ['1.5', null],
    ['1e3', null],
    ['', null],
    [null, null],
    [5n, 5n],
    ['123456789012345678901234567890', 123456789012345678901234567890n],
  ] as const)('safeBigInt(%s) → %s', (input, want) => {
    expect(safeBigInt(input)).toBe(want);
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [-1234567, '-1,234,567'],
    [1_000_000_000_000_000_000n, '1,000,000,000,000,000,000'],
  ] as const)('formatInteger(%s) → %s', (n, want) => {
    expect(formatInteger(n)).toBe(want);
  });
});

describe('decimal: exact parsing of API decimal strings', () => {
  it.each([
    ['0', 0n, 1n],
    ['12', 12n, 1n],
    ['0.000123', 123n, 1_000_000n],
    ['-1.5', -15n, 10n],
    ['.5', 5n, 10n],
    ['1.2e-7', 12n, 100_000_000n],
    ['3E+2', 300n, 1n],
    [' 42.00 ', 4200n, 100n],
    ['0.1000000000000000055511151231257827', 1000000000000000055511151231257827n, 10n ** 34n],
  ] as const)('%j → %s / %s', (text, num, den) => {
    expect(decimal(text)).toEqual({ num, den });
  });

  it.each(['', '.', 'abc', 'NaN', 'Infinity', '1,5', '1.2.3', '--1', '1e', '0x10'])('rejects %j', (text) => {
    expect(() => decimal(text)).toThrow(AmountError);
  });

  it('builds exact values from base units and ratios', () => {
    expect(units(1_500_000n, 6)).toEqual({ num: 1_500_000n, den: 1_000_000n });
    expect(ratio(1n, -3n)).toEqual({ num: -1n, den: 3n });
    expect(() => ratio(1n, 0n)).toThrow(AmountError);
    expect(mul(decimal('0.5'), units(3n, 0))).toEqual({ num: 15n, den: 10n });
  });
});

describe('formatExact', () => {
  it.each([
    ['1.005', 2, 'floor', '1.00'],
    ['1.005', 2, 'halfUp', '1.01'],
    ['1.004999', 2, 'halfUp', '1.00'],
    ['-1.005', 2, 'halfUp', '-1.01'],
    ['-0.004', 2, 'halfUp', '0.00'],
    ['1234567.891', 2, 'floor', '1,234,567.89'],
    ['0.1', 0, 'halfUp', '0'],
    ['0.5', 0, 'halfUp', '1'],
  ] as const)('%s at %i decimals (%s) → %s', (v, shown, mode, want) => {
    expect(formatExact(v, shown, { mode, grouping: true })).toBe(want);
  });

  it('divides exactly: 1/3 and 2/3', () => {
    expect(formatExact(ratio(1n, 3n), 8, { mode: 'halfUp' })).toBe('0.33333333');
    expect(formatExact(ratio(2n, 3n), 8, { mode: 'halfUp' })).toBe('0.66666667');
    expect(formatExact(ratio(2n, 3n), 8)).toBe('0.66666666');
  });
});

// USD prices: "$" with 12 decimals below 1e-6, 8 decimals below 0.01,
// otherwise 6."
describe('formatPrice', () => {
  it.each([
    ['0', '$0.000000'],
    ['0.000000123456789', '$0.000000123457'],
    ['0.0000009999999999995', '$0.000001000000'],
    ['0.000001', '$0.00000100'],
    ['0.00000123456789', '$0.00000123'],
    ['0.009999994', '$0.00999999'],
    ['0.009999999999', '$0.01000000'],
    ['0.01', '$0.010000'],
    ['0.0123456789', '$0.012346'],
    ['1', '$1.000000'],
    ['1234.5', '$1,234.500000'],
    ['1.2e-9', '$0.000000001200'],
    ['-0.5', '-$0.500000'],
  ] as const)('%s → %s', (price, want) => {
    expect(formatPrice(price)).toBe(want);
  });

  it('takes exact values: a price from pool reserves without a float', () => {
    // Reserves 1,000,000 LUCKY (6 decimals) and 12,345 SUPRA (8 decimals) → 0.012345 SUPRA per
    // LUCKY; × $0.5 per SUPRA = $0.0061725.
    const supraPerLucky = ratio(1_234_500_000_000n * 10n ** 6n, 1_000_000_000_000n * 10n ** 8n);
    expect(formatPrice(supraPerLucky)).toBe('$0.012345');
    expect(formatPrice(mul(supraPerLucky, decimal('0.5')))).toBe('$0.00617250');
  });

  it('rejects text that is not a decimal', () => {
    expect(() => formatPrice('n/a')).toThrow(AmountError);
  });
});

// Token names are cut at 12 characters (docs/product.md, Display rules).
describe('truncateName', () => {
  it.each([
    ['LUCKY', 'LUCKY'],
    ['ABCDEFGHIJKL', 'ABCDEFGHIJKL'],
    ['ABCDEFGHIJKLM', 'ABCDEFGHIJKL…'],
    ['SUPRA-MUMMY-COIN', 'SUPRA-MUMMY-…'],
    ['🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀', '🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀🍀…'],
    ['', ''],
  ] as const)('%j → %j', (name, want) => {
    expect(truncateName(name)).toBe(want);
  });
});

describe('formatExactUnits', () => {
  it.each([
    ['3000000', 6, '3.00'],
    ['12500000', 6, '12.50'],
    [1234567891n, 6, '1,234.567891'],
    ['1', 8, '0.00000001'],
    ['0', 8, '0.00'],
    ['100000000000', 8, '1,000.00'],
    ['123', 0, '123'],
    ['15', 1, '1.5'],
    ['10', 1, '1.0'],
    ['nope', 6, '0.00'],
  ] as const)('%s with %i decimals → %s', (units, decimals, want) => {
    expect(formatExactUnits(units, decimals)).toBe(want);
  });
});

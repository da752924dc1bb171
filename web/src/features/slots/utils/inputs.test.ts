import { describe, expect, it } from 'vitest';
import { betOnBlur, betOnInput, parseSpins, spinsOnBlur, spinsOnInput } from '@/features/slots/utils/inputs';

describe('bet input (doc 1 §5): on input', () => {
  it.each([
    // [next, prev, min, expected, why]
    ['', '10', '10', '', 'empty stays empty'],
    ['5', '', '10', '10', 'below minimum → minimum'],
    ['9.99', '9.9', '10', '10', 'below minimum → minimum'],
    ['10', '1', '10', '10', 'the minimum itself'],
    ['12.5', '12.', '10', '12.5', 'valid'],
    ['12.55', '12.5', '10', '12.55', 'two decimals'],
    ['12.555', '12.55', '10', '12.55', 'three decimals rejected: unchanged'],
    ['12.', '12', '10', '12.', 'a trailing point while typing'],
    ['abc', '12', '10', '12', 'not a number: unchanged'],
    ['-5', '12', '10', '12', 'no sign'],
    ['1e3', '12', '10', '12', 'no exponent'],
    ['0', '', '0.1', '0.1', 'SUPRA: 0 → 0.1'],
    ['0.05', '0.0', '0.1', '0.1', 'SUPRA: below 0.1'],
    ['0.1', '0.', '0.1', '0.1', 'SUPRA minimum'],
    ['0.25', '0.2', '0.1', '0.25', 'SUPRA valid'],
    ['9999', '999', '10000', '10000', 'SPIKE: below 10000'],
    ['10000.5', '10000.', '10000', '10000.5', 'SPIKE valid'],
    ['123456789012345678901234.12', '1', '10', '123456789012345678901234.12', 'huge numbers exact'],
  ])('%j (prev %j, min %s) → %j: %s', (next, prev, min, want) => {
    expect(betOnInput(next, prev, min)).toBe(want);
  });
});

describe('bet input (doc 1 §5): on blur', () => {
  it.each([
    ['', '10', '10'],
    ['', '0.1', '0.1'],
    ['', '10000', '10000'],
    ['5', '10', '10'],
    ['.', '10', '10'],
    ['12.', '10', '12'],
    ['12.5', '10', '12.5'],
    ['12.556', '10', '12.55'],
    ['010.10', '10', '10.10'],
    ['0.1999', '0.1', '0.19'],
    ['10000', '10000', '10000'],
  ])('%j (min %s) → %j', (value, min, want) => {
    expect(betOnBlur(value, min)).toBe(want);
  });
});

describe('spins input (doc 1 §5)', () => {
  it.each([
    ['', '3', ''],
    ['1', '', '1'],
    ['1000', '100', '1000'],
    ['1001', '100', '1'],
    ['5000', '500', '1'],
    ['0', '', '1'],
    ['007', '00', '7'],
    ['2.5', '2', '2'],
    ['x', '2', '2'],
    ['-3', '2', '2'],
  ])('on input %j (prev %j) → %j', (next, prev, want) => {
    expect(spinsOnInput(next, prev)).toBe(want);
  });

  it.each([
    ['', '1'],
    ['0', '1'],
    ['1', '1'],
    ['999', '999'],
    ['1000', '1000'],
    ['1001', '1000'],
    ['99999999999999999999', '1000'],
  ])('on blur %j → %j', (value, want) => {
    expect(spinsOnBlur(value)).toBe(want);
  });

  it('parses only 1..1000', () => {
    expect(parseSpins('0')).toBeNull();
    expect(parseSpins('1')).toBe(1);
    expect(parseSpins('1000')).toBe(1000);
    expect(parseSpins('1001')).toBeNull();
    expect(parseSpins('')).toBeNull();
  });
});

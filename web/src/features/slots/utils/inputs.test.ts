import { describe, expect, it } from 'vitest';
import { betOnBlur, betOnInput, betProblem, parseSpins, spinsOnBlur, spinsOnInput, spinsProblem } from '@/features/slots/utils/inputs';

describe('bet input: on input, any amount can be typed', () => {
  it.each([
    // [next, prev, expected, why]
    ['', '10', '', 'empty stays empty'],
    ['2', '', '2', 'below the minimum is kept while typing (it used to become 10, so "25" read 105)'],
    ['5', '', '5', 'below the minimum is kept'],
    ['9.99', '9.9', '9.99', 'below the minimum is kept'],
    ['12.5', '12.', '12.5', 'valid'],
    ['12.55', '12.5', '12.55', 'two decimals'],
    ['12.555', '12.55', '12.55', 'three decimals rejected: unchanged'],
    ['12.', '12', '12.', 'a trailing point while typing'],
    ['.', '', '.', 'a leading point while typing'],
    ['0', '', '0', 'SUPRA: a leading 0 is kept (it used to become 0.1, so "0.5" read 0.15)'],
    ['0.', '0', '0.', 'SUPRA: 0.'],
    ['abc', '12', '12', 'not a number: unchanged'],
    ['-5', '12', '12', 'no sign'],
    ['1e3', '12', '12', 'no exponent'],
    ['123456789012345678901234.12', '1', '123456789012345678901234.12', 'huge numbers exact'],
  ])('%j (prev %j) → %j: %s', (next, prev, want) => {
    expect(betOnInput(next, prev)).toBe(want);
  });
});

describe('bet input: on blur, tidied but never raised', () => {
  it.each([
    ['', '10', '10'],
    ['', '0.1', '0.1'],
    ['', '10000', '10000'],
    ['5', '10', '5'],
    ['.', '10', '10'],
    ['12.', '10', '12'],
    ['12.5', '10', '12.5'],
    ['12.556', '10', '12.55'],
    ['010.10', '10', '10.10'],
    ['0.1999', '0.1', '0.19'],
    ['.5', '0.1', '0.5'],
    ['10000', '10000', '10000'],
  ])('%j (min %s) → %j', (value, min, want) => {
    expect(betOnBlur(value, min)).toBe(want);
  });

  it.each([
    ['5', '10', 'LUCKY', 6, 'Minimum bet is 10 LUCKY!'],
    ['9.99', '10', 'LUCKY', 6, 'Minimum bet is 10 LUCKY!'],
    ['10', '10', 'LUCKY', 6, null],
    ['0.05', '0.1', 'SUPRA', 8, 'Minimum bet is 0.1 SUPRA!'],
    ['0.5', '0.1', 'SUPRA', 8, null],
    ['', '10', 'LUCKY', 6, 'Minimum bet is 10 LUCKY!'],
    ['.', '10', 'LUCKY', 6, 'Minimum bet is 10 LUCKY!'],
    ['9999', '10000', 'SPIKE', 3, 'Minimum bet is 10000 SPIKE!'],
  ])('problem of %j (min %s %s)', (bet, min, token, decimals, want) => {
    expect(betProblem(bet, min, token, decimals)).toBe(want);
  });
});

describe('spins input', () => {
  it.each([
    ['', '3', ''],
    ['1', '', '1'],
    ['1000', '100', '1000'],
    ['1001', '100', '1001'],
    ['5000', '500', '5000'],
    ['0', '', '0'],
    ['007', '00', '007'],
    ['2.5', '2', '2'],
    ['x', '2', '2'],
    ['-3', '2', '2'],
  ])('on input %j (prev %j) → %j', (next, prev, want) => {
    expect(spinsOnInput(next, prev)).toBe(want);
  });

  it.each([
    ['', '1'],
    ['0', '0'],
    ['007', '7'],
    ['1', '1'],
    ['999', '999'],
    ['1000', '1000'],
    ['1001', '1001'],
  ])('on blur %j → %j (out of range is flagged, not clamped)', (value, want) => {
    expect(spinsOnBlur(value)).toBe(want);
  });

  it.each([
    ['0', 'Number of spins must be between 1 and 1000!'],
    ['1001', 'Number of spins must be between 1 and 1000!'],
    ['', 'Number of spins must be between 1 and 1000!'],
    ['1', null],
    ['1000', null],
  ])('problem of %j', (value, want) => {
    expect(spinsProblem(value)).toBe(want);
  });

  it('parses only 1..1000', () => {
    expect(parseSpins('0')).toBeNull();
    expect(parseSpins('1')).toBe(1);
    expect(parseSpins('1000')).toBe(1000);
    expect(parseSpins('1001')).toBeNull();
    expect(parseSpins('')).toBeNull();
  });
});

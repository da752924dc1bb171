import { describe, expect, it } from 'vitest';
import { apyText, lockText } from './format';

describe('apyText', () => {
  it.each([
    [500n, '5.00%'],
    [750n, '7.50%'],
    [1000n, '10.00%'],
    [5n, '0.05%'],
    [0n, '0.00%'],
  ])('%s bps → %s', (bps, text) => expect(apyText(bps)).toBe(text));
});

describe('lockText', () => {
  it.each([
    [24, '24.0 h'],
    [23.99972, '23.9 h'],
    [22.5, '22.5 h'],
    [0.04, '0.0 h'],
  ])('%s → %s', (h, text) => expect(lockText(h)).toBe(text));
});

import { describe, expect, it } from 'vitest';
import { burnerLabel } from './burner';

describe('burnerLabel', () => {
  it('names the genesis transaction’s sender and shortens accounts', () => {
    expect(burnerLabel('0x' + '0'.repeat(63) + '1')).toBe('Genesis (0x1)');
    expect(burnerLabel('0x1')).toBe('Genesis (0x1)');
    expect(burnerLabel('0x' + 'ab'.repeat(32))).toBe('0xabab...abab');
  });
});

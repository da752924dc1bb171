import { beforeEach, describe, expect, it } from 'vitest';
import { IMPORTED_KEY, addImported, readImported } from './imported';

describe('imported coins', () => {
  beforeEach(() => localStorage.clear());
  it('keeps imports in localStorage, once per coin type, marked unlisted', () => {
    expect(readImported()).toEqual([]);
    addImported({ name: 'MINE', coinType: '0xde02::cosmic_miners::MINE', decimals: 8 });
    addImported({ name: 'MINE', coinType: '0x000de02::cosmic_miners::MINE', decimals: 8 });
    expect(readImported()).toEqual([{ name: 'MINE', coinType: '0x000de02::cosmic_miners::MINE', decimals: 8, unlisted: true }]);
  });
  it('drops what it cannot read', () => {
    localStorage.setItem(IMPORTED_KEY, '{not json');
    expect(readImported()).toEqual([]);
    localStorage.setItem(IMPORTED_KEY, JSON.stringify([{ name: 'X', coinType: '0x1::x::X', decimals: -1 }, { name: 'Y' }, null]));
    expect(readImported()).toEqual([]);
  });
});

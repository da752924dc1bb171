import { describe, expect, it } from 'vitest';
import type { MarketToken } from '@/types/api';
import { compareExact, pageCount, pageOf, sortTokens, type SortMode } from './sort';
import { decimal } from '@/lib/amounts';

function row(name: string, priceUsd: string | null, marketCap: string | null, priceSupra = '1', marketCapSupra: string | null = '1'): MarketToken {
  return {
    rank: 0, name, symbol: name, coinType: `0x1::${name.toLowerCase()}::${name}`, decimals: 6, logo: '',
    priceSupra, priceUsd, priceRoute: `${name}/SUPRA`, usdRoute: null, totalSupply: '1', totalSupplySource: 'chain', burned: '0', circulatingSupply: '1',
    marketCap, fdv: marketCap, marketCapSupra, fdvSupra: marketCapSupra, reserves: { token: '1', supra: '1' },
    liquiditySupra: '2', liquidityUsd: null, change24h: null, change24hUsd: null, volume24h: null, volume24hQuote: null,
    buys24h: null, sells24h: null, holders: null,
  };
}

describe('sortTokens', () => {
  // Prices that differ only far behind the decimal point still sort exactly.
  const rows = [
    row('AAA', '0.000000000000000002', '5.000000000000000000'),
    row('BBB', '0.000000000000000001', '47500.000000000000000001'),
    row('CCC', '12.5', '47500.000000000000000000'),
    row('DDD', '0.01', null, '1', null),
  ];
  const names = (mode: SortMode) => sortTokens(rows, mode).map((r) => `${r.rank}:${r.name}`);

  it('sorts four ways and re-ranks; unknown market caps go last', () => {
    expect(names('marketCapHighToLow')).toEqual(['1:BBB', '2:CCC', '3:AAA', '4:DDD']);
    expect(names('marketCapLowToHigh')).toEqual(['1:AAA', '2:CCC', '3:BBB', '4:DDD']);
    expect(names('priceHighToLow')).toEqual(['1:CCC', '2:DDD', '3:AAA', '4:BBB']);
    expect(names('priceLowToHigh')).toEqual(['1:BBB', '2:AAA', '3:DDD', '4:CCC']);
  });

  it('falls back to SUPRA figures when USD is unavailable', () => {
    const supraOnly = [row('X', null, null, '2', '10'), row('Y', null, null, '3', '20')];
    expect(sortTokens(supraOnly, 'marketCapHighToLow').map((r) => r.name)).toEqual(['Y', 'X']);
    expect(sortTokens(supraOnly, 'priceLowToHigh').map((r) => r.name)).toEqual(['X', 'Y']);
  });
});

describe('paging', () => {
  it('cuts 30 rows per page', () => {
    const rows = Array.from({ length: 61 }, (_, i) => i);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(30)).toBe(1);
    expect(pageCount(61)).toBe(3);
    expect(pageOf(rows, 1)).toHaveLength(30);
    expect(pageOf(rows, 3)).toEqual([60]);
  });
});

describe('compareExact', () => {
  it('compares without floats', () => {
    expect(compareExact(decimal('0.1'), decimal('0.10000000000000000001'))).toBe(-1);
    expect(compareExact(decimal('2'), decimal('2.000'))).toBe(0);
  });
});

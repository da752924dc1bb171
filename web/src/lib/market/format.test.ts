import { describe, expect, it } from 'vitest';
import type { MarketToken } from '@/types/api';
import { changeText, changeTone, liquidityText, volumeText } from './format';

const row = (over: Partial<MarketToken>): MarketToken => ({
  rank: 1, name: 'NANA', symbol: 'NANA', coinType: '0x1::nana::NANA', decimals: 6, logo: '',
  priceSupra: '1', priceUsd: null, priceRoute: 'NANA/SUPRA', usdRoute: null, totalSupply: '1', totalSupplySource: 'chain', burned: '0', circulatingSupply: '1',
  marketCap: null, fdv: null, marketCapSupra: null, fdvSupra: null, reserves: { token: '1', supra: '1' },
  liquiditySupra: null, liquidityUsd: null, change24h: null, change24hUsd: null, volume24h: null, volume24hQuote: null,
  buys24h: null, sells24h: null, holders: null,
  ...over,
});

describe('market row formats', () => {
  it('signs and colours the 24 h move; a move that rounds to zero is flat; unknown is a dash', () => {
    expect(changeText(12.345)).toBe('+12.35%');
    expect(changeText(-0.5)).toBe('-0.50%');
    expect(changeText(0.004)).toBe('0.00%');
    expect(changeText(null)).toBe('—');
    expect(changeTone(1)).toBe('text-neon-green');
    expect(changeTone(-1)).toBe('text-red-300');
    expect(changeTone(-0.001)).toBe('text-white');
  });

  it('shows volume in SUPRA from base units, floored, and a dash without the index', () => {
    expect(volumeText(row({ volume24hQuote: '6247000000' }))).toBe('62.47 SUPRA');
    expect(volumeText(row({ volume24hQuote: '123456789999999' }))).toBe('1.23M SUPRA');
    expect(volumeText(row({}))).toBe('—');
  });

  it('shows liquidity in USD where SUPRA has a price, else in SUPRA, and a dash for SUPRA itself', () => {
    expect(liquidityText(row({ liquiditySupra: '22000000000000', liquidityUsd: '1650.000000000000000000' }))).toBe('$1.65K');
    expect(liquidityText(row({ liquiditySupra: '22000000000000' }))).toBe('220.00K SUPRA');
    expect(liquidityText(row({}))).toBe('—');
  });
});

import { describe, expect, it } from 'vitest';
import type { BurnInfo } from '@/types/api';
import { acceptAmount } from './burn-content';
import { burnQuantity, quantitySize, certificateFileName, certificatePageUrl, telegramShareUrl, xShareUrl } from './certificate-links';

const burn = (amount: string, decimals = 6): BurnInfo => ({
  txHash: '0x' + 'ab'.repeat(32),
  burner: '0x' + '01'.repeat(32),
  burnAddress: '0x' + 'ff'.repeat(32),
  amount,
  token: { name: 'LUCKY', symbol: 'LUCKY', coinType: '0x1::l::L', decimals, logo: '' },
  blockNumber: '7',
  timestamp: '2026-11-23T01:02:03Z',
  network: 'devnet',
  certificateUrl: `/api/v1/burns/0x${'ab'.repeat(32)}/certificate.png`,
  url: `/burn/0x${'ab'.repeat(32)}`,
});

describe('acceptAmount', () => {
  it.each([
    ['', true],
    ['1000', true],
    ['0.5', true],
    ['1.', true],
    ['1.123456', true],
    ['1.1234567', false],
    ['-1', false],
    ['1e3', false],
    ['1,000', false],
    ['1.2.3', false],
  ])('%s → %s', (text, ok) => {
    expect(acceptAmount(text, 6)).toBe(ok);
  });
});

describe('certificate links', () => {
  it('formats the quantity exactly, grouped, without trailing zeros', () => {
    expect(burnQuantity(burn('1000000000'))).toBe('1,000');
    expect(burnQuantity(burn('1500000'))).toBe('1.5');
    expect(burnQuantity(burn('1'))).toBe('0.000001');
    expect(burnQuantity(burn('123456789'))).toBe('123.456789');
    expect(burnQuantity(burn('999999999999999'))).toBe('999,999,999.999999');
  });
  it('sizes a quantity down as it grows, every digit kept', () => {
    expect(quantitySize('0.000001')).toBe('text-xl');
    expect(quantitySize('123.456789')).toBe('text-xl');
    expect(quantitySize('999,999,999.999999')).toBe('text-lg');
    expect(quantitySize('100,000,000,000.00000001')).toBe('text-base');
  });
  it('share intents carry the text and the absolute certificate page URL', () => {
    const b = burn('1000000000');
    const page = certificatePageUrl(b, 'https://lucky.example');
    expect(page).toBe(`https://lucky.example/burn/0x${'ab'.repeat(32)}`);
    const x = new URL(xShareUrl(b, 'https://lucky.example'));
    expect(x.origin + x.pathname).toBe('https://twitter.com/intent/tweet');
    expect(x.searchParams.get('url')).toBe(page);
    expect(x.searchParams.get('text')).toContain('1,000 LUCKY');
    const tg = new URL(telegramShareUrl(b, 'https://lucky.example'));
    expect(tg.origin + tg.pathname).toBe('https://t.me/share/url');
    expect(tg.searchParams.get('url')).toBe(page);
    expect(certificateFileName(b)).toBe('burn-certificate-abababab.png');
  });
});

import { describe, expect, it } from 'vitest';
import { chartToken, defaultPair, flip, isCoinType, pairFromLink, pickPay, pickReceive, resolveToken, type SwapToken } from './pair';

const t = (name: string, coinType: string, decimals = 6): SwapToken => ({ name, coinType, decimals });
const SUPRA = t('SUPRA', '0x1::supra_coin::SupraCoin', 8);
const LUCKY = t('LUCKY', '0x4205::LUCKY::LUCKY');
const NANA = t('NANA', '0x6253::NANA::NANA');
const tokens = [SUPRA, LUCKY, NANA];

describe('swap pair rules', () => {
  it('defaults to SUPRA → LUCKY', () => {
    expect(defaultPair(tokens)).toEqual({ pay: SUPRA, receive: LUCKY });
  });
  it('any token on either side: the route finds the way; the token on the other side trades places', () => {
    expect(pickPay(tokens, { pay: SUPRA, receive: LUCKY }, NANA)).toEqual({ pay: NANA, receive: LUCKY });
    expect(pickReceive(tokens, { pay: LUCKY, receive: SUPRA }, NANA)).toEqual({ pay: LUCKY, receive: NANA });
    expect(pickPay(tokens, { pay: SUPRA, receive: LUCKY }, LUCKY)).toEqual({ pay: LUCKY, receive: SUPRA });
    expect(pickReceive(tokens, { pay: LUCKY, receive: NANA }, LUCKY)).toEqual({ pay: NANA, receive: LUCKY });
    expect(pickPay(tokens, { pay: SUPRA, receive: NANA }, SUPRA)).toEqual({ pay: SUPRA, receive: NANA });
  });
  it('charts the side that is not SUPRA, never an import the registry does not know', () => {
    expect(chartToken(SUPRA, LUCKY)).toBe('LUCKY');
    expect(chartToken(NANA, SUPRA)).toBe('NANA');
    expect(chartToken(SUPRA, { name: '0xabc::x::X', coinType: '0xabc::x::X', decimals: null })).toBeNull();
    expect(chartToken(LUCKY, NANA)).toBeNull();
  });
  it('flip trades places', () => {
    expect(flip({ pay: SUPRA, receive: LUCKY })).toEqual({ pay: LUCKY, receive: SUPRA });
  });
  it('deep links by name or coin type; the same token twice falls back to the default', () => {
    expect(pairFromLink(tokens, 'supra', 'nana')).toEqual({ pay: SUPRA, receive: NANA });
    expect(pairFromLink(tokens, 'LUCKY', '0x0001::supra_coin::SupraCoin')).toEqual({ pay: LUCKY, receive: SUPRA });
    expect(pairFromLink(tokens, 'LUCKY', 'NANA')).toEqual({ pay: LUCKY, receive: NANA });
    expect(pairFromLink(tokens, 'LUCKY', 'lucky')).toEqual({ pay: SUPRA, receive: LUCKY });
    expect(pairFromLink(tokens, 'nope', null)).toEqual({ pay: SUPRA, receive: LUCKY });
    expect(pairFromLink(tokens, null, 'SUPRA')).toEqual({ pay: LUCKY, receive: SUPRA });
    expect(pairFromLink(tokens, 'NANA', null)).toEqual({ pay: NANA, receive: LUCKY });
  });
  it('imports a well-formed coin type outside the registry, without decimals', () => {
    expect(resolveToken(tokens, '0xde02::cosmic_miners::MINE')).toEqual({
      name: 'MINE',
      coinType: '0xde02::cosmic_miners::MINE',
      decimals: null,
      unlisted: true,
    });
    expect(resolveToken(tokens, 'not a type')).toBeNull();
    expect(isCoinType(' 0xde02::cosmic_miners::MINE ')).toBe(true);
    expect(isCoinType('MINE')).toBe(false);
  });
});

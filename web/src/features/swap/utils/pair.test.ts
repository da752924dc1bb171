import { describe, expect, it } from 'vitest';
import { chartToken, defaultPair, flip, pairFromLink, pickPay, pickReceive, receiveList, resolveToken, type SwapToken } from './pair';

const t = (name: string, coinType: string, decimals = 6): SwapToken => ({ name, coinType, decimals });
const SUPRA = t('SUPRA', '0x1::supra_coin::SupraCoin', 8);
const LUCKY = t('LUCKY', '0x4205::LUCKY::LUCKY');
const NANA = t('NANA', '0x6253::NANA::NANA');
const tokens = [SUPRA, LUCKY, NANA];

describe('swap pair rules', () => {
  it('defaults to SUPRA → LUCKY and the receive list has no SUPRA', () => {
    expect(defaultPair(tokens)).toEqual({ pay: SUPRA, receive: LUCKY });
    expect(receiveList(tokens)).toEqual([LUCKY, NANA]);
  });
  it('a non-SUPRA token on either side puts SUPRA on the other', () => {
    expect(pickPay(tokens, { pay: SUPRA, receive: LUCKY }, NANA)).toEqual({ pay: NANA, receive: SUPRA });
    expect(pickReceive(tokens, { pay: LUCKY, receive: SUPRA }, NANA)).toEqual({ pay: SUPRA, receive: NANA });
  });
  it('SUPRA on the pay side moves the other side off SUPRA', () => {
    expect(pickPay(tokens, { pay: NANA, receive: SUPRA }, SUPRA)).toEqual({ pay: SUPRA, receive: NANA });
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
  it('deep links by name or coin type; a link breaking the SUPRA rule falls back', () => {
    expect(pairFromLink(tokens, 'supra', 'nana')).toEqual({ pay: SUPRA, receive: NANA });
    expect(pairFromLink(tokens, 'LUCKY', '0x0001::supra_coin::SupraCoin')).toEqual({ pay: LUCKY, receive: SUPRA });
    expect(pairFromLink(tokens, 'LUCKY', 'NANA')).toEqual({ pay: LUCKY, receive: SUPRA });
    expect(pairFromLink(tokens, 'nope', null)).toEqual({ pay: SUPRA, receive: LUCKY });
    expect(pairFromLink(tokens, null, 'SUPRA')).toEqual({ pay: LUCKY, receive: SUPRA });
  });
  it('imports a well-formed coin type outside the registry, without decimals', () => {
    expect(resolveToken(tokens, '0xde02::cosmic_miners::MINE')).toEqual({
      name: 'MINE',
      coinType: '0xde02::cosmic_miners::MINE',
      decimals: null,
    });
    expect(resolveToken(tokens, 'not a type')).toBeNull();
  });
});

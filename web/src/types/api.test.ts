import { describe, expect, it } from 'vitest';
import { playOf, type PlayDecoded, type TxDetail } from '@/types/api';

const play = (token: string): PlayDecoded => ({
  player: '0x1',
  tokenType: '0x1::supra_coin::SupraCoin',
  token,
  betPerSpin: '1',
  numberOfSpins: '1',
  spinResults: [{ tierIndex: 0, prizeWon: '0' }],
  totalPrize: '0',
});

describe('playOf', () => {
  it.each([
    ['today\'s top-level play', { play: play('top') }, 'top'],
    ['decoded.play', { decoded: { play: play('decoded') } }, 'decoded'],
    ['decoded.play over play', { play: play('top'), decoded: { play: play('decoded') } }, 'decoded'],
    ['play when decoded has none', { play: play('top'), decoded: { deposits: [] } }, 'top'],
    ['nothing', { play: null }, null],
  ] as [string, Pick<TxDetail, 'play' | 'decoded'>, string | null][])('%s', (_, detail, want) => {
    expect(playOf(detail)?.token ?? null).toBe(want);
  });
});

import { describe, expect, it } from 'vitest';
import { beforeSpinError, type SpinCheckInput } from '@/features/slots/utils/checks';
import { totalBetText } from '@/features/slots/utils/amounts';
import { txSentMessage, winMessage } from '@/features/slots/utils/messages';

const ok: SpinCheckInput = {
  connected: true,
  tokenName: 'LUCKY',
  decimals: 6,
  minBet: '10',
  bet: '10',
  spins: '3',
  pot: 10_000_000_000_000n,
  balance: 1_000_000_000n,
};

describe('before spinning (doc 1 §5 order, §8 messages)', () => {
  it.each<[string, Partial<SpinCheckInput>, string | null]>([
    ['all fine', {}, null],
    ['not connected (first, even with everything else wrong)', { connected: false, pot: undefined, bet: '' }, 'Please connect your wallet first!'],
    ['pot loading', { pot: undefined }, 'Please wait for house pot balance to load!'],
    ['pot unavailable', { pot: null }, 'House pot balance is unavailable or zero!'],
    ['pot zero', { pot: 0n }, 'House pot balance is unavailable or zero!'],
    [
      'total above 5x pot',
      { pot: 100_000_000n, bet: '60', spins: '10' },
      'Total bet (600.00 LUCKY) exceeds 5x house pot (500.00 LUCKY)!',
    ],
    ['total exactly 5x pot is fine', { pot: 6_000_000n, bet: '10', spins: '3', balance: 30_000_000n }, null],
    ['bet empty', { bet: '' }, 'Minimum bet is 10 LUCKY!'],
    ['bet below minimum', { bet: '9.99' }, 'Minimum bet is 10 LUCKY!'],
    ['SUPRA minimum', { tokenName: 'SUPRA', decimals: 8, minBet: '0.1', bet: '0.05' }, 'Minimum bet is 0.1 SUPRA!'],
    ['spins empty', { spins: '' }, 'Number of spins must be between 1 and 1000!'],
    ['spins 0', { spins: '0' }, 'Number of spins must be between 1 and 1000!'],
    ['spins 1001', { spins: '1001' }, 'Number of spins must be between 1 and 1000!'],
    ['balance loading', { balance: undefined }, 'Please wait for LUCKY balance to load!'],
    ['balance short by one base unit', { balance: 29_999_999n }, 'Insufficient LUCKY balance!'],
    ['balance exactly the total', { balance: 30_000_000n }, null],
  ])('%s', (_name, patch, want) => {
    expect(beforeSpinError({ ...ok, ...patch })).toBe(want);
  });
});

describe('messages', () => {
  it('formats wins with 2 decimals and the symbols', () => {
    expect(winMessage(6, ['seven', 'seven', 'seven'], 500_000_000n, 6, 'LUCKY')).toBe('Super Jackpot! 7️⃣7️⃣7️⃣ = 500.00 LUCKY');
    expect(winMessage(3, ['watermelon', 'watermelon', 'watermelon'], 15_000_000n, 6, 'LUCKY')).toBe('Medium! 🍉🍉🍉 = 15.00 LUCKY');
  });
  it('shows the first 6 characters of the hash', () => {
    expect(txSentMessage('0xabcdef1234')).toBe('Transaction sent! TXID: 0xabcd...');
  });
  it('total bet is bet × spins with 2 decimals, exactly', () => {
    expect(totalBetText('0.1', '3')).toBe('0.30');
    expect(totalBetText('10.55', '1000')).toBe('10550.00');
    expect(totalBetText('', '3')).toBe('0.00');
  });
});

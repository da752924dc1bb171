import { describe, expect, it } from 'vitest';
import { beforeSpinError, insufficientBalanceReason, topPrizeExceedsPot, type SpinCheckInput } from '@/features/slots/utils/checks';
import { totalBetText } from '@/features/slots/utils/amounts';
import { partialReturnMessage, txSentMessage, winMessage } from '@/features/slots/utils/messages';

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

describe('before spinning: the checks in the product order, with the product messages', () => {
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
  it('announces Tiny and Small as a partial return, never as a win', () => {
    expect(partialReturnMessage(1, ['cherry', 'cherry', 'cherry'], 5_000_000n, 10_000_000n, 8, 'SUPRA')).toBe(
      'Tiny! 🍒🍒🍒 Partial return: 0.05 SUPRA back of 0.10 SUPRA',
    );
    expect(partialReturnMessage(2, ['lemon', 'lemon', 'lemon'], 8_000_000n, 10_000_000n, 6, 'LUCKY')).toBe(
      'Small! 🍋🍋🍋 Partial return: 8.00 LUCKY back of 10.00 LUCKY',
    );
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

describe('Spin Now disabled reason', () => {
  it.each<[string, string, string, bigint | undefined, string | null]>([
    ['balance below the total bet', '10', '3', 29_999_999n, 'Your balance of 29.99 LUCKY is below the total bet of 30.00 LUCKY.'],
    ['balance exactly the total bet', '10', '3', 30_000_000n, null],
    ['balance still loading', '10', '3', undefined, null],
    ['no valid bet yet', '', '3', 0n, null],
    ['grouped amounts', '10000', '1000', 5n, 'Your balance of 0.00 LUCKY is below the total bet of 10,000,000.00 LUCKY.'],
  ])('%s', (_name, bet, spins, balance, want) => {
    expect(insufficientBalanceReason(bet, spins, balance, 6, 'LUCKY')).toBe(want);
  });
});

describe('top prize against the pot', () => {
  it('uses the paytable top multiplier (50x), exactly', () => {
    expect(topPrizeExceedsPot('10', 6, 500_000_000n)).toBe(false);
    expect(topPrizeExceedsPot('10', 6, 499_999_999n)).toBe(true);
    expect(topPrizeExceedsPot('0.1', 8, 500_000_000n)).toBe(false);
  });
});

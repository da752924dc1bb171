import { describe, expect, it } from 'vitest';
import { formatImpact, impactTier, needsConfirm, needsTypedConfirm } from './impact';
import { acceptAmount, isMinOutAbort, spendable } from './input';
import { slippageAbort, swapCompleted } from './messages';
import { bpsToPercent, percentToBps, readSlippage, slippageWarning } from './slippage';

describe('amount input', () => {
  it('accepts decimals up to the token and nothing else', () => {
    expect(acceptAmount('', 8)).toBe(true);
    expect(acceptAmount('0.5', 8)).toBe(true);
    expect(acceptAmount('1.12345678', 8)).toBe(true);
    expect(acceptAmount('1.123456789', 8)).toBe(false);
    expect(acceptAmount('1.5', 0)).toBe(false);
    expect(acceptAmount('-1', 8)).toBe(false);
    expect(acceptAmount('1e5', 8)).toBe(false);
  });
  it('Max on SUPRA keeps the gas reserve the server names, and waits for it', () => {
    const reserve = 200_000_000n; // 2,000 gas units × mainnet's 100,000
    expect(spendable(10n * reserve, true, reserve)).toBe(9n * reserve);
    expect(spendable(reserve - 1n, true, reserve)).toBe(0n);
    expect(spendable(10n * reserve, true, null)).toBeNull();
    expect(spendable(123n, false, null)).toBe(123n);
  });
  it('recognises the min-out abort of scripts::swap', () => {
    expect(isMinOutAbort('Move abort in 0xdc69::scripts: 0xcd: dex: amount out less than expected minimum: 9 < 10')).toBe(true);
    expect(isMinOutAbort('Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006)')).toBe(false);
  });
});

describe('slippage', () => {
  it('converts percent and basis points within 0.01–50 %', () => {
    expect(bpsToPercent(500)).toBe('5');
    expect(bpsToPercent(50)).toBe('0.5');
    expect(bpsToPercent(1)).toBe('0.01');
    expect(percentToBps('0.5')).toBe(50);
    expect(percentToBps('50')).toBe(5000);
    expect(percentToBps('50.01')).toBeNull();
    expect(percentToBps('0')).toBeNull();
    expect(percentToBps('0.001')).toBeNull();
  });
  it('warns at 0.05 % and below, and from 10 %', () => {
    expect(slippageWarning(5)).toBe('low');
    expect(slippageWarning(6)).toBeNull();
    expect(slippageWarning(999)).toBeNull();
    expect(slippageWarning(1000)).toBe('high');
  });
  it('reads the remembered value, the spec default otherwise', () => {
    expect(readSlippage({ getItem: () => '100' })).toBe(100);
    expect(readSlippage({ getItem: () => null })).toBe(500);
    expect(readSlippage({ getItem: () => '9000' })).toBe(500);
  });
});

describe('price impact tiers', () => {
  it('colours < 1, 1–3, 3–5, 5–15, ≥ 15 % and confirms above 5 %, typed from 15 %', () => {
    expect([99, 100, 299, 300, 499, 500, 1499, 1500].map(impactTier)).toEqual([
      'low', 'medium', 'medium', 'high', 'high', 'severe', 'severe', 'extreme',
    ]);
    expect(needsConfirm(500)).toBe(false);
    expect(needsConfirm(501)).toBe(true);
    expect(needsTypedConfirm(1499)).toBe(false);
    expect(needsTypedConfirm(1500)).toBe(true);
    expect(formatImpact(0)).toBe('< 0.01');
    expect(formatImpact(909)).toBe('9.09');
  });
});

describe('messages', () => {
  it('uses the spec words', () => {
    expect(swapCompleted('1.5', 'LUCKY', '0xabcdef0123')).toBe('Swap completed! Received: 1.5 LUCKY | Tx: 0xabcd...');
    expect(slippageAbort('0.5')).toBe(
      'Price moved beyond your slippage tolerance (0.5%). Nothing was swapped; try again or raise the slippage.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { STAKING_FIRST_REWARD_MS, STAKING_REFRESH_MS, stakingUserRefresh } from '@/lib/staking/use-staking';
import type { StakingUser } from '@/types/api';
import { checkAmount, earlyTax, exactSupra, lockLeftText, MSG_AMOUNT, rewardText, rewardTitle, stakeable, taxNow, wholeSupra } from './rules';

const SUPRA = 100_000_000n;

describe('earlyTax and taxNow', () => {
  it.each([
    [0n, 0n],
    [9n, 0n],
    [10n, 1n],
    [19n, 1n],
    [100n * SUPRA, 10n * SUPRA],
    [123_456_789n, 12_345_678n],
  ])('10%% of %s, floored, is %s', (amount, tax) => expect(earlyTax(amount)).toBe(tax));

  it('is due only inside the window and without the pass', () => {
    expect(taxNow(100n * SUPRA, 86_400n, false)).toBe(10n * SUPRA);
    expect(taxNow(100n * SUPRA, 1n, false)).toBe(10n * SUPRA);
    expect(taxNow(100n * SUPRA, 0n, false)).toBe(0n);
    expect(taxNow(100n * SUPRA, 86_400n, true)).toBe(0n);
  });
});

describe('amount text', () => {
  it.each([
    [100_050_000_000n, '1,000.5', '1000.5'],
    [1n, '0.00000001', '0.00000001'],
    [100n * SUPRA, '100', '100'],
    [0n, '0', '0'],
  ])('%s base units', (units, exact, whole) => {
    expect(exactSupra(units)).toBe(exact);
    expect(wholeSupra(units)).toBe(whole);
  });

  it.each([
    [86_400n, '24 h'],
    [86_399n, '24 h'],
    [86_340n, '23 h 59 min'],
    [3_601n, '1 h 1 min'],
    [59n, '1 min'],
  ])('%s s left reads %s', (secs, text) => expect(lockLeftText(secs)).toBe(text));
});

describe('checkAmount', () => {
  const max = 10n * SUPRA;
  it.each([
    ['', null, null],
    ['  ', null, null],
    ['0', null, MSG_AMOUNT],
    ['-1', null, MSG_AMOUNT],
    ['1e3', null, MSG_AMOUNT],
    ['1.000000001', null, MSG_AMOUNT],
    ['10.00000001', null, 'too much'],
    ['10', 10n * SUPRA, null],
    ['0.5', SUPRA / 2n, null],
  ])('%j', (text, units, error) => expect(checkAmount(text, max, 'too much')).toEqual({ units, error }));

  it('keeps the fee reserve for Max', () => {
    expect(stakeable(SUPRA, SUPRA / 2n)).toBe(SUPRA / 2n);
    expect(stakeable(SUPRA / 2n, SUPRA / 2n)).toBe(0n);
    expect(stakeable(3n * SUPRA, 2n * SUPRA)).toBe(SUPRA); // 2,000 gas units × mainnet's 100,000
  });
});

describe('rewardText', () => {
  it('keeps the last significant digit, two decimals at least, the exact value for a title', () => {
    expect(rewardText(0n)).toBe('0.00 SUPRA');
    expect(rewardText(1n)).toBe('0.00000001 SUPRA');
    expect(rewardText(475n)).toBe('0.00000475 SUPRA');
    expect(rewardText(1_250_000_000n)).toBe('12.50 SUPRA');
    expect(rewardText(123_456_789_012n)).toBe('1,234.56789012 SUPRA');
    expect(rewardTitle(475n)).toBe('0.00000475 SUPRA');
    expect(rewardTitle(1_250_000_000n)).toBe('12.50000000 SUPRA');
  });
});

describe('stakingUserRefresh', () => {
  const user = (deposit: string, pendingRewards: string) => ({ live: true, deposit, pendingRewards }) as StakingUser;
  it('reads a deposit waiting for its first reward every few seconds, otherwise every 50 s', () => {
    expect(stakingUserRefresh(user('100000000000', '0'))).toBe(STAKING_FIRST_REWARD_MS);
    expect(stakingUserRefresh(user('100000000000', '475'))).toBe(STAKING_REFRESH_MS);
    expect(stakingUserRefresh(user('0', '0'))).toBe(STAKING_REFRESH_MS);
    expect(stakingUserRefresh(undefined)).toBe(STAKING_REFRESH_MS);
  });
});

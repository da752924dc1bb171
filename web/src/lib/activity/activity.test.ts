import { describe, expect, it } from 'vitest';
import { activityCsvUrl, activityParams, describeActivity, describeRoute, groupRoutes, parseKind } from '@/lib/activity/activity';
import type { AccountActivityItem } from '@/types/api';

const LUCKY = { name: 'LUCKY', symbol: 'LUCKY', coinType: '0x42::LUCKY::LUCKY', decimals: 6, logo: '' };
const SUPRA = { name: 'SUPRA', symbol: 'SUPRA', coinType: '0x1::supra_coin::SupraCoin', decimals: 8, logo: '' };
const MINE = { name: 'MINE', symbol: 'MINE', coinType: '0xde02::cosmic_miners::MINE', decimals: 8, logo: '' };

function row(over: Partial<AccountActivityItem>): AccountActivityItem {
  return {
    kind: 'sent',
    txHash: '0x' + 'ab'.repeat(32),
    height: '7',
    time: '2026-01-01T00:00:00Z',
    token: LUCKY,
    amount: '0',
    tokenOut: null,
    amountOut: null,
    miner: null,
    ...over,
  };
}

describe('describeActivity', () => {
  it.each([
    [row({ kind: 'swap', token: SUPRA, amount: '1000000000', tokenOut: LUCKY, amountOut: '1234567891' }), 'Swapped 10.00 SUPRA for 1,234.567891 LUCKY'],
    [row({ kind: 'spin', amount: '10000000', tokenOut: LUCKY, amountOut: '15000000' }), 'Spun 10.00 LUCKY, won 15.00 LUCKY'],
    [row({ kind: 'spin', amount: '10000000', tokenOut: LUCKY, amountOut: '0' }), 'Spun 10.00 LUCKY, no win'],
    [row({ kind: 'burn', amount: '12500000' }), 'Burned 12.50 LUCKY'],
    [row({ kind: 'received', amount: '1' }), 'Received 0.000001 LUCKY'],
    [row({ kind: 'sent', amount: '3000000' }), 'Sent 3.00 LUCKY'],
    [row({ kind: 'miner', token: MINE, amount: '20000000000', miner: { action: 'purchase', itemId: '1', count: '2' } }), 'Bought 2 × miner #1 for 200.00 MINE'],
    [row({ kind: 'miner', token: MINE, amount: '0', tokenOut: MINE, amountOut: '123456789', miner: { action: 'claim', itemId: null, count: null } }), 'Claimed 1.23456789 MINE'],
    [row({ kind: 'miner', token: MINE, amount: '0', miner: { action: 'booster', itemId: '2', count: '3' } }), 'Got 3 × booster #2'],
    [row({ kind: 'stake', token: SUPRA, amount: '5000000000' }), 'Staked 50.00 SUPRA'],
    [row({ kind: 'unstake', token: SUPRA, amount: '2000000000', tokenOut: SUPRA, amountOut: '1800000000' }), 'Unstaked 20.00 SUPRA, received 18.00 SUPRA after 2.00 SUPRA early-unstake tax'],
    [row({ kind: 'unstake', token: SUPRA, amount: '2000000001', tokenOut: SUPRA, amountOut: '2000000001' }), 'Unstaked 20.00000001 SUPRA'],
    [row({ kind: 'reward', token: SUPRA, amount: '0', tokenOut: SUPRA, amountOut: '28538' }), 'Claimed 0.00028538 SUPRA staking rewards'],
    [row({ kind: 'pass', token: SUPRA, amount: '10000000000' }), 'Bought the tax-free pass for 100.00 SUPRA'],
  ])('%#: %s', (a, want) => {
    expect(describeActivity(a)).toBe(want);
  });
});

describe('filters', () => {
  it('reads only known kinds from the URL', () => {
    expect(parseKind('swap')).toBe('swap');
    expect(parseKind('miner')).toBe('miner');
    expect(parseKind('reward')).toBe('reward');
    expect(parseKind('SWAP')).toBe('');
    expect(parseKind(null)).toBe('');
  });

  it('sends only the filters that are set, to the list and to the CSV', () => {
    expect(activityParams({ kind: '', token: '' })).toEqual({});
    expect(activityParams({ kind: 'spin', token: 'LUCKY' })).toEqual({ kind: 'spin', token: 'LUCKY' });
    expect(activityCsvUrl('0xabc', { kind: '', token: '' })).toBe('/api/v1/accounts/0xabc/activity.csv');
    expect(activityCsvUrl('0xabc', { kind: 'swap', token: 'BABY JOSH' })).toBe('/api/v1/accounts/0xabc/activity.csv?kind=swap&token=BABY+JOSH');
  });
});

describe('groupRoutes', () => {
  const USDC = { name: 'dexUSDC', symbol: 'dexUSDC', coinType: '0xu::usdc::USDC', decimals: 6, logo: '' };
  // Newest first: the second step (dexUSDC → LUCKY) above the first (SUPRA → dexUSDC).
  const second = row({ kind: 'swap', txHash: '0x02', height: '11', token: USDC, amount: '7500', tokenOut: LUCKY, amountOut: '1433862354' });
  const first = row({ kind: 'swap', txHash: '0x01', height: '10', token: SUPRA, amount: '1000000000', tokenOut: USDC, amountOut: '7500' });
  it('joins a route’s two swaps into one entry with both transactions', () => {
    const out = groupRoutes([second, first, row({ kind: 'burn' })]);
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({ route: true, first, second });
    expect(describeRoute(first, second)).toBe('Swapped 10.00 SUPRA for 1,433.862354 LUCKY via dexUSDC (2 transactions)');
  });
  it('keeps swaps apart when the second does not spend exactly what the first returned, or comes too late', () => {
    expect(groupRoutes([{ ...second, amount: '7499' }, first]).every((e) => !e.route)).toBe(true);
    expect(groupRoutes([{ ...second, height: '5000' }, first]).every((e) => !e.route)).toBe(true);
    // A swap back (dexUSDC → SUPRA) is two trades, not a route.
    expect(groupRoutes([{ ...second, tokenOut: SUPRA }, first]).every((e) => !e.route)).toBe(true);
  });
});

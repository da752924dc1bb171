import { beforeEach, describe, expect, it } from 'vitest';
import type { SwapQuote } from '@/types/api';
import { clearPendingRoute, PENDING_ROUTE_KEY, readPendingRoute, savePendingRoute } from './pending-route';
import { pickRoute, poolFees, signatures } from './route-choice';

const tok = (name: string) => ({ name, symbol: name, coinType: `0x1::${name.toLowerCase()}::${name}`, decimals: 6, logo: '' });
const fee = { numerator: 30, scale: 10000, amount: '1', amountDecimal: '0.000001' };
const hop = (a: string, b: string) => ({
  from: tok(a), to: tok(b), amountIn: '1', amountOut: '1', minOut: '1', priceImpactBps: 0, priceImpact: '0', fee, reserves: { in: '1', out: '1' },
});
const best = {
  from: tok('SUPRA'), to: tok('LUCKY'), amountIn: '100', amountInDecimal: '0.0001', amountOut: '143', amountOutDecimal: '0.000143',
  minOut: '135', minOutDecimal: '0.000135', slippageBps: 500, priceImpactBps: 0, priceImpact: '0', fee, rate: '1.43', inverseRate: '0.7',
  usdIn: '1', usdOut: '1', usdUnavailable: null, reserves: { in: '1', out: '1' },
  route: { path: [tok('SUPRA'), tok('dexUSDC'), tok('LUCKY')], via: tok('dexUSDC'), transactions: 2, hops: [hop('SUPRA', 'dexUSDC'), hop('dexUSDC', 'LUCKY')] },
  direct: {
    amountOut: '113', amountOutDecimal: '0.000113', minOut: '107', minOutDecimal: '0.000107', priceImpactBps: 0, priceImpact: '0', fee,
    rate: '1.13', inverseRate: '0.88', usdOut: '0.9', reserves: { in: '2', out: '2' },
    route: { path: [tok('SUPRA'), tok('LUCKY')], via: null, transactions: 1, hops: [hop('SUPRA', 'LUCKY')] },
  },
} satisfies SwapQuote;

describe('pickRoute', () => {
  it('is the quote itself for the best route', () => {
    expect(pickRoute(best, 'best')).toBe(best);
  });
  it('is the direct pool’s own amounts, minimum and route for the direct pick', () => {
    const d = pickRoute(best, 'direct');
    expect([d.amountOut, d.minOut, d.route.transactions, d.route.via, d.direct, d.amountIn]).toEqual(['113', '107', 1, null, null, '100']);
  });
  it('falls back to the best route when there is no direct one', () => {
    const only = { ...best, direct: null };
    expect(pickRoute(only, 'direct')).toBe(only);
  });
  it('says the fees and signatures of a route', () => {
    expect(poolFees(best.route)).toBe('0.3% + 0.3%');
    expect(poolFees(best.direct.route)).toBe('0.3%');
    expect([signatures(1), signatures(2)]).toEqual(['1 signature', '2 signatures']);
  });
});

describe('pending route', () => {
  beforeEach(() => localStorage.clear());
  const p = { hash: '0xab', from: tok('SUPRA'), via: tok('dexUSDC'), to: tok('LUCKY'), held: '1500', reason: 'Step 2 was not signed.' };
  it('is remembered per wallet, whatever the address case, until cleared', () => {
    savePendingRoute('0xAA', p);
    expect(readPendingRoute('0xaa')).toEqual({ ...p, step2Hash: undefined });
    expect(readPendingRoute('0xbb')).toBeNull();
    clearPendingRoute('0xaa');
    expect(readPendingRoute('0xAA')).toBeNull();
  });
  it('drops what it cannot read', () => {
    localStorage.setItem(`${PENDING_ROUTE_KEY}.0xaa`, '{not json');
    expect(readPendingRoute('0xaa')).toBeNull();
    localStorage.setItem(`${PENDING_ROUTE_KEY}.0xaa`, JSON.stringify({ ...p, held: '-5' }));
    expect(readPendingRoute('0xaa')).toBeNull();
  });
});

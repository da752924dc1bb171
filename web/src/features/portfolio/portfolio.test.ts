import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import type { PortfolioHolding } from '@/types/api';
import { allocation } from './components/allocation-donut';
import { loadError } from './load-error';

const h = (name: string, valueUsd: string | null, valueSupra = '1'): PortfolioHolding => ({
  name,
  symbol: name,
  coinType: `0x1::${name}::${name}`,
  decimals: 6,
  logo: '',
  balance: '1',
  valueSupra,
  valueUsd,
  priceSupra: '1',
  priceUsd: null,
  priceRoute: `${name}/SUPRA`,
});

describe('loadError (the portfolio messages)', () => {
  it.each([
    [new ApiError('node_unavailable', 'The chain node is unavailable.', 502), 'Failed to connect to network'],
    [new ApiError('node_timeout', 'The chain node did not answer in time.', 504), 'Failed to connect to network'],
    [new ApiError('network_error', 'Network error: the server could not be reached.', 0), 'Failed to connect to network'],
    [new TypeError('Failed to fetch'), 'Failed to connect to network'],
    [new ApiError('internal_error', 'Something went wrong.', 500), 'Error loading portfolio data'],
    [new ApiError('invalid_address', 'Invalid address', 400), 'Error loading portfolio data'],
  ])('%s → %s', (err, want) => {
    expect(loadError(err)).toBe(want);
  });
});

describe('allocation', () => {
  it('splits by USD value in basis points, largest first', () => {
    expect(allocation([h('A', '1.5'), h('B', '4.5'), h('C', '0')])).toEqual([
      { name: 'B', bps: 7500 },
      { name: 'A', bps: 2500 },
      { name: 'C', bps: 0 },
    ]);
  });
  it('falls back to SUPRA values without USD, and is empty for a zero total', () => {
    expect(allocation([h('A', null, '1'), h('B', null, '3')])).toEqual([
      { name: 'B', bps: 7500 },
      { name: 'A', bps: 2500 },
    ]);
    expect(allocation([h('A', '0')])).toEqual([]);
  });
});

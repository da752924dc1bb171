import { describe, expect, it } from 'vitest';
import { boostOf, demoView, fromApi, parseReferrer, pendingAt, powerBarPercent, rankTitle, slug } from './game';

describe('rankTitle', () => {
  it.each([
    [0n, 'Cadet Miner'],
    [4n, 'Cadet Miner'],
    [5n, 'Astro Miner'],
    [19n, 'Astro Miner'],
    [20n, 'Star Commander'],
    [49n, 'Star Commander'],
    [50n, 'Galactic Overlord'],
    [500n, 'Galactic Overlord'],
  ])('%s units → %s', (units, title) => expect(rankTitle(units)).toBe(title));
});

describe('powerBarPercent', () => {
  it.each([
    [0n, 0],
    [1n, 5],
    [19n, 95],
    [20n, 100],
    [21n, 100],
    [10_000n, 100],
  ])('%s units → %s %%', (units, pct) => expect(powerBarPercent(units)).toBe(pct));
});

describe('boostOf', () => {
  it('sums boost × count and caps at 50 %', () => {
    expect(boostOf([])).toBe(0n);
    expect(boostOf(demoView().boosters)).toBe(25n);
    expect(boostOf([{ id: '2', name: 'Neon Shard', boost: 15n, count: 4n }])).toBe(50n);
  });
});

describe('pendingAt', () => {
  it('accrues the daily output per millisecond, floored', () => {
    expect(pendingAt(7n, 86_400_000n, 0)).toBe(7n);
    expect(pendingAt(7n, 86_400_000n, 1_500)).toBe(1_507n);
    expect(pendingAt(0n, 625_000_000n, 86_400_000)).toBe(625_000_000n);
    expect(pendingAt(0n, 3n, 1)).toBe(0n);
    expect(pendingAt(5n, 3n, -10)).toBe(5n);
  });
});

describe('parseReferrer', () => {
  it('accepts hex addresses only', () => {
    expect(parseReferrer(' 0xABC ')).toBe('0xabc');
    expect(parseReferrer('0x' + 'f'.repeat(64))).toBe('0x' + 'f'.repeat(64));
    expect(parseReferrer('0x' + 'f'.repeat(65))).toBeNull();
    expect(parseReferrer('abc')).toBeNull();
    expect(parseReferrer('')).toBeNull();
    expect(parseReferrer(null)).toBeNull();
  });
});

describe('demoView', () => {
  it('is the product demo: balance 10000 MINE, the catalogue and two boosters', () => {
    const d = demoView();
    expect(d.live).toBe(false);
    expect(d.balance).toBe(1_000_000_000_000n);
    expect(d.catalogue.map((r) => [r.name, r.level, r.cost, r.dailyOutput, r.power])).toEqual([
      ['Nano Rig', 'Common', 10_000_000_000n, 500_000_000n, 1n],
      ['Quantum Core', 'Rare', 50_000_000_000n, 3_000_000_000n, 5n],
      ['Nebula Forge', 'Legendary', 200_000_000_000n, 15_000_000_000n, 20n],
    ]);
    expect(d.boosters.map((b) => b.name)).toEqual(['Cyber Gem', 'Neon Shard']);
  });
});

describe('fromApi', () => {
  it('reads base-unit strings exactly', () => {
    const v = fromApi({
      live: true,
      catalogue: [{ id: '1', name: 'Nano Rig', level: 'Common', cost: '10000000000', dailyOutput: '500000000', power: '1' }],
      fleet: [{ id: '1', name: 'Nano Rig', level: 'Common', cost: '10000000000', dailyOutput: '500000000', power: '1', count: '2' }],
      boosters: [],
      balance: '123456789012345678',
      pendingOutput: '1',
      dailyOutput: '1250000000',
      powerUnits: '2',
      boostPercent: '25',
      crewSize: '3',
      referralPath: '/minerz?ref=0x1',
    });
    expect(v.balance).toBe(123456789012345678n);
    expect(v.fleet[0]?.count).toBe(2n);
    expect(v.crewSize).toBe(3n);
    expect(fromApi({ live: true }).balance).toBeNull();
  });
});

it('slug', () => expect(slug('Nebula Forge')).toBe('nebula-forge'));

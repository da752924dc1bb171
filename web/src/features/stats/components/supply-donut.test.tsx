import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { basisPoints, SupplyDonut } from '@/features/stats/components/supply-donut';

describe('SupplyDonut', () => {
  it('computes shares exactly from base units', () => {
    expect(basisPoints(50_000_000_000_000n, 1_000_000_000_000_000n)).toBe(500);
    expect(basisPoints(1n, 3n)).toBe(3333);
    expect(basisPoints(5n, 0n)).toBe(0);
  });

  it('lists every slice with its amount and share', () => {
    render(
      <SupplyDonut
        total={1_000_000_000_000_000n}
        decimals={6}
        symbol="LUCKY"
        slices={[
          { label: 'Burned', amount: 50_000_000_000_000n, color: 'red' },
          { label: 'Games vault', amount: 10_000_000_000_000n, color: 'gold' },
          { label: 'Circulating outside vaults', amount: 940_000_000_000_000n, color: 'cyan' },
        ]}
      />,
    );
    const items = screen.getAllByTestId('supply-slice').map((li) => li.textContent);
    expect(items).toEqual([
      'Burned50.00M LUCKY5.00%',
      'Games vault10.00M LUCKY1.00%',
      'Circulating outside vaults940.00M LUCKY94.00%',
    ]);
  });
});

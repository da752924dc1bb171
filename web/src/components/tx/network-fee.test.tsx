import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { feeSupraText, feeUsdText } from '@/lib/tx/network-fee';
import type { NetworkFee as Fee } from '@/types/api';
import { NetworkFee } from './network-fee';

const simulated: Fee = {
  amount: '5900',
  decimals: 8,
  gasUnits: '59',
  gasUnitPrice: '100',
  maxGasAmount: '118',
  estimate: 'simulation',
  note: "Simulated on the node: this exact transaction uses 59 gas units × the node's gas price.",
  usd: '0.000000442500000000',
  usdUnavailable: null,
  simulationError: null,
};

describe('network fee formatting', () => {
  it('shows the SUPRA amount exactly from base units, never rounded', () => {
    expect(feeSupraText({ amount: '5900', decimals: 8 })).toBe('0.000059 SUPRA');
    expect(feeSupraText({ amount: '50000000', decimals: 8 })).toBe('0.50 SUPRA');
    expect(feeSupraText({ amount: '123456789', decimals: 8 })).toBe('1.23456789 SUPRA');
    expect(feeSupraText({ amount: '1', decimals: 8 })).toBe('0.00000001 SUPRA');
  });

  it('shows dollars in cents, a fee under half a cent as "< $0.01", never "$0.00" for a cost', () => {
    expect(feeUsdText('0.000000442500000000')).toBe('< $0.01');
    expect(feeUsdText('0.004999999999999999')).toBe('< $0.01');
    expect(feeUsdText('0.005000000000000000')).toBe('$0.01');
    expect(feeUsdText('0.037500000000000000')).toBe('$0.04');
    expect(feeUsdText('1234.5')).toBe('$1,234.50');
    expect(feeUsdText('0')).toBe('$0.00');
    expect(feeUsdText(null)).toBeNull();
  });
});

describe('NetworkFee', () => {
  it('a simulated fee: ≈, SUPRA and USD, and a tooltip that says how it was estimated (Escape closes it)', async () => {
    const user = userEvent.setup();
    render(<NetworkFee fee={simulated} loading={false} error={null} />);
    expect(screen.getByTestId('network-fee-line')).toHaveTextContent(/^Network fee ≈ 0\.000059 SUPRA \(< \$0\.01\)$/);
    expect(screen.queryByText('upper bound')).toBeNull();
    const info = screen.getByRole('button', { name: 'How the network fee is estimated' });
    await user.click(info);
    const tip = screen.getByRole('tooltip');
    expect(info).toHaveAttribute('aria-describedby', tip.id);
    expect(tip).toHaveTextContent(
      "Estimated from the node's gas price and a simulation of this exact transaction: 59 gas units × 100 base units of SUPRA per unit (the node's gas price).",
    );
    expect(tip).toHaveTextContent('Max gas 118 units, room in case the chain moves first; only the gas used is charged.');
    expect(tip).toHaveTextContent("= 5,900 base units = 0.000059 SUPRA ≈ $0.000000442500 at the market's SUPRA price.");
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('the upper bound is labelled, without a USD price it says so, and a failing simulation is a warning', async () => {
    const user = userEvent.setup();
    const upper: Fee = {
      ...simulated,
      amount: '200000000',
      gasUnits: '2000',
      gasUnitPrice: '100000',
      maxGasAmount: '2000',
      estimate: 'maxGas',
      note: 'At most: the max gas of 2000 units × the node\'s gas price, not a simulation, because the node could not simulate it.',
      usd: null,
      usdUnavailable: 'USD price unavailable',
      simulationError: 'Transaction Can Be Failed, Reason: INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE',
    };
    render(<NetworkFee fee={upper} loading={false} error={null} />);
    expect(screen.getByTestId('network-fee-line')).toHaveTextContent(/^Network fee ≤ 2\.00 SUPRA \(USD price unavailable\)$/);
    expect(screen.getByText('upper bound')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Transaction Can Be Failed, Reason: INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE');
    await user.hover(screen.getByRole('button', { name: 'How the network fee is estimated' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent("Upper bound, not a simulation: 2,000 gas units × 100,000 base units of SUPRA per unit (the node's gas price), the transaction's max gas.");
    expect(screen.getByRole('tooltip')).toHaveTextContent('No SUPRA/USD price is known, so no dollar value.');
  });

  it('while estimating, and when the estimate failed', () => {
    const { rerender } = render(<NetworkFee fee={null} loading error={null} />);
    expect(screen.getByTestId('network-fee')).toHaveTextContent('Network fee: estimating…');
    rerender(<NetworkFee fee={null} loading={false} error="The chain node is unavailable." />);
    expect(screen.getByTestId('network-fee')).toHaveTextContent(
      'Network fee: not estimated (The chain node is unavailable.). It is paid in SUPRA on top.',
    );
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PoolView, PositionView, StakingAction } from '@/features/staking/hooks/use-staking-page';
import { ConfirmDialog } from './confirm-dialog';

const SUPRA = 100_000_000n;
const pool: PoolView = { totalStaked: 1000n * SUPRA, activeUsers: 1n, passPrice: 100n * SUPRA, rewardReserve: 1_000_000n * SUPRA };
const position = (over: Partial<PositionView> = {}): PositionView => ({
  deposit: 1000n * SUPRA,
  pending: 13_698_630n,
  dailyYield: 13_698_630n,
  lockSecondsLeft: 86_340n,
  lockHoursLeft: 23.98,
  hasPass: false,
  apyTier: 500n,
  balance: 5000n * SUPRA,
  ...over,
});

function show(action: StakingAction, pos: PositionView) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<ConfirmDialog action={action} pool={pool} position={pos} phase="idle" error={null} fee={{ fee: null, loading: true, error: null }} onCancel={onCancel} onConfirm={onConfirm} />);
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog') };
}

describe('ConfirmDialog', () => {
  it('an unstake inside the lock window states the tax and needs it accepted', async () => {
    const user = userEvent.setup();
    const { onConfirm, dialog } = show({ kind: 'unstake', amount: 100n * SUPRA, all: false }, position());
    expect(dialog).toHaveAccessibleName('Confirm unstake');
    expect(screen.getByTestId('confirm-summary')).toHaveTextContent('You unstake 100 SUPRA and receive 90 SUPRA.');
    expect(screen.getByTestId('confirm-tax')).toHaveTextContent(
      'Your stake is in its lock window for another 23 h 59 min. Unstaking now costs the 10% early-unstake tax: 10 SUPRA goes to the reward reserve.',
    );
    const sign = screen.getByRole('button', { name: 'Sign and unstake' });
    expect(sign).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the 10% early-unstake tax of 10 SUPRA.' }));
    await user.click(sign);
    expect(onConfirm).toHaveBeenCalledWith(true);
  });

  it.each([
    ['with the pass', position({ hasPass: true }), /your tax-free pass waives the early-unstake tax/],
    ['after the window', position({ lockSecondsLeft: 0n, lockHoursLeft: 0 }), /The lock window is over: unstaking is free of tax\./],
  ])('an unstake %s is untaxed and signs at once', async (_name, pos, rule) => {
    const user = userEvent.setup();
    const { onConfirm } = show({ kind: 'unstake', amount: 100n * SUPRA, all: false }, pos);
    expect(screen.getByTestId('confirm-summary')).toHaveTextContent('You unstake 100 SUPRA and receive all of it.');
    expect(screen.getByRole('dialog')).toHaveTextContent(rule);
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign and unstake' }));
    expect(onConfirm).toHaveBeenCalledWith(false);
  });

  it('a stake states the lock window, the tax and the APY tier', () => {
    const { dialog } = show({ kind: 'stake', amount: 25_005n * (SUPRA / 10n) }, position());
    expect(screen.getByTestId('confirm-summary')).toHaveTextContent('You stake 2,500.5 SUPRA; your deposit becomes 3,500.5 SUPRA.');
    expect(dialog).toHaveTextContent('A stake is locked for 86,400 s (one day) after the last deposit');
    expect(dialog).toHaveTextContent('Unstaking inside the window costs a 10% early-unstake tax');
    expect(dialog).toHaveTextContent('now 5.00% a year (APY tier 500 basis points)');
  });

  it('the pass names its price; Escape cancels', async () => {
    const user = userEvent.setup();
    const { onCancel, onConfirm } = show({ kind: 'pass' }, position());
    expect(screen.getByTestId('confirm-summary')).toHaveTextContent('You buy the tax-free pass for 100 SUPRA');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BetInputs } from '@/features/slots/components/bet-inputs';
import { useBetFields } from '@/features/slots/hooks/use-bet-fields';

/** The real fields with the real field state, as the slot page wires them. */
function Harness({ minBet, tokenName, decimals, onEnter }: { minBet: string; tokenName: string; decimals: number; onEnter: () => void }) {
  const fields = useBetFields({ minBet, tokenName, decimals });
  return (
    <form>
      <BetInputs fields={fields} tokenName={tokenName} busy={false} onEnter={() => (fields.checkAll(), onEnter())} />
      <button type="button">Elsewhere</button>
    </form>
  );
}

const LUCKY = { minBet: '10', tokenName: 'LUCKY', decimals: 6 };
const SUPRA = { minBet: '0.1', tokenName: 'SUPRA', decimals: 8 };

function setup(token: typeof LUCKY) {
  const onEnter = vi.fn();
  const user = userEvent.setup();
  render(<Harness {...token} onEnter={onEnter} />);
  return { user, onEnter, bet: screen.getByLabelText('Bet Amount') as HTMLInputElement, spins: screen.getByLabelText('Number of Spins') as HTMLInputElement };
}

describe('typing a bet, keystroke by keystroke', () => {
  it.each([
    [LUCKY, '25', '25'],
    [LUCKY, '100', '100'],
    [LUCKY, '12.55', '12.55'],
    [LUCKY, '12.555', '12.55'],
    [LUCKY, '1a0', '10'],
    [SUPRA, '0.5', '0.5'],
    [SUPRA, '0.05', '0.05'],
    [SUPRA, '.25', '.25'],
  ])('%o: typing %j shows %j, with no message while typing', async (token, keys, shown) => {
    const { user, bet } = setup(token);
    await user.clear(bet);
    await user.type(bet, keys);
    expect(bet.value).toBe(shown);
    expect(screen.queryByText(/^Minimum bet is/)).toBeNull();
    expect(bet.getAttribute('aria-invalid')).toBeNull();
  });

  it('flags a bet below the minimum when the field is left, keeps the typed amount, and hides the flag while typing again', async () => {
    const { user, bet } = setup(LUCKY);
    await user.clear(bet);
    await user.type(bet, '5');
    await user.tab();
    expect(bet.value).toBe('5');
    expect(screen.getByTestId('slot-bet-problem').textContent).toBe('Minimum bet is 10 LUCKY!');
    expect(bet.getAttribute('aria-invalid')).toBe('true');
    expect(bet.getAttribute('aria-describedby')).toBe('slot-bet-problem');
    await user.type(bet, '0');
    expect(bet.value).toBe('50');
    expect(screen.queryByTestId('slot-bet-problem')).toBeNull();
    await user.tab();
    expect(screen.queryByTestId('slot-bet-problem')).toBeNull();
  });

  it('flags it when Enter spins, without a blur', async () => {
    const { user, bet, onEnter } = setup(SUPRA);
    await user.clear(bet);
    await user.type(bet, '0.05{Enter}');
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(bet.value).toBe('0.05');
    expect(screen.getByTestId('slot-bet-problem').textContent).toBe('Minimum bet is 0.1 SUPRA!');
  });

  it('an emptied field gets the minimum back when left; extra decimals are cut on blur', async () => {
    const { user, bet } = setup(LUCKY);
    await user.clear(bet);
    await user.tab();
    expect(bet.value).toBe('10');
    expect(screen.queryByTestId('slot-bet-problem')).toBeNull();
    await user.clear(bet);
    await user.type(bet, '010.5');
    await user.tab();
    expect(bet.value).toBe('10.5');
  });
});

describe('typing the number of spins', () => {
  it.each([
    ['25', '25'],
    ['1000', '1000'],
    ['1500', '1500'],
    ['0', '0'],
    ['2.5', '25'],
  ])('typing %j shows %j, with no message while typing', async (keys, shown) => {
    const { user, spins } = setup(LUCKY);
    await user.clear(spins);
    await user.type(spins, keys);
    expect(spins.value).toBe(shown);
    expect(screen.queryByText(/^Number of spins/)).toBeNull();
  });

  it.each([
    ['1500', '1500', 'Number of spins must be between 1 and 1000!'],
    ['0', '0', 'Number of spins must be between 1 and 1000!'],
    ['', '1', null],
    ['007', '7', null],
  ])('leaving %j shows %j and flags %j', async (keys, shown, problem) => {
    const { user, spins } = setup(LUCKY);
    await user.clear(spins);
    if (keys) await user.type(spins, keys);
    await user.tab();
    expect(spins.value).toBe(shown);
    expect(screen.queryByTestId('slot-spins-problem')?.textContent ?? null).toBe(problem);
  });
});

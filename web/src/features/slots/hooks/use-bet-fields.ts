import { useCallback, useState } from 'react';
import { betOnBlur, betOnInput, betProblem, spinsOnBlur, spinsOnInput, spinsProblem } from '@/features/slots/utils/inputs';

export interface BetFieldRules {
  minBet: string;
  tokenName: string;
  decimals: number;
}

/**
 * The bet and spins fields: what the player typed, kept as typed, and each field's problem,
 * shown only once the field was left or Spin was pressed (never while typing). Typing in a field
 * hides its message again until the next blur or Spin.
 */
export function useBetFields(rules: BetFieldRules) {
  const [bet, setBet] = useState(rules.minBet);
  const [spins, setSpins] = useState('1');
  const [betChecked, setBetChecked] = useState(false);
  const [spinsChecked, setSpinsChecked] = useState(false);

  const betMessage = betChecked ? betProblem(bet, rules.minBet, rules.tokenName, rules.decimals) : null;
  const spinsMessage = spinsChecked ? spinsProblem(spins) : null;

  const onBetInput = useCallback((v: string) => {
    setBet((prev) => betOnInput(v, prev));
    setBetChecked(false);
  }, []);
  const onBetBlur = useCallback(() => {
    setBet((v) => betOnBlur(v, rules.minBet));
    setBetChecked(true);
  }, [rules.minBet]);
  const onSpinsInput = useCallback((v: string) => {
    setSpins((prev) => spinsOnInput(v, prev));
    setSpinsChecked(false);
  }, []);
  const onSpinsBlur = useCallback(() => {
    setSpins((v) => spinsOnBlur(v));
    setSpinsChecked(true);
  }, []);
  /** Spin was pressed: flag both fields. */
  const checkAll = useCallback(() => {
    setBetChecked(true);
    setSpinsChecked(true);
  }, []);
  /** A new token: its minimum bet, nothing flagged. */
  const resetBet = useCallback((minBet: string) => {
    setBet(minBet);
    setBetChecked(false);
  }, []);

  return { bet, spins, betMessage, spinsMessage, onBetInput, onBetBlur, onSpinsInput, onSpinsBlur, checkAll, resetBet };
}

export type BetFields = ReturnType<typeof useBetFields>;

/**
 * The "before spinning" checks, in the product's order, with the product's toasts (docs/product.md, Slots).
 * The server re-checks authoritatively when it builds the transaction.
 */
import { tryParseUnits, fmt2, fmt2Grouped } from '@/lib/amounts';
import { totalBetUnits } from '@/features/slots/utils/amounts';
import { betProblem, spinsProblem } from '@/features/slots/utils/inputs';
import { TOP_MUL_TENTHS } from '@/lib/slots/paytable';

/** House pot multiple the total bet may not exceed. */
export const POT_LIMIT_MULTIPLE = 5n;

export interface SpinCheckInput {
  connected: boolean;
  tokenName: string;
  decimals: number;
  minBet: string;
  bet: string;
  spins: string;
  /** undefined while loading; null when unavailable. */
  pot: bigint | null | undefined;
  /** undefined while loading. */
  balance: bigint | undefined;
}

/** Returns the first failing check's message, or null when the spin may go ahead. */
export function beforeSpinError(c: SpinCheckInput): string | null {
  const token = c.tokenName;
  if (!c.connected) return 'Please connect your wallet first!';
  if (c.pot === undefined) return 'Please wait for house pot balance to load!';
  if (c.pot === null || c.pot <= 0n) return 'House pot balance is unavailable or zero!';
  const total = totalBetUnits(c.bet, c.spins, c.decimals);
  const limit = c.pot * POT_LIMIT_MULTIPLE;
  if (total > limit) {
    return `Total bet (${fmt2(total, c.decimals)} ${token}) exceeds 5x house pot (${fmt2(limit, c.decimals)} ${token})!`;
  }
  const bet = betProblem(c.bet, c.minBet, token, c.decimals);
  if (bet) return bet;
  const spins = spinsProblem(c.spins);
  if (spins) return spins;
  if (c.balance === undefined) return `Please wait for ${token} balance to load!`;
  if (c.balance < total) return `Insufficient ${token} balance!`;
  return null;
}

/** True when one top prize (the top multiplier × the bet per spin) would be more than the house pot. */
export function topPrizeExceedsPot(bet: string, decimals: number, pot: bigint | null | undefined): boolean {
  if (pot === null || pot === undefined) return false;
  const b = tryParseUnits(bet, decimals);
  if (b === null) return false;
  return (b * BigInt(TOP_MUL_TENTHS)) / 10n > pot;
}

/**
 * Why Spin Now is disabled: the loaded balance is below the total bet (bet × spins). Null while
 * the balance loads or the inputs are not a valid bet yet (the spin checks name those).
 */
export function insufficientBalanceReason(
  bet: string,
  spins: string,
  balance: bigint | undefined,
  decimals: number,
  tokenName: string,
): string | null {
  if (balance === undefined) return null;
  const total = totalBetUnits(bet, spins, decimals);
  if (total === 0n || balance >= total) return null;
  return `Your balance of ${fmt2Grouped(balance, decimals)} ${tokenName} is below the total bet of ${fmt2Grouped(total, decimals)} ${tokenName}.`;
}

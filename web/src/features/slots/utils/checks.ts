/**
 * The "before spinning" checks of doc 1 §5, in the spec's order, with the spec's toasts (§8).
 * The server re-checks authoritatively when it builds the transaction.
 */
import { tryParseUnits, fmt2 } from '@/lib/amounts';
import { totalBetUnits } from '@/features/slots/utils/amounts';
import { compareDecimal, parseSpins } from '@/features/slots/utils/inputs';

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
  const betOk = tryParseUnits(c.bet, c.decimals) !== null && (compareDecimal(c.bet, c.minBet) ?? -1) >= 0;
  if (!betOk) return `Minimum bet is ${c.minBet} ${token}!`;
  if (parseSpins(c.spins) === null) return 'Number of spins must be between 1 and 1000!';
  if (c.balance === undefined) return `Please wait for ${token} balance to load!`;
  if (c.balance < total) return `Insufficient ${token} balance!`;
  return null;
}

/** True when one top prize (50× the bet per spin) would be more than the house pot. */
export function topPrizeExceedsPot(bet: string, decimals: number, pot: bigint | null | undefined): boolean {
  if (pot === null || pot === undefined) return false;
  const b = tryParseUnits(bet, decimals);
  if (b === null) return false;
  return b * 50n > pot;
}

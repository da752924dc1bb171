import { formatExactUnits, formatUnits, tryParseUnits } from '@/lib/amounts';

/**
 * The staking pool's rules as the page states and checks them (docs/product.md, Staking; the pool's
 * design in internal/devnet/contracts/staking). The server checks them again before it builds.
 */

/** The pool holds SUPRA: 8 decimals. */
export const SUPRA_DECIMALS = 8;
/** A stake is locked for 86,400 s (one day) after the last deposit. */
export const LOCK_SECONDS = 86_400n;
/** Unstaking inside the lock window costs 10 % of the amount (floored), unless the wallet owns the pass. */
export const EARLY_TAX_BPS = 1_000n;
/** Without a wallet (or a deposit) the APY tier reads 500 basis points. */
export const DEFAULT_APY_TIER = 500n;

/** The early-unstake tax on an amount: 10 %, floored, as the pool takes it. */
export function earlyTax(amount: bigint): bigint {
  return (amount * EARLY_TAX_BPS) / 10_000n;
}

/** The tax an unstake of `amount` pays now: none after the lock window or with the pass. */
export function taxNow(amount: bigint, lockSecondsLeft: bigint, hasPass: boolean): bigint {
  return lockSecondsLeft > 0n && !hasPass ? earlyTax(amount) : 0n;
}

/**
 * The most a wallet can stake: its SUPRA less the fee reserve (GET /api/v1/gas maxFee, the most the stake's network
 * fee can be, which the server also checks the balance against).
 */
export function stakeable(balance: bigint, reserve: bigint): bigint {
  return balance > reserve ? balance - reserve : 0n;
}

/** Base units of SUPRA as the shortest exact decimal, grouped: 100050000000n → "1,000.5". */
export function exactSupra(units: bigint): string {
  const s = formatUnits(units, SUPRA_DECIMALS, SUPRA_DECIMALS, { grouping: true });
  return s.replace(/\.?0+$/, '');
}

/**
 * Rewards for people: to their last significant digit, at least two decimals ("0.00001234 SUPRA",
 * "12.50 SUPRA"), so a reward of a few base units never reads "0.00".
 */
export function rewardText(units: bigint): string {
  return `${formatExactUnits(units, SUPRA_DECIMALS, 2)} SUPRA`;
}

/** The exact amount, every decimal, for a title: "0.00001234 SUPRA". */
export function rewardTitle(units: bigint): string {
  return `${formatUnits(units, SUPRA_DECIMALS, SUPRA_DECIMALS, { grouping: true })} SUPRA`;
}

/** Base units as the whole-SUPRA decimal string the API takes: 100050000000n → "1000.5". */
export function wholeSupra(units: bigint): string {
  return exactSupra(units).replaceAll(',', '');
}

/** Time left in the lock window in hours and minutes, rounded up to the minute (as the server words it). */
export function lockLeftText(secs: bigint): string {
  const mins = (secs + 59n) / 60n;
  const h = mins / 60n;
  const m = mins % 60n;
  if (h === 0n) return `${m} min`;
  if (m === 0n) return `${h} h`;
  return `${h} h ${m} min`;
}

export const MSG_AMOUNT = 'Enter an amount above zero, with at most 8 decimals.';

/** An amount field's value: its base units when valid, and what is wrong with it otherwise (null while empty). */
export interface AmountCheck {
  units: bigint | null;
  error: string | null;
}

/** Reads a typed amount of SUPRA and checks it against the most allowed; `tooMuch` words the excess. */
export function checkAmount(text: string, max: bigint | null, tooMuch: string): AmountCheck {
  if (text.trim() === '') return { units: null, error: null };
  const units = tryParseUnits(text, SUPRA_DECIMALS);
  if (units === null || units === 0n) return { units: null, error: MSG_AMOUNT };
  if (max !== null && units > max) return { units: null, error: tooMuch };
  return { units, error: null };
}

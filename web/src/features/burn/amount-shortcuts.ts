import { formatUnits } from '@/lib/amounts';

/** The share buttons next to the burn amount, in percent of the balance. */
export const BALANCE_SHARES = [25, 50, 75] as const;

/**
 * `percent` % of a balance in base units, floored: the amount a share button fills in. BigInt
 * all the way, so 25 % of 1 base unit is 0 and 75 % of 10,000,000,000,000,000,001 is exact.
 * Max is the whole balance: the burn list has no native coin (SUPRA cannot be burned here), so
 * nothing has to be kept back for the network fee, which is paid in SUPRA.
 */
export function shareOfBalance(balance: bigint, percent: number): bigint {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`Invalid percent ${percent}`);
  if (balance <= 0n) return 0n;
  return (balance * BigInt(percent)) / 100n;
}

/**
 * Base units as the amount box takes them: every significant decimal, no grouping, no
 * trailing zeros ("1500000", 6 → "1.5"; 1n, 6 → "0.000001"). Parsing it back gives the
 * same base units.
 */
export function amountText(units: bigint, decimals: number): string {
  const text = formatUnits(units, decimals, decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

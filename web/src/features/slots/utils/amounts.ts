import { formatUnits, tryParseUnits } from '@/lib/amounts';
import { parseSpins } from '@/features/slots/utils/inputs';

/** Total bet in base units (bet per spin × spins), or 0n when either input is not valid yet. */
export function totalBetUnits(bet: string, spins: string, decimals: number): bigint {
  const b = tryParseUnits(bet, decimals);
  const n = parseSpins(spins);
  if (b === null || n === null) return 0n;
  return b * BigInt(n);
}

/** The total bet display: bet × spins with 2 decimals (exact, via base units at 2 decimals). */
export function totalBetText(bet: string, spins: string): string {
  const cents = tryParseUnits(bet, 2);
  const n = parseSpins(spins);
  if (cents === null || n === null) return '0.00';
  return formatUnits(cents * BigInt(n), 2, 2);
}

/** Base units → "1234.56" (2 decimals, floored, no grouping — the spec's message format). */
export function fmt2(units: bigint | string | null | undefined, decimals: number): string {
  if (units === null || units === undefined) return '0.00';
  const v = typeof units === 'bigint' ? units : safeBigInt(units);
  return v === null ? '0.00' : formatUnits(v, decimals, 2);
}

/** Base units → "1,234.56" for chips and tables. */
export function fmt2Grouped(units: bigint | string | null | undefined, decimals: number): string {
  if (units === null || units === undefined) return '0.00';
  const v = typeof units === 'bigint' ? units : safeBigInt(units);
  return v === null ? '0.00' : formatUnits(v, decimals, 2, { grouping: true });
}

export function safeBigInt(text: string | number | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  try {
    const s = String(text).trim();
    if (!/^-?\d+$/.test(s)) return null;
    return BigInt(s);
  } catch {
    return null;
  }
}

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

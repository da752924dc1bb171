/** Basis points → "5.00%" (exact: the tier is an integer). */
export function apyText(bps: bigint): string {
  return `${bps / 100n}.${String(bps % 100n).padStart(2, '0')}%`;
}

/** Hours left in the 24 h lock window (a display figure), one decimal, floored: "23.9 h". */
export function lockText(hours: number): string {
  return `${(Math.floor(hours * 10) / 10).toFixed(1)} h`;
}

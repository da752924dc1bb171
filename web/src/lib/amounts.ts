/**
 * Exact token amounts as BigInt base units. Never use floats for money:
 * "1.5" LUCKY with 6 decimals is 1500000n base units.
 */

const DECIMAL_RE = /^(\d*)(?:\.(\d*))?$/;

export class AmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmountError';
  }
}

/**
 * Parses a non-negative decimal string into base units. Throws AmountError when the text is not a
 * plain decimal number or has more fractional digits than `decimals` (no silent rounding).
 */
export function parseUnits(text: string, decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0) throw new AmountError('Invalid decimals');
  const s = text.trim();
  const m = DECIMAL_RE.exec(s);
  if (!m || s === '' || s === '.') throw new AmountError('Invalid amount');
  const whole = m[1] ?? '';
  const frac = m[2] ?? '';
  if (frac.length > decimals) throw new AmountError(`At most ${decimals} decimals`);
  const digits = (whole || '0') + frac.padEnd(decimals, '0');
  return BigInt(digits);
}

/** Like parseUnits but returns null instead of throwing. */
export function tryParseUnits(text: string, decimals: number): bigint | null {
  try {
    return parseUnits(text, decimals);
  } catch {
    return null;
  }
}

/**
 * Formats base units as a decimal string with exactly `shown` fractional digits, floored
 * (never rounds up a balance). `shown` defaults to 2, the spec's display precision.
 */
export function formatUnits(
  units: bigint,
  decimals: number,
  shown = 2,
  opts: { grouping?: boolean } = {},
): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new AmountError('Invalid decimals');
  if (!Number.isInteger(shown) || shown < 0) throw new AmountError('Invalid precision');
  const negative = units < 0n;
  let abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  abs = abs % base;
  let fracDigits = abs.toString().padStart(decimals, '0');
  fracDigits = shown <= decimals ? fracDigits.slice(0, shown) : fracDigits.padEnd(shown, '0');
  let wholeText = whole.toString();
  if (opts.grouping) wholeText = wholeText.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = shown > 0 ? `${wholeText}.${fracDigits}` : wholeText;
  const isZero = /^[0.,]*$/.test(body);
  return negative && !isZero ? '-' + body : body;
}

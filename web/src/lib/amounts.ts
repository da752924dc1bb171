/**
 * Exact amounts and the app's display formats (docs/product.md, Display rules).
 *
 * Token amounts are BigInt base units: "1.5" LUCKY with 6 decimals is 1500000n. Values that are
 * not whole base units (a price, a market cap, a ratio of reserves) are exact rationals
 * (`Exact`, built with `decimal`, `units` or `ratio`). Nothing here goes through a float.
 *
 * Rounding: token amounts (balances, supply) are floored, so the app never shows more than an
 * account holds; USD values (price, market cap) round half up, like a price quote.
 *
 * | Format           | Function        | Example                                      |
 * |------------------|-----------------|----------------------------------------------|
 * | balance          | formatBalance   | 1234567891n, 6 → "1,234.56" (floor, 2 dp)    |
 * | any precision    | formatUnits     | 123456789n, 8, 8 → "1.23456789" (floor)      |
 * | exact (history)  | formatExactUnits| 1234567891n, 6 → "1,234.567891"; 3000000n → "3.00" |
 * | price (USD)      | formatPrice     | "0.0123" → "$0.012300"; 12/8/6 dp            |
 * | compact USD      | formatUsdCompact (lib/format.ts) | "1234567" → "$1.23M"; K/M/B/T |
 * | supply           | formatSupply (lib/format.ts)     | 1e15n, 6 → "1.00B"; K/M/B/T   |
 * | token name       | truncateName    | "SUPRA-MUMMY-COIN" → "SUPRA-MUMMY-…"         |
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
 * (never rounds up a balance). `shown` defaults to 2, the product's display precision.
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

/** Inserts thousands separators into a run of digits ("1234567" → "1,234,567"). */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whole-number formatting with thousands separators. */
export function formatInteger(n: bigint | number): string {
  if (typeof n === 'number' && !Number.isSafeInteger(n)) throw new AmountError('Not a safe integer');
  const s = n.toString();
  return s.startsWith('-') ? '-' + groupDigits(s.slice(1)) : groupDigits(s);
}

/** Base-unit string or BigInt → BigInt; null for anything that is not a plain integer. */
export function safeBigInt(text: string | number | bigint | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'bigint') return text;
  const s = String(text).trim();
  if (!/^-?\d+$/.test(s)) return null;
  return BigInt(s);
}

/**
 * Base units → "1234.56": 2 decimals, floored, no grouping (the format of the game's messages).
 * Missing or unreadable input shows "0.00".
 */
export function fmt2(units: bigint | string | null | undefined, decimals: number): string {
  const v = safeBigInt(units);
  return v === null ? '0.00' : formatUnits(v, decimals, 2);
}

/** Base units → "1,234.56": 2 decimals, floored, grouped (chips, tables, balances). */
export function fmt2Grouped(units: bigint | string | null | undefined, decimals: number): string {
  const v = safeBigInt(units);
  return v === null ? '0.00' : formatUnits(v, decimals, 2, { grouping: true });
}

/** A balance as the product shows it (docs/product.md, Display rules): floored to 2 decimals, grouped. Same as fmt2Grouped. */
export const formatBalance = fmt2Grouped;

/**
 * Base units shown exactly, to the last unit: every significant decimal and at least `min` (the
 * display precision), grouped ("3000000", 6 → "3.00"; 1234567891n, 6 → "1,234.567891"). For
 * histories, where a reader checks an amount against the chain. Unreadable input shows "0.00".
 */
export function formatExactUnits(units: bigint | string | null | undefined, decimals: number, min = 2): string {
  const v = safeBigInt(units) ?? 0n;
  const text = formatUnits(v, decimals, decimals, { grouping: true });
  if (decimals === 0) return text;
  const [whole, frac = ''] = text.split('.');
  const kept = frac.replace(/0+$/, '').padEnd(Math.min(min, decimals), '0');
  return kept ? `${whole}.${kept}` : (whole ?? text);
}

// ---------------------------------------------------------------------------------------------
// Exact rationals for values that are not whole base units.

/** num / den exactly; den is always > 0. */
export interface Exact {
  readonly num: bigint;
  readonly den: bigint;
}

const DECIMAL_TEXT_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Parses a decimal string from the API ("0.000123", "-1.5", "12", "1.2e-7") exactly.
 * Throws AmountError for anything else (empty, "NaN", "1,5", "Infinity").
 */
export function decimal(text: string): Exact {
  const s = text.trim();
  const m = DECIMAL_TEXT_RE.exec(s);
  const whole = m?.[2] ?? '';
  const frac = m?.[3] ?? '';
  if (!m || whole + frac === '') throw new AmountError('Invalid decimal');
  const exp = Number(m[4] ?? '0');
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 1000) throw new AmountError('Invalid decimal');
  let num = BigInt(whole + frac || '0');
  if (m[1] === '-') num = -num;
  const scale = frac.length - exp;
  return scale >= 0 ? { num, den: 10n ** BigInt(scale) } : { num: num * 10n ** BigInt(-scale), den: 1n };
}

/** Base units of a token with `decimals` as an exact value (1500000n, 6 → 1.5). */
export function units(amount: bigint, decimals: number): Exact {
  if (!Number.isInteger(decimals) || decimals < 0) throw new AmountError('Invalid decimals');
  return { num: amount, den: 10n ** BigInt(decimals) };
}

/** num / den exactly, e.g. a price from two pool reserves. Throws for a zero denominator. */
export function ratio(num: bigint, den: bigint): Exact {
  if (den === 0n) throw new AmountError('Division by zero');
  return den < 0n ? { num: -num, den: -den } : { num, den };
}

/** a × b exactly (e.g. a price in SUPRA × the SUPRA price in USD). */
export function mul(a: Exact, b: Exact): Exact {
  return { num: a.num * b.num, den: a.den * b.den };
}

/** An Exact, or a decimal string parsed with `decimal`. */
export type ExactInput = Exact | string;

export function toExact(v: ExactInput): Exact {
  return typeof v === 'string' ? decimal(v) : ratio(v.num, v.den);
}

/** |v| compared with 10^exp: -1, 0 or 1. */
export function cmpPow10(v: Exact, exp: number): number {
  const a = v.num < 0n ? -v.num : v.num;
  const lhs = exp >= 0 ? a : a * 10n ** BigInt(-exp);
  const rhs = exp >= 0 ? v.den * 10n ** BigInt(exp) : v.den;
  return lhs < rhs ? -1 : lhs > rhs ? 1 : 0;
}

/**
 * v with exactly `shown` decimals. `mode` "floor" truncates toward zero; "halfUp" rounds half
 * away from zero. A value that rounds to zero shows no minus sign.
 */
export function formatExact(
  v: ExactInput,
  shown: number,
  opts: { mode?: 'floor' | 'halfUp'; grouping?: boolean } = {},
): string {
  if (!Number.isInteger(shown) || shown < 0) throw new AmountError('Invalid precision');
  const x = toExact(v);
  const negative = x.num < 0n;
  const scaled = (negative ? -x.num : x.num) * 10n ** BigInt(shown);
  let q = scaled / x.den;
  if ((opts.mode ?? 'floor') === 'halfUp' && 2n * (scaled % x.den) >= x.den) q += 1n;
  const text = formatUnits(q, shown, shown, { grouping: opts.grouping });
  return negative && q !== 0n ? '-' + text : text;
}

/**
 * A USD price (docs/product.md, Display rules): "$" and 12 decimals below 0.000001, 8 decimals below 0.01, otherwise
 * 6 ("$0.000000" format), rounded half up. Zero shows "$0.000000". Throws AmountError for a
 * string that is not a decimal.
 */
export function formatPrice(price: ExactInput): string {
  const v = toExact(price);
  let shown = 6;
  if (v.num !== 0n && cmpPow10(v, -6) < 0) shown = 12;
  else if (v.num !== 0n && cmpPow10(v, -2) < 0) shown = 8;
  const text = formatExact(v, shown, { mode: 'halfUp', grouping: true });
  return text.startsWith('-') ? '-$' + text.slice(1) : '$' + text;
}

/** A token name cut at 12 characters (docs/product.md, Display rules), with "…" when it was longer. */
export function truncateName(name: string, max = 12): string {
  const chars = Array.from(name);
  return chars.length > max ? chars.slice(0, max).join('') + '…' : name;
}

/**
 * Bet and spins input rules, as pure functions of (next text, previous text).
 *
 * A player must be able to type any amount: while typing, the field only refuses what can never
 * become a number (letters, signs, a third decimal); it never replaces a value that is still
 * being typed (clamping "2" to the minimum 10 turned "25" into "105"). A value below the minimum,
 * or a spin count outside 1..1000, is flagged when the field is left or Spin is pressed, with the
 * spin check's own message ("Minimum bet is 10 LUCKY!"); it is not silently raised, because a
 * field that changes a money amount on its own can make a player spin a bet they never chose.
 * Leaving a field empty puts back the default (the minimum bet, 1 spin).
 */
import { tryParseUnits } from '@/lib/amounts';

export const MIN_SPINS = 1;
export const MAX_SPINS = 1000;
/** Scale used to compare decimal texts exactly (no floats). */
const CMP_DECIMALS = 18;

const DECIMAL_TEXT = /^\d*(\.\d*)?$/;

/** Exact comparison of two plain decimal strings; null when either is not a number. */
export function compareDecimal(a: string, b: string): number | null {
  const x = tryParseUnits(a, CMP_DECIMALS);
  const y = tryParseUnits(b, CMP_DECIMALS);
  if (x === null || y === null) return null;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The bet field's new text after the user typed `next` (previous text `prev`). */
export function betOnInput(next: string, prev: string): string {
  if (next === '') return '';
  if (!DECIMAL_TEXT.test(next)) return prev;
  const frac = next.split('.')[1];
  if (frac !== undefined && frac.length > 2) return prev;
  return next;
}

/** The bet field's text when it loses focus: empty → the minimum; otherwise tidied, never raised. */
export function betOnBlur(value: string, minBet: string): string {
  const v = value.trim();
  if (v === '' || v === '.') return minBet;
  if (!DECIMAL_TEXT.test(v)) return minBet;
  const [whole = '', frac = ''] = v.split('.');
  const w = whole.replace(/^0+(?=\d)/, '') || '0';
  const f = frac.slice(0, 2);
  return f ? `${w}.${f}` : w;
}

/** "Minimum bet is 10 LUCKY!" when the bet text is not a bet of at least the minimum, else null. */
export function betProblem(bet: string, minBet: string, tokenName: string, decimals: number): string | null {
  const ok = tryParseUnits(bet, decimals) !== null && (compareDecimal(bet, minBet) ?? -1) >= 0;
  return ok ? null : `Minimum bet is ${minBet} ${tokenName}!`;
}

const INTEGER_TEXT = /^\d+$/;

/** The spins field's new text after the user typed `next`: any whole number while typing. */
export function spinsOnInput(next: string, prev: string): string {
  if (next === '') return '';
  if (!INTEGER_TEXT.test(next)) return prev;
  return next;
}

/** The spins field's text when it loses focus: empty → 1; otherwise leading zeros dropped, never clamped. */
export function spinsOnBlur(value: string): string {
  const v = value.trim();
  if (v === '' || !INTEGER_TEXT.test(v)) return String(MIN_SPINS);
  return v.replace(/^0+(?=\d)/, '');
}

export const SPINS_MESSAGE = `Number of spins must be between ${MIN_SPINS} and ${MAX_SPINS}!`;

/** The spins check's message when the text is not a count of 1..1000, else null. */
export function spinsProblem(spins: string): string | null {
  return parseSpins(spins) === null ? SPINS_MESSAGE : null;
}

/** Spins as a number when the text is a valid count (1..1000), else null. */
export function parseSpins(text: string): number | null {
  if (!INTEGER_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= MIN_SPINS && n <= MAX_SPINS ? n : null;
}

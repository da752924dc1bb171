/**
 * Bet and spins input rules of doc 1 §5, as pure functions of (next text, previous text).
 *
 * Bet: on input, empty stays empty, below the minimum is replaced by the minimum, more than
 * 2 decimals is rejected (the field keeps its previous text); on blur, empty or too small resets
 * to the minimum, otherwise the text is cut to 2 decimals.
 * Spins: integer-like 1 to 1000; on input an out-of-range number becomes 1; on blur empty becomes
 * 1 and above 1000 becomes 1000.
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
export function betOnInput(next: string, prev: string, minBet: string): string {
  if (next === '') return '';
  if (!DECIMAL_TEXT.test(next)) return prev;
  const frac = next.split('.')[1];
  if (frac !== undefined && frac.length > 2) return prev;
  if (next === '.') return prev;
  const cmp = compareDecimal(next, minBet);
  if (cmp === null) return prev;
  return cmp < 0 ? minBet : next;
}

/** The bet field's text when it loses focus. */
export function betOnBlur(value: string, minBet: string): string {
  const v = value.trim();
  if (v === '' || !DECIMAL_TEXT.test(v) || v === '.') return minBet;
  const cmp = compareDecimal(v, minBet);
  if (cmp === null || cmp < 0) return minBet;
  const [whole = '', frac = ''] = v.split('.');
  const w = whole.replace(/^0+(?=\d)/, '') || '0';
  const f = frac.slice(0, 2);
  return f ? `${w}.${f}` : w;
}

const INTEGER_TEXT = /^\d+$/;

/** The spins field's new text after the user typed `next`. */
export function spinsOnInput(next: string, prev: string): string {
  if (next === '') return '';
  if (!INTEGER_TEXT.test(next)) return prev;
  const n = Number(next);
  if (!Number.isSafeInteger(n) || n < MIN_SPINS || n > MAX_SPINS) return String(MIN_SPINS);
  return String(n);
}

/** The spins field's text when it loses focus. */
export function spinsOnBlur(value: string): string {
  const v = value.trim();
  if (v === '' || !INTEGER_TEXT.test(v)) return String(MIN_SPINS);
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n > MAX_SPINS) return String(MAX_SPINS);
  if (n < MIN_SPINS) return String(MIN_SPINS);
  return String(n);
}

/** Spins as a number when the text is a valid count (1..1000), else null. */
export function parseSpins(text: string): number | null {
  if (!INTEGER_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= MIN_SPINS && n <= MAX_SPINS ? n : null;
}

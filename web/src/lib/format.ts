// Relative, not '@/': the e2e specs import this file too.
import { cmpPow10, formatExact, toExact, units, type ExactInput } from './amounts';

/** Shortens an account address to its first 6 and last 4 characters (docs/product.md, Display rules). */
export function shortAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

const COMPACT_UNITS: readonly { exp: number; suffix: string }[] = [
  { exp: 0, suffix: '' },
  { exp: 3, suffix: 'K' },
  { exp: 6, suffix: 'M' },
  { exp: 9, suffix: 'B' },
  { exp: 12, suffix: 'T' },
];

/**
 * The one compact figure every card shows: 2 decimals with K, M, B or T from 1e3, 1e6, 1e9 and
 * 1e12 ("1.23M"). `halfUp` rounds, and a value that rounds up to 1,000 of a unit moves to the
 * next one (999,995 is "1.00M", never "1,000.00K"); `floor` truncates (a supply never reads more
 * than there is). Past T the figure keeps its grouping ("1,000.00T").
 */
export function formatCompact(v: ExactInput, mode: 'floor' | 'halfUp' = 'halfUp'): string {
  const x = toExact(v);
  let i = 0;
  while (i + 1 < COMPACT_UNITS.length && cmpPow10(x, COMPACT_UNITS[i + 1]!.exp) >= 0) i++;
  for (;;) {
    const unit = COMPACT_UNITS[i]!;
    const scaled = { num: x.num, den: x.den * 10n ** BigInt(unit.exp) };
    const whole = formatExact(scaled, 2, { mode }).replace('-', '').split('.')[0] ?? '';
    if (whole.length > 3 && i + 1 < COMPACT_UNITS.length) {
      i++;
      continue;
    }
    return formatExact(scaled, 2, { mode, grouping: true }) + unit.suffix;
  }
}

/** A USD figure on a card (market cap, FDV, volume): "$" and the compact figure, rounded half up ("$1.00B"). */
export function formatUsdCompact(usd: ExactInput): string {
  const text = formatCompact(usd, 'halfUp');
  return text.startsWith('-') ? '-$' + text.slice(1) : '$' + text;
}

/** A token supply: the compact figure floored ("1.00B" for LUCKY's 1e9). Takes base units and decimals. */
export function formatSupply(amount: bigint, decimals: number): string {
  return formatCompact(units(amount, decimals), 'floor');
}

/** The word for a count: `plural(1, 'pilot')` is "pilot", any other count "pilots" (or `many`). */
export function plural(count: bigint | number, one: string, many = `${one}s`): string {
  return count === 1 || count === 1n ? one : many;
}

/** An address in its full form: lowercase, 64 hex digits after 0x (the key of the server's labels). */
export function fullAddress(address: string): string {
  const hex = address.trim().toLowerCase().replace(/^0x/, '');
  return /^[0-9a-f]{1,64}$/.test(hex) ? `0x${hex.padStart(64, '0')}` : address.toLowerCase();
}

/**
 * A moment as en-US writes it, in the reader's time zone: "11/24/2025, 4:00:00 PM", what
 * `toLocaleString('en-US')` gives, put together by hand. The browser's own date formatting sets
 * itself up the first time a page uses it, tens of milliseconds on a phone, which a list drawn
 * on load would pay in one task.
 */
export function formatDateTimeUS(time: Date): string {
  if (Number.isNaN(time.getTime())) return 'Invalid Date';
  const two = (n: number) => String(n).padStart(2, '0');
  const h = time.getHours();
  return (
    `${time.getMonth() + 1}/${time.getDate()}/${time.getFullYear()}, ` +
    `${h % 12 || 12}:${two(time.getMinutes())}:${two(time.getSeconds())} ${h < 12 ? 'AM' : 'PM'}`
  );
}

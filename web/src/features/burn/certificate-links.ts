import type { BurnInfo } from '@/types/api';
import { formatUnits, safeBigInt } from '@/lib/amounts';

/** The burned quantity for people: grouped, without trailing zeros ("1,000", "0.5"). */
export function burnQuantity(b: BurnInfo): string {
  const text = formatUnits(safeBigInt(b.amount) ?? 0n, b.token.decimals, b.token.decimals, { grouping: true });
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * The type size of a quantity: the figure shrinks as it grows, so every digit and the symbol
 * stay on view (the longest, a whole supply with its decimals, at the smallest; a line that
 * still cannot fit wraps between digits rather than being cut).
 */
export function quantitySize(quantity: string): string {
  if (quantity.length <= 12) return 'text-xl';
  if (quantity.length <= 18) return 'text-lg';
  return 'text-base';
}

/** Absolute URL of the public certificate page. */
export function certificatePageUrl(b: BurnInfo, origin = window.location.origin): string {
  return origin + b.url;
}

export function shareText(b: BurnInfo): string {
  return `I just burned ${burnQuantity(b)} ${b.token.symbol} on LuckyCoin! 🔥 Verified on chain:`;
}

/** Share on X: the intent URL with the text and the certificate page link. */
export function xShareUrl(b: BurnInfo, origin?: string): string {
  const q = new URLSearchParams({ text: shareText(b), url: certificatePageUrl(b, origin) });
  return `https://twitter.com/intent/tweet?${q.toString()}`;
}

/** Share on Telegram: the share URL with the certificate page link and the text. */
export function telegramShareUrl(b: BurnInfo, origin?: string): string {
  const q = new URLSearchParams({ url: certificatePageUrl(b, origin), text: shareText(b) });
  return `https://t.me/share/url?${q.toString()}`;
}

/** The file name Download saves. */
export function certificateFileName(b: BurnInfo): string {
  return `burn-certificate-${b.txHash.replace(/^0x/, '').slice(0, 8)}.png`;
}

/** The block date in UTC, e.g. "23 Nov 2026, 01:02 UTC". */
export function burnDate(b: BurnInfo): string {
  const d = new Date(b.timestamp);
  if (Number.isNaN(d.getTime()) || d.getTime() <= 0) return '—';
  return (
    d.toLocaleString('en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }) + ' UTC'
  );
}

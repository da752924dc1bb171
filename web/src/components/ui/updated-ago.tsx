import { useEffect, useState } from 'react';

/** Seconds since `iso`, never negative (a server clock slightly ahead shows 0). */
export function secondsSince(iso: string, now: number): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : Math.max(0, Math.floor((now - t) / 1000));
}

/** "just now", "12 s ago", "3 min ago", "2 h ago". */
export function agoText(seconds: number): string {
  if (seconds < 2) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

/** "as of 14:05:09": when stale figures were read, in the viewer's local time. */
export function asOfText(iso: string): string {
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? 'as of an unknown time' : `as of ${t.toLocaleTimeString()}`;
}

/**
 * "Updated 12 s ago", ticking every second; the full time is in the tooltip. With `stale`
 * (the server could not reach the chain node and sent the last figures it had), it says so:
 * "Chain node unavailable: figures as of 14:05:09 (3 min ago)".
 */
export function UpdatedAgo({ iso, stale = false, className = '' }: { iso: string | undefined; stale?: boolean; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  // The tooltip's full time is written once a pointer comes over the text: formatting a date in
  // the reader's locale first sets up the browser's date formatting, tens of milliseconds on a
  // phone, which the page's load need not pay for a tooltip.
  const [pointed, setPointed] = useState(false);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!iso) return null;
  const title = pointed ? new Date(iso).toLocaleString() : undefined;
  const onPointerEnter = () => setPointed(true);
  if (stale) {
    return (
      <time dateTime={iso} title={title} onPointerEnter={onPointerEnter} className={`text-amber-300 ${className}`} data-testid="updated-ago" role="status">
        Chain node unavailable: figures {asOfText(iso)} ({agoText(secondsSince(iso, now))})
      </time>
    );
  }
  return (
    <time dateTime={iso} title={title} onPointerEnter={onPointerEnter} className={className} data-testid="updated-ago">
      Updated {agoText(secondsSince(iso, now))}
    </time>
  );
}

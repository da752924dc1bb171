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

/** "Updated 12 s ago", ticking every second; the full time is in the tooltip. */
export function UpdatedAgo({ iso, className = '' }: { iso: string | undefined; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!iso) return null;
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()} className={className} data-testid="updated-ago">
      Updated {agoText(secondsSince(iso, now))}
    </time>
  );
}

import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { readResetAt, readSettings, resetShownTotals, subscribePlaySafe, writeSettings } from '@/features/slots/utils/play-safe-store';
import {
  NO_SETTINGS,
  setLossLimit,
  startCoolOff,
  totalsFromApi,
  type LimitChange,
  type SafetySettings,
  type Totals,
} from '@/features/slots/utils/play-safe';
import { usePlayTotals } from '@/features/slots/api/use-play-totals';

/** How far back the totals and the loss limit count (the server's window). */
export const TOTALS_WINDOW_MS = 24 * 60 * 60 * 1000;

// Bumped on every write, also while no page listens (a play confirmed after the player left), so
// the next reader never takes a stale copy. Registered first, it runs before the readers' callbacks.
let version = 0;
subscribePlaySafe(() => {
  version += 1;
});

function subscribe(fn: () => void) {
  const off = subscribePlaySafe(fn);
  // Another tab of the same browser set a limit or a cool-off: it applies here too.
  const onStorage = () => {
    version += 1;
    fn();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    off();
    window.removeEventListener('storage', onStorage);
  };
}

interface Stored {
  settings: SafetySettings;
  resetAt: number;
}
const EMPTY: Stored = { settings: NO_SETTINGS, resetAt: 0 };
let cache: { address: string; version: number; value: Stored } | null = null;

/** The stored state of a wallet, read again only after a change (the same object until then). */
function stored(address: string | null): Stored {
  if (!address) return EMPTY;
  if (cache?.address !== address || cache.version !== version) {
    cache = { address, version, value: { settings: readSettings(address), resetAt: readResetAt(address) } };
  }
  return cache.value;
}

/**
 * One wallet's "Play safely" state: its settings (localStorage), its totals of the last 24 hours
 * from the index (what the loss limit counts, and, from the last Reset on, what is shown) and the
 * time they are judged at. `now` moves on by itself when a cool-off ends or a raised limit starts,
 * so the page changes at that moment without a reload.
 */
export function usePlaySafe(address: string | null) {
  const get = () => stored(address);
  const { settings, resetAt } = useSyncExternalStore(subscribe, get, get);
  const [now, setNow] = useState(() => Date.now());

  const countedQ = usePlayTotals(address);
  // Reset within the last 24 hours: the totals shown start from it; older, it no longer matters.
  const shownSince = resetAt > now - TOTALS_WINDOW_MS ? new Date(resetAt).toISOString() : null;
  const shownQ = usePlayTotals(shownSince ? address : null, shownSince);
  const counted = useMemo<Totals | undefined>(() => (countedQ.data ? totalsFromApi(countedQ.data.coins) : undefined), [countedQ.data]);
  const shownData = shownSince ? shownQ.data : countedQ.data;
  const shown = useMemo<Totals | undefined>(() => (shownData ? totalsFromApi(shownData.coins) : undefined), [shownData]);
  // Known only when read and current: while a refetch after a play runs, the limit waits for it.
  const countedKnown = countedQ.isSuccess && !countedQ.isFetching ? counted : undefined;
  const totalsError = countedQ.isError || (!!shownSince && shownQ.isError);

  // Re-render at the next moment a rule changes: the end of a cool-off or the start of a raise.
  useEffect(() => {
    const t = Date.now();
    const all = [settings.coolOffUntil, ...Object.values(settings.limits).map((l) => l.pending?.at ?? 0)];
    // A moment that passed since `now` was taken (settings read later, e.g. on connecting): judge again at once.
    if (all.some((m) => m > now && m <= t)) {
      setNow(t);
      return;
    }
    const moments = all.filter((m) => m > t);
    if (moments.length === 0) return;
    // setTimeout holds at most 2^31-1 ms (24.8 days); a 7-day cool-off fits.
    const id = setTimeout(() => setNow(Date.now()), Math.min(Math.min(...moments) - t + 50, 2 ** 31 - 1));
    return () => clearTimeout(id);
  }, [settings, now]);

  /** The time the rules are judged at when the player acts (a click reads the clock afresh). */
  const clock = useCallback(() => {
    const t = Date.now();
    setNow(t);
    return t;
  }, []);

  const setLimit = useCallback(
    (coinType: string, amount: bigint | null): LimitChange | null => {
      if (!address) return null;
      const change = setLossLimit(readSettings(address), coinType, amount, clock());
      writeSettings(address, change.settings);
      return change;
    },
    [address, clock],
  );

  const coolOff = useCallback(
    (ms: number) => {
      if (!address) return;
      writeSettings(address, startCoolOff(readSettings(address), ms, clock()));
    },
    [address, clock],
  );

  const reset = useCallback(() => {
    if (address) resetShownTotals(address, clock());
  }, [address, clock]);

  return { settings, counted, countedKnown, shown, shownSinceReset: !!shownSince, totalsError, now, clock, setLimit, coolOff, reset };
}

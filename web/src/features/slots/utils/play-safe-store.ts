/**
 * Where "Play safely" keeps its settings, per wallet address, in localStorage (they must outlast
 * the tab: a cool-off that a new tab forgets would be no cool-off): the loss limits, the cool-off
 * and when the totals shown were last reset. The totals themselves are not kept here: they come
 * from the index (GET /api/v1/slots/totals), so a reload or another tab shows the same figures.
 *
 * Readers subscribe (usePlaySafe) and re-read on every change.
 */
import { fullAddress } from '@/lib/format';
import { NO_SETTINGS, type CoinLimit, type SafetySettings } from '@/features/slots/utils/play-safe';

export function settingsKey(address: string): string {
  return `slots:playSafe:${fullAddress(address)}`;
}

export function resetKey(address: string): string {
  return `slots:totalsReset:${fullAddress(address)}`;
}

const INT = /^\d+$/;

function bigOrNull(v: unknown): bigint | null | undefined {
  if (v === null) return null;
  return typeof v === 'string' && INT.test(v) ? BigInt(v) : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Settings from storage text; anything unreadable is left out (never a limit made up from junk). */
export function parseSettings(raw: string | null): SafetySettings {
  if (!raw) return NO_SETTINGS;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return NO_SETTINGS;
  }
  if (!isRecord(v)) return NO_SETTINGS;
  const limits: Record<string, CoinLimit> = {};
  if (isRecord(v.limits)) {
    for (const [coin, l] of Object.entries(v.limits)) {
      if (!isRecord(l)) continue;
      const amount = bigOrNull(l.amount);
      if (amount === undefined) continue;
      const limit: CoinLimit = { amount };
      if (isRecord(l.pending) && typeof l.pending.at === 'number' && Number.isFinite(l.pending.at)) {
        const p = bigOrNull(l.pending.amount);
        if (p !== undefined) limit.pending = { amount: p, at: l.pending.at };
      }
      limits[coin] = limit;
    }
  }
  const until = typeof v.coolOffUntil === 'number' && Number.isFinite(v.coolOffUntil) ? v.coolOffUntil : 0;
  return { limits, coolOffUntil: until };
}

export function serializeSettings(s: SafetySettings): string {
  const limits: Record<string, unknown> = {};
  for (const [coin, l] of Object.entries(s.limits)) {
    limits[coin] = {
      amount: l.amount === null ? null : l.amount.toString(),
      ...(l.pending ? { pending: { amount: l.pending.amount === null ? null : l.pending.amount.toString(), at: l.pending.at } } : {}),
    };
  }
  return JSON.stringify({ limits, coolOffUntil: s.coolOffUntil });
}

/** The storages, passed in so tests use their own. */
export interface PlaySafeStorage {
  local: Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

export function browserStorage(): PlaySafeStorage {
  try {
    return { local: typeof window === 'undefined' ? undefined : window.localStorage };
  } catch {
    return { local: undefined };
  }
}

function read(storage: Pick<Storage, 'getItem'> | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** False when the browser refused the write (storage disabled or full). */
function write(storage: Pick<Storage, 'setItem'> | undefined, key: string, value: string): boolean {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

const listeners = new Set<() => void>();

export function subscribePlaySafe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function changed() {
  listeners.forEach((fn) => fn());
}

export function readSettings(address: string, st: PlaySafeStorage = browserStorage()): SafetySettings {
  return parseSettings(read(st.local, settingsKey(address)));
}

/** When the totals shown were last reset (epoch ms), 0 when never. */
export function readResetAt(address: string, st: PlaySafeStorage = browserStorage()): number {
  const v = Number(read(st.local, resetKey(address)));
  return Number.isFinite(v) && v > 0 ? v : 0;
}

export function writeSettings(address: string, s: SafetySettings, st: PlaySafeStorage = browserStorage()): boolean {
  const ok = write(st.local, settingsKey(address), serializeSettings(s));
  changed();
  return ok;
}

/** Reset: the totals shown start again from `now`; the loss limit still counts the last 24 hours. */
export function resetShownTotals(address: string, now: number, st: PlaySafeStorage = browserStorage()): void {
  write(st.local, resetKey(address), String(now));
  changed();
}

/**
 * Where "Play safely" keeps its data, per wallet address:
 * - the loss limits and the cool-off in localStorage (they must outlast the tab: a cool-off that a
 *   new tab forgets would be no cool-off);
 * - the session's totals in sessionStorage (this browser session): the totals shown, which Reset
 *   clears, and what counts toward the loss limit, which Reset does not clear.
 *
 * Writes go straight to storage, not to React state, so a play confirmed after the player left the
 * page is still counted. Readers subscribe (usePlaySafe) and re-read on every change.
 */
import { fullAddress } from '@/lib/format';
import { addPlay, NO_SETTINGS, type CoinLimit, type ConfirmedPlay, type SafetySettings, type Totals } from '@/features/slots/utils/play-safe';

export function settingsKey(address: string): string {
  return `slots:playSafe:${fullAddress(address)}`;
}

export function sessionKey(address: string): string {
  return `slots:session:${fullAddress(address)}`;
}

export interface SessionTotals {
  /** The totals shown (Reset clears them). */
  shown: Totals;
  /** What counts toward the loss limit for this browser session. */
  counted: Totals;
}

export const NO_SESSION: SessionTotals = { shown: {}, counted: {} };

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

function parseTotals(v: unknown): Totals {
  const out: Record<string, { wagered: bigint; won: bigint; spins: number }> = {};
  if (!isRecord(v)) return out;
  for (const [coin, t] of Object.entries(v)) {
    if (!isRecord(t) || typeof t.wagered !== 'string' || typeof t.won !== 'string') continue;
    if (!INT.test(t.wagered) || !INT.test(t.won) || typeof t.spins !== 'number' || !Number.isSafeInteger(t.spins)) continue;
    out[coin] = { wagered: BigInt(t.wagered), won: BigInt(t.won), spins: t.spins };
  }
  return out;
}

function totalsJSON(t: Totals) {
  return Object.fromEntries(Object.entries(t).map(([c, v]) => [c, { wagered: v.wagered.toString(), won: v.won.toString(), spins: v.spins }]));
}

export function parseSession(raw: string | null): SessionTotals {
  if (!raw) return NO_SESSION;
  try {
    const v: unknown = JSON.parse(raw);
    if (!isRecord(v)) return NO_SESSION;
    return { shown: parseTotals(v.shown), counted: parseTotals(v.counted) };
  } catch {
    return NO_SESSION;
  }
}

export function serializeSession(s: SessionTotals): string {
  return JSON.stringify({ shown: totalsJSON(s.shown), counted: totalsJSON(s.counted) });
}

/** The storages, passed in so tests use their own. */
export interface PlaySafeStorage {
  local: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  session: Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

export function browserStorage(): PlaySafeStorage {
  const get = (k: 'localStorage' | 'sessionStorage') => {
    try {
      return typeof window === 'undefined' ? undefined : window[k];
    } catch {
      return undefined;
    }
  };
  return { local: get('localStorage'), session: get('sessionStorage') };
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

export function readSession(address: string, st: PlaySafeStorage = browserStorage()): SessionTotals {
  return parseSession(read(st.session, sessionKey(address)));
}

export function writeSettings(address: string, s: SafetySettings, st: PlaySafeStorage = browserStorage()): boolean {
  const ok = write(st.local, settingsKey(address), serializeSettings(s));
  changed();
  return ok;
}

/** Counts one confirmed play for its player: in the totals shown and in what the loss limit counts. */
export function recordPlay(address: string, play: ConfirmedPlay, st: PlaySafeStorage = browserStorage()): boolean {
  const s = readSession(address, st);
  const shown = addPlay(s.shown, play);
  const counted = addPlay(s.counted, play);
  if (!shown || !counted) return false;
  const ok = write(st.session, sessionKey(address), serializeSession({ shown, counted }));
  changed();
  return ok;
}

/** Reset: clears the totals shown; the loss limit still counts the whole session. */
export function resetShownTotals(address: string, st: PlaySafeStorage = browserStorage()): void {
  const s = readSession(address, st);
  write(st.session, sessionKey(address), serializeSession({ shown: {}, counted: s.counted }));
  changed();
}

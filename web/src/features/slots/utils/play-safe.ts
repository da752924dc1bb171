/**
 * "Play safely" (docs/product.md, Slots): the last 24 hours' totals, a loss limit and a cool-off, as pure
 * rules over plain data. The storage (per wallet, in the browser) is play-safe-store.ts; this module
 * knows no clock and no storage, so every rule is tested with the times and amounts it names.
 *
 * Amounts are base units of one coin (BigInt), keyed by the coin's type: the game plays several
 * coins and a limit in LUCKY says nothing about SUPRA.
 */
import { fmt2Grouped } from '@/lib/amounts';

/** A higher limit (or none) starts this long after it was asked for, as responsible-gambling tools do. */
export const RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** The cool-off lengths a player can pick; once started, a cool-off cannot be ended early. */
export const COOL_OFFS = [
  { label: '1 hour', ms: 60 * 60 * 1000 },
  { label: '24 hours', ms: 24 * 60 * 60 * 1000 },
  { label: '7 days', ms: 7 * 24 * 60 * 60 * 1000 },
] as const;

/** Wagered and won, in base units of one coin, summed over confirmed plays. */
export interface CoinTotals {
  wagered: bigint;
  won: bigint;
  /** Number of spins counted (each play can hold up to 1,000). */
  spins: number;
}

export type Totals = Readonly<Record<string, CoinTotals>>;

/** One coin's totals as GET /api/v1/slots/totals reports them (strings of base units). */
export interface ApiPlayTotal {
  coinType: string;
  spins: string;
  wagered: string;
  won: string;
}

const INT = /^\d+$/;

/**
 * The index's totals keyed by coin type; a row whose numbers cannot be read is left out (never a
 * total made up from junk).
 */
export function totalsFromApi(coins: readonly ApiPlayTotal[]): Totals {
  const out: Record<string, CoinTotals> = {};
  for (const c of coins) {
    if (!c.coinType || !INT.test(c.spins) || !INT.test(c.wagered) || !INT.test(c.won)) continue;
    const spins = Number(c.spins);
    if (!Number.isSafeInteger(spins)) continue;
    out[c.coinType] = { wagered: BigInt(c.wagered), won: BigInt(c.won), spins };
  }
  return out;
}

/** Won − wagered: positive when the player is ahead. */
export function netOf(t: CoinTotals | undefined): bigint {
  return t ? t.won - t.wagered : 0n;
}

/** One coin's loss limit: the amount in force and, when a higher one was asked for, that one and when it starts. */
export interface CoinLimit {
  /** Base units; null when no limit is in force. */
  amount: bigint | null;
  /** A raise (or a removal, amount null) waiting for its delay. */
  pending?: { amount: bigint | null; at: number };
}

export interface SafetySettings {
  limits: Readonly<Record<string, CoinLimit>>;
  /** Epoch ms until which play is paused; 0 when no cool-off was taken. */
  coolOffUntil: number;
}

export const NO_SETTINGS: SafetySettings = { limits: {}, coolOffUntil: 0 };

/** The limit of a coin as it stands at `now`: a raise whose delay has passed is in force. */
export function limitAt(s: SafetySettings, coinType: string, now: number): CoinLimit {
  const l = s.limits[coinType];
  if (!l) return { amount: null };
  if (l.pending && now >= l.pending.at) return { amount: l.pending.amount };
  return l;
}

/** True when `next` is a lower (stricter) limit than `current`; no limit is the highest. */
function stricter(next: bigint | null, current: bigint | null): boolean {
  if (next === null) return false;
  return current === null || next <= current;
}

export type LimitChange =
  | { kind: 'now'; settings: SafetySettings }
  | { kind: 'later'; settings: SafetySettings; at: number };

/**
 * Sets a coin's loss limit (null removes it). A stricter limit (lower, or a first one) applies at
 * once and drops any raise still waiting; a higher one, or removing it, starts RAISE_DELAY_MS later
 * and the limit in force stays until then. So a player cannot loosen a limit in the heat of play.
 */
export function setLossLimit(s: SafetySettings, coinType: string, amount: bigint | null, now: number): LimitChange {
  const current = limitAt(s, coinType, now).amount;
  if (stricter(amount, current)) {
    return { kind: 'now', settings: { ...s, limits: { ...s.limits, [coinType]: { amount } } } };
  }
  const at = now + RAISE_DELAY_MS;
  return { kind: 'later', at, settings: { ...s, limits: { ...s.limits, [coinType]: { amount: current, pending: { amount, at } } } } };
}

/**
 * Starts a cool-off of `ms` from now. An active one is never shortened: a new choice can only end
 * later than the one running.
 */
export function startCoolOff(s: SafetySettings, ms: number, now: number): SafetySettings {
  return { ...s, coolOffUntil: Math.max(s.coolOffUntil, now + ms) };
}

export function coolOffActive(s: SafetySettings, now: number): boolean {
  return now < s.coolOffUntil;
}

/**
 * What is left before the net loss of the last 24 hours reaches the limit: limit − (wagered − won).
 * Winnings add room (the limit is on the net loss); never below 0.
 */
export function roomLeft(limit: bigint, t: CoinTotals | undefined): bigint {
  const room = limit + netOf(t);
  return room > 0n ? room : 0n;
}

export interface SpinGuardInput {
  settings: SafetySettings;
  /**
   * What counts toward the limit, per coin: the last 24 hours from the index (Reset of the shown
   * totals does not clear it); undefined while it is not known (loading, or the index failed).
   */
  counted: Totals | undefined;
  coinType: string;
  tokenName: string;
  decimals: number;
  /** The whole play: bet per spin × spins, in base units. */
  totalBet: bigint;
  now: number;
  /** How the cool-off's end is written ("11/26/2026, 7:00:00 PM"). */
  formatTime: (ms: number) => string;
}

/**
 * Why the next play may not be built, or null. Checked before anything is built or signed:
 * during a cool-off no play at all; with a loss limit, a play that could take the net loss of the
 * last 24 hours past it if every spin lost (its whole total bet lost) is refused, with the limit,
 * the room left and how to change it; so is any play while those 24 hours are not known.
 */
export function spinGuard(g: SpinGuardInput): string | null {
  if (coolOffActive(g.settings, g.now)) {
    return `You are on a cool-off: play resumes at ${g.formatTime(g.settings.coolOffUntil)}. A cool-off cannot be ended early.`;
  }
  const limit = limitAt(g.settings, g.coinType, g.now).amount;
  if (limit === null) return null;
  if (!g.counted) {
    return `Loss limit: your plays of the last 24 hours are not known yet (they are read from the chain's index), so this play cannot be checked against your ${g.tokenName} limit. Try again in a moment.`;
  }
  const room = roomLeft(limit, g.counted[g.coinType]);
  if (g.totalBet <= room) return null;
  const f = (v: bigint) => `${fmt2Grouped(v, g.decimals)} ${g.tokenName}`;
  return (
    `Loss limit: this play could lose ${f(g.totalBet)}, but your ${g.tokenName} loss limit is ${f(limit)} ` +
    `and ${f(room)} of it is left over the last 24 hours. Lower the bet or the spins, or change the limit under Play safely ` +
    `(a lower limit applies at once, a higher one after 24 hours).`
  );
}

/**
 * The limit line under "Loss limit", consistent with the totals shown above it: with a net gain the
 * room is more than the limit, and the line says why.
 */
export function limitStatus(limit: bigint, t: CoinTotals | undefined, decimals: number, tokenName: string): string {
  const f = (v: bigint) => `${fmt2Grouped(v, decimals)} ${tokenName}`;
  const net = netOf(t);
  const room = f(roomLeft(limit, t));
  if (net === 0n) return `Limit ${f(limit)} per 24 hours; ${room} left.`;
  const netText = net > 0n ? `+${f(net)}` : `−${f(-net)}`;
  return net > 0n
    ? `Limit ${f(limit)} per 24 hours; net ${netText} so far (winnings count), so ${room} left.`
    : `Limit ${f(limit)} per 24 hours; net ${netText} so far, ${room} left.`;
}

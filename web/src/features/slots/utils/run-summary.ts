/**
 * What a whole play (a run of spins under one signature) did, from its PlayEvent: the run is told
 * by its totals, never by its last spin. Amounts are base units of the play's coin.
 */
import { fmt2 } from '@/lib/amounts';
import { plural } from '@/lib/format';
import { tierAt } from '@/lib/slots/paytable';
import { isPartialReturn } from '@/features/slots/utils/tiers';

export interface RunSpin {
  tierIndex: number;
  prize: bigint;
}

export interface RunSummary {
  spins: number;
  /** Spins that paid more than the bet. */
  wins: number;
  /** Spins that paid something, but less than the bet (Tiny, Small). */
  partials: number;
  /** Bet per spin × spins. */
  wagered: bigint;
  /** The PlayEvent's total prize. */
  won: bigint;
  /** won − wagered (signed). */
  net: bigint;
  /** The highest-paying spin (the first of equals), or null when nothing paid. */
  best: { index: number; tierIndex: number; prize: bigint } | null;
  /** Each spin in order: its tier and prize. */
  list: readonly RunSpin[];
}

/**
 * Sums a play. `totalPrize` is the event's own total when it has one (it is what the contract
 * paid); otherwise the spins' prizes are summed.
 */
export function summarizeRun(spins: readonly RunSpin[], betPerSpin: bigint, totalPrize?: bigint | null): RunSummary {
  let wins = 0;
  let partials = 0;
  let sum = 0n;
  let best: RunSummary['best'] = null;
  spins.forEach((s, index) => {
    sum += s.prize;
    if (s.prize > 0n) {
      if (isPartialReturn(s.tierIndex)) partials += 1;
      else wins += 1;
      if (!best || s.prize > best.prize) best = { index, tierIndex: s.tierIndex, prize: s.prize };
    }
  });
  const won = totalPrize ?? sum;
  const wagered = betPerSpin * BigInt(spins.length);
  return { spins: spins.length, wins, partials, wagered, won, net: won - wagered, best, list: spins };
}

export function tierName(tierIndex: number): string {
  return tierAt(tierIndex)?.name ?? `Tier ${tierIndex}`;
}

/** "+1.16", "−0.40", "0.00" from a signed amount (2 decimals, floored toward zero). */
export function signedFmt2(v: bigint, decimals: number): string {
  if (v > 0n) return `+${fmt2(v, decimals)}`;
  if (v < 0n) return `−${fmt2(-v, decimals)}`;
  return fmt2(0n, decimals);
}

/** "1 spin", "10 spins, 1 win", with the partial returns counted apart. */
export function countsText(s: Pick<RunSummary, 'spins' | 'wins' | 'partials'>): string {
  const parts = [`${s.spins} ${plural(s.spins, 'spin')}`, `${s.wins} ${plural(s.wins, 'win')}`];
  if (s.partials > 0) parts.push(`${s.partials} partial ${plural(s.partials, 'return')}`);
  return parts.join(', ');
}

/**
 * The run in one line, for the result line once the replay ends (played through or skipped):
 * "10 spins, 2 wins, 3 partial returns: Total Won 2.50 SUPRA of 1.00 SUPRA bet, net +1.50 SUPRA".
 */
export function runLine(s: RunSummary, decimals: number, token: string): string {
  return `${countsText(s)}: Total Won ${fmt2(s.won, decimals)} ${token} of ${fmt2(s.wagered, decimals)} ${token} bet, net ${signedFmt2(s.net, decimals)} ${token}`;
}

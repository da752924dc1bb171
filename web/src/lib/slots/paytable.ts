/**
 * The slot game's prize tiers exactly as the devnet slots_v3 contract draws them
 * (internal/devnet/contracts/slots/slots.go, `Tiers()`): probabilities in integer basis points
 * out of 10,000 and multipliers in tenths. Every odds, RTP or top-prize figure anywhere in the
 * app (the game, the landing page, the Game Hub) is computed from this one table, so no page can
 * state a figure the contract does not pay.
 *
 * The product document prints No Win at 43 %, but its rows then sum to 99 %; the contract gives
 * No Win the complement (4400 bps) so each winning tier keeps exactly its listed odds. Its
 * "57 %" and "24.1 %" cannot be derived from its own table either: the table gives 56 % and 24 %.
 */
export type FruitSymbol = 'cherry' | 'lemon' | 'watermelon' | 'strawberry' | 'banana' | 'seven';

export interface Tier {
  index: number;
  name: string;
  /** Multiplier in tenths: 15 means 1.5x. */
  mulTenths: number;
  /** Probability in basis points out of BPS_SCALE. */
  bps: number;
  /** The symbol shown three times for a prize; null for No Win (mixed symbols). */
  symbol: FruitSymbol | null;
  description: string;
}

export const BPS_SCALE = 10_000;
/** Development fee on every bet, in basis points (5 %). */
export const FEE_BPS = 500;
/** A multiplier of exactly 1x, in tenths: below it a prize returns less than the bet. */
export const BREAK_EVEN_TENTHS = 10;

export const TIERS: readonly Tier[] = [
  { index: 0, name: 'No Win', mulTenths: 0, bps: 4400, symbol: null, description: 'cherry, lemon, seven (mixed)' },
  { index: 1, name: 'Tiny', mulTenths: 5, bps: 1800, symbol: 'cherry', description: 'three cherries' },
  { index: 2, name: 'Small', mulTenths: 8, bps: 1400, symbol: 'lemon', description: 'three lemons' },
  { index: 3, name: 'Medium', mulTenths: 15, bps: 1400, symbol: 'watermelon', description: 'three watermelons' },
  { index: 4, name: 'High', mulTenths: 30, bps: 800, symbol: 'strawberry', description: 'three strawberries' },
  { index: 5, name: 'Jackpot', mulTenths: 100, bps: 190, symbol: 'banana', description: 'three bananas' },
  { index: 6, name: 'Super Jackpot', mulTenths: 500, bps: 10, symbol: 'seven', description: 'three sevens' },
];

/** The top prize multiplier (Super Jackpot), in tenths: the highest tier of the table. */
export const TOP_MUL_TENTHS = TIERS.reduce((m, t) => Math.max(m, t.mulTenths), 0);

export function tierAt(index: number): Tier | undefined {
  return TIERS[index];
}

/** "1.5x", "0x", "50x" from tenths. */
export function formatMultiplier(mulTenths: number): string {
  const whole = Math.trunc(mulTenths / 10);
  const frac = mulTenths % 10;
  return frac === 0 ? `${whole}x` : `${whole}.${frac}x`;
}

/** "44.00%" from basis points, exactly (integer arithmetic). */
export function formatBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = Math.abs(bps % 100);
  return `${whole}.${String(frac).padStart(2, '0')}%`;
}

export interface PaytableFigures {
  /** Σ p over tiers with a multiplier above 0. */
  winChanceBps: number;
  /** Σ p over tiers with a multiplier above 1. */
  profitChanceBps: number;
  /** Σ p × multiplier, in basis points of the amount wagered. */
  rtpBps: number;
  /** Σ p over all tiers (must be 10,000). */
  totalBps: number;
}

export function paytableFigures(tiers: readonly Tier[] = TIERS): PaytableFigures {
  let win = 0;
  let profit = 0;
  let rtpTenths = 0;
  let total = 0;
  for (const t of tiers) {
    total += t.bps;
    if (t.mulTenths > 0) win += t.bps;
    if (t.mulTenths > BREAK_EVEN_TENTHS) profit += t.bps;
    rtpTenths += t.bps * t.mulTenths;
  }
  return { winChanceBps: win, profitChanceBps: profit, rtpBps: rtpTenths / 10, totalBps: total };
}

/** The figures as every page shows them: "56.00%", "24.00%", "89.20%", "50x". */
export const SLOT_ODDS = (() => {
  const f = paytableFigures();
  return {
    winChance: formatBps(f.winChanceBps),
    profitChance: formatBps(f.profitChanceBps),
    rtp: formatBps(f.rtpBps),
    topPrize: formatMultiplier(TOP_MUL_TENTHS),
    lowestPrize: formatMultiplier(Math.min(...TIERS.filter((t) => t.mulTenths > 0).map((t) => t.mulTenths))),
  };
})();

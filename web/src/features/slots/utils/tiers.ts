/**
 * The prize tiers exactly as the devnet slots_v3 contract draws them
 * (internal/devnet/contracts/slots/slots.go, `Tiers()`): probabilities in integer basis points
 * out of 10,000 and multipliers in tenths. Every paytable figure is computed from this table.
 *
 * Doc 1 §3 prints No Win at 43 %, but its rows then sum to 99 %; the contract gives No Win the
 * complement (4400 bps) so each winning tier keeps exactly its listed odds.
 */
export type FruitSymbol = 'cherry' | 'lemon' | 'watermelon' | 'strawberry' | 'banana' | 'seven';

export const FRUIT_SYMBOLS: readonly FruitSymbol[] = ['cherry', 'lemon', 'watermelon', 'strawberry', 'banana', 'seven'];

export const SYMBOL_EMOJI: Record<FruitSymbol, string> = {
  cherry: '🍒',
  lemon: '🍋',
  watermelon: '🍉',
  strawberry: '🍓',
  banana: '🍌',
  seven: '7️⃣',
};

export const SYMBOL_LABEL: Record<FruitSymbol, string> = {
  cherry: 'Cherry',
  lemon: 'Lemon',
  watermelon: 'Watermelon',
  strawberry: 'Strawberry',
  banana: 'Banana',
  seven: 'Seven',
};

export interface Tier {
  index: number;
  name: string;
  /** Multiplier in tenths: 15 means 1.5x. */
  mulTenths: number;
  /** Probability in basis points out of BPS_SCALE. */
  bps: number;
  /** The symbol shown three times for a win; null for No Win (mixed symbols). */
  symbol: FruitSymbol | null;
  description: string;
}

export const BPS_SCALE = 10_000;
/** Development fee on every bet, in basis points (5 %). */
export const FEE_BPS = 500;
/** Top prize multiplier (Super Jackpot), in tenths. */
export const TOP_MUL_TENTHS = 500;

export const TIERS: readonly Tier[] = [
  { index: 0, name: 'No Win', mulTenths: 0, bps: 4400, symbol: null, description: 'cherry, lemon, seven (mixed)' },
  { index: 1, name: 'Tiny', mulTenths: 5, bps: 1800, symbol: 'cherry', description: 'three cherries' },
  { index: 2, name: 'Small', mulTenths: 8, bps: 1400, symbol: 'lemon', description: 'three lemons' },
  { index: 3, name: 'Medium', mulTenths: 15, bps: 1400, symbol: 'watermelon', description: 'three watermelons' },
  { index: 4, name: 'High', mulTenths: 30, bps: 800, symbol: 'strawberry', description: 'three strawberries' },
  { index: 5, name: 'Jackpot', mulTenths: 100, bps: 190, symbol: 'banana', description: 'three bananas' },
  { index: 6, name: 'Super Jackpot', mulTenths: 500, bps: 10, symbol: 'seven', description: 'three sevens' },
];

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
    if (t.mulTenths > 10) profit += t.bps;
    rtpTenths += t.bps * t.mulTenths;
  }
  return { winChanceBps: win, profitChanceBps: profit, rtpBps: rtpTenths / 10, totalBps: total };
}

/** Three symbols to show for a result. No Win gets a mixed line that is never three of a kind. */
export function symbolsForTier(index: number, random: () => number = Math.random): [FruitSymbol, FruitSymbol, FruitSymbol] {
  const tier = tierAt(index);
  if (tier?.symbol) return [tier.symbol, tier.symbol, tier.symbol];
  const pool: FruitSymbol[] = ['cherry', 'lemon', 'seven'];
  const pick = () => pool[Math.floor(random() * pool.length) % pool.length]!;
  const a = pick();
  const b = pick();
  let c = pick();
  if (a === b && b === c) c = pool[(pool.indexOf(c) + 1) % pool.length]!;
  return [a, b, c];
}

export function randomSymbol(random: () => number = Math.random): FruitSymbol {
  return FRUIT_SYMBOLS[Math.floor(random() * FRUIT_SYMBOLS.length) % FRUIT_SYMBOLS.length]!;
}

export function symbolsEmoji(symbols: readonly FruitSymbol[]): string {
  return symbols.map((s) => SYMBOL_EMOJI[s]).join('');
}

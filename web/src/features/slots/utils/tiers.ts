/**
 * The slot game's symbols and the tier table it replays. The table and every figure computed
 * from it live in lib/slots/paytable.ts, because other pages (landing, Game Hub) state them too.
 */
import { BREAK_EVEN_TENTHS, tierAt, type FruitSymbol } from '@/lib/slots/paytable';


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

/** True for a tier that pays something but less than the bet (Tiny 0.5x, Small 0.8x). */
export function isPartialReturn(tierIndex: number): boolean {
  const t = tierAt(tierIndex);
  return !!t && t.mulTenths > 0 && t.mulTenths < BREAK_EVEN_TENTHS;
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

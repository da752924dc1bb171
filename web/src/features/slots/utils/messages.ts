import { fmt2 } from '@/lib/amounts';
import { symbolsEmoji } from '@/features/slots/utils/tiers';
import { tierAt, type FruitSymbol } from '@/lib/slots/paytable';

/** "{tier name}! {symbols} = {amount} {token name}" (docs/product.md, Slots). */
export function winMessage(tierIndex: number, symbols: readonly FruitSymbol[], prize: bigint, decimals: number, token: string): string {
  const name = tierAt(tierIndex)?.name ?? 'Win';
  return `${name}! ${symbolsEmoji(symbols)} = ${fmt2(prize, decimals)} ${token}`;
}

/**
 * Tiny (0.5x) and Small (0.8x) pay back less than the bet: announced as what they are, a partial
 * return, e.g. "Tiny! 🍒🍒🍒 Partial return: 0.05 SUPRA back of 0.10 SUPRA", never as a win.
 */
export function partialReturnMessage(
  tierIndex: number,
  symbols: readonly FruitSymbol[],
  prize: bigint,
  bet: bigint,
  decimals: number,
  token: string,
): string {
  const name = tierAt(tierIndex)?.name ?? 'Partial return';
  return `${name}! ${symbolsEmoji(symbols)} Partial return: ${fmt2(prize, decimals)} ${token} back of ${fmt2(bet, decimals)} ${token}`;
}

export const LOSS_MESSAGE = 'No Win This Time!';

export function txSentMessage(hash: string): string {
  // The product's "first 6 characters of the hash" (docs/product.md, Display rules), literally (a 0x prefix included).
  return `Transaction sent! TXID: ${hash.slice(0, 6)}...`;
}

import { fmt2 } from '@/lib/amounts';
import { symbolsEmoji, tierAt, type FruitSymbol } from '@/features/slots/utils/tiers';

/** "{tier name}! {symbols} = {amount} {token name}" (doc 1 §8). */
export function winMessage(tierIndex: number, symbols: readonly FruitSymbol[], prize: bigint, decimals: number, token: string): string {
  const name = tierAt(tierIndex)?.name ?? 'Win';
  return `${name}! ${symbolsEmoji(symbols)} = ${fmt2(prize, decimals)} ${token}`;
}

export const LOSS_MESSAGE = 'No Win This Time!';

export function txSentMessage(hash: string): string {
  // The spec's "first 6 characters of the hash", literally (a 0x prefix included).
  return `Transaction sent! TXID: ${hash.slice(0, 6)}...`;
}

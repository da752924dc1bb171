/**
 * What the header's wallet button says (docs/product.md, Wallet). A module of its own: the header
 * is on every first load, and these few words are all it needs of the wallet's texts
 * (messages.ts holds the rest, which load with the wallet).
 */
export const connectText = 'Connect Wallet';
export const connectingText = 'Connecting...';

/** First 6 characters, an ellipsis, last 4 (docs/product.md, Display rules). */
export function shortenAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

import type { Candle } from '../../types/api';

export type Quote = 'USD' | 'SUPRA';

/** Digits after the point a price needs: a meme coin in USD is a few millionths of a dollar. */
export function priceDigits(v: number): number {
  return v !== 0 && Math.abs(v) < 0.0001 ? 10 : 8;
}

/** A price in its quote's own format: "$0.0000500000" on the USD axis, "0.00666680 SUPRA" beside SUPRA. */
export function priceText(v: number, quote: Quote): string {
  const s = v.toFixed(priceDigits(v));
  return quote === 'USD' ? `$${s}` : `${s} SUPRA`;
}

/** Whether a candle has a USD price (the SUPRA/dexUSDC pool had liquidity at its trades). */
export function hasUsd(k: Candle): boolean {
  return k.openUsd !== null && k.highUsd !== null && k.lowUsd !== null && k.closeUsd !== null;
}

import { formatPrice, safeBigInt } from '@/lib/amounts';
import { formatSupply, formatUsdCompact } from '@/lib/format';
import type { MarketToken } from '@/types/api';

/** Shown where a USD value is null: the reason the server gives (never a made-up price). */
export const USD_UNAVAILABLE = 'USD price unavailable';

/** "$0.00005000" (docs/product.md, Display rules), or null without a USD price. */
export function usdPrice(row: MarketToken): string | null {
  return row.priceUsd === null ? null : formatPrice(row.priceUsd);
}

/** The SUPRA price with the same 12/8/6-decimal tiers as the USD price, without the "$". */
export function supraPrice(row: MarketToken): string {
  return formatPrice(row.priceSupra).slice(1);
}

/** "1.00B" (K/M/B/T, docs/product.md, Display rules), or "—" when the supply is unknown. */
export function supply(row: MarketToken): string {
  const v = safeBigInt(row.totalSupply);
  return v === null ? '—' : formatSupply(v, row.decimals);
}

/** A SUPRA figure in the market-cap format: "6.33M SUPRA". */
function supraCap(text: string): string {
  return formatUsdCompact(text).slice(1) + ' SUPRA';
}

/** Market cap and FDV: in USD ("$47.50K"), else in SUPRA when USD is unavailable. */
export function caps(row: MarketToken): { marketCap: string; fdv: string } {
  const one = (usd: string | null, supra: string | null) =>
    usd !== null ? formatUsdCompact(usd) : supra !== null ? supraCap(supra) : '—';
  return { marketCap: one(row.marketCap, row.marketCapSupra), fdv: one(row.fdv, row.fdvSupra) };
}

/** A 24 h move with 2 decimals and its sign ("+12.35%"); a move that rounds to zero is "0.00%"; null is "—". */
export function changeText(v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  if (Math.abs(v) < 0.005) return '0.00%';
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;
}

/** The colour of a 24 h move: green up, red down, plain when flat or unknown. */
export function changeTone(v: number | null | undefined): string {
  if (v === null || v === undefined || Math.abs(v) < 0.005) return 'text-white';
  return v > 0 ? 'text-neon-green' : 'text-red-300';
}

/** SUPRA base units in the compact format ("1.23K SUPRA"), floored; "—" when unknown. */
export function supraCompact(unitsText: string | null | undefined, supraDecimals = 8): string {
  const v = safeBigInt(unitsText);
  return v === null ? '—' : `${formatSupply(v, supraDecimals)} SUPRA`;
}

/** The 24 h volume in SUPRA ("1.23K SUPRA"), or "—" without the event index. */
export function volumeText(row: MarketToken, supraDecimals = 8): string {
  return supraCompact(row.volume24hQuote, supraDecimals);
}

/** Liquidity in USD ("$12.34K") where SUPRA has a USD price, else in SUPRA; "—" for SUPRA's own row. */
export function liquidityText(row: MarketToken, supraDecimals = 8): string {
  if (row.liquidityUsd !== null) return formatUsdCompact(row.liquidityUsd);
  return supraCompact(row.liquiditySupra, supraDecimals);
}

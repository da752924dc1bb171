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
